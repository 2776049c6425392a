// The npm package's API in Node, from the packed tarball installed into a
// scratch folder.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";

import { fixture, install, load, root, workspaceVersion } from "./support.mjs";

let heatwise;
before(async () => {
  heatwise = await load();
});

/** The text between two byte offsets of `text`. */
function byteSlice(text, offset, endOffset) {
  return Buffer.from(text, "utf8").subarray(offset, endOffset).toString("utf8");
}

const OPERATOR_CATALOG = JSON.stringify({
  resource_type: "Acme::Storage::Volume",
  description: "A volume from the operator's own plugin.",
  support_status: {
    status: "DEPRECATED",
    version: "26.0.0",
    message: "Use OS::Cinder::Volume instead.",
    previous_status: null,
  },
  properties: {
    size: { type: "integer", description: "Size in GB.", required: true, update_allowed: true, immutable: false },
  },
  attributes: {},
});

const ACME = `heat_template_version: 2013-05-23
resources:
  volume:
    type: Acme::Storage::Volume
    properties:
      size: 1
`;

describe("the package", () => {
  test("carries the workspace version, its declarations, README and LICENSE", () => {
    const folder = join(install(), "node_modules", "heatwise");
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    assert.equal(manifest.name, "heatwise");
    assert.equal(manifest.version, workspaceVersion());
    assert.equal(manifest.license, "Apache-2.0");
    assert.equal(manifest.type, "module");
    for (const file of ["index.js", "node.js", "index.d.ts", "describe.js", "heatwise_wasm.js", "heatwise_wasm_bg.wasm", "README.md", "LICENSE"]) {
      assert.ok(existsSync(join(folder, file)), `${file} is in the package`);
    }
    assert.match(readFileSync(join(folder, "LICENSE"), "utf8"), /Apache License\s+Version 2\.0/);
    assert.match(readFileSync(join(folder, "index.d.ts"), "utf8"), /export function lint\(text: string, options\?: LintOptions\): Diagnostic\[\];/);
  });

  test("is ready in Node without init(), and init() resolves", async () => {
    assert.equal(heatwise.isReady(), true);
    await heatwise.init();
    assert.equal(heatwise.limits().maxTextBytes, 10 * 1024 * 1024);
  });
});

describe("the declarations", () => {
  test("type-check a program that uses every export (tsc --noEmit, strict)", () => {
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const project = join(root, "tests", "npm", "types", "tsconfig.json");
    const run = spawnSync(process.execPath, [tsc, "-p", project], { encoding: "utf8" });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  });
});

