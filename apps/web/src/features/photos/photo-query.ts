import { PAGE_SIZES, type PhotoResult } from '@observatory/shared';
import { formatBbox, parseBbox } from '../../lib/bbox';
import { paths } from '../../config/paths';

/**
 * A photo search as the address spells it: the text (q), the filters, the page (p, only
 * above 1) and the page size (n, only when not the spec's 10). The API is always sent p
 * and n (see `photoApiQuery`).
 */
export interface PhotoSearch {
  q?: string;
  /** The photographer's slug. */
  person?: string;
  /** An object type's slug. */
  type?: string;
  /** YYYY-MM-DD: taken on or after. */
  from?: string;
  /** YYYY-MM-DD: taken on or before. */
  to?: string;
  /** "west,south,east,north", as `formatBbox` writes it. */
  bbox?: string;
  p?: number;
  n?: number;
}

/** Photos a page shows unless the address says otherwise (the spec's 10). */
export const PHOTOS_PER_PAGE = PAGE_SIZES.photoSearch;
/** The page sizes offered; the API takes up to 100. */
export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;
const MAX_PER_PAGE = 100;

/** The filters of the search as the address names them (the text and the page apart). */
export const PHOTO_FILTERS = ['person', 'type', 'from', 'to', 'bbox', 'n'] as const;

const TEXT_KEYS = ['q', 'person', 'type', 'from', 'to'] as const;

export { boxFromCorners, formatBbox, parseBbox } from '../../lib/bbox';

const positive = (text: string | null, max = Infinity): number | undefined => {
  const value = Math.floor(Number(text));
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : undefined;
};

/**
 * The search an address holds. A page below 2 is page 1 (left out); a page size outside
 * 1…100 or the default is left out; a box the API would refuse is left out (the page says
 * so: see `badBboxIn`). Dates go as typed: the server names a wrong one (or a range
 * whose end is before its start), and the page shows its words at the field.
 */
export function photoSearchFrom(params: URLSearchParams): PhotoSearch {
  const search: PhotoSearch = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) search[key] = value;
  }
  const box = parseBbox(params.get('bbox'));
  if (box) search.bbox = formatBbox(box);
  const page = positive(params.get('p'));
  if (page && page > 1) search.p = page;
  const n = positive(params.get('n'), MAX_PER_PAGE);
  if (n && n !== PHOTOS_PER_PAGE) search.n = n;
  return search;
}

/** The address's box when the API would refuse it (it is not sent), else null. */
export function badBboxIn(params: URLSearchParams): string | null {
  const text = params.get('bbox')?.trim();
  return text && !parseBbox(text) ? text : null;
}

/** The search as address parameters, in one order, defaults left out. */
export function photoSearchParams(search: PhotoSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = search[key]?.trim();
    if (value) params.set(key, value);
  }
  if (search.bbox) params.set('bbox', search.bbox);
  if (search.p && search.p > 1) params.set('p', String(search.p));
  if (search.n && search.n !== PHOTOS_PER_PAGE) params.set('n', String(search.n));
  return params;
}

/**
 * What the API is asked: the filters given, and always the page (from 1) and the page
 * size, in one order (the key of the results' cache).
 */
export function photoApiQuery(search: PhotoSearch): string {
  const params = photoSearchParams({ ...search, p: undefined, n: undefined });
  params.set('p', String(search.p ?? 1));
  params.set('n', String(search.n ?? PHOTOS_PER_PAGE));
  return params.toString();
}

/** The address of the search screen, or of the viewer on one photo over it. */
export function photoSearchHref(search: PhotoSearch, photoId?: string): string {
  const qs = photoSearchParams(search).toString();
  const path = photoId ? paths.photo(photoId) : paths.photos;
  return qs ? `${path}?${qs}` : path;
}

/** Whether any filter or text narrows the search (the page and its size apart). */
export const isFiltered = (search: PhotoSearch) => TEXT_KEYS.some((key) => !!search[key]) || !!search.bbox;

/** Where the photos' map draws a photo: where it was taken when the reader may know it, else its object's point. */
export const mapPointOf = (p: Pick<PhotoResult, 'geo' | 'place'>): number[] | null => {
  const point = p.geo ?? p.place;
  return point && point.coordinates.length >= 2 ? point.coordinates.slice(0, 2) : null;
};
