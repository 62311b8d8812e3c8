import { plugins } from '@citation-js/core';
import { bareDoi, PublicationInputSchema, type PublicationExtra, type PublicationInput, type PublicationType } from '@observatory/shared';
import { cslName, nameAsWritten, plain, typeOfCsl, type CitableFields, type CslName } from './csl.js';
import { bibtexNames as namesOf, bibtexText, carriedOver, mappedField, monthMacro, monthNumber, type MappedValue } from './extra.js';

/**
 * BibTeX out, written here (citation-js's writer made keys that collide, dropped case
 * protection and fields, and wrote fields biblatex's data model refuses), and what of a
 * BibTeX entry read in is kept beside the columns (extra.bibtex, docs/publications.md).
 *
 * Values are written in UTF-8 with LaTeX's special characters escaped; a field kept in
 * extra is written as it came, braces and LaTeX included.
 */

/**
 * The entry type written for each of the catalogue's types and the field its venue goes
 * in: each valid in biblatex's data model (biber's), each read back by citation-js as the
 * same type.
 */
const ENTRY_TYPES: Record<PublicationType, { type: string; venue: string }> = {
  article: { type: 'article', venue: 'journal' },
  book: { type: 'book', venue: 'publisher' },
  chapter: { type: 'incollection', venue: 'booktitle' },
  report: { type: 'techreport', venue: 'institution' },
  thesis: { type: 'thesis', venue: 'institution' },
  dataset: { type: 'dataset', venue: 'publisher' },
  software: { type: 'software', venue: 'howpublished' },
  other: { type: 'misc', venue: 'howpublished' },
};

/** The catalogue's type of a BibTeX entry type, as citation-js reads it on import. */
export function typeOfEntry(entryType: string): PublicationType {
  const types = plugins.config.get('@bibtex').types;
  return typeOfCsl(types.biblatex.source[entryType] ?? types.bibtex.source[entryType]);
}

