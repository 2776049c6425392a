// The folder view: a folder of templates opened in the page (picked, or a
// .zip dropped), its stack's findings file by file with their callers,
// a finding opening its file at its place, "Migrate all" over the stack
// with one diff per file, and the migrated folder downloaded as a .zip.
// The stack is checked by a module loaded the first time a folder opens.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { editorLines, lastTestChecksRequestsAndProblems, openPage, screenshot, useSite } from "./support.mjs";

useSite();

const FILES = {
  "heatwise.toml": '[[stack]]\nroot = "root.yaml"\nenvironments = ["env/registry.yaml"]\n',
  "root.yaml": `heat_template_version: 2018-08-31
resources:
  app:
    type: nested/app.yaml
    properties:
      size: m1.small
  web:
    type: OS::App::Web
`,
  "nested/app.yaml": `heat_template_version: 2018-08-31
parameters:
  flavor: {type: string}
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network_id: private
`,
  "env/registry.yaml": "resource_registry:\n  OS::App::Web: ../deployment/web.yaml\n",
  "README.md": "# A stack of two templates\n",
};

const codes = (page) => page.locator(".folder-findings .problem-code").allTextContents();

test("a folder's stack is checked, opened at a finding, migrated and downloaded", async () => {
  const dir = await mkdtemp(join(tmpdir(), "heatwise-folder-"));
  const folder = join(dir, "web-stack");
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(join(folder, path, ".."), { recursive: true });
    await writeFile(join(folder, path), text);
  }
  const page = await openPage({ acceptDownloads: true });
  const modules = [];
  page.on("request", (request) => {
    if (request.url().includes("heatwise-folder-module")) modules.push(request.url());
  });
  await page.getByRole("tab", { name: "Folder" }).click();
  assert.deepEqual(modules, [], "the module is not loaded before a folder opens");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open folder…" }).click();
  await (await chooser).setFiles(folder);

  // The project file chose the stack; every finding of it, file by file.
  await page.locator(".folder-status", { hasText: "3 files in the stack" }).waitFor();
  assert.ok(modules.some((url) => url.endsWith(".wasm")), `${modules}`);
  assert.equal(await page.locator(".folder-name").textContent(), "web-stack");
  assert.equal(await page.getByRole("combobox", { name: "Root template" }).inputValue(), "root.yaml");
  assert.ok(await page.getByRole("checkbox", { name: /env\/registry\.yaml/ }).isChecked());
  assert.deepEqual((await codes(page)).sort(), ["HW202", "HW401", "HW403", "HW404"]);
  // Each error with the stage Heat refuses it at, as heatwise lint --stack says.
  const stageOf = (code) =>
    page.locator(".folder-findings .problem", { hasText: code }).locator(".problem-stage").textContent();
  assert.equal(await stageOf("HW404"), "validate");
  assert.equal(await stageOf("HW401"), "client");
  const outside = page.locator(".folder-file.is-outside .folder-file-path");
  assert.deepEqual(await outside.allTextContents(), ["README.md", "heatwise.toml"]);
  await screenshot(page, "folder-view");

  // A finding in the nested template opens it at its place, and names the
  // caller that reaches it.
  const hidden = page.locator(".folder-findings .problem", { hasText: "network_id" });
  assert.match(await hidden.locator(".folder-related").textContent(), /through `nested\/app\.yaml` \(root\.yaml:4\)/);
  await hidden.locator(".problem-jump").click();
  await page.locator(".cm-content", { hasText: "network_id: private" }).waitFor();
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "network_id");

  // An edit of the open file is checked with its stack: the nested
  // parameter gets a default, and the root's HW404 goes (its HW403, a
  // property the nested template does not declare, stays).
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < 2; i += 1) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.insertText(", default: m1.tiny");
  await page.waitForFunction(() => ![...document.querySelectorAll(".folder-findings .problem-code")].some((e) => e.textContent === "HW404"));
  assert.deepEqual((await codes(page)).sort(), ["HW202", "HW401", "HW403"]);

  // Migrate all: one diff per file, applied to the folder and the editor.
  await page.getByRole("button", { name: "Migrate the stack…" }).click();
  const dialog = page.locator(".folder-migrate-dialog");
  await dialog.locator(".folder-diff h3", { hasText: "nested/app.yaml" }).waitFor();
  assert.match(await dialog.locator(".diff-line.is-added").first().textContent(), /network: private/);
  assert.match(
    await dialog.locator(".folder-diff", { hasText: "nested/app.yaml" }).locator(".running-effects li").first().textContent(),
    /^updated port \(OS::Neutron::Port\): nothing is sent to the service$/,
  );
  await dialog.getByRole("button", { name: "Apply to the folder" }).click();
  await page.locator(".cm-content", { hasText: "network: private" }).waitFor();
  assert.ok((await editorLines(page)).some((line) => line.includes("flavor: {type: string, default: m1.tiny}")));
  await page.waitForFunction(() => [...document.querySelectorAll(".folder-findings .problem-code")].every((e) => e.textContent !== "HW202"));
  assert.deepEqual((await codes(page)).sort(), ["HW401", "HW403"]);

  // The root in the editor: its ORC export takes the stack, as heatwise orc
  // ROOT -e ENV does: the registry maps OS::App::Web to a template the
  // folder lacks, and the nested template app.yaml is expanded.
  await page.locator(".folder-file-open", { hasText: "root.yaml" }).click();
  await page.locator(".cm-content", { hasText: "type: OS::App::Web" }).waitFor();
  await page.getByRole("tab", { name: "ORC export" }).click();
  await page.locator(".orc-findings .problem-message", { hasText: "its template ../deployment/web.yaml could not be read" }).waitFor();
  assert.match(await page.locator(".orc-yaml").textContent(), /name: app-port\n/);
  await page.getByRole("tab", { name: /^Problems/ }).click();

  // The migrated folder as a .zip.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download .zip" }).click();
  const saved = await download;
  assert.equal(saved.suggestedFilename(), "web-stack.zip");
  const zip = await readFile(await saved.path());
  assert.equal(zip.readUInt32LE(0), 0x04034b50, "a zip archive");
  const stored = zip.toString("utf8");
  assert.ok(stored.includes("web-stack/nested/app.yaml"));
  assert.ok(stored.includes("      network: private\n"));

  // The .zip dropped on the page opens as a folder again.
  await page.getByRole("button", { name: "Close the folder" }).click();
  await page.evaluate(async (bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "web-stack.zip", { type: "application/zip" }));
    window.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [...zip]);
  await page.locator(".folder-status", { hasText: "3 files in the stack" }).waitFor();
  assert.deepEqual((await codes(page)).sort(), ["HW401", "HW403"]);
  await page.context().close();
  await rm(dir, { recursive: true, force: true });
});

lastTestChecksRequestsAndProblems();
