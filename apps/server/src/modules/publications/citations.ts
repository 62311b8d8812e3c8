import { Cite, plugins, type CslItem } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import { readFileSync } from 'node:fs';
import {
  PublicationInputSchema,
  type CitationRun,
  type ParsedPublication,
  type CitationStyle,
  type PublicationExportFormat,
  type PublicationExtra,
  type PublicationInput,
} from '@observatory/shared';
import { bibtexExtra, bibtexExtraAfterChange, writeBibtex } from './bibtex.js';
import { bibtexFault, faultWords } from './bibtex-errors.js';
import { cslName, nameAsWritten, plain, PUBLISHED_BY, TO_CSL_TYPE, typeOfCsl, type CitableFields, type CslName } from './csl.js';
import { carriedOver, compactExtra } from './extra.js';
import { readRis, risExtraAfterChange, writeRis } from './ris.js';

/**
 * Citations in and out: a paste of BibTeX, RIS or CSL-JSON split into its entries (each
 * read alone, so a fault names its entry and line and leaves the others readable), a
 * publication as CSL-JSON, formatted in a style, and exported. BibTeX and CSL-JSON are read
 * by citation-js; RIS, and the BibTeX and RIS files exported, by our own modules (ris.ts,
 * bibtex.ts). What an entry holds beyond the columns is kept in its extra (extra.ts).
 *
 * Every read names its format (forceType): citation-js would otherwise fetch a pasted URL
 * or DOI from the network.
 */

/** Chicago (author-date) is not bundled with citation-js: its CSL file is kept beside this one (styles/README.md, CC BY-SA 3.0). */
const cslStyles = plugins.config.get('@csl').styles;
if (!cslStyles.has('chicago')) cslStyles.add('chicago', readFileSync(new URL('./styles/chicago-author-date.csl', import.meta.url), 'utf8'));

export type CitationFormat = 'bibtex' | 'ris' | 'csl';

/** One entry of a paste: the publication it reads as (not yet checked), or why it could not be read. */
export interface RawEntry {
  key: string | null;
  /** The line of the paste it starts on, from 1. */
  line: number;
  input: PublicationInput | null;
  error: string | null;
}

/** A BibTeX text's entries as written: type, key and fields (names in lower case, macros expanded, LaTeX and braces kept). */
type BibtexEntry = { type: string; label: string; properties: Record<string, string> };
const bibtexEntriesOf = (text: string) =>
  plugins.input.chain(text, { forceType: '@biblatex/text', target: '@biblatex/entries+list', generateGraph: false }) as BibtexEntry[];

