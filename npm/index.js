// heatwise: lint and migrate OpenStack Heat templates.
//
// This module checks the arguments, calls the WebAssembly module and
// parses its JSON answers. In browsers and bundlers the module is loaded by
// `await init()`; in Node, `node.js` loads it from the package's file when
// the package is imported.

import { describe } from "./describe.js";
import loadWasm, {
  initSync as loadWasmSync,
  lintJson,
  fixJson,
  lookupJson,
  catalogJson,
  limitsJson,
  toOrcJson,
} from "./heatwise_wasm.js";

let loaded = false;
let loading = null;
let knownLimits = null;

/**
 * Loads the WebAssembly module; call once (and await it) before anything
 * else in a browser. Later calls return the same promise. Node does not
 * need it: importing the package there loads the module.
 *
 * @param {URL | string | Request | Response | BufferSource | WebAssembly.Module} [wasm]
 *   Where the `.wasm` file is, or its bytes. Default: next to this file.
 * @returns {Promise<void>}
 */
export function init(wasm) {
  if (loaded) {
    return Promise.resolve();
  }
  if (loading === null) {
    loading = (wasm === undefined ? loadWasm() : loadWasm({ module_or_path: wasm })).then(
      () => {
        loaded = true;
      },
      (error) => {
        loading = null;
        throw new Error(`heatwise: cannot load the WebAssembly module: ${error.message}`, {
          cause: error,
        });
      },
    );
  }
  return loading;
}

/**
 * Loads the WebAssembly module synchronously from its bytes (or a compiled
 * `WebAssembly.Module`).
 *
 * @param {BufferSource | WebAssembly.Module} bytes
 */
export function initSync(bytes) {
  if (loaded) {
    return;
  }
  if (!(bytes instanceof WebAssembly.Module) && !ArrayBuffer.isView(bytes) && !(bytes instanceof ArrayBuffer)) {
    throw new TypeError(
      `heatwise.initSync(bytes): expected the .wasm file's bytes (ArrayBuffer, Uint8Array) or a WebAssembly.Module, got ${describe(bytes)}`,
    );
  }
  loadWasmSync({ module: bytes });
  loaded = true;
}

/** Whether the WebAssembly module is loaded. */
export function isReady() {
  return loaded;
}

/**
 * The input limits: larger inputs are refused with an Error naming the limit.
 *
 * @returns {{ maxTextBytes: number, maxCatalogBytes: number, maxCodes: number,
 *   maxNameBytes: number, maxReleaseChars: number, maxDiagnostics: number }}
 */
export function limits() {
  ready("limits");
  if (knownLimits === null) {
    knownLimits = Object.freeze(JSON.parse(limitsJson()));
  }
  return { ...knownLimits };
}

/**
 * Lints a Heat template (HOT or CloudFormation, YAML or JSON) or
 * environment. Never throws for a bad template: a syntax error is a finding.
 *
 * @param {string} text
 * @param {{ target?: string, catalog?: string | object, environments?: string[] }} [options]
 * @returns {object[]} the findings, sorted by position
 */
export function lint(text, options) {
  const name = "lint";
  ready(name);
  checkText(name, text);
  const { target, catalog, environments } = readOptions(name, options, ["target", "catalog", "environments"]);
  return call(name, () => JSON.parse(lintJson(text, target, catalog, environments)));
}

/**
 * Exports a Heat stack as manifests of the OpenStack Resource Controller
 * (ORC v2.6.0), each checked against ORC's CRDs. What cannot be carried
 * over is in `findings`, with its place in the template (or environment).
 *
 * @param {string} text the template
 * @param {{ namespace: string, credentials: { secretName: string, cloudName: string },
 *   parameters?: Record<string, string>, environments?: string[] }} options
 * @returns {{ yaml: string, objects: object[], findings: object[], complete: boolean,
 *   plan: { waves: string[][], cycles: string[][] }, heatGraph: object, planText: string }}
 */
