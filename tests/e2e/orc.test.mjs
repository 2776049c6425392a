// The ORC view: the stack as manifests of the OpenStack Resource
// Controller, from a module loaded the first time the view opens; what
// could not be carried over jumps to its place; the YAML copies and
// downloads.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { lastTestChecksRequestsAndProblems, openPage, screenshot, useSite } from "./support.mjs";

useSite();

const STACK = `heat_template_version: 2018-08-31
parameters:
  image:
    type: string
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      cidr: 10.0.0.0/24
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
      user_data_format: RAW
      networks:
        - network: {get_resource: net}
  secret:
    type: OS::Heat::RandomString
`;

const codes = (page) => page.locator(".orc-findings .problem-code").allTextContents();

test("the ORC view exports the document, jumps to what it could not carry over, copies and downloads", async () => {
  const page = await openPage({ acceptDownloads: true, permissions: ["clipboard-read", "clipboard-write"] });
  const modules = [];
  page.on("request", (request) => {
    if (request.url().includes("heatwise-orc-module")) modules.push(request.url());
  });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open…" }).click();
  await (await chooser).setFiles({ name: "stack.yaml", mimeType: "application/yaml", buffer: Buffer.from(STACK) });
  await page.locator(".outline-name", { hasText: /^secret$/ }).waitFor();
  assert.deepEqual(modules, [], "the module is not loaded before the view opens");

  await page.getByRole("tab", { name: "ORC export" }).click();
  await page.locator(".orc-summary").waitFor();
  assert.ok(modules.some((url) => url.endsWith(".wasm")), `${modules}`);
  assert.equal(await page.locator(".orc-summary").textContent(), "5 objects, 3 things not carried over");
  assert.deepEqual(await codes(page), ["ORC004", "ORC005", "ORC001"]);
  const plan = await page.locator(".orc-plan pre").textContent();
  assert.match(plan, /wave 1: Flavor flavor-m1\.small, SecurityGroup securitygroup-default, Network net/);
  assert.match(plan, /Heat's wave 2: subnet, server/);

  // A finding shows its place in the template.
  await page.locator(".orc-findings .problem-jump").last().click();
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "OS::Heat::RandomString");

  // The missing parameter, given: the server is exported too.
  await page.getByRole("textbox", { name: /^Parameters/ }).fill("image=cirros");
  await page.locator(".orc-summary", { hasText: "7 objects, 1 thing not carried over" }).waitFor();
  assert.deepEqual(await codes(page), ["ORC001"]);
  const yaml = await page.locator(".orc-yaml").textContent();
  assert.match(yaml, /kind: Server/);
  assert.match(yaml, /name: cirros/);
  assert.match(yaml, /namespace: default/);
  await screenshot(page, "orc-export");

  await page.getByRole("button", { name: "Copy YAML" }).click();
  await page.locator(".notice", { hasText: "Manifests copied" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), yaml);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const saved = await download;
  assert.equal(saved.suggestedFilename(), "stack.orc.yaml");
  assert.equal(await readFile(await saved.path(), "utf8"), yaml);

  // Settings that cannot make an export say what to correct.
  await page.getByRole("textbox", { name: "Namespace" }).fill("My_Namespace");
  await page.locator(".orc-settings-problems", { hasText: "is not a Kubernetes namespace" }).waitFor();
  assert.equal(await page.locator(".orc-yaml").count(), 0);
  await page.getByRole("textbox", { name: "Namespace" }).fill("stacks");
  await page.locator(".orc-summary", { hasText: "7 objects" }).waitFor();
  assert.match(await page.locator(".orc-yaml").textContent(), /namespace: stacks/);

  // Edits in the editor are exported again.
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText("  net2:\n    type: OS::Neutron::Net\n");
  await page.locator(".orc-summary", { hasText: "8 objects" }).waitFor();

  // A running stack's resource list hands it over: imports by ID, nothing
  // created; a list that is not one says so.
  const rows = JSON.stringify([
    { resource_name: "net", physical_resource_id: "5f0c5d1e-1111-4c1b-9d7e-000000000001", resource_type: "OS::Neutron::Net", resource_status: "CREATE_COMPLETE", stack_name: "web" },
  ]);
  await page.getByRole("textbox", { name: /Running stack's resources/ }).fill("{}");
  await page.locator(".orc-settings-problems", { hasText: "Running stack's resources: not a list" }).waitFor();
  await page.getByRole("textbox", { name: /Running stack's resources/ }).fill(rows);
  await page.locator(".orc-yaml", { hasText: "id: 5f0c5d1e-1111-4c1b-9d7e-000000000001" }).waitFor();
  assert.match(await page.locator(".orc-findings").textContent(), /is not handed over/);
  await page.getByRole("textbox", { name: /Running stack's resources/ }).fill("");
  await page.locator(".orc-summary", { hasText: "8 objects" }).waitFor();

  // Back to the problems: the linter's findings.
  await page.getByRole("tab", { name: /^Problems/ }).click();
  await page.locator(".problems-filter").waitFor();
  await page.context().close();
});

lastTestChecksRequestsAndProblems();