/** What a paste is, from its first characters. */
export function detectFormat(text: string): CitationFormat {
  const start = text.trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'csl';
  if (/^\s*TY {2}- /m.test(text)) return 'ris';
  return 'bibtex';
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
const firstLine = (message: string) => message.split('\n')[0]!.trim();

/** The BibTeX parser's fault in one entry (`parsed`: the text it read), in words, as "Line N, column C: …" of the whole paste. */
function bibtexError(message: string, parsed: string, startLine: number, lines: number): string {
  const fault = bibtexFault(message, parsed);
  if (!fault) return `Line ${startLine}: ${firstLine(message).replace(/:$/, '')}`;
  // Past the entry's own lines: it never closed.
  if (fault.line > lines) return `Line ${startLine}: this entry is not closed (${(fault.expected ?? faultWords(fault)).replace(/^E/, 'e')})`;
  return `Line ${startLine + fault.line - 1}, column ${fault.column}: ${faultWords(fault)}`;
}

/** BibTeX: entries start with @type{ at the start of a line; @string macros are given to every entry, @comment and @preamble skipped. */
function bibtexEntries(text: string): RawEntry[] {
  const starts = [...text.matchAll(/^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm)].map((m) => ({ offset: m.index, type: m[1]!.toLowerCase() }));
  const chunks = starts.map((s, i) => ({ ...s, text: text.slice(s.offset, starts[i + 1]?.offset ?? text.length), line: lineAt(text, s.offset) }));
  const macros = chunks
    .filter((c) => c.type === 'string')
    .map((c) => c.text)
    .join('\n');
  return chunks
    .filter((c) => !['string', 'comment', 'preamble'].includes(c.type))
    .map((chunk) => {
      const key = /^[^{(]*[{(]\s*([^,\s]+)\s*,/.exec(chunk.text)?.[1] ?? null;
      // The macros come after the entry's own text in the parse, so its lines keep their numbers.
      const parsed = `${chunk.text}\n${macros}`;
      try {
        const [entry] = bibtexEntriesOf(parsed);
        const [csl] = entry ? new Cite([entry], { forceType: '@biblatex/entries+list' }).data : [];
        if (!entry || !csl) return { key, line: chunk.line, input: null, error: `Line ${chunk.line}: not a BibTeX entry` };
        const input = fromCsl(csl);
        const fields = Object.fromEntries(Object.entries(entry.properties).map(([name, value]) => [name.toLowerCase(), String(value)]));
        const bibtex = bibtexExtra(entry.type.toLowerCase(), fields, input);
        return { key, line: chunk.line, input: { ...input, extra: bibtex ? { bibtex } : {} }, error: null };
      } catch (e) {
        return { key, line: chunk.line, input: null, error: bibtexError((e as Error).message, parsed, chunk.line, chunk.text.trimEnd().split('\n').length) };
      }
    });
}

/** Where each item of a top-level JSON array starts (or the one object), skipping strings. */
function itemOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && depth === (text.trimStart().startsWith('[') ? 1 : 0)) offsets.push(i);
      depth++;
    } else if (c === '}' || c === ']') depth--;
  }
  return offsets;
}

/**
 * Where JSON that does not parse goes wrong: the longest start of it that is only
 * unfinished (not wrong) ends there. Node's messages do not always say.
 */
function jsonErrorOffset(text: string): number {
  const unfinished = (end: number) => {
    try {
      JSON.parse(text.slice(0, end));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const position = /position (\d+)/.exec(message)?.[1];
      return /end of (JSON )?input/i.test(message) || (position !== undefined && Number(position) >= end);
    }
  };
  let [low, high] = [0, text.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (unfinished(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** CSL-JSON: an array of items, or one item. */
function cslEntries(text: string): RawEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const line = lineAt(text, jsonErrorOffset(text));
    return [{ key: null, line, input: null, error: `Line ${line}: not valid JSON here` }];
  }
  const items = Array.isArray(data) ? data : [data];
  const offsets = itemOffsets(text);
  return items.map((item, i) => {
    const line = offsets[i] !== undefined ? lineAt(text, offsets[i]) : 1;
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return { key: null, line, input: null, error: `Line ${line}: item ${i + 1} is not a CSL-JSON object` };
    const key = typeof (item as CslItem).id === 'string' || typeof (item as CslItem).id === 'number' ? String((item as CslItem).id) : null;
    try {
      const [csl] = new Cite(item, { forceType: '@csl/object' }).data;
      if (!csl) return { key, line, input: null, error: `Line ${line}: not a CSL-JSON item` };
      const input = fromCsl(csl);
      const own = cslExtra(csl, input);
      return { key, line, input: { ...input, extra: own ? { csl: own } : {} }, error: null };
    } catch (e) {
      return { key, line, input: null, error: `Line ${line}: ${firstLine((e as Error).message)}` };
    }
  });
}

/** How many entries a paste holds, counted before any is read (reading 500 takes the server about half a second). */
export function countEntries(text: string, format: CitationFormat): number {
  if (format === 'ris') return (text.match(/^TY {2}- /gm) ?? []).length;
  if (format === 'csl') return itemOffsets(text).length;
  return [...text.matchAll(/^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm)].filter((m) => !['string', 'comment', 'preamble'].includes(m[1]!.toLowerCase())).length;
}

/** The entries of a paste, each read alone. */
export function readEntries(text: string, format: CitationFormat): RawEntry[] {
  if (format === 'csl') return cslEntries(text);
  if (format === 'ris') return readRis(text);
  return bibtexEntries(text);
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null);

/** The year of a CSL date. */
function yearOf(date: unknown): number | null {
  const d = date as { 'date-parts'?: unknown[][]; literal?: string; raw?: string } | undefined;
  const first = d?.['date-parts']?.[0]?.[0];
  const year = Number(first ?? /\b(\d{4})\b/.exec(d?.literal ?? d?.raw ?? '')?.[1]);
  return Number.isInteger(year) && year > 0 ? year : null;
}

/** A publication's fields from CSL-JSON, as a form would send them (checked after). */
export function fromCsl(csl: CslItem): PublicationInput {
  const type = typeOfCsl(csl.type);
  const names = ((csl.author ?? csl.editor ?? []) as CslName[]).map(nameAsWritten).filter(Boolean);
  const keywords = str(csl.keyword)
    ?.split(/[,;]/)
    .map((k) => k.trim())
    .filter(Boolean);
  const venue = plain(csl['container-title']) ?? (PUBLISHED_BY.includes(type) ? plain(csl.publisher) : null);
  return {
    type,
    title: plain(csl.title) ?? '',
    authors: names.map((name) => ({ name, person: null })),
    year: yearOf(csl.issued),
    venue,
    volume: str(csl.volume),
    issue: str(csl.issue),
    pages: str(csl.page),
    doi: str(csl.DOI),
    url: str(csl.URL),
    abstract: plain(csl.abstract),
    keywords: [...new Set(keywords ?? [])],
    citationKey: str(csl['citation-key']) ?? (typeof csl.id === 'string' && /^[^\s{},]+$/.test(csl.id) ? csl.id : null),
  };
}

/** CSL variables the columns are written from (an item's own are written only while they read as the column). */
const CSL_COLUMNS = new Set([
  'id',
  'type',
  'title',
  'author',
  'issued',
  'container-title',
  'volume',
  'issue',
  'page',
  'DOI',
  'URL',
  'abstract',
  'keyword',
  'citation-key',
]);

/** An issued date that says no more than its year. */
const onlyYear = (issued: unknown, year: number | null) => JSON.stringify(issued) === JSON.stringify({ 'date-parts': [[year]] });

/**
 * What of a CSL-JSON item is kept in extra beside the columns read into `input`: every
 * variable the columns did not take, a title with markup (its nocase spans), an issued
 * date with more than the year; its type when it is not the one written for the catalogue's.
 */
function cslExtra(csl: CslItem, input: PublicationInput): PublicationExtra['csl'] {
  const checked = PublicationInputSchema.safeParse(input);
  if (!checked.success) return undefined;
  const p = checked.data;
  const taken = new Set(['id', 'type', 'author', 'volume', 'issue', 'page', 'DOI', 'URL', 'abstract', 'keyword', 'citation-key']);
  if (csl.author === undefined) taken.add('editor');
  if (p.venue) taken.add(plain(csl['container-title']) === p.venue ? 'container-title' : 'publisher');
  if (plain(csl.title) === csl.title) taken.add('title');
  if (onlyYear(csl.issued, p.year)) taken.add('issued');
  const variables = Object.fromEntries(Object.entries(csl).filter(([name, value]) => !name.startsWith('_') && !taken.has(name) && value !== undefined));
  const type = csl.type && csl.type !== TO_CSL_TYPE[p.type] ? csl.type : undefined;
  return type || Object.keys(variables).length ? { ...(type ? { type } : {}), variables } : undefined;
}

/** A publication as CSL-JSON: its columns, its own CSL variables, and the mapped fields of its other formats' extra. */
export function toCsl(p: CitableFields): CslItem {
  const own = p.extra.csl;
  const type = own?.type && typeOfCsl(own.type) === p.type ? own.type : TO_CSL_TYPE[p.type];
  const csl: CslItem = { id: p.citationKey ?? p.slug, type, title: p.title, author: p.authors.map(cslName) };
  if (p.citationKey) csl['citation-key'] = p.citationKey;
  if (p.year) csl.issued = { 'date-parts': [[p.year]] };
  if (p.venue) csl[PUBLISHED_BY.includes(p.type) ? 'publisher' : 'container-title'] = p.venue;
  const optional = { volume: p.volume, issue: p.issue, page: p.pages, DOI: p.doi, URL: p.url, abstract: p.abstract, keyword: p.keywords.join(', ') || null };
  for (const [field, value] of Object.entries(optional)) if (value) csl[field] = value;
  const variables = own?.variables ?? {};
  if (plain(variables.title) === p.title) csl.title = variables.title;
  if (variables.issued && p.year && yearOf(variables.issued) === p.year) csl.issued = variables.issued;
  for (const [name, value] of Object.entries(variables)) if (!(name in csl) && !CSL_COLUMNS.has(name)) csl[name] = value;
  for (const [variable, value] of carriedOver(p.extra, 'csl', p.type)) {
    if (variable === 'issued') {
      if (p.year && onlyYear(csl.issued, p.year)) csl.issued = { 'date-parts': [[p.year, value]] };
    } else if (!(variable in csl)) csl[variable] = value;
  }
  return csl;
}

/** The columns a publication's extra is checked against when they change. */
type Columns = Omit<CitableFields, 'slug' | 'citationKey' | 'extra'>;

/**
 * A publication's extra after a change of its columns from `before` to `after`: what held a
 * column in a form of its own (a BibTeX title with its braces, a CSL title with markup, a
 * date with its month) goes with the value it held; a type of a format's own that is no
 * longer the publication's goes too.
 */
export function extraAfterChange(extra: PublicationExtra, before: Columns, after: Columns): PublicationExtra {
  const csl = extra.csl && { ...extra.csl, variables: { ...extra.csl.variables } };
  if (csl) {
    if (plain(csl.variables.title) === before.title && before.title !== after.title) delete csl.variables.title;
    if (csl.variables.issued && yearOf(csl.variables.issued) === before.year && before.year !== after.year) delete csl.variables.issued;
    if (csl.type && typeOfCsl(csl.type) === before.type && before.type !== after.type) delete csl.type;
  }
  return compactExtra({ bibtex: bibtexExtraAfterChange(extra.bibtex, before, after), ris: risExtraAfterChange(extra.ris, before.type, after.type), csl });
}

/** The input entry as the schema takes it, or the problems that stop it, named by field. */
export function checkEntry(input: PublicationInput): { publication: ParsedPublication; error: null } | { publication: null; error: string } {
  const parsed = PublicationInputSchema.safeParse(input);
  if (parsed.success) {
    const { slug: _slug, ...publication } = parsed.data;
    return {
      publication: { ...publication, authors: publication.authors.map((a) => ({ name: a.name, person: a.person ?? null })), url: publication.url ?? null },
      error: null,
    };
  }
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`);
  return { publication: null, error: [...new Set(problems)].join('; ') };
}

/** Publications as a file of one format: BibTeX and RIS by our writers; CSL-JSON as toCsl has them (citation-js would add its own bookkeeping). */
export function exportCitations(pubs: readonly CitableFields[], format: PublicationExportFormat): string {
  if (format === 'csl') return `${JSON.stringify(pubs.map(toCsl), null, 2)}\n`;
  return format === 'bibtex' ? writeBibtex(pubs) : writeRis(pubs);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (s: string) =>
  s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? m;
  });

type RunStyle = Omit<CitationRun, 'text'>;
const STYLE_OF_TAG: Record<string, keyof RunStyle> = { i: 'italic', em: 'italic', b: 'bold', strong: 'bold', sup: 'sup', sub: 'sub' };

/**
 * citeproc's HTML for one entry as runs of plain text with their styling: the web renders
 * them as elements, so nothing of a citation is ever put in a page as HTML.
 */
export function runsOf(html: string): CitationRun[] {
  // The number Vancouver puts before an entry says nothing about a single one.
  const body = html.replace(/<div class="csl-left-margin">[\s\S]*?<\/div>/g, '');
  const runs: CitationRun[] = [];
  const stack: (keyof RunStyle | null)[] = [];
  for (const part of body.split(/(<[^>]+>)/)) {
    if (!part) continue;
    const tag = /^<(\/)?([a-z]+)([^>]*)>$/i.exec(part);
    if (tag) {
      const [, closing, name, attrs] = tag;
      const style = STYLE_OF_TAG[name!.toLowerCase()] ?? (/small-caps/.test(attrs ?? '') ? 'smallCaps' : null);
      if (name!.toLowerCase() === 'div' || name!.toLowerCase() === 'br') continue;
      if (closing) stack.pop();
      else stack.push(style);
      continue;
    }
    const text = decode(part.replace(/\s+/g, ' '));
    if (!text.trim() && !runs.length) continue;
    const run: CitationRun = { text };
    for (const style of stack) if (style) run[style] = true;
    const last = runs.at(-1);
    if (last && JSON.stringify({ ...last, text: '' }) === JSON.stringify({ ...run, text: '' })) last.text += text;
    else runs.push(run);
  }
  const last = runs.at(-1);
  if (last) last.text = last.text.trimEnd();
  return runs.filter((r) => r.text);
}

/** One publication formatted in a citation style: as text and as styled runs. */
export function formatCitation(item: CslItem, style: CitationStyle): { text: string; runs: CitationRun[] } {
  const cite = new Cite([item], { forceType: '@csl/list+object' });
  const options = { template: style, lang: 'en-US' };
  const runs = runsOf(cite.format('bibliography', { ...options, format: 'html' }));
  return { text: runs.map((r) => r.text).join(''), runs };
}
