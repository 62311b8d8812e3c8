import { parse as parseBibtexValue } from '@citation-js/plugin-bibtex/lib/input/value.js';
import type { PublicationExtra, PublicationType } from '@observatory/shared';
import { cslName, type CslName } from './csl.js';

/**
 * A publication's `extra`: the bibliographic fields it has no column for, by the format
 * they came in and as they came (docs/publications.md). Each format's writer writes its
 * own as they are; the fields below, which every format carries, it also takes from the
 * other formats', through CSL-JSON's value of them.
 */

export type ExtraFormat = 'bibtex' | 'ris' | 'csl';

/** How a mapped field's value is read and written: text, notes (lines kept), names, a date, the month of publication. */
type Kind = 'text' | 'note' | 'names' | 'date' | 'month';

interface MappedField {
  /** Its CSL-JSON variable (the month: of `issued`). */
  csl: string;
  /** Its BibTeX fields, the first the one written. */
  bibtex: readonly string[];
  ris: string;
  kind: Kind;
}

/** The fields that cross formats: CSL-JSON variable, BibTeX field, RIS tag. */
export const MAPPED_FIELDS: readonly MappedField[] = [
  { csl: 'title-short', bibtex: ['shorttitle'], ris: 'ST', kind: 'text' },
  { csl: 'editor', bibtex: ['editor'], ris: 'ED', kind: 'names' },
  { csl: 'edition', bibtex: ['edition'], ris: 'ET', kind: 'text' },
  { csl: 'collection-title', bibtex: ['series'], ris: 'T3', kind: 'text' },
  { csl: 'publisher', bibtex: ['publisher'], ris: 'PB', kind: 'text' },
  { csl: 'publisher-place', bibtex: ['address', 'location'], ris: 'CY', kind: 'text' },
  { csl: 'number', bibtex: ['number'], ris: 'M1', kind: 'text' },
  { csl: 'genre', bibtex: ['type'], ris: 'M3', kind: 'text' },
  // RIS has one tag for both: an ISBN for books and chapters, an ISSN for the rest.
  { csl: 'ISSN', bibtex: ['issn'], ris: 'SN', kind: 'text' },
  { csl: 'ISBN', bibtex: ['isbn'], ris: 'SN', kind: 'text' },
  { csl: 'PMID', bibtex: ['pmid'], ris: 'AN', kind: 'text' },
  { csl: 'language', bibtex: ['language'], ris: 'LA', kind: 'text' },
  { csl: 'accessed', bibtex: ['urldate'], ris: 'Y2', kind: 'date' },
  { csl: 'issued', bibtex: ['month'], ris: 'DA', kind: 'month' },
  { csl: 'note', bibtex: ['note'], ris: 'N1', kind: 'note' },
];

/** A mapped field's value, as CSL-JSON has it (the month: its number). */
export type MappedValue = string | number | CslName[] | { 'date-parts': number[][] };

const BOOKISH: readonly PublicationType[] = ['book', 'chapter'];
/** Whether RIS's SN is, for this type, the field's tag (ISBN for books and chapters, ISSN else). */
const snFits = (field: MappedField, type: PublicationType) => field.ris !== 'SN' || (field.csl === 'ISBN') === BOOKISH.includes(type);

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month from 1 to 12, from "2", "02", "feb" or "February"; null for anything else. */
export function monthNumber(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d{1,2}$/.test(t)) return Number(t) >= 1 && Number(t) <= 12 ? Number(t) : null;
  const index = t.length >= 3 ? MONTHS.findIndex((m) => m.startsWith(t)) : -1;
  return index >= 0 ? index + 1 : null;
}
/** The month's BibTeX macro (feb). */
export const monthMacro = (month: number) => MONTHS[month - 1]!.slice(0, 3);

/** A date's parts from "2020-08-14" (BibTeX) or "2020/08/14" (RIS); null when it does not start with a year. */
function dateParts(text: string, separator: string): { 'date-parts': number[][] } | null {
  const [year, month, day] = text.trim().split(separator);
  if (!year || !/^\d{4}$/.test(year)) return null;
  const parts = [Number(year)];
  if (month && /^\d{1,2}$/.test(month)) {
    parts.push(Number(month));
    if (day && /^\d{1,2}/.test(day)) parts.push(parseInt(day, 10));
  }
  return { 'date-parts': [parts] };
}

/** citation-js's reading of one BibTeX value (LaTeX to Unicode, names to CSL names); null for one it cannot read (a value kept in extra may hold any LaTeX). */
export function readBibtexValue(raw: string, field: string): unknown {
  try {
    return parseBibtexValue(raw, field);
  } catch {
    return null;
  }
}

/** A BibTeX value as written (LaTeX, braces) as plain Unicode text; null when it cannot be read. */
export function bibtexText(raw: string, field: string): string | null {
  const value = readBibtexValue(raw, field);
  if (value === null) return null;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text.replace(/\s+/g, ' ').trim();
}

