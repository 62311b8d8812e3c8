import { parse as parseName } from '@citation-js/name';
import type { PublicationExtra, PublicationType } from '@observatory/shared';

/** What the readers and writers of every format share: CSL-JSON's names and types, and the fields a publication is written from. */

/** The fields a publication is exported and formatted from. */
export interface CitableFields {
  slug: string;
  citationKey: string | null;
  type: PublicationType;
  title: string;
  authors: readonly string[];
  year: number | null;
  venue: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  doi: string | null;
  url: string | null;
  abstract: string | null;
  keywords: readonly string[];
  extra: PublicationExtra;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null);
/** CSL's rich-text markup (and the HTML abstracts arrive with): tags only, so "<doi:10.1/x>" in an abstract stays. */
const MARKUP = /<\/?(?:i|b|em|strong|sup|sub|sc|span|p|div|br)\b[^>]*>/gi;
/** Text from a citation without markup (CSL titles may hold <i> and friends). */
export const plain = (v: unknown) => str(v)?.replace(MARKUP, '') ?? null;

/** A name as CSL-JSON has it. */
export type CslName = { family?: string; given?: string; literal?: string; 'non-dropping-particle'?: string; suffix?: string };

/** A name as a citation writes it: "Family, Given". */
export function nameAsWritten(n: CslName): string {
  if (n.literal) return n.literal;
  const family = [n['non-dropping-particle'], n.family].filter(Boolean).join(' ');
  return [family, [n.given, n.suffix].filter(Boolean).join(', ')].filter(Boolean).join(', ');
}

/** A name as written, as CSL: "Family, Given" and "Given Family" alike. */
export function cslName(name: string): CslName {
  const parsed = parseName(name);
  return parsed.family || parsed.literal ? parsed : { literal: name };
}

export const FROM_CSL_TYPE: Record<string, PublicationType> = {
  article: 'article',
  'article-journal': 'article',
  'article-magazine': 'article',
  'article-newspaper': 'article',
  'paper-conference': 'article',
  review: 'article',
  book: 'book',
  chapter: 'chapter',
  'entry-encyclopedia': 'chapter',
  report: 'report',
  thesis: 'thesis',
  dataset: 'dataset',
  software: 'software',
};
export const TO_CSL_TYPE: Record<PublicationType, string> = {
  article: 'article-journal',
  book: 'book',
  chapter: 'chapter',
  report: 'report',
  thesis: 'thesis',
  dataset: 'dataset',
  software: 'software',
  other: 'document',
};
/** The catalogue's type of a CSL type: other for any it has none for. */
export const typeOfCsl = (type: unknown): PublicationType => FROM_CSL_TYPE[String(type)] ?? 'other';

/** The types whose venue is their publisher (the others': the journal or book they are in). */
export const PUBLISHED_BY: readonly PublicationType[] = ['book', 'report', 'thesis', 'software', 'dataset', 'other'];
