import { INSIGHT_SORTS, INSIGHT_VISIBILITIES, type Insight, type InsightSort } from '@observatory/shared';
import { paths } from '../../config/paths';

/**
 * An insights search as the address and the API spell it (spec section 7: p only when
 * the page is above 1, q, tag, o, u, t, s, v). Only types come from the shared package:
 * the home page's recent insights use this module, and the first visit loads no zod.
 */
export interface InsightSearch {
  /** The page, from 1. */
  p?: number;
  /** Full text, in web-search syntax. */
  q?: string;
  tag?: string;
  /** An object's name. */
  o?: string;
  /** The author's slug. */
  u?: string;
  /** A team's slug. */
  t?: string;
  s?: InsightSort;
  v?: Insight['visibility'];
}

/** The filters of a search, as the address names them (the page and text apart). */
export const INSIGHT_FILTERS = ['tag', 'o', 'u', 't', 's', 'v'] as const;
export type InsightFilter = (typeof INSIGHT_FILTERS)[number];

/** The sorts and visibilities the API takes (shared constants: no schema code comes with them). */
export const SORTS = INSIGHT_SORTS;
export const VISIBILITIES = INSIGHT_VISIBILITIES;

const TEXT_KEYS = ['q', 'tag', 'o', 'u', 't'] as const;

/** The sort the server uses when none is given: relevance with a text, else the newest first. */
export const defaultSort = (search: Pick<InsightSearch, 'q'>): InsightSort => (search.q?.trim() ? 'relevance' : 'newest');

/**
 * The search as query parameters, in one order (so that equal searches are equal strings,
 * the key of the results cache): `p` only when above 1, empty values left out.
 */
export function insightSearchParams(search: InsightSearch): URLSearchParams {
  const params = new URLSearchParams();
  const page = Math.floor(Number(search.p ?? 1));
  if (Number.isFinite(page) && page > 1) params.set('p', String(page));
  for (const key of TEXT_KEYS) {
    const value = search[key]?.trim();
    if (value) params.set(key, value);
  }
  if (search.s) params.set('s', search.s);
  if (search.v) params.set('v', search.v);
  return params;
}

/** The search as a query string (no "?"): what the API is sent and the cache is keyed by. */
export const insightSearchString = (search: InsightSearch): string => insightSearchParams(search).toString();

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A search read from an address: unknown sorts and visibilities are dropped, a page below 2 is page 1. */
export function insightSearchFrom(params: URLSearchParams): InsightSearch {
  const search: InsightSearch = {};
  const page = Math.floor(Number(params.get('p')));
  if (Number.isFinite(page) && page > 1) search.p = page;
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) search[key] = value;
  }
  const s = oneOf(SORTS, params.get('s'));
  if (s) search.s = s;
  const v = oneOf(VISIBILITIES, params.get('v'));
  if (v) search.v = v;
  return search;
}

/** The address of a search screen. */
export function insightSearchHref(search: InsightSearch): string {
  const qs = insightSearchString(search);
  return qs ? `${paths.insights}?${qs}` : paths.insights;
}
