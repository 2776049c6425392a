// The CodeMirror 6 editor, as a handful of functions for the Rust side.
// Everything that knows about templates lives in Rust; this module only
// owns the editor view. Positions are UTF-16 offsets, as CodeMirror counts.

import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { ChangeSet, EditorSelection, EditorState } from "@codemirror/state";
import {
  EditorView,
  ViewPlugin,
  crosshairCursor,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  hoverTooltip,
  keymap,
  lineNumbers,
  rectangularSelection,
} from "@codemirror/view";
import {
  defaultKeymap,
  history,
  historyKeymap,
  indentWithTab,
  isolateHistory,
} from "@codemirror/commands";
import {
  bracketMatching,
  defaultHighlightStyle,
  ensureSyntaxTree,
  foldGutter,
  foldKeymap,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { classHighlighter } from "@lezer/highlight";

// Colours come from CSS custom properties (see styles.css), so one theme
// follows the page between light and dark.
const theme = EditorView.theme({
  "&": {
    height: "100%",
    color: "var(--editor-fg)",
    backgroundColor: "var(--editor-bg)",
    fontSize: "var(--editor-font-size)",
  },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": {
    fontFamily: "var(--font-mono)",
    lineHeight: "1.55",
  },
  ".cm-content": { caretColor: "var(--editor-cursor)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--editor-cursor)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    { backgroundColor: "var(--editor-selection)" },
  ".cm-activeLine": { backgroundColor: "var(--editor-active-line)" },
  ".cm-selectionMatch": { backgroundColor: "var(--editor-match)" },
  "&.cm-focused .cm-matchingBracket": {
    backgroundColor: "var(--editor-match)",
    outline: "1px solid var(--editor-bracket-outline)",
  },
  "&.cm-focused .cm-nonmatchingBracket": { color: "var(--danger)" },
  ".cm-gutters": {
    backgroundColor: "var(--editor-gutter-bg)",
    color: "var(--editor-gutter-fg)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLineGutter": {
    backgroundColor: "var(--editor-active-line)",
    color: "var(--editor-fg)",
  },
  ".cm-foldPlaceholder": {
    backgroundColor: "var(--surface-raised)",
    border: "1px solid var(--border)",
    color: "var(--muted)",
  },
  ".cm-searchMatch": {
    backgroundColor: "var(--editor-search-match)",
    outline: "1px solid var(--editor-bracket-outline)",
  },
  ".cm-searchMatch.cm-searchMatch-selected": {
    backgroundColor: "var(--editor-selection)",
  },
  ".cm-panels": {
    backgroundColor: "var(--surface-raised)",
    color: "var(--fg)",
  },
  ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--border)" },
  ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--border)" },
  ".cm-textfield": {
    backgroundColor: "var(--bg)",
    color: "var(--fg)",
    border: "1px solid var(--border-strong)",
    borderRadius: "4px",
  },
  ".cm-button": {
    backgroundImage: "none",
    backgroundColor: "var(--surface)",
    color: "var(--fg)",
    border: "1px solid var(--border-strong)",
    borderRadius: "4px",
  },
  ".cm-tooltip": {
    backgroundColor: "var(--surface-raised)",
    color: "var(--fg)",
    border: "1px solid var(--border-strong)",
    borderRadius: "6px",
  },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": {
    backgroundColor: "var(--accent)",
    color: "var(--accent-fg)",
  },
});

// CodeMirror parses only so far (100 KB) past what is in view. A
// keystroke further on, say at the end of a 1 MB template, then spends up
// to 20 ms parsing, keystroke after keystroke until the parser has caught
// up. This parses the rest of the document whenever the browser is idle,
// a few milliseconds at a time, so that the parse is complete before it
// is needed.
const PARSE_SLICE_MS = 8;
const parseToTheEnd = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.view = view;
      this.idle = null;
      this.schedule();
    }

    update(update) {
      if (update.docChanged) this.schedule();
    }

    schedule() {
      if (this.idle !== null || typeof requestIdleCallback === "undefined") return;
      this.idle = requestIdleCallback((deadline) => {
        this.idle = null;
        const { state } = this.view;
        const slice = Math.max(1, Math.min(PARSE_SLICE_MS, deadline.timeRemaining()));
        if (!ensureSyntaxTree(state, state.doc.length, slice)) this.schedule();
      });
    }

    destroy() {
      if (this.idle !== null) cancelIdleCallback(this.idle);
    }
  },
);

const severities = new Set(["error", "warning", "info", "hint"]);

// Findings and their fixes are computed in Rust for the text as it was
// last read (editorText) or put in (replaceEditorText). Typing goes on
// meanwhile. Each read text keeps `since`, the changes made after it, to
// move ranges computed for it onto the current document. Two are kept up
// to date: the latest read, for what Rust sends next, and the one the
// diagnostics on screen were made for (Rust does not send findings again
// when they have not changed, so that one may be older).
const reads = new WeakMap();