describe("lint", () => {
  test("finds the HIDDEN properties of a HOT template, with the CLI's fields", () => {
    const text = fixture("servers_in_existing_neutron_net.yaml");
    const findings = heatwise.lint(text);
    const hidden = findings.filter((finding) => finding.code === "HW202");
    assert.equal(hidden.length, 6);
    const first = hidden[0];
    for (const field of ["code", "name", "severity", "message", "line", "column", "end_line", "end_column", "offset", "end_offset", "from", "to", "status", "lifecycle", "subject", "fix"]) {
      assert.ok(field in first, `a finding has ${field}`);
    }
    assert.equal(first.name, "hidden-property");
    assert.equal(first.severity, "warning");
    assert.equal(first.status, "HIDDEN");
    assert.equal(first.line, 43);
    assert.equal(first.column, 7);
    assert.equal(text.slice(first.from, first.to), "network_id");
    assert.deepEqual(first.subject, { kind: "property", type_name: "OS::Neutron::Port", path: "network_id" });
    assert.deepEqual(
      first.lifecycle.map((step) => [step.status, step.version, step.release_name]),
      [["HIDDEN", "5.0.0", "Liberty"], ["DEPRECATED", "2014.2", "Juno"]],
    );
    assert.equal(first.fix.applicability, "safe");
    assert.equal(first.fix.edits[0].content, "network");
  });

  test("gives each finding as `heatwise lint --format json` does (tests/contracts/lint.json)", () => {
    // The CLI's test writes the contract from a real run; here every field
    // it has must be the JS API's, with the same value.
    const contract = JSON.parse(readFileSync(join(root, "tests", "contracts", "lint.json"), "utf8"));
    const findings = heatwise.lint(fixture("servers_in_existing_neutron_net.yaml"));
    assert.equal(findings.length, contract.length);
    contract.forEach((expected, index) => {
      for (const [field, value] of Object.entries(expected)) {
        if (field === "path") continue;
        assert.deepEqual(findings[index][field], value, `finding ${index}: ${field}`);
      }
    });
  });

  test("reads CloudFormation templates, and a clean template has no findings", () => {
    const findings = heatwise.lint(fixture("Neutron.yaml"));
    assert.ok(findings.length > 0);
    assert.ok(findings.every((finding) => finding.code === "HW202"), JSON.stringify(findings.map((f) => f.code)));
    assert.deepEqual(heatwise.lint(fixture("deployed-neutron-port.yaml")), []);
  });

  test("gives byte offsets and UTF-16 offsets that differ after non-ASCII text", () => {
    const text = "heat_template_version: 2013-05-23\n# Ünïcödé 🚀\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n";
    const [finding] = heatwise.lint(text);
    assert.equal(finding.code, "HW202");
    assert.equal(text.slice(finding.from, finding.to), "network_id");
    assert.equal(byteSlice(text, finding.offset, finding.end_offset), "network_id");
    assert.notEqual(finding.offset, finding.from);
  });

  test("checks against the target release", () => {
    const text = fixture("servers_in_existing_neutron_net.yaml");
    const about = (findings) => findings.filter((f) => f.subject?.path === "network_id");
    // Deprecated in Juno (2014.2), HIDDEN since Liberty; the catalog's
    // history starts at Juno.
    const juno = about(heatwise.lint(text, { target: "Juno" }));
    assert.deepEqual(juno.map((f) => [f.code, f.status]), [["HW201", "DEPRECATED"], ["HW201", "DEPRECATED"]]);
    assert.deepEqual(about(heatwise.lint(text, { target: "2014.2" })), juno);
    const icehouse = about(heatwise.lint(text, { target: "Icehouse" }));
    assert.deepEqual(icehouse.map((f) => f.code), ["HW205", "HW205"]);
    assert.match(icehouse[0].message, /not available in 2014\.1 \(Icehouse\)/);
    assert.deepEqual(about(heatwise.lint(text, { target: "2024.1" })).map((f) => f.code), ["HW202", "HW202"]);
  });

  test("lays an operator's catalog over the built-in one", () => {
    assert.deepEqual(heatwise.lint(ACME), []);
    const [finding] = heatwise.lint(ACME, { catalog: OPERATOR_CATALOG });
    assert.equal(finding.code, "HW101");
    assert.match(finding.message, /Use OS::Cinder::Volume instead/);
    // A parsed catalog works the same.
    assert.equal(heatwise.lint(ACME, { catalog: JSON.parse(OPERATOR_CATALOG) })[0].code, "HW101");
  });

  test("reports a syntax error as a finding, not as an exception", () => {
    const findings = heatwise.lint("resources: [\n");
    assert.ok(findings.some((finding) => finding.code === "HW001"));
  });

  test("reads types through the environments' resource_registry, as Heat does", () => {
    const text = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: My::Port\n    properties:\n      network_id: net\n";
    const environments = ["resource_registry:\n  My::Port: OS::Neutron::Port\n"];
    assert.deepEqual(heatwise.lint(text), []);
    const [finding] = heatwise.lint(text, { environments });
    assert.equal(finding.code, "HW202");
    assert.equal(heatwise.fix(text, { environments }).text, text.replace("network_id", "network"));
    assert.throws(() => heatwise.lint(text, { environments: "x" }), /options\.environments: expected an array/);
    const { maxEnvironments } = heatwise.limits();
    assert.throws(
      () => heatwise.lint(text, { environments: Array(maxEnvironments + 1).fill("") }),
      new RegExp(`at most ${maxEnvironments} \\(limits\\(\\)\\.maxEnvironments\\)`),
    );
  });
});

