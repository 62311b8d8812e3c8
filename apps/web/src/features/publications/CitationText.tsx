import type { CitationRun } from '@observatory/shared';
import type { ReactNode } from 'react';

/** One run: its text (never read as HTML) in the elements its styling asks for. */
function Run({ run }: { run: CitationRun }) {
  let node: ReactNode = run.text;
  if (run.smallCaps) node = <span style={{ fontVariant: 'small-caps' }}>{node}</span>;
  if (run.sup) node = <sup>{node}</sup>;
  if (run.sub) node = <sub>{node}</sub>;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  return node;
}

/** A formatted citation from its runs, as React elements: italic runs in <em>, bold in <strong>, and so on. */
export function CitationText({ runs }: { runs: CitationRun[] }) {
  return (
    <>
      {runs.map((run, i) => (
        <Run key={i} run={run} />
      ))}
    </>
  );
}
