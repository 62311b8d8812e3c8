/** Snippets as plain text with ranges to highlight: the web marks them itself, so no HTML is ever built from an insight's text. */
import { MATCH_END, MATCH_START } from './repo.js';

/** Text the database marked (MATCH_START … MATCH_END): the text without the marks, and where the marked stretches are. */
export function highlighted(marked: string): { snippet: string; highlights: [number, number][] } {
  let snippet = '';
  let start: number | null = null;
  const highlights: [number, number][] = [];
  for (const char of marked) {
    if (char === MATCH_START) start = snippet.length;
    else if (char === MATCH_END) {
      if (start !== null && snippet.length > start) highlights.push([start, snippet.length]);
      start = null;
    } else snippet += char;
  }
  return { snippet, highlights };
}

/** Text as stored for search: the marks' characters (and other controls but line breaks) taken out, so no mark is ever the writer's. */
export const searchable = (text: string) => Array.from(text, (c) => (c < ' ' && c !== '\n' ? ' ' : c)).join('');
