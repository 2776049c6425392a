// The npm package's API in a browser: from a plain <script type="module">
// with no bundler, and bundled by esbuild.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { launch, open, serve } from "./browser.mjs";
import { fixture, install, root } from "./support.mjs";

let folder;
let server;
let browser;

before(async () => {
  folder = install();
  writeFileSync(join(folder, "template.yaml"), fixture("servers_in_existing_neutron_net.yaml"));
  server = await serve(folder);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page script that uses every function and leaves the answers in `window.answers`. */
const USE_THE_API = `
  let early = null;
  try { lint(""); } catch (error) { early = error.message; }
  await init();
  const text = await (await fetch("/template.yaml")).text();
  const findings = lint(text, { target: "2024.1" });
  const fixed = fix(text);
  window.answers = {
    early,
    codes: findings.map((f) => f.code),
    slices: findings.map((f) => text.slice(f.from, f.to)),
    applied: fixed.applied.length,
    fixedHasNetworkId: fixed.text.includes("network_id:"),
    summary: lookup("OS::Neutron::Port", "network_id").summary,
    types: catalog().length,
  };
`;

function checkAnswers(answers) {
  assert.match(answers.early, /not loaded yet: `await init\(\)`/);
  assert.equal(answers.codes.filter((code) => code === "HW202").length, 6);
  assert.ok(answers.slices.includes("network_id"));
  assert.equal(answers.applied, 6);
  assert.equal(answers.fixedHasNetworkId, false);
  assert.equal(answers.summary, "HIDDEN since 5.0.0 (Liberty), deprecated since 2014.2 (Juno): Use property network.");
  assert.ok(answers.types > 100);
}

test("works from a plain <script type=module>, after await init()", async () => {
  writeFileSync(
    join(folder, "plain.html"),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>plain</title>
<script type="module">
  import { init, lint, fix, lookup, catalog } from "./node_modules/heatwise/index.js";
  ${USE_THE_API}
</script>`,
  );
  const { page, errors } = await open(browser, `${server.url}/plain.html`);
  await page.waitForFunction(() => window.answers !== undefined);
  checkAnswers(await page.evaluate(() => window.answers));
  assert.deepEqual(errors, []);
  await page.close();
});

test("works bundled by esbuild for the browser (no Node modules in the bundle)", async () => {
  const out = join(folder, "bundled");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(folder, "entry.js"),
    `import { init, lint, fix, lookup, catalog } from "heatwise";\n${USE_THE_API}`,
  );
  execFileSync(
    join(root, "node_modules", ".bin", "esbuild"),
    ["entry.js", "--bundle", "--format=esm", "--platform=browser", `--outfile=${join(out, "app.js")}`],
    { cwd: folder, stdio: ["ignore", "ignore", "inherit"] },
  );
  // esbuild keeps `new URL("heatwise_wasm_bg.wasm", import.meta.url)`: the
  // file goes next to the bundle, as a bundler's asset step would put it.
  copyFileSync(join(folder, "node_modules", "heatwise", "heatwise_wasm_bg.wasm"), join(out, "heatwise_wasm_bg.wasm"));
  writeFileSync(
    join(out, "index.html"),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>bundled</title><script type="module" src="app.js"></script>`,
  );
  const { page, errors } = await open(browser, `${server.url}/bundled/index.html`);
  await page.waitForFunction(() => window.answers !== undefined);
  checkAnswers(await page.evaluate(() => window.answers));
  assert.deepEqual(errors, []);
  await page.close();
});
