// Budgets of the built site, measured in headless Chromium and printed:
//   lint of a 100 KB template   < 5 ms   (the editor's own "heatwise:lint" measure)
//   typing in a 1 MB template   stays responsive (keystroke-to-paint, long tasks)
//   page weight, gzipped        < 600 KB (wasm + JS + CSS)
// Run `npm run bench` after `trunk build --release`. Serves HEATWISE_DIST
// (default dist/) itself; CHROMIUM picks the browser. Exits non-zero when a
// budget is exceeded.

import { createServer } from "node:http";
import { readFile, readdir } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const distDir = resolve(process.env.HEATWISE_DIST ?? "dist");
const LINT_BUDGET_MS = 5;
const WEIGHT_BUDGET_KB = 600;
const examplePath = resolve("static/examples/web-tier-legacy.yaml");

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

async function serve(root) {
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url, "http://localhost");
    const file = resolve(join(root, decodeURIComponent(pathname === "/" ? "/index.html" : pathname)));
    try {
      if (!file.startsWith(root + sep)) throw new Error("outside the site");
      const body = await readFile(file);
      response.writeHead(200, { "Content-Type": types[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  return server;
}

/// The example's resources repeated under new names until the template
/// reaches `bytes`: a big template with the example's mix of findings.
async function templateOf(bytes) {
  const example = await readFile(examplePath, "utf8");
  const [head, rest] = example.split(/^resources:\n/m);
  const [resources] = rest.split(/^outputs:\n/m);
  let text = `${head}resources:\n`;
  for (let copy = 0; text.length < bytes; copy += 1) {
    // Every reference renamed with its resource: each copy stands alone.
    text += resources
      .replace(/^ {2}(\w+):$/gm, `  $1_${copy}:`)
      .replace(/\[(\w+),/g, `[$1_${copy},`)
      .replace(/get_resource: (\w+)/g, `get_resource: $1_${copy}`);
  }
  return text;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function pageWeight() {
  const files = await readdir(distDir);
  const rows = [];
  for (const name of files) {
    if (![".wasm", ".js", ".css"].includes(extname(name))) continue;
    const body = await readFile(join(distDir, name));
    rows.push({ name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  // wasm-bindgen's snippets (the CodeMirror bundle) live in a folder.
  const snippets = join(distDir, "snippets");
  for (const dir of await readdir(snippets).catch(() => [])) {
    for (const name of await readdir(join(snippets, dir), { recursive: true })) {
      if (extname(name) !== ".js") continue;
      const body = await readFile(join(snippets, dir, name));
      rows.push({ name: `snippets/${dir}/${name}`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
  }
  return rows;
}

/// Opens `text` as a file, as a user would, and waits for its findings.
async function openAndSettle(page, text) {
  await page.evaluate(() => performance.clearMeasures("heatwise:lint"));
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name: "big.yaml", mimeType: "application/yaml", buffer: Buffer.from(text) });
  await page.waitForFunction(() => performance.getEntriesByName("heatwise:lint").length > 0, null, {
    timeout: 180_000,
  });
}

const server = await serve(distDir);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${origin}/`);
  await page.locator(".outline-entry").first().waitFor();

  // Lint of a 100 KB template: the measure the editor records around the
  // linter, repeated by editing a comment at the end.
  const text100k = await templateOf(100 * 1024);
  await openAndSettle(page, text100k);
  const lintTimes = [];
  for (let run = 0; run < 15; run += 1) {
    await page.evaluate(() => performance.clearMeasures("heatwise:lint"));
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText(`# ${run}\n`);
    await page.waitForFunction(() => performance.getEntriesByName("heatwise:lint").length > 0);
    lintTimes.push(await page.evaluate(() => performance.getEntriesByName("heatwise:lint")[0].duration));
  }
  const problems = await page.locator(".problems-count").textContent();
  const lintMedian = median(lintTimes);
  console.log(
    `lint, ${(text100k.length / 1024).toFixed(0)} KB template (${problems} findings): median ${lintMedian.toFixed(2)} ms, ` +
      `min ${Math.min(...lintTimes).toFixed(2)} ms, max ${Math.max(...lintTimes).toFixed(2)} ms over ${lintTimes.length} runs` +
      ` (budget ${LINT_BUDGET_MS} ms)`,
  );
  if (lintMedian > LINT_BUDGET_MS) failed = true;

  // Typing in a 1 MB template: every keystroke's time to the next paint
  // (Event Timing) and the long tasks while typing and after it settles.
  const text1m = await templateOf(1024 * 1024);
  await openAndSettle(page, text1m);
  const lint1m = await page.evaluate(() => performance.getEntriesByName("heatwise:lint")[0].duration);
  await page.evaluate(() => {
    window.benchEvents = [];
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "keydown" || entry.name === "keypress" || entry.name === "beforeinput") {
          window.benchEvents.push(entry.duration);
        }
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: false });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
    }).observe({ type: "longtask" });
  });
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+End");
  const typed = "  extra_volume:\n    type: OS::Cinder::Volume\n";
  const started = Date.now();
  await page.keyboard.type(typed, { delay: 30 });
  const typingMs = Date.now() - started;
  await page.waitForTimeout(1500);
  const { events, longTasks } = await page.evaluate(() => ({
    events: window.benchEvents,
    longTasks: window.benchLongTasks,
  }));
  const slowest = events.length ? Math.max(...events) : 0;
  console.log(
    `typing, ${(text1m.length / 1024).toFixed(0)} KB template: ${typed.length} keystrokes in ${typingMs} ms; ` +
      `keystroke-to-paint over 16 ms: ${events.length} (slowest ${slowest.toFixed(0)} ms); ` +
      `long tasks: ${longTasks.length} (longest ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms); ` +
      `lint after the pause: ${lint1m.toFixed(1)} ms`,
  );

  const weight = await pageWeight();
  const total = weight.reduce((sum, row) => sum + row.gzip, 0);
  for (const row of weight) {
    console.log(`  ${row.name}: ${(row.raw / 1024).toFixed(0)} KB, ${(row.gzip / 1024).toFixed(0)} KB gzipped`);
  }
  console.log(`page weight, gzipped: ${(total / 1024).toFixed(0)} KB (budget ${WEIGHT_BUDGET_KB} KB)`);
  if (total / 1024 > WEIGHT_BUDGET_KB) failed = true;
} finally {
  await browser.close();
  server.close();
}
if (failed) {
  console.error("over budget");
  process.exit(1);
}