export function toOrc(text, options) {
  const name = "toOrc";
  ready(name);
  checkText(name, text);
  if (options === undefined || options === null) {
    throw new TypeError(
      `heatwise.toOrc(): expected options { namespace, credentials: { secretName, cloudName } }, got ${describe(options)}`,
    );
  }
  const read = readOptions(name, options, ["namespace", "credentials", "parameters", "environments"]);
  if (typeof read.namespace !== "string") {
    throw new TypeError(`heatwise.toOrc(): options.namespace: expected a string, got ${describe(read.namespace)}`);
  }
  const credentials = read.credentials;
  if (
    credentials === null ||
    typeof credentials !== "object" ||
    typeof credentials.secretName !== "string" ||
    typeof credentials.cloudName !== "string"
  ) {
    throw new TypeError(
      `heatwise.toOrc(): options.credentials: expected { secretName, cloudName } strings, got ${describe(credentials)}`,
    );
  }
  if (read.parameters !== undefined && (read.parameters === null || typeof read.parameters !== "object" || Array.isArray(read.parameters))) {
    throw new TypeError(`heatwise.toOrc(): options.parameters: expected an object of strings, got ${describe(read.parameters)}`);
  }
  if (read.environments !== undefined) {
    if (!Array.isArray(read.environments) || read.environments.some((e) => typeof e !== "string")) {
      throw new TypeError(`heatwise.toOrc(): options.environments: expected an array of texts, got ${describe(read.environments)}`);
    }
    read.environments.forEach((environment) => checkText(name, environment));
  }
  const json = JSON.stringify({
    namespace: read.namespace,
    credentials: { secretName: credentials.secretName, cloudName: credentials.cloudName },
    parameters: read.parameters ?? null,
    environments: read.environments ?? null,
  });
  return call(name, () => JSON.parse(toOrcJson(text, json)));
}

/**
 * Migrates a template: applies the fixes of its findings, lints again, and
 * repeats until no fix is left. Comments and layout stay.
 *
 * @param {string} text
 * @param {{ unsafe?: boolean, codes?: string[], target?: string, catalog?: string | object,
 *   environments?: string[] }} [options]
 * @returns {{ text: string, applied: object[], skipped: object[], remaining: object[],
 *   converged: boolean, refused: string | null }}
 */
export function fix(text, options) {
  const name = "fix";
  ready(name);
  checkText(name, text);
  const read = readOptions(name, options, ["unsafe", "codes", "target", "catalog", "environments"]);
  if (read.unsafe !== undefined && typeof read.unsafe !== "boolean") {
    throw new TypeError(`heatwise.fix(): options.unsafe: expected true or false, got ${describe(read.unsafe)}`);
  }
  let codes = read.codes;
  if (codes !== undefined) {
    if (!Array.isArray(codes) || codes.some((code) => typeof code !== "string")) {
      throw new TypeError(
        `heatwise.fix(): options.codes: expected an array of rule codes or names (e.g. ["HW202", "hidden-property"]), got ${describe(codes)}`,
      );
    }
    const maxCodes = limits().maxCodes;
    if (codes.length > maxCodes) {
      throw new RangeError(
        `heatwise.fix(): options.codes: ${codes.length} entries; at most ${maxCodes} (limits().maxCodes) are accepted`,
      );
    }
    codes = [...codes];
  }
  return call(name, () =>
    JSON.parse(fixJson(text, read.unsafe === true, codes, read.target, read.catalog, read.environments)),
  );
}

/**
 * A resource type, one of its properties or one of its attributes, with its
 * status and life cycle; `null` when the catalog does not have it.
 *
 * @param {string} typeName e.g. "OS::Neutron::Port"
 * @param {string | null} [path] a property path ("fixed_ips.subnet_id"), or
 *   an attribute name with `{ attribute: true }`
 * @param {{ attribute?: boolean, target?: string, catalog?: string | object }} [options]
 * @returns {object | null}
 */
export function lookup(typeName, path, options) {
  const name = "lookup";
  ready(name);
  if (typeof typeName !== "string" || typeName === "") {
    throw new TypeError(
      `heatwise.lookup(typeName): expected a resource type name such as "OS::Nova::Server", got ${describe(typeName)}`,
    );
  }
  if (path !== undefined && path !== null && (typeof path !== "string" || path === "")) {
    throw new TypeError(
      `heatwise.lookup(typeName, path): expected a property path such as "fixed_ips.subnet_id" (or an attribute name with { attribute: true }), or nothing, got ${describe(path)}`,
    );
  }
  const read = readOptions(name, options, ["attribute", "target", "catalog"]);
  if (read.attribute !== undefined && typeof read.attribute !== "boolean") {
    throw new TypeError(`heatwise.lookup(): options.attribute: expected true or false, got ${describe(read.attribute)}`);
  }
  if (read.attribute === true && (path === undefined || path === null)) {
    throw new TypeError("heatwise.lookup(): options.attribute needs the attribute's name as the path argument");
  }
  return call(name, () =>
    JSON.parse(lookupJson(typeName, path ?? undefined, read.attribute === true, read.target, read.catalog)),
  );
}

