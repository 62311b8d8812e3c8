import { PublicationInputSchema } from '@observatory/shared';
import { checkEntry, readEntries } from './citations.js';
import type { CitableFields } from './csl.js';

/** Publications as the citation writers take them, for the writers' tests. */

/** A publication as the writers take it: a paper unless told. */
export const pub = (fields: Partial<CitableFields> = {}): CitableFields => ({
  slug: 'a-paper',
  citationKey: null,
  type: 'article',
  title: 'A paper',
  authors: ['Tanaka, Mei'],
  year: 2025,
  venue: null,
  volume: null,
  issue: null,
  pages: null,
  doi: null,
  url: null,
  abstract: null,
  keywords: [],
  extra: {},
  ...fields,
});

/** A paste read and stored as the import stores it (columns and extra), as the writers then take it. */
export function stored(text: string, format: 'bibtex' | 'ris' | 'csl'): CitableFields[] {
  return readEntries(text, format).map((entry, i) => {
    const checked = checkEntry(entry.input!);
    if (!checked.publication) throw new Error(checked.error ?? entry.error!);
    const v = PublicationInputSchema.parse(checked.publication);
    return { ...v, slug: `entry-${i}`, authors: v.authors.map((a) => a.name), url: v.url ?? null, citationKey: v.citationKey ?? null };
  });
}
