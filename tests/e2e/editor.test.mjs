// The built site in a real browser: serves HEATWISE_DIST (default dist/)
// on 127.0.0.1 and drives Chromium (CHROMIUM, default /usr/bin/chromium).
// Screenshots go to tests/e2e/screenshots/.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { mkdir, readFile, stat } from "node:fs/promises";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const distDir = resolve(process.env.HEATWISE_DIST ?? "dist");
const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), "screenshots");

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/// A static file server for `root` on a free loopback port.
async function serve(root) {
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url, "http://localhost");
    const relative = decodeURIComponent(pathname === "/" ? "/index.html" : pathname);
    const file = resolve(join(root, relative));
    try {
      if (!file.startsWith(root + sep)) throw new Error("outside the site");
      const body = await readFile(file);
      response.writeHead(200, {
        "Content-Type": contentTypes[extname(file)] ?? "application/octet-stream",
        "Cache-Control": "no-store",
      });
      response.end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  return server;
}

let server;
let browser;
let origin;
/// Every URL any page asked for, and everything that went wrong.
const requested = [];
const problems = [];

before(async () => {
  await stat(join(distDir, "index.html")).catch(() => {
    throw new Error(`no site at ${distDir}: build it first (trunk build)`);
  });
  await mkdir(screenshotDir, { recursive: true });
  server = await serve(distDir);
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
});

/// A page in a fresh profile (empty local storage), watched for requests,
/// console errors and warnings, and uncaught exceptions.
async function openPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("request", (request) => requested.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(`${origin}/`);
  await page.locator(".outline-entry").first().waitFor();
  return page;
}

const outlineNames = (page) => page.locator(".outline-name").allTextContents();
const outlineTypes = (page) => page.locator(".outline-type").allTextContents();
const editorLines = (page) => page.locator(".cm-content .cm-line").allTextContents();

/// Puts the cursor at the start of the first line holding `text`, with the
/// editor's search panel as a user would (lines out of view are not in the
/// DOM to click on).
async function moveCursorToLineOf(page, text) {
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+f");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Home");
}

async function screenshot(page, name) {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

test("opens on the example template with its resources listed", async () => {
  const page = await openPage();
  const lines = await editorLines(page);
  assert.equal(lines[0], "heat_template_version: 2015-04-30");
  const names = await outlineNames(page);
  for (const name of ["private_subnet", "web_port_1", "web_pool", "web_floating_ip"]) {
    assert.ok(names.includes(name), `${name} in ${names}`);
  }
  const types = await outlineTypes(page);
  assert.equal(types[names.indexOf("web_floating_ip")], "OS::Nova::FloatingIP");
  assert.equal(types[names.indexOf("web_pool")], "OS::Neutron::Pool");
  assert.equal(await page.locator(".panel-count").textContent(), String(names.length));
  assert.equal(await page.title(), "heatwise — Heat template editor");
  await screenshot(page, "example-light");
  await page.context().close();
});

test("choosing a resource selects its name in the editor and scrolls to it", async () => {
  const page = await openPage();
  await page.locator(".outline-entry", { hasText: "web_floating_ip_association" }).click();
  const selected = await page.evaluate(() => window.getSelection().toString());
  assert.equal(selected, "web_floating_ip_association");
  assert.ok(await page.locator(".cm-content").evaluate((el) => el === document.activeElement));
  const line = page.locator(".cm-line", { hasText: /^ {2}web_floating_ip_association:$/ });
  const lineBox = await line.boundingBox();
  const editorBox = await page.locator(".cm-scroller").boundingBox();
  assert.ok(
    lineBox.y >= editorBox.y && lineBox.y + lineBox.height <= editorBox.y + editorBox.height,
    "the chosen resource is in view",
  );
  await screenshot(page, "resource-chosen");
  await page.context().close();
});

test("typing a resource updates the list, and the document survives a reload", async () => {
  const page = await openPage();
  const before = await outlineNames(page);

  // Type a new resource just above `outputs:`.
  await moveCursorToLineOf(page, "outputs:");
  await page.keyboard.type("  data_volume:");
  await page.keyboard.insertText("\n    type: ");
  await page.keyboard.type("OS::Cinder::Volume");
  await page.keyboard.insertText("\n\n");

  await assert.doesNotReject(
    page.waitForFunction(
      (count) => document.querySelectorAll(".outline-name").length === count,
      before.length + 1,
    ),
  );
  const names = await outlineNames(page);
  assert.equal(names.at(-1), "data_volume");
  assert.equal((await outlineTypes(page)).at(-1), "OS::Cinder::Volume");
  assert.equal(await page.locator(".save-status").textContent(), "Saved in this browser");

  await page.reload();
  await page.locator(".outline-entry").first().waitFor();
  assert.deepEqual(await outlineNames(page), names);
  await page.locator(".outline-entry", { hasText: "data_volume" }).click();
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "data_volume");

  // Leaving right after a keystroke loses nothing.
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("# reviewed");
  await page.reload();
  await page.locator(".outline-entry").first().waitFor();
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+End");
  assert.equal((await editorLines(page)).at(-1), "# reviewed");
  await page.context().close();
});

test("starting from the example can be undone", async () => {
  const page = await openPage();
  await moveCursorToLineOf(page, "outputs:");
  await page.keyboard.insertText("  mine:\n    type: OS::Heat::None\n\n");
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor();

  await page.getByRole("button", { name: "Start from example" }).click();
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor({ state: "detached" });
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+z");
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor();
  await page.context().close();
});

test("the keyboard reaches everything", async () => {
  const page = await openPage();
  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => document.activeElement.textContent),
    "Start from example",
  );
  await page.keyboard.press("Tab");
  assert.ok(await page.locator(".cm-content").evaluate((el) => el === document.activeElement));
  // Tab indents inside the editor; Escape then Tab moves on.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => document.activeElement.className);
  assert.equal(focused, "outline-entry");
  await page.keyboard.press("Enter");
  const selected = await page.evaluate(() => window.getSelection().toString());
  assert.equal(selected, (await outlineNames(page))[0]);
  await page.context().close();
});

test("dark and narrow layouts", async () => {
  const dark = await openPage({ colorScheme: "dark" });
  const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(background, "rgb(13, 17, 23)");
  await screenshot(dark, "example-dark");
  await dark.context().close();

  const narrow = await openPage({ viewport: { width: 390, height: 844 } });
  const editor = await narrow.locator(".cm-editor").boundingBox();
  const outline = await narrow.locator(".outline").boundingBox();
  assert.ok(outline.y >= editor.y + editor.height - 1, "the outline is under the editor");
  await screenshot(narrow, "example-narrow");
  await narrow.context().close();
});

test("the page asks nothing of other origins and reports no problems", () => {
  assert.ok(requested.length > 0);
  const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`));
  assert.deepEqual(elsewhere, []);
  assert.ok(requested.some((url) => url.endsWith(".wasm")));
  assert.deepEqual(problems, []);
});
