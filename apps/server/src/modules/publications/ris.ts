import type { PublicationExtra, PublicationInput, PublicationType } from '@observatory/shared';
import { citationKeys } from './bibtex.js';
import { nameAsWritten, type CitableFields } from './csl.js';
import { carriedOver, mappedField, mappedRisField, type MappedValue } from './extra.js';

/**
 * RIS in and out, written here to the RIS specification: one line per tag (`XX  - value`),
 * lines ending in CRLF, every record closed by `ER  - ` and a blank line, a page range in
 * SP and EP. `ID` is at most 20 letters and digits, unique in the file; the whole citation
 * key goes in `LB` (label), which the reader takes back as the key. The reader takes LF
 * or CRLF and joins nothing across lines: a line without a tag inside a record is that
 * record's error. Tags without a column are kept in extra.ris (docs/publications.md).
 */

/** The RIS type written for each of the catalogue's types. */
const RIS_TYPES: Record<PublicationType, string> = {
  article: 'JOUR',
  book: 'BOOK',
  chapter: 'CHAP',
  report: 'RPRT',
  thesis: 'THES',
  dataset: 'DATA',
  software: 'COMP',
  other: 'GEN',
};
/** The catalogue's type of a RIS type: those written, and the specification's others that are one of them; any other is "other". */
const FROM_RIS_TYPES: Record<string, PublicationType> = {
  ...(Object.fromEntries(Object.entries(RIS_TYPES).map(([type, ris]) => [ris, type])) as Record<string, PublicationType>),
  JFULL: 'article',
  EJOUR: 'article',
  MGZN: 'article',
  NEWS: 'article',
  CONF: 'article',
  CPAPER: 'article',
  INPR: 'article',
  EBOOK: 'book',
  EDBOOK: 'book',
  ECHAP: 'chapter',
  DBASE: 'dataset',
};
const typeOfRis = (ris: string): PublicationType => FROM_RIS_TYPES[ris] ?? 'other';

/** Where a venue is: the journal or book a paper or chapter is in (T2), the publisher of the rest (PB); read from these too. */
const VENUE_TAGS = (type: PublicationType) => (type === 'article' || type === 'chapter' ? ['T2', 'JF', 'JO', 'JA', 'BT'] : ['PB']);

/** Tags the writer writes itself, never from extra. */
const OWN_TAGS = new Set(['TY', 'ID', 'LB', 'ER']);

/** A key the catalogue takes (the schema's): no spaces, braces or commas. */
const KEY_PATTERN = /^[^\s{},]{1,100}$/;

/** A value on its one line: line breaks become spaces, no padding. */
const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** A page range as SP and EP (one range only: anything else all in SP). */
function pageTags(pages: string): [string, string][] {
  const range = /^([^\s,–-]+)-([^\s,–-]+)$/.exec(pages);
  return range
    ? [
        ['SP', range[1]!],
        ['EP', range[2]!],
      ]
    : [['SP', pages]];
}

/** A mapped field's value (another format's, extra.ts) as RIS values: a date as YYYY/MM/DD, the month in DA as YYYY/MM/. */
function risValues(value: MappedValue, year: number | null): string[] {
  const two = (n: number | undefined) => (n === undefined ? '' : String(n).padStart(2, '0'));
  if (typeof value === 'number') return year ? [`${year}/${two(value)}/`] : [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.map(nameAsWritten);
  const [y, m, d] = value['date-parts'][0] ?? [];
  return y ? [[String(y), two(m), two(d)].join('/').replace(/\/+$/, '')] : [];
}

/** The IDs of an export's records from their citation keys: letters and digits, at most 20 (the specification's), unique whatever the case. */
export function risIds(keys: readonly string[]): string[] {
  const taken = new Set<string>();
  return keys.map((key) => {
    const base =
      key
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 20) || 'ref';
    let id = base;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = base.slice(0, 20 - String(n).length) + n;
    taken.add(id.toLowerCase());
    return id;
  });
}

/** One publication's tags, in the order written. */
function risTags(p: CitableFields, key: string, id: string): [string, string][] {
  const ownType = p.extra.ris?.type;
  const tags: [string, string][] = [
    ['TY', ownType && typeOfRis(ownType) === p.type ? ownType : RIS_TYPES[p.type]],
    ['ID', id],
    ['TI', p.title],
    ...p.authors.map((a): [string, string] => ['AU', a]),
  ];
  if (p.year) tags.push(['PY', String(p.year)]);
  if (p.venue) tags.push([VENUE_TAGS(p.type)[0]!, p.venue]);
  if (p.volume) tags.push(['VL', p.volume]);
  if (p.issue) tags.push(['IS', p.issue]);
  if (p.pages) tags.push(...pageTags(p.pages));
  if (p.doi) tags.push(['DO', p.doi]);
  if (p.url) tags.push(['UR', p.url]);
  if (p.abstract) tags.push(['AB', p.abstract]);
  tags.push(...p.keywords.map((k): [string, string] => ['KW', k]));
  // Its own tags as they came (a second UR, an N2 beside AB...).
  for (const [tag, values] of Object.entries(p.extra.ris?.tags ?? {})) if (!OWN_TAGS.has(tag)) tags.push(...values.map((v): [string, string] => [tag, v]));
  for (const [variable, value] of carriedOver(p.extra, 'ris', p.type)) {
    const tag = mappedField(variable).ris;
    if (tags.some(([t]) => t === tag) || mappedRisField(tag, p.type)?.csl !== variable) continue;
    tags.push(...risValues(value, p.year).map((v): [string, string] => [tag, v]));
  }
  tags.push(['LB', key]);
  return tags.map(([tag, value]): [string, string] => [tag, oneLine(value)]).filter(([, value]) => value !== '');
}

