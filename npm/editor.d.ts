// Type declarations of `heatwise/editor`.

export interface EditorOptions {
  /** The template to start with. Default: empty. */
  value?: string;
  /** The Heat release to check against ("27.0.0", "Liberty", "2024.1"). Default: the newest the catalog knows. */
  target?: string | null;
  /**
   * Not supported: the editor checks against the built-in catalog only,
   * and refuses this option with an Error. An operator's catalog works
   * with lint(), fix(), lookup() and catalog() of "heatwise".
   */
  catalog?: never;
  /**
   * A local storage key to keep the text under between visits: the text
   * kept there, when there is one, replaces `value`. Default: the editor
   * keeps the text nowhere and touches no storage.
   */
  storageKey?: string;
  /** Called with the whole text each time it changes, once typing pauses. */
  onChange?: (text: string) => void;
}

export interface EditorHandle {
  /** The text as it is now, keystrokes not yet settled included (onChange hears of them once typing pauses). */
  getValue(): string;
  /** Replaces the whole text (one change that undo takes back; onChange callbacks run). */
  setValue(text: string): void;
  /** Checks against another release (null: the newest); throws, changing nothing, when it is not one. */
  setTarget(release: string | null): void;
  /** Calls `callback` with the whole text each time it changes; returns a function that stops it. */
  onChange(callback: (text: string) => void): () => void;
  /** Removes the editor and frees it; the element can take a new one. */
  destroy(): void;
}

/**
 * Mounts the heatwise editor (target release, templates, open and save,
 * "Migrate all", CodeMirror with findings, hover and fixes, the problems,
 * resources and catalog panels) inside `element`, in a Shadow DOM of its
 * own: the page's styles do not reach it and its styles do not reach the
 * page. The first call loads the editor's WebAssembly module.
 * @example
 * const editor = await mountEditor(document.querySelector("#template"), {
 *   value: text,
 *   target: "2024.1",
 *   onChange: (text) => save(text),
 * });
 */
export function mountEditor(element: Element, options?: EditorOptions): Promise<EditorHandle>;
