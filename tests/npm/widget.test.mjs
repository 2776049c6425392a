// `heatwise/editor` on a plain host page (widget/host.html): two full
// editors side by side stay independent, the page's styles, URL, history
// and storage stay its own, and the handle drives the editor. Playwright's
// locators reach into open shadow roots, so `#left .problem` is a problem
// listed by the left editor.

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
  copyFileSync(join(root, "tests", "npm", "widget", "host.html"), join(folder, "host.html"));
  server = await serve(folder);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Short, so that its findings are in view: CodeMirror renders only the
// lines on screen.
const HIDDEN_PROPERTY = `heat_template_version: 2013-05-23
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network_id: private
`;
const FIXED = HIDDEN_PROPERTY.replace("network_id:", "network:");
const CLEAN = fixture("deployed-neutron-port.yaml");

/** Wide enough for both editors' full layout. */
const VIEWPORT = { viewport: { width: 1600, height: 900 } };

/** The host page's own computed styles that the editors must leave alone. */
function hostStyles(page) {
  return page.evaluate(() => {
    const pick = (element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    };
    return {
      body: pick(document.body, ["font-family", "font-size", "color", "margin-top", "background-color", "display"]),
      header: pick(document.querySelector("header"), ["background-color", "display", "border-bottom-width"]),
      button: pick(document.querySelector(".button"), [
        "background-color",
        "color",
        "padding-left",
        "border-top-width",
        "border-top-color",
        "border-top-left-radius",
        "font-family",
      ]),
      root: pick(document.documentElement, ["color-scheme", "--bg", "--fg", "height"]),
      styleElements: document.querySelectorAll("style, link[rel=stylesheet]").length,
      adoptedSheets: document.adoptedStyleSheets.length,
    };
  });
}

async function openHost(url = `${server.url}/host.html`) {
  const { page, errors } = await open(browser, url, VIEWPORT);
  await page.waitForFunction(() => window.hostReady === true);
  return { page, errors };
}

/** Mounts both editors; what their onChange gets is kept in `window.changes`. */
async function mountBoth(page, { left = HIDDEN_PROPERTY, right = CLEAN } = {}) {
  await page.evaluate(
    async ({ left, right }) => {
      window.changes = { left: [], right: [] };
      window.left = await window.mountEditor(document.querySelector("#left"), {
        value: left,
        target: "2024.1",
        onChange: (text) => window.changes.left.push(text),
      });
      window.right = await window.mountEditor(document.querySelector("#right"), {
        value: right,
        onChange: (text) => window.changes.right.push(text),
      });
    },
    { left, right },
  );
}

/** Waits until the `side` editor's onChange has been called `count` times. */
function changesReach(page, side, count) {
  return page.waitForFunction(({ side, count }) => window.changes[side].length >= count, { side, count });
}

const problemCount = (page, side) => page.locator(`#${side} .problems-count`).textContent();

