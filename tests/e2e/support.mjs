// Shared by the end-to-end tests: serves HEATWISE_DIST (default dist/) on
// 127.0.0.1 and drives Chromium (CHROMIUM, default /usr/bin/chromium).
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
export let origin;
/// Every URL any page asked for, and everything that went wrong.
const requested = [];
const problems = [];

/// Starts the site and the browser before this file's tests, stops them
/// after, and ends with a test that no page asked anything of another
/// origin or reported a problem.
export function useSite() {
  before(startSite);
  after(stopSite);
}

export function lastTestChecksRequestsAndProblems() {
  test("the pages asked nothing of other origins and reported no problems", () => {
    assert.ok(requested.length > 0);
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`));
    assert.deepEqual(elsewhere, []);
    assert.ok(requested.some((url) => url.endsWith(".wasm")));
    assert.deepEqual(problems, []);
  });
}

async function startSite() {
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
}

async function stopSite() {
  await browser?.close();
  await new Promise((done) => (server ? server.close(done) : done()));
}

/// A page in a fresh profile (empty local storage), watched for requests,
/// console errors and warnings, and uncaught exceptions.
export async function openPage({ hash, ...options } = {}) {
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
  await page.goto(`${origin}/${hash ?? ""}`);
  await page.locator(".outline-entry").first().waitFor();
  return page;
}

export const outlineNames = (page) => page.locator(".outline-name").allTextContents();
export const outlineTypes = (page) => page.locator(".outline-type").allTextContents();
export const editorLines = (page) => page.locator(".cm-content .cm-line").allTextContents();

/// Puts the cursor at the start of the first line holding `text`, with the
/// editor's search panel as a user would (lines out of view are not in the
/// DOM to click on).
export async function moveCursorToLineOf(page, text) {
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+f");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Home");
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

