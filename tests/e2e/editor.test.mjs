// The built site in a real browser: the editor, the outline, storage,
// keyboard and layouts (see support.mjs for how it is served).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  editorLines,
  lastTestChecksRequestsAndProblems,
  moveCursorToLineOf,
  openPage,
  outlineNames,
  outlineTypes,
  screenshot,
  useSite,
} from "./support.mjs";

useSite();

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
  assert.equal(await page.locator(".outline .panel-count").textContent(), String(names.length));
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

test("a long outline shows its first two hundred resources, and more on request", async () => {
  const page = await openPage();
  let text = "heat_template_version: 2016-10-14\nresources:\n";
  for (let volume = 0; volume < 230; volume += 1) text += `  volume_${volume}: {type: OS::Cinder::Volume}\n`;
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
  await page.locator(".outline .panel-count", { hasText: "230" }).waitFor();
  assert.equal(await page.locator(".outline-entry").count(), 200);
  assert.equal(await page.locator(".outline .list-more-count").textContent(), "200 of 230 shown");

  await page.getByRole("button", { name: "Show 30 more" }).click();
  const names = await outlineNames(page);
  assert.equal(names.length, 230);
  assert.equal(names.at(-1), "volume_229");
  await page.locator(".outline-entry", { hasText: "volume_229" }).click();
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "volume_229");
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

  await page.locator("summary", { hasText: "Templates" }).click();
  await page.getByRole("button", { name: /^Web tier written for Kilo/ }).click();
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor({ state: "detached" });
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+z");
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor();
  await page.context().close();
});

test("the keyboard reaches everything", async () => {
  const page = await openPage();
  const focused = () =>
    page.evaluate(() => ({
      className: document.activeElement.className,
      text: document.activeElement.textContent,
      label: document.activeElement.getAttribute("aria-label"),
    }));
  const order = [];
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press("Tab");
    const { className, text } = await focused();
    order.push(className === "select" ? "Target" : text);
  }
  assert.deepEqual(order, ["Templates", "Open…", "Save", "Share", "Target", "Migrate all…"]);
  await page.keyboard.press("Tab");
  assert.ok(await page.locator(".cm-content").evaluate((el) => el === document.activeElement));
  // Tab indents inside the editor; Escape then Tab moves on, to the tabs
  // of the panel under it, then the problems panel.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.match((await focused()).text, /^Problems/);
  await page.keyboard.press("Tab");
  assert.equal((await focused()).text, "ORC export");
  await page.keyboard.press("Tab");
  assert.match((await focused()).className, /severity-toggle/);
  // Then the filter, each problem and its fix, and the outline.
  let presses = 0;
  while ((await focused()).className !== "outline-entry") {
    assert.ok(++presses < 60, "the outline is reached");
    await page.keyboard.press("Tab");
  }
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

lastTestChecksRequestsAndProblems();
