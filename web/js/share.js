// Links that carry a template in their fragment, which browsers never
// send to a server: the text compressed with the browser's own
// deflate-raw, then base64url. Used as it is (no bundling): it imports
// nothing.

async function streamBytes(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/// The text, compressed and encoded for a URL fragment.
export async function encodeTemplate(text) {
  const bytes = new TextEncoder().encode(text);
  return toBase64Url(await streamBytes(bytes, new CompressionStream("deflate-raw")));
}

/// The text of `encoded`; rejects what `encodeTemplate` did not make.
export async function decodeTemplate(encoded) {
  const bytes = await streamBytes(fromBase64Url(encoded), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/// Puts `text` on the clipboard; rejects when the browser refuses.
export function copyText(text) {
  return navigator.clipboard.writeText(text);
}

/// Offers `text` for download as `fileName`, without a round trip to any
/// server, through a link put for a moment into `parent` (default: the
/// page's body). The link's click goes no further than the link: an
/// embedding page's own click handlers must not take it for theirs.
export function downloadText(text, fileName, parent) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  link.addEventListener("click", (event) => event.stopPropagation());
  (parent ?? document.body).append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// The bytes at `url` (a file beside the page), or null when it cannot be
// fetched.
export async function fetchBytes(url) {
  try {
    const response = await fetch(url);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
