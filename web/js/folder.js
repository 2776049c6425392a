// The folder view: a folder of templates opened in the page (a directory
// picked, a folder or a .zip dropped), read here and never sent anywhere;
// its stack linted and migrated by a WebAssembly module of its own (crate
// heatwise-folder-module), loaded the first time a folder is opened; the
// migrated folder downloaded as a .zip written here. Used as it is (no
// bundling): it imports nothing but the module.

let loaded;

function load() {
  if (!loaded) {
    // As wasm-bindgen writes it, this file is snippets/<crate>-<hash>/js/folder.js
    // under the folder that holds the app's files and the module's; bundled,
    // the module goes next to the bundle (see orc.js).
    const here = new URL(import.meta.url);
    const base = /\/snippets\/[^/]+\/js\/folder\.js$/.test(here.pathname) ? "../../../" : "./";
    const url = new URL(`${base}heatwise-folder-module.js`, here);
    loaded = import(url.href).then(async (module) => {
      await module.default();
      return module;
    });
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

/// Most files read from a folder, and most bytes of one file: a folder of
/// templates is far smaller; what is past either is left out and counted.
const MAX_FILES = 10000;
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/// What the folder offers a stack (heatwise_folder_module::candidates).
export async function folderCandidates(files) {
  const module = await load();
  return JSON.parse(module.folderCandidates(files));
}

/// The stack's findings, file by file (heatwise_folder_module::lint_stack);
/// its time is the measure `heatwise:folder`.
export async function lintFolder(files, root, environments, target) {
  const module = await load();
  performance.mark("heatwise:folder:start");
  const json = module.lintFolder(files, root, environments, target);
  performance.clearMeasures("heatwise:folder");
  performance.measure("heatwise:folder", "heatwise:folder:start");
  performance.clearMarks("heatwise:folder:start");
  return JSON.parse(json);
}

/// The stack migrated (heatwise_folder_module::migrate_stack).
export async function migrateFolder(files, root, environments, target) {
  const module = await load();
  return JSON.parse(module.migrateFolder(files, root, environments, target));
}

/// The stack dumps among the folder's files scanned as `heatwise scan DIR`
/// scans them (heatwise_folder_module::fleet::scan_dumps): the report's
/// JSON text, read by the page as a scan's report is; its time is the
/// measure `heatwise:fleet`.
export async function scanDumps(files, target) {
  const module = await load();
  performance.mark("heatwise:fleet:start");
  const json = module.scanDumps(files, target);
  performance.clearMeasures("heatwise:fleet");
  performance.measure("heatwise:fleet", "heatwise:fleet:start");
  performance.clearMarks("heatwise:fleet:start");
  return json;
}

/// What a stack update from one template to the other does to each running
/// resource (heatwise_folder_module::running_effects).
export async function runningEffects(before, after, target) {
  const module = await load();
  return JSON.parse(module.runningEffects(before, after, target));
}

/// Text files only: a NUL in the first bytes says binary.
function isText(bytes) {
  const head = bytes.subarray(0, 8000);
  return !head.includes(0);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/// `{name, files: JSON, skipped}` from `[{path, bytes}]`, hidden folders
/// (`.git`) left out.
function folder(name, entries) {
  const files = [];
  let skipped = 0;
  for (const { path, bytes } of entries) {
    if (path.split("/").some((part) => part.startsWith("."))) continue;
    if (files.length >= MAX_FILES || bytes.length > MAX_FILE_BYTES || !isText(bytes)) {
      skipped += 1;
      continue;
    }
    try {
      files.push({ path, text: decoder.decode(bytes) });
    } catch {
      skipped += 1;
    }
  }
  return { name, files: JSON.stringify(files), count: files.length, skipped };
}

/// Asks for a directory; its files, or `null` when none was picked.
export function chooseFolder() {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.webkitdirectory = true;
    input.multiple = true;
    input.addEventListener("change", async () => {
      const picked = [...(input.files || [])];
      if (picked.length === 0) return resolve(null);
      const top = picked[0].webkitRelativePath.split("/")[0];
      const entries = [];
      for (const file of picked.slice(0, MAX_FILES + 1)) {
        const path = file.webkitRelativePath.split("/").slice(1).join("/");
        entries.push({ path, bytes: new Uint8Array(await file.arrayBuffer()) });
      }
      resolve(folder(top, entries));
    });
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}

/// Whether a drop holds a folder or a .zip, for the folder view rather
/// than the editor.
export function isFolderDrop(data) {
  const item = data && data.items && data.items[0];
  const entry = item && item.webkitGetAsEntry && item.webkitGetAsEntry();
  if (entry && entry.isDirectory) return true;
  const file = data && data.files && data.files[0];
  return Boolean(file && /\.zip$/i.test(file.name));
}

/// The files of a dropped folder or .zip.
export async function folderFromDrop(data) {
  const entry = data.items[0].webkitGetAsEntry && data.items[0].webkitGetAsEntry();
  if (entry && entry.isDirectory) {
    const entries = [];
    await walk(entry, "", entries);
    return folder(entry.name, entries);
  }
  return folderFromZip(data.files[0]);
}

async function walk(directory, prefix, entries) {
  const reader = directory.createReader();
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const entry of batch) {
      if (entries.length > MAX_FILES) return;
      const path = prefix + entry.name;
      if (entry.isDirectory) {
        await walk(entry, `${path}/`, entries);
      } else {
        const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
        entries.push({ path, bytes: new Uint8Array(await file.arrayBuffer()) });
      }
    }
  }
}

/// The files of a .zip (stored or deflated entries), read in the page.
export async function folderFromZip(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: its signature, searched from the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65557); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error(`${file.name} is not a .zip archive`);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let n = 0; n < count && entries.length <= MAX_FILES; n += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`${file.name}: a damaged .zip archive`);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + compressed);
    let content;
    if (method === 0) content = data;
    else if (method === 8) content = await inflate(data);
    else continue;
    entries.push({ path, bytes: content });
  }
  // A zip of a folder holds the folder: its name is left out of the paths.
  const tops = new Set(entries.map((e) => e.path.split("/")[0]));
  const nested = tops.size === 1 && entries.every((e) => e.path.includes("/"));
  const name = nested ? [...tops][0] : file.name.replace(/\.zip$/i, "");
  if (nested) for (const entry of entries) entry.path = entry.path.slice(name.length + 1);
  return folder(name, entries);
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/// Downloads `files` (JSON `[{path, text}]`) as `<name>.zip`, stored
/// uncompressed under the folder `name`.
export function downloadZip(name, files) {
  const encoder = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { path, text } of JSON.parse(files)) {
    const nameBytes = encoder.encode(`${name}/${path}`);
    const data = encoder.encode(text);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // names in UTF-8
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    parts.push(new Uint8Array(local.buffer), nameBytes, data);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, data.length, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    central.push(new Uint8Array(entry.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, central.length / 2, true);
  end.setUint16(10, central.length / 2, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const blob = new Blob([...parts, ...central, new Uint8Array(end.buffer)], { type: "application/zip" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${name}.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}
