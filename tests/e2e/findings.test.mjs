// Findings as you type: underlines, the problems panel, the hover with
// its life cycle and fix, the target release; and text from a template
// only ever shown as text.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  editorLines,
  lastTestChecksRequestsAndProblems,
  openPage,
  screenshot,
  useSite,
} from "./support.mjs";

useSite();

const LEGACY_PORTS = `heat_template_version: 2016-10-14
description: Two ports written for Kilo
resources:
  app_port:
    type: OS::Neutron::Port
    properties:
      network_id: app-net
      dns_name: app
  db_port:
    type: OS::Neutron::Port
    properties:
      network_id: db-net
  ip:
    type: OS::Nova::FloatingIP
outputs:
  app_ip:
    value: { get_attr: [app_port, fixed_ips] }
`;

const LEGACY_STACK = `heat_template_version: 2016-10-14
resources:
  router:
    type: OS::Neutron::Router
  gateway:
    type: OS::Neutron::RouterGateway
    properties:
      router_id: { get_resource: router }
      network: public
  ip:
    type: OS::Nova::FloatingIP
    properties:
      pool: public
  lb:
    type: OS::Neutron::LBaaS::LoadBalancer
    properties:
      vip_subnet: private-subnet
`;

/// Replaces the document as pasting over a selection of everything would.
async function pasteDocument(page, text) {
  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
}

const problemCount = (page) => page.locator(".problems-count").textContent();
const documentText = (page) => editorLines(page).then((lines) => lines.join("\n"));

async function waitForProblemCount(page, count) {
  await page.waitForFunction(
    (expected) => document.querySelector(".problems-count")?.textContent === String(expected),
    count,
  );
}

test("pasting a template underlines what it uses that is not supported", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);

  const hidden = await page.locator(".cm-lintRange.hw-status-hidden").allTextContents();
  assert.deepEqual(hidden, ["network_id", "network_id", "OS::Nova::FloatingIP"]);
  assert.equal(await page.locator(".cm-gutter-lint .cm-gutterElement:not([style*=hidden]) .cm-lint-marker").count(), 3);
  const toggles = await page.locator(".severity-toggle").allTextContents();
  assert.deepEqual(toggles, ["0 errors", "3 warnings", "0 notes"]);
  const messages = await page.locator(".problem-message").allTextContents();
  assert.equal(messages.length, 3);
  assert.match(messages[0], /`network_id` is HIDDEN since 5\.0\.0 \(Liberty\)/);
  await screenshot(page, "findings");
  await page.context().close();
});

test("a deprecated name is struck through", async () => {
  const page = await openPage();
  await pasteDocument(
    page,
    "heat_template_version: 2016-10-14\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      personality: {/etc/motd: hello}\n",
  );
  await page.locator(".cm-lintRange.hw-status-deprecated", { hasText: "personality" }).waitFor();
  const decoration = await page
    .locator(".cm-lintRange.hw-status-deprecated")
    .first()
    .evaluate((element) => getComputedStyle(element).textDecorationLine);
  assert.equal(decoration, "line-through");
  await page.context().close();
});

test("the problems panel filters, and Enter shows a finding in the editor", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);

  await page.getByRole("searchbox", { name: "Filter problems" }).fill("floatingip");
  assert.equal(await page.locator(".problem").count(), 1);
  await page.locator(".problem-jump").focus();
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "OS::Nova::FloatingIP");

  await page.getByRole("searchbox", { name: "Filter problems" }).fill("");
  await page.getByRole("button", { name: "3 warnings" }).click();
  assert.equal(await page.locator(".problem").count(), 0);
  assert.equal(await page.locator(".problems-empty").textContent(), "No problem matches the filter.");
  assert.equal(
    await page.getByRole("button", { name: "3 warnings" }).getAttribute("aria-pressed"),
    "false",
  );
  await page.getByRole("button", { name: "3 warnings" }).click();
  assert.equal(await page.locator(".problem").count(), 3);
  await page.context().close();
});

test("hovering shows the life cycle and the fix; the fix is one step undo takes back", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);

  await page.locator(".cm-lintRange", { hasText: "network_id" }).first().hover();
  const tooltip = page.locator(".cm-tooltip-lint");
  await tooltip.waitFor();
  const steps = await tooltip.locator(".hw-timeline-step").allTextContents();
  assert.match(steps[0], /^HIDDENsince 5\.0\.0 \(Liberty\)/);
  assert.match(steps[1], /^DEPRECATEDsince 2014\.2 \(Juno\)/);
  assert.match(steps.join(" "), /Use property network/);
  assert.match(await tooltip.locator(".hw-fix").textContent(), /^safeReplace `network_id` with `network`/);
  await screenshot(page, "hover");

  await tooltip.getByRole("button", { name: "Apply fix" }).click();
  const fixed = await documentText(page);
  assert.match(fixed, /app_port:\n {4}type: OS::Neutron::Port\n {4}properties:\n {6}network: app-net\n/);
  assert.match(fixed, /network_id: db-net/, "only that finding's fix");
  await waitForProblemCount(page, 2);

  await page.keyboard.press("Control+z");
  assert.equal(await documentText(page), LEGACY_PORTS.trimEnd() + "\n");
  await waitForProblemCount(page, 3);
  await page.context().close();
});

