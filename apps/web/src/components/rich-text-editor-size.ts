/**
 * The editor's least height, which its placeholder takes while it loads. Its own module:
 * the lazy wrapper and the editor both read it, and the wrapper must not import the editor.
 */
export const EDITOR_MIN_HEIGHT = 160;