function markRead(view) {
  const record = reads.get(view) ?? { shown: null };
  record.latest = { since: ChangeSet.empty(view.state.doc.length) };
  reads.set(view, record);
}

function latestRead(view) {
  return reads.get(view)?.latest ?? { since: ChangeSet.empty(view.state.doc.length) };
}

function trackChanges(view, changes) {
  const record = reads.get(view);
  if (!record) return;
  record.latest.since = record.latest.since.compose(changes);
  if (record.shown && record.shown !== record.latest) record.shown.since = record.shown.since.compose(changes);
}

// A word that may name an intrinsic function: `get_attr`, `Fn::GetAtt`.
const functionWord = /[A-Za-z0-9_:]/;

/// The hover on an intrinsic function's name. `names` are every function
/// name; only a key spelled as one of them is described, by
/// `describeFunction(text, position)` (Rust: it parses the text and
/// returns {name, from, to, steps, reading} when a call's name is there).
function functionHover(names, describeFunction) {
  return hoverTooltip((view, pos) => {
    const line = view.state.doc.lineAt(pos);
    let start = pos - line.from;
    let end = start;
    while (start > 0 && functionWord.test(line.text[start - 1])) start -= 1;
    while (end < line.text.length && functionWord.test(line.text[end])) end += 1;
    // A key: the name is followed by `:` (after a closing quote, if any).
    let word = line.text.slice(start, end);
    if (word.endsWith(":")) word = word.replace(/:+$/, "");
    const after = line.text.slice(start + word.length).replace(/^["']/, "");
    if (!names.has(word) || !after.startsWith(":")) return null;
    const hover = describeFunction(view.state.doc.toString(), line.from + start);
    if (!hover) return null;
    return {
      pos: hover.from,
      end: hover.to,
      above: true,
      create: () => ({ dom: renderFunction(hover) }),
    };
  });
}

/// Creates an editor inside `parent` holding `text`. `onChange` is called
/// with no arguments after every change of the document; the caller reads
/// the text when it is ready to (changes come one keystroke at a time).
/// `functionNames` and `describeFunction` make the hover on functions.
/// CodeMirror's basic setup (the `codemirror` package's `basicSetup`)
/// without autocompletion: no completion source knows Heat templates, and
/// it would add its whole UI to every page load.
const editorSetup = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  keymap.of([
    ...closeBracketsKeymap,
    ...defaultKeymap,
    ...searchKeymap,
    ...historyKeymap,
    ...foldKeymap,
    ...lintKeymap,
  ]),
];

export function createEditor(parent, text, label, onChange, functionNames, describeFunction) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        editorSetup,
        keymap.of([indentWithTab]),
        // Tabs are not allowed in YAML indentation.
        indentUnit.of("  "),
        EditorState.tabSize.of(2),
        yaml(),
        parseToTheEnd,
        syntaxHighlighting(classHighlighter),
        lintGutter(),
        functionHover(new Set(functionNames), describeFunction),
        theme,
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          trackChanges(update.view, update.changes);
          onChange();
        }),
      ],
    }),
  });
  markRead(view);
  return view;
}

export function editorText(view) {
  markRead(view);
  return view.state.doc.toString();
}

/// The text as it is now, for a reader outside the app: unlike
/// editorText, findings computed meanwhile still map onto the document.
export function currentText(view) {
  return view.state.doc.toString();
}

/// Replaces the whole document as one undoable change and puts the cursor
/// at the start.
export function replaceEditorText(view, text) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: EditorSelection.cursor(0),
    scrollIntoView: true,
    userEvent: "input.replace",
  });
  markRead(view);
}

/// Selects `from..to` (clamped to the document), scrolls it to the middle
/// of the view and focuses the editor.
export function revealRange(view, from, to) {
  const length = view.state.doc.length;
  const anchor = Math.min(from, length);
  const head = Math.min(Math.max(to, anchor), length);
  view.dispatch({
    selection: EditorSelection.single(anchor, head),
    effects: EditorView.scrollIntoView(anchor, { y: "center" }),
  });
  view.focus();
}