describe("fix", () => {
  test("migrates a template, keeping its comments and layout", () => {
    const text = fixture("servers_in_existing_neutron_net.yaml");
    const result = heatwise.fix(text);
    assert.equal(result.refused, null);
    assert.equal(result.converged, true);
    assert.ok(result.applied.length >= 6);
    assert.ok(result.applied.every((applied) => applied.code === "HW202" && typeof applied.title === "string"));
    assert.doesNotMatch(result.text, /network_id:/);
    assert.match(result.text, /\n      network: \{ get_param: private_net_id \}\n/);
    // Everything but the renamed keys is as it was.
    const before = text.split("\n");
    const after = result.text.split("\n");
    assert.equal(after.length, before.length);
    const changed = before.filter((line, i) => line !== after[i]);
    assert.ok(changed.every((line) => /network_id|subnet_id|port_id/.test(line)), changed.join("\n"));
    assert.deepEqual(result.remaining.filter((f) => f.code === "HW202"), []);
    assert.deepEqual(heatwise.lint(result.text).filter((f) => f.code === "HW202"), []);
  });

  test("applies only the codes asked for", () => {
    const text = fixture("Neutron.yaml");
    assert.equal(heatwise.fix(text, { codes: ["HW101"] }).text, text);
    assert.notEqual(heatwise.fix(text, { codes: ["hidden-property"] }).text, text);
  });

  test("leaves a text that does not parse as it is, saying why", () => {
    const result = heatwise.fix("resources: [\n", { unsafe: true });
    assert.equal(result.text, "resources: [\n");
    assert.match(result.refused, /does not parse/);
  });
});

describe("lookup", () => {
  test("a type: status, life cycle, description, properties and attributes", () => {
    const port = heatwise.lookup("OS::Neutron::Port");
    assert.equal(port.kind, "resource_type");
    assert.equal(port.type, "OS::Neutron::Port");
    assert.equal(port.status, "SUPPORTED");
    assert.ok(Array.isArray(port.lifecycle) && port.lifecycle.length >= 1);
    assert.equal(typeof port.description, "string");
    assert.equal(port.properties.network_id.status, "HIDDEN");
    assert.ok("mac_address" in port.attributes);
  });

  test("a property and an attribute, with their status chain", () => {
    const property = heatwise.lookup("OS::Neutron::Port", "network_id");
    assert.equal(property.kind, "property");
    assert.equal(property.status, "HIDDEN");
    assert.equal(property.version, "5.0.0");
    assert.equal(property.previous_status.status, "DEPRECATED");
    assert.equal(property.summary, "HIDDEN since 5.0.0 (Liberty), deprecated since 2014.2 (Juno): Use property network.");
    assert.equal(heatwise.lookup("OS::Neutron::Port", "fixed_ips.subnet_id").status, "HIDDEN");
    const attribute = heatwise.lookup("OS::Nova::Server", "first_address", { attribute: true });
    assert.equal(attribute.kind, "attribute");
    assert.equal(attribute.name, "first_address");
    assert.ok(["DEPRECATED", "HIDDEN"].includes(attribute.status), attribute.status);
    assert.deepEqual(heatwise.lookup("OS::Neutron::Port", "network_id", { target: "Juno" }).at, {
      release: "2014.2",
      state: "in_force",
      status: "DEPRECATED",
      first: null,
      last: null,
    });
    assert.equal(heatwise.lookup("OS::Neutron::Port", "network_id", { target: "Icehouse" }).at.state, "not_yet_available");
  });

  test("null for what the catalog does not have", () => {
    assert.equal(heatwise.lookup("OS::Nothing::Here"), null);
    assert.equal(heatwise.lookup("OS::Neutron::Port", "no_such_property"), null);
    assert.equal(heatwise.lookup("OS::Neutron::Port", "no_such_attribute", { attribute: true }), null);
    assert.equal(heatwise.lookup("Acme::Storage::Volume"), null);
    assert.equal(heatwise.lookup("Acme::Storage::Volume", null, { catalog: OPERATOR_CATALOG }).status, "DEPRECATED");
  });
});

