// `heatwise/editor`: the heatwise editor of the web app (target release,
// templates, open and save, "Migrate all", CodeMirror with findings, hover
// and fixes, the problems, resources and catalog panels) mounted inside an
// element of a host page. It renders into a Shadow DOM attached to that
// element, so that neither the page's styles nor the editor's leak across,
// and keeps nothing outside the instance: no URL, history or storage of
// the page (unless given a storage key), no window-wide listeners. The
// editor's WebAssembly module (app/) is loaded on the first mount only.

import { describe } from "./describe.js";

/** The options mountEditor takes. */
const OPTIONS = ["value", "target", "catalog", "storageKey", "onChange"];

/** The shadow roots this module attached, with what is mounted in each. */
const mounted = new WeakMap();

let loading = null;

/** Loads the editor's module and its styles, once. */
function loadApp() {
  if (loading === null) {
    loading = Promise.all([import("./app/heatwise_web.js"), import("./app/styles.js")])
      .then(async ([app, styles]) => {
        await app.default();
        return { mountApp: app.mountApp, css: styles.default };
      })
      .catch((error) => {
        // The next mount tries again.
        loading = null;
        throw new Error(`heatwise.mountEditor(): cannot load the editor's WebAssembly module: ${error.message}`, {
          cause: error,
        });
      });
  }
  return loading;
}

/**
 * Mounts the heatwise editor inside `element`.
 *
 * @param {Element} element the host element; it gets a shadow root
 * @param {{ value?: string, target?: string | null, storageKey?: string,
 *   onChange?: (text: string) => void }} [options]
 * @returns {Promise<EditorHandle>}
 */
export async function mountEditor(element, options = {}) {
  if (typeof Element === "undefined" || !(element instanceof Element)) {
    throw new TypeError(`heatwise.mountEditor(element): expected a DOM element to mount the editor in, got ${describe(element)}`);
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`heatwise.mountEditor(element, options): expected an object with any of ${OPTIONS.join(", ")}, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.includes(key)) {
      throw new TypeError(`heatwise.mountEditor(): unknown option "${key}"; the options are ${OPTIONS.join(", ")}`);
    }
  }
  const { value = "", target, catalog, storageKey, onChange } = options;
  if (typeof value !== "string") {
    throw new TypeError(`heatwise.mountEditor(): options.value: expected the template as a string, got ${describe(value)}`);
  }
  if (target !== undefined && target !== null && typeof target !== "string") {
    throw new TypeError(
      `heatwise.mountEditor(): options.target: expected a Heat release as a version or a name (e.g. "27.0.0", "Liberty", "2024.1"), got ${describe(target)}`,
    );
  }
  if (catalog !== undefined && catalog !== null) {
    throw new Error(
      "heatwise.mountEditor(): options.catalog: the editor checks templates against the built-in catalog only; an operator's catalog works with lint(), fix(), lookup() and catalog() of the package \"heatwise\"",
    );
  }
  if (storageKey !== undefined && (typeof storageKey !== "string" || storageKey === "")) {
    throw new TypeError(
      `heatwise.mountEditor(): options.storageKey: expected the local storage key to keep the text under (a non-empty string), or no storageKey to keep it nowhere, got ${describe(storageKey)}`,
    );
  }
  if (onChange !== undefined && typeof onChange !== "function") {
    throw new TypeError(`heatwise.mountEditor(): options.onChange: expected a function, got ${describe(onChange)}`);
  }
  // A shadow root can be attached only once: a destroyed editor leaves its
  // root empty for the next one.
  let shadow = element.shadowRoot;
  if (shadow !== null && (mounted.has(shadow) || shadow.childNodes.length > 0)) {
    throw new Error("heatwise.mountEditor(element): the element already holds an editor or a shadow root of its own; destroy() that editor first, or mount into another element");
  }
  if (shadow === null) {
    try {
      shadow = element.attachShadow({ mode: "open" });
    } catch (error) {
      throw new Error(`heatwise.mountEditor(element): cannot attach a shadow root to <${element.localName}>: ${error.message}`, { cause: error });
    }
  }
  // Claimed before loading: a second mount on the element meanwhile is refused.
  const claim = {};
  mounted.set(shadow, claim);
  let app;
  const listeners = new Set(onChange ? [onChange] : []);
  try {
    const { mountApp, css } = await loadApp();
    const style = document.createElement("style");
    style.textContent = css;
    const container = document.createElement("div");
    container.className = "heatwise-app";
    shadow.append(style, container);
    app = await mountApp(container, value, target ?? undefined, storageKey, (text) => notify(listeners, text));
  } catch (error) {
    mounted.delete(shadow);
    shadow.replaceChildren();
    if (String(error?.message).startsWith("heatwise.")) {
      throw error;
    }
    throw new Error(`heatwise.mountEditor(): ${error?.message ?? error}`, { cause: error });
  }

  let destroyed = false;
  const alive = (name) => {
    if (destroyed) {
      throw new Error(`heatwise editor: ${name}() after destroy()`);
    }
  };
  return {
    getValue() {
      alive("getValue");
      return app.getValue();
    },
    setValue(text) {
      alive("setValue");
      if (typeof text !== "string") {
        throw new TypeError(`heatwise editor: setValue(text): expected the template as a string, got ${describe(text)}`);
      }
      app.setValue(text);
    },
    setTarget(release) {
      alive("setTarget");
      if (release !== undefined && release !== null && typeof release !== "string") {
        throw new TypeError(
          `heatwise editor: setTarget(release): expected a Heat release as a version or a name (e.g. "27.0.0", "Liberty", "2024.1"), or null for the newest, got ${describe(release)}`,
        );
      }
      try {
        app.setTarget(release ?? undefined);
      } catch (error) {
        throw new Error(`heatwise editor: setTarget(release): ${error.message}`, { cause: error });
      }
    },
    onChange(callback) {
      alive("onChange");
      if (typeof callback !== "function") {
        throw new TypeError(`heatwise editor: onChange(callback): expected a function, got ${describe(callback)}`);
      }
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    destroy() {
      if (destroyed) {
        return;
      }
      destroyed = true;
      listeners.clear();
      app.destroy();
      app.free();
      mounted.delete(shadow);
      shadow.replaceChildren();
    },
  };
}

/** Tells each listener; one that throws neither stops the others nor the editor. */
function notify(listeners, text) {
  for (const listener of [...listeners]) {
    try {
      listener(text);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}
