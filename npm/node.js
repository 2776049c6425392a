// The Node entry: loads the WebAssembly module from the package's own file
// when imported, so that the functions work without `await init()`.

import { readFileSync } from "node:fs";
import { initSync } from "./index.js";

initSync(readFileSync(new URL("./heatwise_wasm_bg.wasm", import.meta.url)));

export * from "./index.js";