describe("catalog", () => {
  test("lists the types with status and version, HIDDEN ones only on request", () => {
    const visible = heatwise.catalog();
    const all = heatwise.catalog({ hidden: true });
    assert.ok(visible.length > 100);
    assert.ok(visible.every((entry) => entry.status !== "HIDDEN"));
    assert.ok(all.some((entry) => entry.status === "HIDDEN"));
    assert.equal(all.length - visible.length, all.filter((entry) => entry.status === "HIDDEN").length);
    const server = visible.find((entry) => entry.type === "OS::Nova::Server");
    assert.equal(server.status, "SUPPORTED");
    assert.ok("version" in server && "release_name" in server && "message" in server);
  });

  test("at a target release, and with an operator's catalog", () => {
    const icehouse = heatwise.catalog({ target: "Icehouse", hidden: true });
    assert.ok(icehouse.length < heatwise.catalog({ hidden: true }).length);
    const acme = heatwise.catalog({ catalog: OPERATOR_CATALOG }).find((entry) => entry.type === "Acme::Storage::Volume");
    assert.equal(acme.status, "DEPRECATED");
  });
});

describe("bad arguments", () => {
  const cases = [
    ["lint(42)", () => heatwise.lint(42), TypeError, /lint\(text\): expected the template as a string, got number 42/],
    ["lint(text, 'x')", () => heatwise.lint("", "Liberty"), TypeError, /expected the options as an object/],
    ["an unknown option", () => heatwise.fix("", { unsafeFixes: true }), TypeError, /unknown option "unsafeFixes"; the options are unsafe, codes, target, catalog/],
    ["a target that is no release", () => heatwise.lint("", { target: "Nonesuch" }), Error, /options\.target: "Nonesuch" is not a Heat release/],
    ["a target that is no string", () => heatwise.catalog({ target: 2024.1 }), TypeError, /options\.target: expected a Heat release/],
    ["codes that are no list", () => heatwise.fix("", { codes: "HW202" }), TypeError, /options\.codes: expected an array of rule codes/],
    ["an unknown code", () => heatwise.fix("", { codes: ["HW999"] }), Error, /options\.codes: expected rule codes or names .* got "HW999"/],
    ["unsafe that is no boolean", () => heatwise.fix("", { unsafe: "yes" }), TypeError, /options\.unsafe: expected true or false/],
    ["a catalog that is no JSON", () => heatwise.lint("", { catalog: "not json" }), Error, /options\.catalog: expected a catalog as JSON text/],
    ["a catalog that is a number", () => heatwise.lint("", { catalog: 7 }), TypeError, /options\.catalog: expected an operator catalog/],
    ["lookup()", () => heatwise.lookup(), TypeError, /lookup\(typeName\): expected a resource type name/],
    ["lookup with a numeric path", () => heatwise.lookup("OS::Nova::Server", 3), TypeError, /expected a property path/],
    ["an attribute without a name", () => heatwise.lookup("OS::Nova::Server", null, { attribute: true }), TypeError, /needs the attribute's name/],
    ["hidden that is no boolean", () => heatwise.catalog({ hidden: 1 }), TypeError, /options\.hidden: expected true or false/],
  ];
  for (const [what, run, kind, message] of cases) {
    test(what, () => {
      assert.throws(run, (error) => {
        assert.ok(error instanceof kind, `${error.constructor.name}: ${error.message}`);
        assert.match(error.message, message);
        return true;
      });
    });
  }
});

describe("limits", () => {
  test("a template longer than maxTextBytes is refused, naming the limit", () => {
    const { maxTextBytes } = heatwise.limits();
    assert.throws(() => heatwise.lint(" ".repeat(maxTextBytes + 1)), (error) => {
      assert.ok(error instanceof RangeError);
      assert.match(error.message, new RegExp(`${maxTextBytes} bytes \\(limits\\(\\)\\.maxTextBytes\\)`));
      return true;
    });
    // Fewer UTF-16 units than the limit, more UTF-8 bytes: refused by byte count.
    const wide = "é".repeat(maxTextBytes / 2 + 1);
    assert.ok(wide.length <= maxTextBytes);
    assert.throws(() => heatwise.fix(wide), new RegExp(`at most ${maxTextBytes} bytes \\(limits\\.maxTextBytes\\)`));
    // The limit itself is accepted.
    assert.ok(Array.isArray(heatwise.lint(" ".repeat(maxTextBytes))));
  });

  test("too many codes and too long names are refused, naming the limit", () => {
    const { maxCodes, maxNameBytes, maxCatalogBytes } = heatwise.limits();
    assert.throws(() => heatwise.fix("", { codes: Array(maxCodes + 1).fill("HW202") }), new RegExp(`at most ${maxCodes} \\(limits\\(\\)\\.maxCodes\\)`));
    assert.throws(() => heatwise.lookup("X".repeat(maxNameBytes + 1)), new RegExp(`${maxNameBytes} bytes \\(limits\\.maxNameBytes\\)`));
    assert.throws(() => heatwise.lint("", { catalog: " ".repeat(maxCatalogBytes + 1) }), new RegExp(`${maxCatalogBytes} bytes \\(limits\\(\\)\\.maxCatalogBytes\\)`));
  });
});

describe("toOrc", () => {
  const STACK = `heat_template_version: 2018-08-31
parameters:
  cidr: {type: string}
resources:
  app_net:
    type: OS::Neutron::Net
  app_subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: app_net}
      cidr: {get_param: cidr}
  config:
    type: OS::Heat::SoftwareConfig
`;
  const OPTIONS = {
    namespace: "apps",
    credentials: { secretName: "openstack-clouds", cloudName: "openstack" },
    parameters: { cidr: "10.0.0.0/24" },
  };

  test("exports manifests, the plan, and what is not carried over with its place", () => {
    const result = heatwise.toOrc(STACK, OPTIONS);
    assert.deepEqual(result.objects.map((o) => `${o.kind} ${o.name}`), ["Network app-net", "Subnet app-subnet"]);
    assert.equal(result.objects[1].manifest.spec.resource.networkRef, "app-net");
    assert.equal(result.objects[1].manifest.metadata.namespace, "apps");
    assert.match(result.yaml, /^---\napiVersion: openstack\.k-orc\.cloud\/v1alpha1\nkind: Network\n/);
    assert.deepEqual(result.plan.waves, [["app-net"], ["app-subnet"]]);
    assert.deepEqual(result.heatGraph.edges[1].dependsOn, [{ resource: "app_net", via: "get_resource" }]);
    assert.equal(result.complete, false);
    assert.equal(result.findings.length, 1);
    const [finding] = result.findings;
    assert.equal(finding.code, "ORC001");
    assert.equal(finding.file, "template");
    assert.equal(STACK.slice(finding.from, finding.to), "OS::Heat::SoftwareConfig");
  });

  test("environments give parameters, and a missing one is an error where it is declared", () => {
    const env = "parameter_defaults:\n  cidr: 192.168.1.0/24\n";
    const withEnv = heatwise.toOrc(STACK, { ...OPTIONS, parameters: undefined, environments: [env] });
    assert.equal(withEnv.objects[1].manifest.spec.resource.cidr, "192.168.1.0/24");
    const without = heatwise.toOrc(STACK, { ...OPTIONS, parameters: undefined });
    const missing = without.findings.find((f) => f.code === "ORC004");
    assert.equal(STACK.slice(missing.from, missing.to), "cidr");
    assert.ok(!without.objects.some((o) => o.kind === "Subnet"), "a subnet ORC would refuse is left out");
  });

  test("bad options say what was expected", () => {
    assert.throws(() => heatwise.toOrc(STACK), /expected options \{ namespace, credentials/);
    assert.throws(() => heatwise.toOrc(STACK, { ...OPTIONS, namespace: "Not A Namespace" }), /options\.namespace/);
    assert.throws(() => heatwise.toOrc(STACK, { ...OPTIONS, credentials: { secretName: "x" } }), /options\.credentials/);
    assert.throws(() => heatwise.toOrc(STACK, { ...OPTIONS, colour: true }), /unknown option "colour"/);
    assert.ok(heatwise.limits().maxOrcParameters >= 100);
  });
});