/// Shows findings, replacing the ones shown before. `findingsJson` is a
/// JSON array of {from, to, severity, message, code, rule, status,
/// lifecycle: [{status, version, release, message}], fix: {title,
/// applicability, changes} | null}, in offsets of the text last read or
/// put in. Text from the template or the catalog only ever goes into the
/// page as text.
export function showDiagnostics(view, findingsJson) {
  const findings = JSON.parse(findingsJson);
  const read = latestRead(view);
  const { since } = read;
  const length = view.state.doc.length;
  const diagnostics = findings.map((finding) => {
    const from = Math.min(since.mapPos(Math.min(finding.from, since.length), 1), length);
    const to = Math.min(Math.max(since.mapPos(Math.min(finding.to, since.length), -1), from), length);
    const status = finding.status ? String(finding.status).toLowerCase() : null;
    const fix = finding.fix;
    const applicable = fix && fix.applicability !== "display-only" && fix.changes?.length > 0;
    return {
      from,
      to,
      severity: severities.has(finding.severity) ? finding.severity : "info",
      message: String(finding.message),
      source: finding.code ? `${finding.code} ${finding.rule}` : undefined,
      markClass: status ? `hw-status-${status}` : undefined,
      renderMessage: () => renderFinding(finding),
      actions: applicable
        ? [
            {
              name: fix.applicability === "unsafe" ? "Apply unsafe fix" : "Apply fix",
              apply: (target) => {
                // Only while this is the text on screen: the changes of an
                // older one are no longer followed.
                if (reads.get(target)?.shown === read) applyChangesSince(target, fix.changes, read.since);
              },
            },
          ]
        : [],
    };
  });
  view.dispatch(setDiagnostics(view.state, diagnostics));
  const record = reads.get(view);
  if (record) record.shown = read;
}

/// Makes `changes` ({from, to, insert}, in offsets of the text last read
/// or put in) as one step that undo takes back, and focuses the editor.
export function applyChanges(view, changes) {
  applyChangesSince(view, changes, latestRead(view).since);
}

function applyChangesSince(view, changes, since) {
  const specs = changes.map((change) => ({
    from: Math.min(change.from, since.length),
    to: Math.min(Math.max(change.to, change.from), since.length),
    insert: String(change.insert),
  }));
  view.dispatch({
    changes: ChangeSet.of(specs, since.length).map(since),
    userEvent: "input.fix",
    annotations: isolateHistory.of("full"),
    scrollIntoView: true,
  });
  view.focus();
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function statusBadge(status) {
  return element("span", `hw-badge hw-badge-${String(status).toLowerCase()}`, status);
}

/// The tooltip of one finding: what it is, the life cycle of what it is
/// about (newest first) and its fix.
function renderFinding(finding) {
  const root = element("div", "hw-finding");
  const head = element("div", "hw-finding-head");
  if (finding.status) head.append(statusBadge(finding.status));
  head.append(element("span", "hw-finding-code", `${finding.code} ${finding.rule}`));
  root.append(head, element("p", "hw-finding-message", finding.message));
  if (finding.lifecycle?.length) {
    const timeline = element("ol", "hw-timeline");
    timeline.setAttribute("aria-label", "Life cycle, newest first");
    for (const step of finding.lifecycle) {
      const item = element("li", "hw-timeline-step");
      item.append(statusBadge(step.status));
      const when = step.version
        ? `since ${step.version}${step.release ? ` (${step.release})` : ""}`
        : "from the start";
      item.append(element("span", "hw-timeline-when", when));
      if (step.message) item.append(element("span", "hw-timeline-message", step.message));
      timeline.append(item);
    }
    root.append(timeline);
  }
  if (finding.fix) {
    const fix = element("p", "hw-fix");
    fix.append(
      element("span", `hw-applicability hw-applicability-${finding.fix.applicability}`, finding.fix.applicability),
      element("span", "hw-fix-title", finding.fix.title),
    );
    root.append(fix);
  }
  return root;
}

/// The tooltip of an intrinsic function: since which template version
/// Heat has it, when its class changed, and what this template's version
/// makes of it.
function renderFunction(hover) {
  const root = element("div", "hw-finding hw-function");
  const head = element("div", "hw-finding-head");
  head.append(element("span", "hw-finding-code", `${hover.name}`), element("span", "hw-function-kind", "intrinsic function"));
  root.append(head);
  const history = element("ol", "hw-timeline");
  history.setAttribute("aria-label", "Template versions, oldest first");
  const said = { added: "from", changed: "changed in", removed: "removed in" };
  for (const step of hover.steps) {
    const item = element("li", "hw-timeline-step");
    item.append(element("span", `hw-badge hw-badge-function-${step.change}`, said[step.change] ?? step.change));
    const shipped = step.release ? ` (first shipped in ${step.release})` : "";
    item.append(element("span", "hw-timeline-when", `heat_template_version ${step.version}${shipped}`));
    const what = step.class ? `Heat's ${step.class}` : "Heat refuses it";
    item.append(element("span", "hw-timeline-message", what));
    history.append(item);
  }
  root.append(history);
  if (hover.reading) root.append(element("p", "hw-finding-message", hover.reading));
  return root;
}

export function destroyEditor(view) {
  view.destroy();
}
