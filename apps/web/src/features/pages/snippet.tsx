import { Fragment } from 'react';

/** A run of a search snippet: a match (between « and ») or the words around it. */
export interface SnippetRun {
  text: string;
  match: boolean;
}

const MATCH = /«([^«»]*)»/g;

/**
 * A snippet of GET pages/search as runs: the text between a « and the next » is a match;
 * a marker without its partner (a quotation mark of the page's own text) stays as it is.
 */
export function snippetRuns(snippet: string): SnippetRun[] {
  const runs: SnippetRun[] = [];
  let at = 0;
  for (const found of snippet.matchAll(MATCH)) {
    if (found.index > at) runs.push({ text: snippet.slice(at, found.index), match: false });
    if (found[1]) runs.push({ text: found[1], match: true });
    at = found.index + found[0].length;
  }
  if (at < snippet.length) runs.push({ text: snippet.slice(at), match: false });
  return runs;
}

/** A search snippet with its matches marked: text nodes only, never HTML. */
export function Snippet({ snippet }: { snippet: string }) {
  return <>{snippetRuns(snippet).map((run, i) => (run.match ? <mark key={i}>{run.text}</mark> : <Fragment key={i}>{run.text}</Fragment>))}</>;
}