test("hovering a function's name shows since which template version Heat has it and what this template's version makes of it", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);

  await page.locator(".cm-line", { hasText: "get_attr" }).getByText("get_attr", { exact: true }).hover();
  const tooltip = page.locator(".cm-tooltip-hover .hw-function");
  await tooltip.waitFor();
  assert.match(await tooltip.locator(".hw-finding-head").textContent(), /^get_attrintrinsic function$/);
  const steps = await tooltip.locator(".hw-timeline-step").allTextContents();
  assert.deepEqual(steps, [
    "fromheat_template_version 2013-05-23 (first shipped in 2013.2 (Havana))Heat's GetAttThenSelect",
    "changed inheat_template_version 2014-10-16 (first shipped in 2014.2 (Juno))Heat's GetAtt",
    "changed inheat_template_version 2015-10-15 (first shipped in 5.0.0 (Liberty))Heat's GetAttAllAttributes",
  ]);
  assert.equal(
    await tooltip.locator(".hw-finding-message").textContent(),
    "A function in this template's version, 2016-10-14 (newton).",
  );
  await screenshot(page, "hover-function");

  // Not on a function: no function hover.
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: "detached" });
  await page.locator(".cm-line", { hasText: "dns_name" }).getByText("dns_name", { exact: true }).hover();
  await page.waitForTimeout(600);
  assert.equal(await page.locator(".cm-tooltip-hover .hw-function").count(), 0);
  await page.context().close();
});

test("a fix from the hover applies after typing that left the findings as they were", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);

  // A comment at the end: the text is read again, its findings are the
  // ones already shown.
  await page.evaluate(() => performance.clearMeasures("heatwise:settle"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("# checked\n");
  await page.waitForFunction(() => performance.getEntriesByName("heatwise:settle").length > 0);
  await page.locator(".cm-lintRange", { hasText: "network_id" }).first().hover();
  const tooltip = page.locator(".cm-tooltip-lint");
  await tooltip.getByRole("button", { name: "Apply fix" }).click();
  const fixed = await documentText(page);
  assert.match(fixed, /network: app-net\n/);
  assert.match(fixed, /# checked\n/);
  await waitForProblemCount(page, 2);
  await page.context().close();
});

test("the fix button in the problems panel applies that fix", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);
  await page.locator(".problem", { hasText: "line 12" }).getByRole("button", { name: /^Fix/ }).click();
  await waitForProblemCount(page, 2);
  const text = await documentText(page);
  assert.match(text, /network: db-net/);
  assert.match(text, /network_id: app-net/);
  await page.context().close();
});

test("a long list of problems shows its first hundred, and more on request", async () => {
  const page = await openPage();
  let text = "heat_template_version: 2016-10-14\nresources:\n";
  for (let port = 0; port < 130; port += 1) {
    text += `  port_${port}:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net_${port}\n`;
  }
  await pasteDocument(page, text);
  await waitForProblemCount(page, 130);
  assert.deepEqual(await page.locator(".severity-toggle").allTextContents(), ["0 errors", "130 warnings", "0 notes"]);
  assert.equal(await page.locator(".problem").count(), 100);
  assert.equal(await page.locator(".problems .list-more-count").textContent(), "100 of 130 shown");

  await page.getByRole("button", { name: "Show 30 more" }).click();
  assert.equal(await page.locator(".problem").count(), 130);
  assert.equal(await page.locator(".problems .list-more").count(), 0);
  // One from the second page shows where it is.
  await page.locator(".problem", { hasText: "line 522:7" }).locator(".problem-jump").click();
  assert.equal(await page.evaluate(() => window.getSelection().toString()), "network_id");
  assert.equal((await editorLines(page)).find((line) => line.includes("net_129")), "      network_id: net_129");

  // Another filter starts from the first page again.
  await page.getByRole("searchbox", { name: "Filter problems" }).fill("network");
  assert.equal(await page.locator(".problem").count(), 100);
  await page.context().close();
});

test("the target release changes the findings", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);
  const target = page.getByRole("combobox", { name: "Target" });
  const options = await target.locator("option").allTextContents();
  assert.ok(options.includes("6.0.0 (Mitaka)"), `${options}`);
  assert.equal(await target.inputValue(), (await target.locator("option").first().getAttribute("value")));

  await target.selectOption({ label: "6.0.0 (Mitaka)" });
  await page.locator(".problem", { hasText: "`dns_name` is not available in 6.0.0 (Mitaka)" }).waitFor();
  // The template's own version came after Mitaka too.
  await page
    .locator(".problem", { hasText: "heat_template_version 2016-10-14 (newton) is not known to Heat 6.0.0 (Mitaka): Heat has it since 7.0.0 (Newton)" })
    .waitFor();
  assert.equal(await page.locator(".problem.is-error").count(), 2);
  await screenshot(page, "target-mitaka");
  await page.context().close();
});