const LATEX: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};
/** Text as a BibTeX value: LaTeX's special characters escaped (braces too, so they always balance), the rest as it is (UTF-8). */
export const latex = (text: string) => text.replace(/[\\{}&%$#_~^]/g, (c) => LATEX[c]!);
/** A verbatim field (doi, url) as it is, its braces percent-encoded so that they cannot unbalance the entry. */
const verbatim = (text: string) => text.replace(/\{/g, '%7B').replace(/\}/g, '%7D');

/** A name as BibTeX reads it: a name without a comma holding a lone "and" would be read as two, so it is kept whole. */
const bibtexName = (name: string) => (!name.includes(',') && /\band\b/i.test(name) ? `{${latex(name)}}` : latex(name));
const bibtexNames = (names: readonly (string | CslName)[]) => names.map((n) => bibtexName(typeof n === 'string' ? n : nameAsWritten(n))).join(' and ');

/** A page range with BibTeX's "--" (one range only: anything else is written as it is). */
const bibtexPages = (pages: string) => latex(/^[^\s,–-]+[–-][^\s,–-]+$/.test(pages) ? pages.replace(/[–-]/, '--') : pages);

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
const sameText = (a: string | null, b: string | null) => a !== null && b !== null && spaced(a) === spaced(b);
/** A BibTeX value as the column reads it on import: plain Unicode text without markup. */
const columnText = (raw: string, field: string) => plain(bibtexText(raw, field));
const keywordsOf = (text: string) => [
  ...new Set(
    text
      .split(/[,;]/)
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

type Columns = Omit<CitableFields, 'slug' | 'citationKey' | 'extra'>;

/**
 * The columns a BibTeX entry is written from: each with the fields that may hold it (a
 * venue is a journal, a publisher, an institution...), the field and value written for it,
 * and whether a value as written (kept in extra) reads as the column's.
 */
const COLUMNS: readonly {
  fields: readonly string[];
  written: (p: Columns) => [string, string] | null;
  reads: (raw: string, field: string, p: Columns) => boolean;
}[] = [
  {
    fields: ['author'],
    written: (p) => (p.authors.length ? ['author', bibtexNames(p.authors)] : null),
    reads: (raw, _, p) => {
      const names = namesOf(raw, 'author').map(nameAsWritten);
      return names.length === p.authors.length && names.every((n, i) => sameText(n, p.authors[i]!));
    },
  },
  { fields: ['title'], written: (p) => ['title', latex(p.title)], reads: (raw, field, p) => sameText(columnText(raw, field), p.title) },
  {
    fields: ['journal', 'journaltitle', 'booktitle', 'publisher', 'institution', 'school', 'organization', 'howpublished'],
    written: (p) => (p.venue ? [ENTRY_TYPES[p.type].venue, latex(p.venue)] : null),
    reads: (raw, field, p) => sameText(columnText(raw, field), p.venue),
  },
  {
    fields: ['year', 'date'],
    written: (p) => (p.year ? ['year', String(p.year)] : null),
    reads: (raw, _, p) => Number(/^\s*(\d{4})/.exec(raw)?.[1]) === p.year,
  },
  { fields: ['volume'], written: (p) => (p.volume ? ['volume', latex(p.volume)] : null), reads: (raw, field, p) => sameText(bibtexText(raw, field), p.volume) },
  {
    fields: ['number', 'issue'],
    written: (p) => (p.issue ? ['number', latex(p.issue)] : null),
    reads: (raw, field, p) => sameText(bibtexText(raw, field), p.issue),
  },
  {
    fields: ['pages'],
    written: (p) => (p.pages ? ['pages', bibtexPages(p.pages)] : null),
    reads: (raw, field, p) => sameText(bibtexText(raw, field)?.replace(/–/g, '-') ?? null, p.pages?.replace(/–/g, '-') ?? null),
  },
  { fields: ['doi'], written: (p) => (p.doi ? ['doi', verbatim(p.doi)] : null), reads: (raw, field, p) => bareDoi(bibtexText(raw, field) ?? '') === p.doi },
  { fields: ['url'], written: (p) => (p.url ? ['url', verbatim(p.url)] : null), reads: (raw, field, p) => p.url !== null && bibtexText(raw, field) === p.url },
  {
    fields: ['abstract'],
    written: (p) => (p.abstract ? ['abstract', latex(p.abstract)] : null),
    reads: (raw, field, p) => sameText(columnText(raw, field), p.abstract),
  },
  {
    fields: ['keywords'],
    written: (p) => (p.keywords.length ? ['keywords', p.keywords.map(latex).join(', ')] : null),
    reads: (raw, field, p) => keywordsOf(bibtexText(raw, field) ?? '').join('\n') === p.keywords.join('\n'),
  },
];

/** Every field a column may be read from (the web's BIBTEX_COLUMN_FIELDS is this list). */
export const columnFields = () => COLUMNS.flatMap((c) => c.fields);

/**
 * The fields of an entry's own that hold its columns: by field name, whether it is to be
 * kept in extra (it says more than the column: {…} case protection, LaTeX, "--", another
 * field name than the one written, as `{ISO}` or a venue in `journal` on a misc).
 */
function columnSources(fields: Record<string, string>, p: Columns): Map<string, boolean> {
  const sources = new Map<string, boolean>();
  for (const column of COLUMNS) {
    const written = column.written(p);
    if (!written) continue;
    const source = column.fields.find((f) => fields[f] !== undefined && !sources.has(f) && column.reads(fields[f]!, f, p));
    if (source) sources.set(source, source !== written[0] || fields[source] !== written[1]);
  }
  return sources;
}

/**
 * What of a BibTeX entry (its type and its fields as written, macros expanded) is kept in
 * extra beside the columns read into `input`: every field the columns did not take, and the
 * fields that took one in a form that says more than the column; the entry type when it
 * is not the one written for the catalogue's type.
 */
export function bibtexExtra(entryType: string, fields: Record<string, string>, input: PublicationInput): PublicationExtra['bibtex'] {
  const checked = PublicationInputSchema.safeParse(input);
  // An entry that does not check is not saved: its error is what counts.
  if (!checked.success) return undefined;
  const sources = columnSources(fields, { ...checked.data, authors: checked.data.authors.map((a) => a.name), url: checked.data.url ?? null });
  const kept = Object.fromEntries(Object.entries(fields).filter(([name, value]) => value.trim() !== '' && (sources.get(name) ?? true)));
  const type = entryType !== ENTRY_TYPES[checked.data.type].type ? entryType : undefined;
  return type || Object.keys(kept).length ? { ...(type ? { type } : {}), fields: kept } : undefined;
}

/**
 * extra.bibtex after a change of the columns from `before` to `after`: a field that held a
 * column as written (a title with its braces) goes with the value it held, and so does an
 * entry type that no longer is the publication's.
 */
export function bibtexExtraAfterChange(own: PublicationExtra['bibtex'], before: Columns, after: Columns): PublicationExtra['bibtex'] {
  if (!own) return own;
  const fields = { ...own.fields };
  for (const column of COLUMNS)
    for (const f of column.fields) if (fields[f] !== undefined && column.reads(fields[f], f, before) && !column.reads(fields[f], f, after)) delete fields[f];
  const type = own.type && typeOfEntry(own.type) === before.type && before.type !== after.type ? undefined : own.type;
  return { ...(type ? { type } : {}), fields };
}

/** A mapped field's value (another format's, extra.ts) as a BibTeX value. */
function bibtexValue(value: MappedValue): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return latex(value);
  if (Array.isArray(value)) return bibtexNames(value);
  const [year, month, day] = value['date-parts'][0] ?? [];
  return [year, month, day]
    .filter((part) => part !== undefined)
    .map((part, i) => String(part).padStart(i ? 2 : 4, '0'))
    .join('-');
}

/** A field as written: a month of 1 to 12 as its macro (feb), everything else between braces. */
function fieldLine(name: string, value: string): string {
  if (name === 'month' && /^\s*\d{1,2}\s*$/.test(value) && monthNumber(value)) return `  month = ${monthMacro(monthNumber(value)!)},`;
  return `  ${name} = {${value}},`;
}

/** One publication as a BibTeX entry under `key`. */
export function bibtexEntry(p: CitableFields, key: string): string {
  const own = p.extra.bibtex?.fields ?? {};
  const fields = new Map<string, string>();
  for (const column of COLUMNS) {
    const written = column.written(p);
    if (!written) continue;
    // The column as its entry wrote it, while that still reads as the column.
    const source = column.fields.find((f) => own[f] !== undefined && !fields.has(f) && column.reads(own[f], f, p));
    if (source) fields.set(source, own[source]!);
    else if (!fields.has(written[0])) fields.set(written[0], written[1]);
  }
  for (const [name, value] of Object.entries(own)) if (!fields.has(name)) fields.set(name, value);
  for (const [variable, value] of carriedOver(p.extra, 'bibtex', p.type)) {
    const name = mappedField(variable).bibtex[0]!;
    if (!fields.has(name)) fields.set(name, bibtexValue(value));
  }
  const ownType = p.extra.bibtex?.type;
  const type = ownType && typeOfEntry(ownType) === p.type ? ownType : ENTRY_TYPES[p.type].type;
  return [`@${type}{${key},`, ...[...fields].map(([name, value]) => fieldLine(name, value)), '}'].join('\n');
}

/** Characters a citation key cannot hold in a .bib file or in \cite. */
const UNSAFE_IN_KEY = /[\s{}(),"#%'=\\~]/g;
const STOP_WORDS = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'and', 'for', 'to', 'at', 'from', 'with', 'by']);
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');

/** A key for a publication without one: first author's family name, year, first word of the title (Tanaka2025Daily). */
function madeKey(p: Pick<CitableFields, 'authors' | 'year' | 'title'>): string {
  const first = p.authors[0] ?? '';
  const family = first.includes(',') || !first.trim() ? first.split(',')[0]! : (cslName(first).family ?? first.split(/\s+/).at(-1) ?? '');
  const word = p.title.split(/[\s\-–:;,.]+/).find((w) => ascii(w) && !STOP_WORDS.has(w.toLowerCase())) ?? '';
  const title = ascii(word);
  return `${ascii(family) || 'Anon'}${p.year ?? ''}${title.charAt(0).toUpperCase()}${title.slice(1)}`;
}

/** a, b, …, z, aa, ab, …: the n-th suffix of a key already taken. */
const suffix = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : suffix(Math.floor(n / 26) - 1) + suffix(n % 26));

/**
 * The keys of an export, unique whatever their letters' case: a stored key is kept as it is
 * (a character a key cannot hold becomes "_"); one made for a publication without one
 * (Tanaka2025Daily) gives way to the stored ones; a key taken already gets a, b, c….
 */
export function citationKeys(pubs: readonly Pick<CitableFields, 'citationKey' | 'authors' | 'year' | 'title'>[]): string[] {
  const taken = new Set<string>();
  const stored = pubs.map((p) => p.citationKey?.replace(UNSAFE_IN_KEY, '_') || null);
  const keys: (string | null)[] = stored.map((key) => {
    if (!key || taken.has(key.toLowerCase())) return null;
    taken.add(key.toLowerCase());
    return key;
  });
  return pubs.map((p, i) => {
    if (keys[i]) return keys[i];
    const base = stored[i] ?? madeKey(p);
    let key = base;
    for (let n = 0; taken.has(key.toLowerCase()); n++) key = base + suffix(n);
    taken.add(key.toLowerCase());
    return key;
  });
}

/** Publications as a .bib file: one entry each, a blank line between them. */
export function writeBibtex(pubs: readonly CitableFields[]): string {
  if (!pubs.length) return '';
  const keys = citationKeys(pubs);
  return `${pubs.map((p, i) => bibtexEntry(p, keys[i]!)).join('\n\n')}\n`;
}
