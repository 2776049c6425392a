// Type declarations of `heatwise/editor`.

export interface EditorOptions {
  /** The template to start with. Default: empty. */
  value?: string;
  /** The Heat release to check against ("27.0.0", "Liberty", "2024.1"). Default: the newest the catalog knows. */
  target?: string;
  /** An operator's catalog laid over the built-in one, as for lint(). */
  catalog?: string | object;
  /** Called with the whole text after every change. */
  onChange?: (text: string) => void;
}

export interface EditorHandle {
  /** The text in the editor. */
  getValue(): string;
  /** Replaces the whole text (one undoable change; onChange callbacks run). */
  setValue(text: string): void;
  /** Checks against another release; throws, changing nothing, when it is not one. */
  setTarget(release: string | null): void;
  /** Calls `callback` with the whole text after every change; returns a function that stops it. */
  onChange(callback: (text: string) => void): () => void;
  /** Removes the editor; the element can take a new one. */
  destroy(): void;
}

/**
 * Mounts a Heat template editor (CodeMirror 6 with heatwise's findings and
 * their fixes) inside `element`, in a Shadow DOM of its own: the page's
 * styles do not reach it and its styles do not reach the page. Loads the
 * WebAssembly module first when needed.
 * @example
 * const editor = await mountEditor(document.querySelector("#template"), {
 *   value: text,
 *   target: "2024.1",
 *   onChange: (text) => save(text),
 * });
 */
export function mountEditor(element: Element, options?: EditorOptions): Promise<EditorHandle>;
