// The ORC export lives in a WebAssembly module of its own (crate
// heatwise-orc-module), beside the app's files, and is loaded the first
// time the ORC view opens: most visits never need it. Used as it is (no
// bundling): it imports nothing but the module.

let loaded;

function load() {
  if (!loaded) {
    // As wasm-bindgen writes it, this file is snippets/<crate>-<hash>/js/orc.js
    // under the folder that holds the app's files and the module's (Trunk's
    // dist/, the npm package's app/). Bundled, it is part of a bundle, and
    // the module goes next to the bundle, as the app's own .wasm does.
    const here = new URL(import.meta.url);
    const base = /\/snippets\/[^/]+\/js\/orc\.js$/.test(here.pathname) ? "../../../" : "./";
    const url = new URL(`${base}heatwise-orc-module.js`, here);
    loaded = import(url.href).then(async (module) => {
      await module.default();
      return module;
    });
    // A failed load is tried again the next time.
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

/// The view of `text` exported to ORC with its stack (JSON `{root,
/// environments: [{path, text}], files: [{path, text}]}`; see
/// heatwise_orc_module::export_view), as an object; its time is the
/// measure `heatwise:orc`.
export async function exportOrc(text, namespace, secretName, cloudName, parameters, stackResources, stack) {
  const module = await load();
  performance.mark("heatwise:orc:start");
  const json = module.exportOrc(text, namespace, secretName, cloudName, parameters, stackResources, stack);
  performance.clearMeasures("heatwise:orc");
  performance.measure("heatwise:orc", "heatwise:orc:start");
  performance.clearMarks("heatwise:orc:start");
  return JSON.parse(json);
}