test("text from a template is never taken for markup", async () => {
  const page = await openPage();
  const hostile = `heat_template_version: 2016-10-14
description: <img src=x onerror="window.pwned=1"> <b>bold</b>
# <script>window.pwned=2</script>
resources:
  "<img src=x onerror=window.pwned=3>":
    type: OS::Nova::FloatingIP
    properties:
      "<img src=y onerror=window.pwned=4>": 1
`;
  await pasteDocument(page, hostile);
  await page.locator(".problem").first().waitFor();
  await page.locator(".cm-lintRange").first().hover();
  await page.locator(".cm-tooltip-lint").waitFor();
  assert.ok(
    (await page.locator(".outline-name").allTextContents()).includes(
      "<img src=x onerror=window.pwned=3>",
    ),
  );
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("b").count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.context().close();
});

test("migrate all shows the diff first, applies it as one step, and undo takes it back", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_PORTS);
  await waitForProblemCount(page, 3);
  await page.getByRole("button", { name: "Migrate all…" }).click();
  const dialog = page.getByRole("dialog", { name: "Migrate all" });
  await dialog.waitFor();
  assert.deepEqual(await dialog.locator(".diff-line.is-removed .diff-text").allTextContents(), [
    "      network_id: app-net",
    "      network_id: db-net",
  ]);
  assert.deepEqual(await dialog.locator(".diff-line.is-added .diff-text").allTextContents(), [
    "      network: app-net",
    "      network: db-net",
  ]);
  assert.match(await dialog.locator(".migrate-left").textContent(), /OS::Nova::FloatingIP/);
  // What a stack update with it does to a running stack made from it: the
  // ports are updated in place and nothing is sent.
  const running = dialog.getByRole("region", { name: "On a running stack" });
  await running.locator("li").first().waitFor();
  assert.deepEqual(await running.locator("li").allTextContents(), [
    "updated app_port (OS::Neutron::Port): nothing is sent to the service",
    "updated db_port (OS::Neutron::Port): nothing is sent to the service",
  ]);
  await screenshot(page, "migrate-all");

  // Escape closes it and changes nothing.
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assert.equal(await documentText(page), LEGACY_PORTS.trimEnd() + "\n");

  await page.getByRole("button", { name: "Migrate all…" }).click();
  await dialog.getByRole("button", { name: "Apply safe fixes" }).click();
  await dialog.waitFor({ state: "detached" });
  const migrated = await documentText(page);
  assert.doesNotMatch(migrated, /network_id/);
  assert.match(migrated, /network: db-net/);
  await waitForProblemCount(page, 1);

  await page.locator(".cm-content").focus();
  await page.keyboard.press("Control+z");
  assert.equal(await documentText(page), LEGACY_PORTS.trimEnd() + "\n");
  await page.context().close();
});

test("migrate all with unsafe migrations lists each one with what it changes, and moves retired types in one click", async () => {
  const page = await openPage();
  await pasteDocument(page, LEGACY_STACK);
  await waitForProblemCount(page, 3);
  await page.getByRole("button", { name: "Migrate all…" }).click();
  const dialog = page.getByRole("dialog", { name: "Migrate all" });
  await dialog.waitFor();
  await dialog.getByRole("checkbox", { name: /Include unsafe migrations/ }).check();
  const unsafe = dialog.locator(".migrate-unsafe li");
  await unsafe.first().waitFor();
  const titles = await unsafe.allTextContents();
  assert.equal(titles.length, 3, titles.join("\n"));
  assert.match(titles.join("\n"), /Replace `OS::Neutron::LBaaS::LoadBalancer` with `OS::Octavia::LoadBalancer` \(unsafe: /);
  assert.match(titles.join("\n"), /Set the gateway in router `router`'s `external_gateway_info` and remove `gateway`/);
  assert.match(await dialog.locator(".migrate-summary").textContent(), /3 fixes change the template, 3 of them unsafe/);
  // The retired floating IP is replaced on a running stack: a new address.
  const running = dialog.getByRole("region", { name: "On a running stack" });
  await running.locator("li", { hasText: "ip (OS::Neutron::FloatingIP)" }).waitFor();
  assert.match(
    await running.locator("li", { hasText: "ip (OS::Neutron::FloatingIP)" }).textContent(),
    /^replaced ip \(OS::Neutron::FloatingIP\): a new floating IP address: the old address is released$/,
  );
  await screenshot(page, "migrate-unsafe");
  await dialog.getByRole("button", { name: "Apply fixes" }).click();
  await dialog.waitFor({ state: "detached" });
  const migrated = await documentText(page);
  assert.match(migrated, /type: OS::Octavia::LoadBalancer/);
  assert.match(migrated, /type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public/);
  assert.match(migrated, /external_gateway_info:\n        network: public/);
  assert.doesNotMatch(migrated, /RouterGateway|LBaaS|OS::Nova::FloatingIP/);
  await waitForProblemCount(page, 0);
  await page.context().close();
});

lastTestChecksRequestsAndProblems();
