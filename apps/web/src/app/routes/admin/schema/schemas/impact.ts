import type { SchemaImpact } from '@observatory/shared';

const objects = (n: number) => `${n} ${n === 1 ? 'object' : 'objects'}`;

/** What an impact check found, in one sentence. */
export function impactSummary({ checked, invalid }: SchemaImpact): string {
  if (checked === 0) return 'No object has a type that uses this schema, so no object can become invalid.';
  if (invalid === 0) return checked === 1 ? 'The 1 object of its types would stay valid.' : `None of the ${checked} objects of its types would become invalid.`;
  return `${invalid} of ${objects(checked)} would become invalid.`;
}

/** The refused objects the check does not name: those the reader may not see, and those past the ones listed. */
export function unnamedNotes({ invalid, hidden, objects: named }: SchemaImpact): string[] {
  const notes: string[] = [];
  const unlisted = invalid - hidden - named.length;
  if (unlisted > 0) notes.push(`${unlisted} more not listed here.`);
  if (hidden > 0) notes.push(`${hidden} more you may not see.`);
  return notes;
}