/** Publications as a .ris file. */
export function writeRis(pubs: readonly CitableFields[]): string {
  const keys = citationKeys(pubs);
  const ids = risIds(keys);
  return pubs.map((p, i) => [...risTags(p, keys[i]!, ids[i]!).map(([tag, value]) => `${tag}  - ${value}`), 'ER  - ', '', ''].join('\r\n')).join('');
}

/** One record of a paste, read. */
export interface RisRead {
  key: string | null;
  /** The line it starts on, from 1. */
  line: number;
  input: PublicationInput | null;
  error: string | null;
}

/** A tag line: two characters, two spaces, a hyphen, then a space and the value (ER's may end at the hyphen). */
const TAG_LINE = /^([A-Z][A-Z0-9]) {2}-(?: (.*))?$/;

/** A record's publication from its tags (each with the line it is on). */
function recordInput(tags: [string, string][]): { key: string | null; input: PublicationInput } {
  const taken = new Set<number>();
  const take = (tag: string) => {
    const i = tags.findIndex(([t, v], j) => t === tag && v && !taken.has(j));
    if (i < 0) return null;
    taken.add(i);
    return tags[i]![1];
  };
  const takeAll = (...wanted: string[]) => tags.flatMap(([t, v], j) => (wanted.includes(t) && v && !taken.has(j) ? (taken.add(j), [v]) : []));
  const ris = take('TY') ?? '';
  const type = typeOfRis(ris);
  const title = take('TI') ?? take('T1') ?? '';
  const authors = takeAll('AU', 'A1').map((name) => ({ name, person: null }));
  const year = /\d{4}/.exec(take('PY') ?? take('Y1') ?? '')?.[0];
  const venue = VENUE_TAGS(type).reduce<string | null>((found, tag) => found ?? take(tag), null);
  const volume = take('VL');
  const issue = take('IS');
  const [start, end] = [take('SP'), take('EP')];
  // The label is the key when it is one the catalogue takes; else it stays a tag of extra.
  const label = tags.find(([t, v]) => t === 'LB' && v)?.[1] ?? null;
  const id = take('ID');
  const key = label ?? id;
  if (label && KEY_PATTERN.test(label)) take('LB');
  const input: PublicationInput = {
    type,
    title,
    authors,
    year: year ? Number(year) : null,
    venue,
    volume,
    issue,
    pages: start && end ? `${start}-${end}` : (start ?? end),
    doi: take('DO'),
    url: take('UR'),
    abstract: take('AB') ?? take('N2'),
    keywords: takeAll('KW'),
    citationKey: [label, id].find((k) => k && KEY_PATTERN.test(k)) ?? null,
  };
  const rest: Record<string, string[]> = {};
  for (const [j, [tag, value]] of tags.entries()) {
    if (taken.has(j) || !value || tag === 'ID') continue;
    (rest[tag] ??= []).push(value);
  }
  const extra: PublicationExtra['ris'] = { ...(ris && ris !== RIS_TYPES[type] ? { type: ris } : {}), tags: rest };
  return { key, input: { ...input, extra: extra.type || Object.keys(rest).length ? { ris: extra } : {} } };
}

/** The records of a paste of RIS: each from its TY line to its ER line, read alone. */
export function readRis(text: string): RisRead[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const records: RisRead[] = [];
  let open: { start: number; tags: [string, string][]; untagged: number | null } | null = null;
  for (const [i, line] of lines.entries()) {
    const tag = TAG_LINE.exec(line);
    const value = tag?.[2]?.trim() ?? '';
    if (tag?.[1] === 'TY') {
      if (open)
        records.push({
          key: null,
          line: open.start + 1,
          input: null,
          error: `Line ${open.start + 1}: this entry has no end (ER  - ) before the next one starts on line ${i + 1}`,
        });
      open = { start: i, tags: [['TY', value]], untagged: null };
    } else if (tag?.[1] === 'ER') {
      if (open) records.push(closed(open));
      open = null;
    } else if (tag) {
      if (open) open.tags.push([tag[1]!, value]);
      else records.push({ key: null, line: i + 1, input: null, error: `Line ${i + 1}: a tag outside any entry (an entry starts with TY  - )` });
    } else if (open && line.trim() && open.untagged === null) open.untagged = i;
  }
  if (open) records.push({ key: null, line: open.start + 1, input: null, error: `Line ${open.start + 1}: this entry has no end (ER  - )` });
  return records;

  function closed(record: { start: number; tags: [string, string][]; untagged: number | null }): RisRead {
    const { key, input } = recordInput(record.tags);
    if (record.untagged === null) return { key, line: record.start + 1, input, error: null };
    const error = `Line ${record.untagged + 1}: a line without a tag inside an entry: RIS has one line per field (XX  - value), and nothing is joined across lines`;
    return { key, line: record.start + 1, input: null, error };
  }
}

/** extra.ris after a change of type: a TY that no longer is the publication's goes. */
export function risExtraAfterChange(own: PublicationExtra['ris'], before: PublicationType, after: PublicationType): PublicationExtra['ris'] {
  if (!own?.type || before === after || typeOfRis(own.type) !== before) return own;
  return { tags: own.tags };
}
