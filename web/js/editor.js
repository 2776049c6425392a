// The CodeMirror 6 editor, as a handful of functions for the Rust side.
// Everything that knows about templates lives in Rust; this module only
// owns the editor view. Positions are UTF-16 offsets, as CodeMirror counts.

import { basicSetup } from "codemirror";
import { EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { indentUnit, syntaxHighlighting } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
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

const severities = new Set(["error", "warning", "info", "hint"]);

/// Creates an editor inside `parent` holding `text`. `onChange` is called
/// with no arguments after every change of the document; the caller reads
/// the text when it is ready to (changes come one keystroke at a time).
export function createEditor(parent, text, label, onChange) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        // Tabs are not allowed in YAML indentation.
        indentUnit.of("  "),
        EditorState.tabSize.of(2),
        yaml(),
        syntaxHighlighting(classHighlighter),
        lintGutter(),
        theme,
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange();
        }),
      ],
    }),
  });
}

export function editorText(view) {
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

/// Shows `diagnostics` ({from, to, severity, message, source?}), replacing
/// the ones shown before. Ranges past the end of the document are clamped:
/// they may have been computed for a slightly older text.
export function showDiagnostics(view, diagnostics) {
  const length = view.state.doc.length;
  const clamped = diagnostics.map((d) => {
    const from = Math.min(d.from, length);
    return {
      from,
      to: Math.min(Math.max(d.to, from), length),
      severity: severities.has(d.severity) ? d.severity : "info",
      message: String(d.message),
      source: d.source,
    };
  });
  view.dispatch(setDiagnostics(view.state, clamped));
}

export function destroyEditor(view) {
  view.destroy();
}