/** Names as CSL has them from a BibTeX value; none when it cannot be read. */
export function bibtexNames(raw: string, field: string): CslName[] {
  const names = readBibtexValue(raw, field);
  return Array.isArray(names) ? (names as CslName[]).filter((n) => n.family || n.given || n.literal) : [];
}

/** A mapped field's value from its BibTeX form. */
function fromBibtex(raw: string, name: string, kind: Kind): MappedValue | null {
  if (kind === 'names') return bibtexNames(raw, name);
  if (kind === 'date') return dateParts(raw, '-');
  if (kind === 'month') return monthNumber(raw);
  return bibtexText(raw, name) || null;
}

/** A mapped field's value from its RIS values. */
function fromRis(values: readonly string[], kind: Kind): MappedValue | null {
  if (kind === 'names') return values.map(cslName);
  if (kind === 'date') return dateParts(values[0]!, '/');
  if (kind === 'month') return monthNumber(values[0]!.split('/')[1] ?? '');
  return values.join(kind === 'note' ? '\n' : '; ').trim() || null;
}

/** A mapped field's value from its CSL-JSON variable. */
function fromCslVariable(value: unknown, kind: Kind): MappedValue | null {
  if (value === undefined || value === null) return null;
  if (kind === 'month') {
    const month = (value as { 'date-parts'?: unknown[][] })['date-parts']?.[0]?.[1];
    return typeof month === 'number' && month >= 1 && month <= 12 ? month : null;
  }
  if (kind === 'names') return Array.isArray(value) ? (value as CslName[]) : null;
  if (kind === 'date') return typeof value === 'object' && Array.isArray((value as { 'date-parts'?: unknown })['date-parts']) ? (value as MappedValue) : null;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Whether a format's own extra holds a mapped field (it is then written as it is, not taken from another format). */
function holds(extra: PublicationExtra, format: ExtraFormat, field: MappedField, type: PublicationType): boolean {
  if (format === 'bibtex') return field.bibtex.some((name) => extra.bibtex?.fields[name] !== undefined);
  if (format === 'ris') return snFits(field, type) && extra.ris?.tags[field.ris] !== undefined;
  return extra.csl?.variables[field.csl] !== undefined;
}

/** The mapped fields one format's extra holds, by CSL variable. */
function mappedOf(extra: PublicationExtra, format: ExtraFormat, type: PublicationType): Map<string, MappedValue> {
  const values = new Map<string, MappedValue>();
  for (const field of MAPPED_FIELDS) {
    let value: MappedValue | null = null;
    if (format === 'bibtex') {
      const name = field.bibtex.find((n) => extra.bibtex?.fields[n] !== undefined);
      if (name) value = fromBibtex(extra.bibtex!.fields[name]!, name, field.kind);
    } else if (format === 'ris') {
      const tags = extra.ris?.tags[field.ris];
      if (tags && snFits(field, type)) value = fromRis(tags, field.kind);
    } else value = fromCslVariable(extra.csl?.variables[field.csl], field.kind);
    if (value !== null && !(Array.isArray(value) && !value.length)) values.set(field.csl, value);
  }
  return values;
}

/**
 * The mapped fields the other formats' extra holds and `format`'s own does not, by CSL
 * variable, for `format`'s writer: a BibTeX import's urldate becomes RIS's Y2 and CSL's
 * accessed.
 */
export function carriedOver(extra: PublicationExtra, format: ExtraFormat, type: PublicationType): Map<string, MappedValue> {
  const values = new Map<string, MappedValue>();
  for (const source of ['csl', 'bibtex', 'ris'] as const) {
    if (source === format || !extra[source]) continue;
    for (const [variable, value] of mappedOf(extra, source, type)) if (!values.has(variable)) values.set(variable, value);
  }
  for (const field of MAPPED_FIELDS) if (holds(extra, format, field, type)) values.delete(field.csl);
  return values;
}

/** The table's row of a CSL variable. */
export const mappedField = (csl: string) => MAPPED_FIELDS.find((f) => f.csl === csl && (csl !== 'issued' || f.kind === 'month'))!;
/** The row whose RIS tag `tag` is, for this type. */
export const mappedRisField = (tag: string, type: PublicationType) => MAPPED_FIELDS.find((f) => f.ris === tag && snFits(f, type));

/** An extra with no empty format left in it. */
export function compactExtra(extra: PublicationExtra): PublicationExtra {
  const out: PublicationExtra = {};
  if (extra.bibtex && (extra.bibtex.type || Object.keys(extra.bibtex.fields).length)) out.bibtex = extra.bibtex;
  if (extra.ris && (extra.ris.type || Object.keys(extra.ris.tags).length)) out.ris = extra.ris;
  if (extra.csl && (extra.csl.type || Object.keys(extra.csl.variables).length)) out.csl = extra.csl;
  return out;
}
