// The catalog browser: search, status filter, hidden types on request,
// one type in full with its properties' life cycles.

import { test } from "node:test";
import assert from "node:assert/strict";
import { lastTestChecksRequestsAndProblems, openPage, screenshot, useSite } from "./support.mjs";

useSite();

test("the catalog browser finds a type and shows its life cycles", async () => {
  const page = await openPage();
  await page.getByRole("tab", { name: "Catalog" }).click();
  const names = () => page.locator(".catalog-type-entry code").allTextContents();
  const all = await names();
  assert.ok(all.length > 100, `${all.length} types`);
  assert.ok(!all.includes("OS::Glance::Image"), "HIDDEN types only when asked");

  await page.getByRole("checkbox", { name: "Hidden types" }).check();
  assert.ok((await names()).includes("OS::Glance::Image"));
  await page.getByRole("checkbox", { name: "Hidden types" }).uncheck();

  await page.getByRole("combobox", { name: "Status" }).selectOption("DEPRECATED");
  assert.deepEqual(await names(), ["OS::Aodh::Alarm"]);
  await page.getByRole("combobox", { name: "Status" }).selectOption("");

  await page.getByRole("searchbox", { name: "Search resource types" }).fill("neutron port");
  const found = await names();
  assert.ok(found.includes("OS::Neutron::Port") && found.includes("OS::Neutron::PortPair"), `${found}`);
  assert.ok(found.every((name) => /neutron/i.test(name) && /port/i.test(name)), `${found}`);
  await page.locator(".catalog-type-entry", { has: page.locator("code", { hasText: /^OS::Neutron::Port$/ }) }).click();
  await page.locator(".catalog-type-name", { hasText: "OS::Neutron::Port" }).waitFor();
  // The page embeds the catalog without descriptions; the view fetches
  // them (heat.bin) the first time it shows a type.
  await page.locator(".catalog-type > .catalog-description", { hasText: "A resource for managing Neutron ports." }).waitFor();

  // The property, not the attribute of the same name further down.
  const networkId = page
    .locator(".catalog-property", { has: page.locator("summary code", { hasText: /^network_id$/ }) })
    .first();
  assert.equal(await networkId.locator("summary .badge").textContent(), "HIDDEN");
  await networkId.locator("summary").click();
  const steps = await networkId.locator(".hw-timeline-step").allTextContents();
  assert.match(steps[0], /^HIDDENsince 5\.0\.0 \(Liberty\)/);
  assert.match(steps[1], /^DEPRECATEDsince 2014\.2 \(Juno\)/);
  // Nested properties: fixed_ips has children.
  const fixedIps = page
    .locator(".catalog-property", { has: page.locator("summary code", { hasText: /^fixed_ips$/ }) })
    .first();
  assert.ok((await fixedIps.locator(".catalog-properties .catalog-name").allTextContents()).includes("subnet"));
  await screenshot(page, "catalog");

  await page.getByRole("button", { name: "← All types" }).click();
  assert.deepEqual(await names(), found, "the search is kept");
  await page.context().close();
});

lastTestChecksRequestsAndProblems();