test("two full editors: header, editor, problems, resources and status bar; typing in one leaves the other as it was", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  for (const side of ["left", "right"]) {
    for (const part of [".app-header", ".target-select select", ".cm-editor", ".problems", ".side-panel", ".outline", ".status-bar"]) {
      assert.equal(await page.locator(`#${side} ${part}`).count(), 1, `${side} has ${part}`);
    }
    // The page's URL is not the widget's to share.
    assert.equal(await page.locator(`#${side} .app-header button`, { hasText: "Share" }).count(), 0);
  }
  assert.equal(await page.locator("#left .target-select select").inputValue(), "22.0.0");
  assert.equal(await problemCount(page, "left"), "1");
  assert.equal(await problemCount(page, "right"), "0");
  assert.equal(await page.locator("#left .outline-name").textContent(), "port");
  const rightLines = await page.locator("#right .cm-line").allTextContents();

  await page.locator("#left .cm-content").click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("# typed here\n");
  await changesReach(page, "left", 1);

  const typed = `# typed here\n${HIDDEN_PROPERTY}`;
  assert.equal(await page.evaluate(() => window.left.getValue()), typed);
  assert.equal((await page.evaluate(() => window.changes.left)).at(-1), typed);
  assert.equal(await page.evaluate(() => window.right.getValue()), CLEAN);
  assert.deepEqual(await page.locator("#right .cm-line").allTextContents(), rightLines);
  assert.deepEqual(await page.evaluate(() => window.changes.right), []);
  assert.equal(await problemCount(page, "right"), "0");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the host page's styles are untouched, and do not reach the editors; light and dark", async () => {
  const { page, errors } = await openHost();
  const before = await hostStyles(page);
  await mountBoth(page);
  await page.locator("#left .problem").first().waitFor();
  assert.deepEqual(await hostStyles(page), before);
  assert.equal(before.body["font-family"], "Georgia, serif");
  assert.equal(before.header["background-color"], "rgb(255, 255, 0)");
  assert.equal(before.button["background-color"], "rgb(0, 128, 0)");

  const inside = () =>
    page.evaluate(() => {
      const shadow = document.querySelector("#left").shadowRoot;
      const style = (selector) => getComputedStyle(shadow.querySelector(selector));
      return {
        lineColor: style(".cm-line").color,
        lineSize: style(".cm-line").fontSize,
        appFont: style(".heatwise-app").fontFamily,
        headerBackground: style(".app-header").backgroundColor,
        problemsDisplay: style(".problems").display,
        buttonBackground: style(".app-header .button").backgroundColor,
        buttonRadius: style(".app-header .button").borderTopLeftRadius,
      };
    });
  const light = await inside();
  // The host's `.cm-line { color: red !important }`, `header { … }` and
  // `.problems { display: none !important }` stay outside.
  assert.notEqual(light.lineColor, "rgb(255, 0, 0)");
  assert.notEqual(light.lineSize, "40px");
  assert.doesNotMatch(light.appFont, /Georgia/);
  assert.equal(light.problemsDisplay, "flex");
  // The site's own look: --surface and --surface-raised, light.
  assert.equal(light.headerBackground, "rgb(246, 248, 250)");
  assert.equal(light.buttonBackground, "rgb(255, 255, 255)");
  assert.equal(light.buttonRadius, "6px");

  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await inside();
  assert.equal(dark.headerBackground, "rgb(21, 27, 35)");
  assert.equal(dark.buttonBackground, "rgb(28, 35, 48)");
  assert.deepEqual(await hostStyles(page), before);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the problems panel lists the findings, a fix button applies one, and Migrate all works, inside the shadow root", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page, { right: HIDDEN_PROPERTY.replace("port:", "other_port:") });
  assert.match(await page.locator("#left .problem-message").textContent(), /`network_id` is HIDDEN/);
  assert.deepEqual(await page.locator("#left .cm-lintRange.hw-status-hidden").allTextContents(), ["network_id"]);

  await page.locator("#left .problem-fix").click();
  await changesReach(page, "left", 1);
  assert.equal(await page.evaluate(() => window.left.getValue()), FIXED);
  await page.locator("#left .problems-empty").waitFor();
  // The other editor still has its finding.
  assert.equal(await problemCount(page, "right"), "1");

  await page.locator("#right .app-header button", { hasText: "Migrate all" }).click();
  const dialog = page.locator("#right dialog.migrate-dialog[open]");
  await dialog.waitFor();
  assert.match(await dialog.locator(".diff").textContent(), /network: private/);
  await dialog.locator("button", { hasText: "Apply safe fixes" }).click();
  await changesReach(page, "right", 1);
  assert.equal(await page.evaluate(() => window.right.getValue()), FIXED.replace("port:", "other_port:"));
  assert.equal(await page.locator("#right dialog[open]").count(), 0);

  // The ORC view, from the package's app/ folder.
  await page.locator("#left #orc-tab").click();
  await page.locator("#left .orc-summary").waitFor();
  assert.match(await page.locator("#left .orc-yaml").textContent(), /kind: Port/);
  assert.equal(await page.locator("#right .orc-summary").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("hovering a finding shows its styled tooltip inside the shadow root", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  await page.locator("#left .cm-lintRange").first().hover();
  const tooltip = page.locator("#left .cm-tooltip-lint");
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), /HIDDEN/);
  const seen = await page.evaluate(() => {
    const shadow = document.querySelector("#left").shadowRoot;
    const tooltip = shadow.querySelector(".cm-tooltip-lint");
    const tip = getComputedStyle(tooltip.closest(".cm-tooltip"));
    const badge = getComputedStyle(shadow.querySelector(".cm-tooltip .hw-badge-hidden"));
    const action = getComputedStyle(shadow.querySelector(".cm-tooltip .cm-diagnosticAction"));
    return {
      inShadow: tooltip.getRootNode() === shadow,
      outside: document.querySelectorAll(".cm-tooltip").length,
      position: tip.position,
      background: tip.backgroundColor,
      radius: tip.borderTopLeftRadius,
      badgeColor: badge.color,
      badgeBackground: badge.backgroundColor,
      actionBackground: action.backgroundColor,
      actionColor: action.color,
    };
  });
  assert.equal(seen.inShadow, true);
  assert.equal(seen.outside, 0);
  // CodeMirror's own styles (fixed position) and the editor's theme and
  // badges (--surface-raised, 6px corners, --status-hidden) apply.
  assert.equal(seen.position, "fixed");
  assert.equal(seen.background, "rgb(255, 255, 255)");
  assert.equal(seen.radius, "6px");
  assert.equal(seen.badgeColor, "rgb(130, 80, 223)");
  assert.equal(seen.badgeBackground, "rgb(251, 239, 255)");
  // The fix button in the editor's accent, as on the site.
  assert.equal(seen.actionBackground, "rgb(188, 76, 0)");
  assert.equal(seen.actionColor, "rgb(255, 255, 255)");
  assert.deepEqual(errors, []);
  await page.close();
});

