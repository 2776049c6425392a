// The fleet page: a cloud scan's dumps (`heatwise scan --dump DIR`)
// opened as a folder, scanned in the page as `heatwise scan DIR` scans
// them; a table of stacks that sorts and filters, 1,000 of them; a stack
// in full with what migrating it does, opened in the folder view as Heat
// keeps it, with "Migrate the stack…" and the command that applies it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lastTestChecksRequestsAndProblems, openPage, screenshot, useSite } from "./support.mjs";

useSite();

const DUMPS = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "dumps");

async function openFolder(page, folder) {
  await page.getByRole("tab", { name: "Folder" }).click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open folder…" }).click();
  await (await chooser).setFiles(folder);
}

const names = (page) => page.locator(".fleet-stack-name").allTextContents();

test("a scan's dumps open as the fleet; a stack opens in the folder view and says what migrating it does", async () => {
  const page = await openPage();
  await openFolder(page, DUMPS);
  await page.locator(".fleet-title", { hasText: "4 stacks in 2 projects" }).waitFor();
  assert.deepEqual(await names(page), ["db", "web", "edge", "quiet"]);
  assert.deepEqual(await page.locator(".fleet-migration").allTextContents(), [
    "1 resource in place",
    "2 resources in place",
    "replaces 1 resource",
    "nothing to migrate",
  ]);

  // Filters: a status, then the stacks whose migration replaces.
  await page.getByLabel("Status").selectOption("UPDATE_FAILED");
  assert.deepEqual(await names(page), ["edge"]);
  await page.getByLabel("Status").selectOption("");
  await page.getByText("Has a replacing migration").click();
  assert.deepEqual(await names(page), ["edge"]);
  await page.getByText("Has a replacing migration").click();
  await page.getByLabel("Rule").selectOption("HW202");
  assert.deepEqual(await names(page), ["db", "web"]);
  await page.getByLabel("Rule").selectOption("");
  // Sorting: by stack name, then the other way.
  const byName = page.getByRole("button", { name: "Stack", exact: true });
  await byName.click();
  assert.deepEqual(await names(page), ["db", "edge", "quiet", "web"]);
  await byName.click();
  assert.deepEqual(await names(page), ["web", "quiet", "edge", "db"]);
  assert.equal(await page.locator("th", { has: byName }).getAttribute("aria-sort"), "descending");

  // The floating IP: replaced, only with every fix, and the command says so.
  await page.getByRole("button", { name: "edge" }).click();
  const edge = page.locator(".fleet-stack");
  await edge.getByText("Nothing to migrate: the stack is not updated.").waitFor();
  assert.match(await edge.locator(".running-effects li").first().textContent(), /^replaced ip \(OS::Neutron::FloatingIP\)/);
  assert.equal(
    await edge.locator(".fleet-command code").textContent(),
    "heatwise migrate --project ops --stack edge --unsafe --allow-replace --apply",
  );
  await screenshot(page, "fleet");

  // The web stack, opened in the folder view: its nested file found as
  // Heat keeps it, and its migration judged on the running stack.
  await page.getByRole("button", { name: "web" }).click();
  await page.getByRole("button", { name: "Open in the Folder view" }).click();
  await page.locator(".folder-findings .problem-code", { hasText: "HW202" }).waitFor();
  assert.equal(await page.locator(".workspace").isVisible(), true);
  await page.getByRole("button", { name: "Migrate the stack…" }).click();
  const dialog = page.locator(".folder-migrate-dialog");
  await dialog.locator(".folder-running").waitFor();
  assert.deepEqual(await dialog.locator(".folder-running li").allTextContents(), [
    "updated app (file:///srv/stacks/web/app.yaml): nothing changes unless a resource inside it does",
    "updated app/port (OS::Neutron::Port): nothing is sent to the service",
  ]);
  assert.equal(
    await dialog.locator(".fleet-command code").textContent(),
    "heatwise migrate --project demo --stack web --apply",
  );
  await page.context().close();
});

test("a fleet of 1,000 stacks opens, sorts and filters", async () => {
  const dir = await mkdtemp(join(tmpdir(), "heatwise-fleet-"));
  const templates = [];
  for (const project of await readdir(DUMPS)) {
    for (const stack of await readdir(join(DUMPS, project))) templates.push([project, stack]);
  }
  for (let i = 0; i < 1000; i += 1) {
    const [project, stack] = templates[i % templates.length];
    const name = `${stack}-${String(i).padStart(4, "0")}`;
    const target = join(dir, `${project}-${i % 10}`, name);
    await cp(join(DUMPS, project, stack), target, { recursive: true });
    const manifest = JSON.parse(await readFile(join(target, "stack.json"), "utf8"));
    manifest.name = name;
    manifest.project = `${project}-${i % 10}`;
    await writeFile(join(target, "stack.json"), JSON.stringify(manifest));
  }
  const page = await openPage();
  const started = Date.now();
  await openFolder(page, dir);
  await page.locator(".fleet-title", { hasText: "1000 stacks in 20 projects" }).waitFor({ timeout: 120_000 });
  const opened = Date.now() - started;
  const scan = await page.evaluate(() => performance.getEntriesByName("heatwise:fleet")[0]?.duration);
  assert.equal(await page.locator(".fleet-row").count(), 1000);
  const sortStarted = Date.now();
  await page.getByRole("button", { name: "Findings", exact: true }).click();
  await page.locator("th[aria-sort=ascending]", { hasText: "Findings" }).waitFor();
  const sorted = Date.now() - sortStarted;
  const filterStarted = Date.now();
  await page.getByText("Has a replacing migration").click();
  await page.locator(".fleet-count", { hasText: "250 of 1000" }).waitFor();
  const filtered = Date.now() - filterStarted;
  console.log(
    `fleet of 1,000 stacks: opened in ${opened} ms (scan ${Math.round(scan)} ms), sorted in ${sorted} ms, filtered in ${filtered} ms`,
  );
  await page.context().close();
});

lastTestChecksRequestsAndProblems();
