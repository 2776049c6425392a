// `heatwise/editor` on a plain host page (widget/host.html): two editors
// side by side stay independent, and the page's styles stay its own.

import assert from "node:assert/strict";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { launch, open, serve } from "./browser.mjs";
import { fixture, install, root } from "./support.mjs";

let server;
let browser;

before(async () => {
  const folder = install();
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
const CLEAN = fixture("deployed-neutron-port.yaml");

/** The host page's own computed styles that the editors must leave alone. */
function hostStyles(page) {
  return page.evaluate(() => {
    const pick = (element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    };
    return {
      body: pick(document.body, ["font-family", "font-size", "color", "margin-top"]),
      button: pick(document.querySelector(".button"), [
        "background-color",
        "color",
        "padding-left",
        "border-top-width",
        "border-top-color",
        "font-family",
      ]),
      styleElements: document.head.querySelectorAll("style, link[rel=stylesheet]").length,
      adoptedSheets: document.adoptedStyleSheets.length,
    };
  });
}

async function openHost() {
  const { page, errors } = await open(browser, `${server.url}/host.html`);
  await page.waitForFunction(() => window.hostReady === true);
  return { page, errors };
}

/** Mounts both editors; their onChange calls are counted in `window.changes`. */
async function mountBoth(page) {
  await page.evaluate(
    async ({ left, right }) => {
      window.changes = { left: 0, right: 0 };
      window.left = await window.mountEditor(document.querySelector("#left"), {
        value: left,
        target: "2024.1",
        onChange: () => window.changes.left++,
      });
      window.right = await window.mountEditor(document.querySelector("#right"), {
        value: right,
        onChange: () => window.changes.right++,
      });
    },
    { left: HIDDEN_PROPERTY, right: CLEAN },
  );
}

test("two editors: typing in one leaves the other as it was", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  const left = page.locator("#left .cm-content");
  const right = page.locator("#right .cm-content");
  const rightBefore = await right.innerText();

  await left.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("# typed here\n");

  assert.equal(await page.evaluate(() => window.left.getValue()), `# typed here\n${HIDDEN_PROPERTY}`);
  assert.equal(await page.evaluate(() => window.right.getValue()), CLEAN);
  assert.equal(await right.innerText(), rightBefore);
  const changes = await page.evaluate(() => window.changes);
  assert.ok(changes.left >= 1, `left changed ${changes.left} times`);
  assert.equal(changes.right, 0);

  // Findings: the left template has HIDDEN properties, the right none.
  await page.locator("#left .cm-lint-marker").first().waitFor();
  assert.equal(await page.locator("#right .cm-lint-marker").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the host page's styles are untouched, and do not reach the editors", async () => {
  const { page, errors } = await openHost();
  const before = await hostStyles(page);
  await mountBoth(page);
  await page.locator("#right .cm-content").waitFor();
  assert.deepEqual(await hostStyles(page), before);
  assert.equal(before.body["font-family"], "Georgia, serif");
  assert.equal(before.button["background-color"], "rgb(0, 128, 0)");
  // The host's `.cm-content { color: red !important }` stays outside.
  const inside = await page.locator("#left .cm-line").first().evaluate((line) => {
    const style = getComputedStyle(line);
    return { color: style.color, fontSize: style.fontSize };
  });
  assert.notEqual(inside.color, "rgb(255, 0, 0)");
  assert.notEqual(inside.fontSize, "40px");
  assert.deepEqual(errors, []);
  await page.close();
});

test("setValue, setTarget, onChange and destroy", async () => {
  const { page, errors } = await openHost();
  await mountBoth(page);
  const result = await page.evaluate(async (text) => {
    const seen = [];
    const stop = window.right.onChange((value) => seen.push(value));
    window.right.setValue(text);
    stop();
    window.right.setValue("resources: {}\n");
    let badTarget = null;
    try {
      window.right.setTarget("Nonesuch");
    } catch (error) {
      badTarget = error.message;
    }
    window.right.setTarget("Juno");
    window.left.destroy();
    let afterDestroy = null;
    try {
      window.left.getValue();
    } catch (error) {
      afterDestroy = error.message;
    }
    const again = await window.mountEditor(document.querySelector("#left"), { value: "again: 1\n" });
    return {
      seen,
      value: window.right.getValue(),
      badTarget,
      afterDestroy,
      again: again.getValue(),
      editorsInLeft: document.querySelector("#left").shadowRoot.querySelectorAll(".cm-editor").length,
    };
  }, HIDDEN_PROPERTY);
  assert.deepEqual(result.seen, [HIDDEN_PROPERTY]);
  assert.equal(result.value, "resources: {}\n");
  assert.match(result.badTarget, /options\.target: "Nonesuch" is not a Heat release/);
  assert.match(result.afterDestroy, /getValue\(\) after destroy\(\)/);
  assert.equal(result.again, "again: 1\n");
  assert.equal(result.editorsInLeft, 1);

  // At Juno the properties are DEPRECATED, not HIDDEN.
  await page.evaluate((text) => window.right.setValue(text), HIDDEN_PROPERTY);
  const deprecated = page.locator("#right .cm-tooltip-lint", { hasText: "DEPRECATED since 2014.2 (Juno)" });
  // Linting waits for typing to pause: hover until the new finding shows.
  for (let attempt = 0; attempt < 20 && (await deprecated.count()) === 0; attempt++) {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(250);
    if ((await page.locator("#right .cm-lintRange").count()) > 0) {
      await page.locator("#right .cm-lintRange").first().hover();
      await page.waitForTimeout(250);
    }
  }
  await deprecated.first().waitFor();
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
      await attempt(async () => {
        await window.mountEditor(host);
        await window.mountEditor(host);
      }),
    ];
  });
  assert.match(messages[0], /^TypeError: .*expected a DOM element to mount the editor in, got string #left/);
  assert.match(messages[1], /^TypeError: .*unknown option "text"; the options are value, target, catalog, onChange/);
  assert.match(messages[2], /^TypeError: .*options\.value: expected the template as a string/);
  assert.match(messages[3], /^Error: .*options\.target: "Nonesuch" is not a Heat release/);
  assert.match(messages[4], /^Error: .*already holds an editor/);
  await page.close();
});
