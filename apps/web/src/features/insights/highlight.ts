/** A piece of a snippet: plain text, marked when it matches the search. */
export interface SnippetPiece {
  text: string;
  mark: boolean;
}

/**
 * Cuts a plain-text snippet into pieces at its highlight ranges ([start, end) in
 * characters, as the server counts them: UTF-16 code units, JavaScript's string indices).
 * Ranges are clamped to the text, sorted, and merged where they overlap or touch; empty
 * or reversed ones are ignored. The text is never read as HTML.
 */
export function snippetPieces(text: string, ranges: readonly (readonly [number, number])[]): SnippetPiece[] {
  const clean = ranges
    .map(([start, end]) => [Math.max(0, Math.min(text.length, Math.floor(start))), Math.max(0, Math.min(text.length, Math.floor(end)))] as const)
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of clean) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const pieces: SnippetPiece[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) pieces.push({ text: text.slice(at, start), mark: false });
    pieces.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), mark: false });
  return pieces;
}
