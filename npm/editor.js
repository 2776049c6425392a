// `heatwise/editor`: a template editor (CodeMirror 6 with heatwise's
// findings, their fixes and YAML highlighting) mounted inside a host
// page's element. It renders into a Shadow DOM attached to that element,
// so that neither the page's styles nor the editor's leak across, and
// keeps no state outside the instance: two editors on a page are
// independent. The package build bundles CodeMirror into this module.

import { basicSetup } from "codemirror";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { yaml } from "@codemirror/lang-yaml";
import { forceLinting, linter, lintGutter } from "@codemirror/lint";
import { init, lint } from "./index.js";

/** How long typing must pause before the template is linted again, in ms. */
const LINT_DELAY_MS = 300;

/** The shadow roots this module attached, with the editor mounted in each. */
const mounted = new WeakMap();

const STYLE = `
:host { display: block; position: relative; overflow: hidden; height: 24em;
  border: 1px solid #c8ccd4; border-radius: 4px; background: #fff; color: #1f2328;
  text-align: left; font: 14px/1.4 system-ui, sans-serif; }
.heatwise-editor { position: absolute; inset: 0; }
.cm-editor { height: 100%; }
.cm-editor.cm-focused { outline: none; }
.cm-scroller { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
`;

/**
 * Mounts an editor inside `element`.
 *
 * @param {Element} element the host element; it gets a shadow root
 * @param {{ value?: string, target?: string, catalog?: string | object,
 *   onChange?: (text: string) => void }} [options]
 * @returns {Promise<EditorHandle>}
 */
export async function mountEditor(element, options = {}) {
  if (!(element instanceof Element)) {
    throw new TypeError(`heatwise.mountEditor(element): expected a DOM element to mount the editor in, got ${describe(element)}`);
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`heatwise.mountEditor(element, options): expected an object with any of value, target, catalog, onChange, got ${describe(options)}`);
  }
  const known = ["value", "target", "catalog", "onChange"];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`heatwise.mountEditor(): unknown option "${key}"; the options are ${known.join(", ")}`);
    }
  }
  const { value = "", onChange } = options;
  if (typeof value !== "string") {
    throw new TypeError(`heatwise.mountEditor(): options.value: expected the template as a string, got ${describe(value)}`);
  }
  if (onChange !== undefined && typeof onChange !== "function") {
    throw new TypeError(`heatwise.mountEditor(): options.onChange: expected a function, got ${describe(onChange)}`);
  }
  await init();
  let source = { target: options.target ?? undefined, catalog: options.catalog ?? undefined };
  // Refuses a bad target or catalog now, with lint's own message.
  lint("", source);

  // A shadow root can be attached only once: a destroyed editor leaves its
  // root empty for the next one.
  let shadow = element.shadowRoot;
  if (shadow === null) {
    try {
      shadow = element.attachShadow({ mode: "open" });
    } catch (error) {
      throw new Error(`heatwise.mountEditor(element): cannot attach a shadow root to <${element.localName}>: ${error.message}`, { cause: error });
    }
  } else if (mounted.has(shadow) || shadow.childNodes.length > 0) {
    throw new Error("heatwise.mountEditor(element): the element already holds an editor or a shadow root of its own; destroy() that editor first, or mount into another element");
  }
  const style = document.createElement("style");
  style.textContent = STYLE;
  const container = document.createElement("div");
  container.className = "heatwise-editor";
  shadow.append(style, container);

  const listeners = new Set();
  if (onChange) {
    listeners.add(onChange);
  }
  const findings = new Compartment();
  const lintWith = () =>
    linter(
      (view) => {
        const text = view.state.doc.toString();
        return toCodeMirror(lint(text, source), text);
      },
      { delay: LINT_DELAY_MS },
    );
  const view = new EditorView({
    parent: container,
    root: shadow,
    state: EditorState.create({
      doc: value,
      extensions: [
        basicSetup,
        yaml(),
        lintGutter(),
        findings.of(lintWith()),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) {
            const text = update.state.doc.toString();
            for (const listener of listeners) {
              listener(text);
            }
          }
        }),
      ],
    }),
  });
  mounted.set(shadow, view);
  forceLinting(view);

  let destroyed = false;
  const alive = (name) => {
    if (destroyed) {
      throw new Error(`heatwise editor: ${name}() after destroy()`);
    }
  };
  return {
    getValue() {
      alive("getValue");
      return view.state.doc.toString();
    },
    setValue(text) {
      alive("setValue");
      if (typeof text !== "string") {
        throw new TypeError(`heatwise editor: setValue(text): expected the template as a string, got ${describe(text)}`);
      }
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setTarget(release) {
      alive("setTarget");
      const next = { ...source, target: release ?? undefined };
      lint("", next);
      source = next;
      view.dispatch({ effects: findings.reconfigure(lintWith()) });
      forceLinting(view);
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
      view.destroy();
      mounted.delete(shadow);
      shadow.replaceChildren();
    },
  };
}

/**
 * heatwise's findings of `text` as CodeMirror diagnostics, with their fixes
 * as actions. A fix's edits are positions in `text`: once the document has
 * changed they are stale, and the action only lints again.
 */
function toCodeMirror(diagnostics, text) {
  return diagnostics.map((finding) => ({
    from: finding.from,
    to: finding.to,
    severity: finding.severity,
    source: `${finding.code} ${finding.name}`,
    message: finding.message,
    actions:
      finding.fix && finding.fix.edits.length > 0
        ? [
            {
              name: finding.fix.title,
              apply(view) {
                if (view.state.doc.toString() !== text) {
                  forceLinting(view);
                  return;
                }
                view.dispatch({
                  changes: finding.fix.edits.map((edit) => ({ from: edit.from, to: edit.to, insert: edit.content })),
                });
              },
            },
          ]
        : [],
  }));
}

function describe(value) {
  if (value === null) {
    return "null";
  }
  if (Array.isArray(value)) {
    return "an array";
  }
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
