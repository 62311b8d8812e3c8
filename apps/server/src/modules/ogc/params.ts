import { and, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Bbox } from '@observatory/shared';
import { objects } from '../../db/schema/index.js';
import { invalidField } from '../../lib/errors.js';

/** The one coordinate reference system served: WGS 84 longitude, latitude. */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** The parameters of items (the standard's, Part 3's filter ones, `crs` of Part 2 for CRS84 alone, and `f`): any other is refused. */
export const ITEMS_PARAMETERS = ['f', 'limit', 'offset', 'bbox', 'bbox-crs', 'datetime', 'filter', 'filter-lang', 'filter-crs', 'crs'];

/** 400 for query parameters a resource does not know (the standard's rule: a client learns of its mistake rather than getting everything). */
export function refuseUnknown(url: string, known: readonly string[]): void {
  const unknown = [...new Set(new URL(url, 'http://x').searchParams.keys())].filter((name) => !known.includes(name));
  if (unknown.length)
    throw invalidField(
      `querystring.${unknown[0]}`,
      `Unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: this resource takes ${known.join(', ')}`,
    );
}

/** A CRS parameter: only CRS84 is served. */
export function checkCrs(name: string, value: string | undefined): void {
  if (value !== undefined && value !== CRS84) throw invalidField(`querystring.${name}`, `Only ${CRS84} is served`);
}

/** bbox=minLon,minLat,maxLon,maxLat in CRS84 (a 6-number box has heights the catalogue does not store). */
export function parseBbox(text: string): Bbox {
  const parts = text.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (parts.length === 6) throw invalidField('querystring.bbox', 'A box with heights (6 numbers) is not served: give minLon,minLat,maxLon,maxLat');
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) throw invalidField('querystring.bbox', 'Give 4 numbers: minLon,minLat,maxLon,maxLat');
  const [minLon, minLat, maxLon, maxLat] = parts as Bbox;
  if (minLat > maxLat || minLat < -90 || maxLat > 90) throw invalidField('querystring.bbox', 'Latitudes run from -90 to 90, the lower first');
  if (minLon < -180 || maxLon > 180) throw invalidField('querystring.bbox', 'Longitudes run from -180 to 180');
  return [minLon, minLat, maxLon, maxLat];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An end of datetime: null when open (`..` or empty); a date stands for its whole day (UTC). */
function instant(text: string): { from: Date; to: Date; day: boolean } | null {
  if (text === '..' || text === '') return null;
  const date = DATE.test(text) ? new Date(`${text}T00:00:00Z`) : DATE_TIME.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw invalidField('querystring.datetime', 'Give an RFC 3339 date or date-time, or an interval of them (a/b, ../b, a/..)');
  return { from: date, to: DATE.test(text) ? new Date(date.getTime() + 86_400_000) : date, day: DATE.test(text) };
}

/**
 * datetime= over the objects' last change (objects have no time of their own): an instant
 * (a date: that day), or an interval whose ends may be open.
 */
export function datetimeCondition(text: string): SQL | undefined {
  const at = objects.updatedAt;
  const parts = text.split('/');
  if (parts.length > 2) throw invalidField('querystring.datetime', 'An interval has two ends: a/b, ../b or a/..');
  if (parts.length === 1) {
    const one = instant(parts[0]!);
    if (!one) throw invalidField('querystring.datetime', 'Give an instant or an interval');
    return one.day ? and(gte(at, one.from), lt(at, one.to)) : and(gte(at, one.from), lte(at, one.to));
  }
  const start = instant(parts[0]!);
  const end = instant(parts[1]!);
  if (start && end && start.from > end.to) throw invalidField('querystring.datetime', 'The interval ends before it starts');
  return and(start ? gte(at, start.from) : undefined, end ? (end.day ? lt(at, end.to) : lte(at, end.to)) : undefined);
}
