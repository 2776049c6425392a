// Installs the packed npm package into a scratch folder, as a user would
// (`npm install ./heatwise-x.y.z.tgz`, offline: the package has no
// dependencies), and loads it from there.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The workspace version, from the root Cargo.toml. */
export function workspaceVersion() {
  const manifest = readFileSync(join(root, "Cargo.toml"), "utf8");
  const section = manifest.split("[workspace.package]")[1];
  return /^version\s*=\s*"([^"]+)"/m.exec(section)[1];
}

/** The tarball `cargo xtask npm` packed (HEATWISE_NPM_TARBALL overrides). */
export function tarball() {
  if (process.env.HEATWISE_NPM_TARBALL) {
    return resolve(process.env.HEATWISE_NPM_TARBALL);
  }
  const name = `heatwise-${workspaceVersion()}.tgz`;
  const folder = join(resolve(root, process.env.CARGO_TARGET_DIR || "target"), "npm");
  if (!readdirSync(folder).includes(name)) {
    throw new Error(`${join(folder, name)} is missing: run \`cargo xtask npm\` first`);
  }
  return join(folder, name);
}

let installed = null;

/** The scratch folder with the package installed in its node_modules. */
export function install() {
  if (installed === null) {
    const folder = mkdtempSync(join(tmpdir(), "heatwise-npm-"));
    process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
    writeFileSync(
      join(folder, "package.json"),
      JSON.stringify({ name: "scratch", private: true, type: "module" }),
    );
    execFileSync(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball()],
      { cwd: folder, stdio: ["ignore", "ignore", "inherit"] },
    );
    installed = folder;
  }
  return installed;
}

/** The package as Node resolves `import "heatwise"` from the scratch folder. */
export async function load() {
  const folder = install();
  const entry = createRequire(join(folder, "index.js")).resolve("heatwise");
  return import(pathToFileURL(entry).href);
}

export function fixture(name) {
  return readFileSync(join(root, "tests", "npm", "fixtures", name), "utf8");
}
