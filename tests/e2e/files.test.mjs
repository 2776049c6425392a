// Opening, saving and sharing templates, the examples and a fresh start:
// all in the browser, nothing sent anywhere.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import {
  editorLines,
  lastTestChecksRequestsAndProblems,
  openPage,
  outlineNames,
  screenshot,
  useSite,
} from "./support.mjs";

useSite();

const documentText = (page) => editorLines(page).then((lines) => lines.join("\n"));

const MINE = "heat_template_version: 2018-08-31\n# Ünïcode 🔥 survives\nresources:\n  mine:\n    type: OS::Heat::None\n";

async function chooseTemplate(page, name) {
  await page.locator("summary", { hasText: "Templates" }).click();
  await page.getByRole("button", { name }).click();
}

test("the examples menu opens each example, and start fresh empties the document", async () => {
  const page = await openPage();
  await page.locator("summary", { hasText: "Templates" }).click();
  await screenshot(page, "templates-menu");
  await page.keyboard.press("Escape");

  await chooseTemplate(page, /^Deprecated, still running/);
  await page.locator(".outline-name", { hasText: /^cpu_alarm$/ }).waitFor();
  const statuses = await page.locator(".problem .badge").allTextContents();
  assert.ok(statuses.includes("DEPRECATED") && statuses.includes("HIDDEN"), `${statuses}`);

  await chooseTemplate(page, /^Removed, placeholder and unknown types/);
  await page.locator(".problem.is-error").first().waitFor();
  assert.match(await page.locator(".problem.is-error").textContent(), /OS::Cinder::Volum/);
  // An error says where Heat refuses it: before creating anything.
  const stage = page.locator(".problem.is-error .problem-stage").first();
  assert.equal(await stage.textContent(), "validate");
  assert.equal(await stage.getAttribute("title"), "Heat refuses the stack before it creates anything");
  assert.equal(await page.locator(".problem:not(.is-error) .problem-stage").count(), 0);

  await chooseTemplate(page, /^Start fresh/);
  await page.locator(".outline-empty").waitFor();
  assert.equal((await editorLines(page))[0], "heat_template_version: 2021-04-16");
  assert.equal(await page.locator(".problems-count").textContent(), "0");
  await page.context().close();
});

test("a file picked or dropped opens; save downloads the document", async () => {
  const page = await openPage({ acceptDownloads: true });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name: "mine.yaml", mimeType: "application/yaml", buffer: Buffer.from(MINE) });
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor();
  assert.equal(await documentText(page), MINE);
  assert.equal(await page.locator(".notice").textContent(), "Opened mine.yaml");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save" }).click();
  const saved = await download;
  assert.equal(saved.suggestedFilename(), "mine.yaml");
  assert.equal(await readFile(await saved.path(), "utf8"), MINE);

  // Dropped on the editor: opened, not pasted into it.
  const dropped = "resources:\n  dropped:\n    type: OS::Heat::Value\n";
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "dropped.yaml", { type: "application/yaml" }));
    return data;
  }, dropped);
  await page.locator(".cm-content").dispatchEvent("dragover", { dataTransfer: transfer });
  await page.locator(".cm-content").dispatchEvent("drop", { dataTransfer: transfer });
  await page.locator(".outline-name", { hasText: /^dropped$/ }).waitFor();
  assert.equal(await documentText(page), dropped);
  await page.context().close();
});

test("a share link carries the template in its fragment and opens it", async () => {
  const page = await openPage({ permissions: ["clipboard-read", "clipboard-write"] });
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(MINE);
  await page.locator(".outline-name", { hasText: /^mine$/ }).waitFor();

  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  const link = await dialog.getByRole("textbox", { name: "Share link" }).inputValue();
  const url = new URL(link);
  assert.equal(url.search, "");
  assert.match(url.hash, /^#template=[A-Za-z0-9_-]+$/);
  await screenshot(page, "share");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await page.locator(".notice", { hasText: "Link copied" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await page.context().close();

  // Someone else opens the link: a fresh browser, nothing saved.
  const other = await openPage({ hash: url.hash });
  await other.locator(".outline-name", { hasText: /^mine$/ }).waitFor();
  assert.equal(await documentText(other), MINE);
  assert.equal(await other.evaluate(() => location.hash), "", "the fragment is dropped once opened");
  assert.deepEqual(await outlineNames(other), ["mine"]);
  await other.context().close();

  // A damaged link says so and keeps the document.
  const damaged = await openPage({ hash: "#template=not-deflate" });
  await damaged.locator(".notice.is-error").waitFor();
  assert.match(await damaged.locator(".notice").textContent(), /could not be opened/);
  await damaged.context().close();
});

test("a cloud scan's report opens as the fleet page, the document left as it was", async () => {
  const page = await openPage();
  const before = await documentText(page);
  const report = {
    stacks: [
      { project: "beta", project_id: "b2", name: "network", id: "2", status: "ADOPT_COMPLETE", findings: [
        { path: "template.yaml", code: "HW202", name: "hidden-property", severity: "warning", message: "`network_id` is HIDDEN", line: 13, column: 9 }] },
    ],
    summary: {
      stacks: 1,
      projects: [{ project: "beta", stacks: 1, errors: 0, warnings: 1, info: 0, statuses: { ADOPT_COMPLETE: 1 } }],
      usages: [{ subject: "OS::Neutron::Port.network_id", kind: "property", status: "HIDDEN",
        lifecycle: ["hidden since Liberty (5.0.0): Use property network."], stacks: 1, uses: 1 }],
    },
  };
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name: "scan.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(report)) });
  await page.locator(".fleet-title", { hasText: "1 stack in 1 project" }).waitFor();
  assert.deepEqual(await page.locator(".cloud-bar-label").allTextContents(), ["hidden since Liberty (5.0.0)"]);
  assert.equal(await page.locator(".workspace").isVisible(), false, "the fleet is a page of its own");
  await screenshot(page, "cloud-scan");
  // Back to the editor, the document as it was; the fleet a click away.
  await page.getByRole("button", { name: "← Editor" }).click();
  assert.equal(await documentText(page), before);
  await page.getByRole("button", { name: "Fleet (1)" }).click();
  await page.locator(".fleet-title").waitFor();
  await page.context().close();
});

lastTestChecksRequestsAndProblems();