test("setValue, setTarget, onChange, getValue and destroy", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page, { right: CLEAN });
  const result = await page.evaluate(async (text) => {
    const seen = [];
    const stop = window.right.onChange((value) => seen.push(value));
    window.right.setValue(text);
    const valueAtOnce = window.right.getValue();
    // onChange is called once the change is rendered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    window.right.setValue("resources: {}\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    let badTarget = null;
    try {
      window.right.setTarget("Nonesuch");
    } catch (error) {
      badTarget = error.message;
    }
    let wrongType = null;
    try {
      window.right.setTarget(27);
    } catch (error) {
      wrongType = `${error.constructor.name}: ${error.message}`;
    }
    return { seen, valueAtOnce, value: window.right.getValue(), badTarget, wrongType };
  }, HIDDEN_PROPERTY);
  assert.deepEqual(result.seen, [HIDDEN_PROPERTY]);
  assert.equal(result.valueAtOnce, HIDDEN_PROPERTY);
  assert.equal(result.value, "resources: {}\n");
  assert.deepEqual(await page.evaluate(() => window.changes.right), [HIDDEN_PROPERTY, "resources: {}\n"]);
  assert.match(result.badTarget, /^heatwise editor: setTarget\(release\): "Nonesuch" is not a Heat release/);
  assert.match(result.wrongType, /^TypeError: .*setTarget\(release\): expected a Heat release/);

  // At Juno the property is DEPRECATED, not HIDDEN; the selector shows Juno.
  await page.evaluate((text) => window.right.setValue(text), HIDDEN_PROPERTY);
  await page.locator("#right .problem-message", { hasText: "is HIDDEN" }).waitFor();
  await page.evaluate(() => window.right.setTarget("Juno"));
  await page.locator("#right .problem-message", { hasText: "is DEPRECATED" }).waitFor();
  assert.equal(await page.locator("#right .target-select select").inputValue(), "2014.2");
  await page.evaluate(() => window.right.setTarget(null));
  await page.locator("#right .problem-message", { hasText: "is HIDDEN" }).waitFor();

  // Choosing a release in the editor's own selector is the editor's business.
  await page.locator("#left .target-select select").selectOption("5.0.0");
  await page.locator("#left .problem-message", { hasText: "is HIDDEN" }).waitFor();

  const destroyed = await page.evaluate(async () => {
    window.left.destroy();
    window.left.destroy();
    const shadow = document.querySelector("#left").shadowRoot;
    const emptied = shadow.childNodes.length;
    let afterDestroy = null;
    try {
      window.left.getValue();
    } catch (error) {
      afterDestroy = error.message;
    }
    const again = await window.mountEditor(document.querySelector("#left"), { value: "again: 1\n" });
    return {
      emptied,
      afterDestroy,
      again: again.getValue(),
      editors: shadow.querySelectorAll(".cm-editor").length,
      apps: shadow.querySelectorAll(".heatwise-app").length,
    };
  });
  assert.equal(destroyed.emptied, 0);
  assert.match(destroyed.afterDestroy, /getValue\(\) after destroy\(\)/);
  assert.equal(destroyed.again, "again: 1\n");
  assert.equal(destroyed.editors, 1);
  assert.equal(destroyed.apps, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page's URL, history and local storage are left alone; storageKey keeps the text where asked", async () => {
  // A fragment the site would read as a share link.
  const { page, errors } = await openHost(`${server.url}/host.html#template=not-for-the-widget`);
  await page.evaluate(() => localStorage.setItem("host.own", "kept"));
  const before = await page.evaluate(() => ({
    href: location.href,
    history: history.length,
    storage: JSON.stringify(Object.entries(localStorage)),
  }));
  await mountBoth(page);
  await page.locator("#left .problem-fix").click();
  await changesReach(page, "left", 1);
  await page.locator("#right .cm-content").click();
  await page.keyboard.type("# edited\n");
  await changesReach(page, "right", 1);
  const afterEdits = await page.evaluate(() => ({
    href: location.href,
    history: history.length,
    storage: JSON.stringify(Object.entries(localStorage)),
  }));
  assert.deepEqual(afterEdits, before);
  assert.equal(await page.locator("#left .save-status").count(), 0);

  const kept = await page.evaluate(async () => {
    window.right.destroy();
    const host = document.querySelector("#right");
    const first = await window.mountEditor(host, { value: "first: 1\n", storageKey: "host.draft" });
    first.setValue("kept: 1\n");
    const saved = localStorage.getItem("host.draft");
    first.destroy();
    const second = await window.mountEditor(host, { value: "ignored: 1\n", storageKey: "host.draft" });
    const status = host.shadowRoot.querySelector(".save-status").textContent;
    return { saved, reopened: second.getValue(), status };
  });
  assert.equal(JSON.parse(kept.saved), "kept: 1\n");
  assert.equal(kept.reopened, "kept: 1\n");
  assert.equal(kept.status, "Edits are saved in this browser");
  assert.equal(await page.evaluate(() => location.href), before.href);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Save downloads the text; the page's click handlers see no link of the editor's", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  await page.evaluate(() => {
    window.pageClicks = [];
    document.addEventListener("click", (event) => window.pageClicks.push(event.composedPath()[0].localName));
  });
  const download = page.waitForEvent("download");
  await page.locator("#left .app-header button", { hasText: "Save" }).click();
  const saved = await download;
  assert.equal(saved.suggestedFilename(), "template.yaml");
  const chunks = [];
  for await (const chunk of await saved.createReadStream()) {
    chunks.push(chunk);
  }
  assert.equal(Buffer.concat(chunks).toString("utf8"), HIDDEN_PROPERTY);
  assert.deepEqual(await page.evaluate(() => window.pageClicks), ["button"]);
  assert.equal(await page.evaluate(() => document.querySelectorAll("a").length), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a file dropped on an editor opens in it; a drop elsewhere is the page's", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  const dropped = "resources:\n  dropped:\n    type: OS::Heat::Value\n";
  const drop = (selector) =>
    page.evaluate(
      ({ selector, text }) => {
        const target = selector === "body" ? document.body : document.querySelector("#left").shadowRoot.querySelector(selector);
        const data = new DataTransfer();
        data.items.add(new File([text], "dropped.yaml", { type: "application/yaml" }));
        const event = new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true, composed: true });
        target.dispatchEvent(event);
        return event.defaultPrevented;
      },
      { selector, text: dropped },
    );
  assert.equal(await drop("body"), false, "the widget leaves drops on the page alone");
  assert.equal(await drop(".cm-content"), true);
  await changesReach(page, "left", 1);
  assert.equal(await page.evaluate(() => window.left.getValue()), dropped);
  assert.equal(await page.locator("#left .status-bar .notice").textContent(), "Opened dropped.yaml");
  assert.equal(await page.evaluate(() => window.right.getValue()), CLEAN);
  assert.deepEqual(errors, []);
  await page.close();
});