/**
 * The resource types registered at the target release (default: the
 * catalog's newest), with their status there. HIDDEN types only with
 * `{ hidden: true }`, as in Heat's own listing.
 *
 * @param {{ hidden?: boolean, target?: string, catalog?: string | object }} [options]
 * @returns {{ type: string, status: string, version: string | null,
 *   release_name: string | null, message: string | null, placeholder: boolean }[]}
 */
export function catalog(options) {
  const name = "catalog";
  ready(name);
  const read = readOptions(name, options, ["hidden", "target", "catalog"]);
  if (read.hidden !== undefined && typeof read.hidden !== "boolean") {
    throw new TypeError(`heatwise.catalog(): options.hidden: expected true or false, got ${describe(read.hidden)}`);
  }
  return call(name, () => JSON.parse(catalogJson(read.hidden === true, read.target, read.catalog)));
}

function ready(name) {
  if (!loaded) {
    throw new Error(
      `heatwise.${name}(): the WebAssembly module is not loaded yet: \`await init()\` once before calling it`,
    );
  }
}

function checkText(name, text) {
  if (typeof text !== "string") {
    throw new TypeError(`heatwise.${name}(text): expected the template as a string, got ${describe(text)}`);
  }
  // A string has at least as many UTF-8 bytes as UTF-16 units: refuse a
  // long one here without copying it into WebAssembly memory.
  const maxTextBytes = limits().maxTextBytes;
  if (text.length > maxTextBytes) {
    throw new RangeError(
      `heatwise.${name}(text): the template is more than ${maxTextBytes} bytes (limits().maxTextBytes), the most accepted`,
    );
  }
}

/** The options object's known keys; `target` and `catalog` checked here. */
function readOptions(name, options, known) {
  if (options === undefined || options === null) {
    return {};
  }
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(
      `heatwise.${name}(): expected the options as an object with any of ${known.join(", ")}, got ${describe(options)}`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`heatwise.${name}(): unknown option "${key}"; the options are ${known.join(", ")}`);
    }
  }
  const read = { ...options };
  if (read.target !== undefined && read.target !== null && typeof read.target !== "string") {
    throw new TypeError(
      `heatwise.${name}(): options.target: expected a Heat release as a version or a name (e.g. "27.0.0", "Liberty", "2024.1"), got ${describe(read.target)}`,
    );
  }
  read.target = read.target ?? undefined;
  if (name !== "toOrc" && read.environments !== undefined && read.environments !== null) {
    if (!Array.isArray(read.environments) || read.environments.some((e) => typeof e !== "string")) {
      throw new TypeError(
        `heatwise.${name}(): options.environments: expected an array of environment texts, got ${describe(read.environments)}`,
      );
    }
    const maxEnvironments = limits().maxEnvironments;
    if (read.environments.length > maxEnvironments) {
      throw new RangeError(
        `heatwise.${name}(): options.environments: ${read.environments.length} texts; at most ${maxEnvironments} (limits().maxEnvironments) are accepted`,
      );
    }
    read.environments.forEach((environment) => checkText(name, environment));
    read.environments = [...read.environments];
  } else if (name !== "toOrc") {
    read.environments = undefined;
  }
  if (read.catalog !== undefined && read.catalog !== null) {
    if (typeof read.catalog === "object" && !Array.isArray(read.catalog)) {
      read.catalog = JSON.stringify(read.catalog);
    } else if (typeof read.catalog !== "string") {
      throw new TypeError(
        `heatwise.${name}(): options.catalog: expected an operator catalog as JSON text or a parsed JSON object, got ${describe(read.catalog)}`,
      );
    }
    const maxCatalogBytes = limits().maxCatalogBytes;
    if (read.catalog.length > maxCatalogBytes) {
      throw new RangeError(
        `heatwise.${name}(): options.catalog: the catalog is more than ${maxCatalogBytes} bytes (limits().maxCatalogBytes), the most accepted`,
      );
    }
  }
  read.catalog = read.catalog ?? undefined;
  return read;
}

/** Runs a WebAssembly call; its refusals become Errors naming the function. */
function call(name, run) {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && !(error instanceof WebAssembly.RuntimeError)) {
      throw new Error(`heatwise.${name}(): ${error.message}`, { cause: error });
    }
    throw error;
  }
}