test("bad arguments are refused with a helpful Error", async () => {
  const { page } = await openHost();
  const messages = await page.evaluate(async () => {
    const attempt = async (run) => {
      try {
        await run();
        return null;
      } catch (error) {
        return `${error.constructor.name}: ${error.message}`;
      }
    };
    const host = document.querySelector("#right");
    return [
      await attempt(() => window.mountEditor("#left")),
      await attempt(() => window.mountEditor(host, { text: "x" })),
      await attempt(() => window.mountEditor(host, { value: 3 })),
      await attempt(() => window.mountEditor(host, { target: "Nonesuch" })),
      await attempt(() => window.mountEditor(host, { catalog: "{}" })),
      await attempt(() => window.mountEditor(host, { storageKey: "" })),
      await attempt(() => window.mountEditor(host, { onChange: "log" })),
      await attempt(async () => {
        await window.mountEditor(host);
        await window.mountEditor(host);
      }),
      // A refused mount leaves nothing behind.
      host.shadowRoot.querySelectorAll(".heatwise-app").length,
    ];
  });
  assert.match(messages[0], /^TypeError: .*expected a DOM element to mount the editor in, got the string "#left"/);
  assert.match(messages[1], /^TypeError: .*unknown option "text"; the options are value, target, catalog, storageKey, onChange/);
  assert.match(messages[2], /^TypeError: .*options\.value: expected the template as a string/);
  assert.match(messages[3], /^Error: heatwise\.mountEditor\(\): options\.target: "Nonesuch" is not a Heat release/);
  assert.match(messages[4], /^Error: .*options\.catalog: the editor checks templates against the built-in catalog only/);
  assert.match(messages[5], /^TypeError: .*options\.storageKey: expected the local storage key/);
  assert.match(messages[6], /^TypeError: .*options\.onChange: expected a function/);
  assert.match(messages[7], /^Error: .*already holds an editor/);
  assert.equal(messages[8], 1);
  await page.close();
});

test("works bundled by esbuild, with the editor's wasm next to the bundle", async () => {
  const out = join(folder, "bundled-editor");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(folder, "editor-entry.js"),
    `import { mountEditor } from "heatwise/editor";
const editor = await mountEditor(document.querySelector("#editor"), { value: ${JSON.stringify(HIDDEN_PROPERTY)} });
window.mounted = editor;
`,
  );
  execFileSync(
    join(root, "node_modules", ".bin", "esbuild"),
    ["editor-entry.js", "--bundle", "--format=esm", "--platform=browser", `--outfile=${join(out, "app.js")}`],
    { cwd: folder, stdio: ["ignore", "ignore", "inherit"] },
  );
  // esbuild keeps `new URL("heatwise_web_bg.wasm", import.meta.url)`: the
  // file goes next to the bundle, as a bundler's asset step would put it.
  // So do the ORC view's and the folder view's modules and their wasm.
  for (const file of [
    "heatwise_web_bg.wasm",
    "heatwise-orc-module.js",
    "heatwise-orc-module_bg.wasm",
    "heatwise-folder-module.js",
    "heatwise-folder-module_bg.wasm",
  ]) {
    copyFileSync(join(folder, "node_modules", "heatwise", "app", file), join(out, file));
  }
  writeFileSync(
    join(out, "index.html"),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>bundled editor</title>
<div id="editor" style="height: 560px"></div><script type="module" src="app.js"></script>`,
  );
  const { page, errors } = await open(browser, `${server.url}/bundled-editor/index.html`, VIEWPORT);
  await page.waitForFunction(() => window.mounted !== undefined);
  assert.equal(await page.evaluate(() => window.mounted.getValue()), HIDDEN_PROPERTY);
  assert.equal(await page.locator("#editor .problems-count").textContent(), "1");
  await page.locator("#editor .problem-fix").click();
  await page.waitForFunction((fixed) => window.mounted.getValue() === fixed, FIXED);
  await page.locator("#editor #orc-tab").click();
  await page.locator("#editor .orc-summary", { hasText: "4 objects: the whole stack" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
