/**
 * Pasted GeoJSON, read and checked here with the server's own schema so most mistakes are
 * named before anything is sent. A single Feature, which the API refuses, is taken as its
 * geometry.
 */
import { GeoJsonInputSchema } from '@observatory/shared';
import type { GeoJson } from './drawing';
import { check } from '../../../lib/validate';

export type GeoJsonTextResult = { geo: GeoJson | null; error: null } | { geo: null; error: string };

const fail = (error: string): GeoJsonTextResult => ({ geo: null, error });

/** Where in the GeoJSON a problem is, e.g. "coordinates.0.3". */
const place = (path: PropertyKey[]) => (path.length ? ` (at ${path.map(String).join('.')})` : '');

export function parseGeoJsonText(text: string): GeoJsonTextResult {
  if (!text.trim()) return { geo: null, error: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail(`This is not valid JSON: ${(e as Error).message}`);
  }
  const record = value as { type?: unknown; geometry?: unknown } | null;
  if (record && typeof record === 'object' && record.type === 'Feature') {
    if (!record.geometry) return fail('This Feature has no geometry');
    value = record.geometry;
  }
  const parsed = check(GeoJsonInputSchema, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(`${issue.message}${place(issue.path)}`);
  }
  return { geo: dropElevation(parsed.data as GeoJson), error: null };
}

/** Two numbers per position, as the server stores and answers them. */
function dropElevation(geo: GeoJson): GeoJson {
  const flat = (value: unknown): unknown =>
    Array.isArray(value) && typeof value[0] === 'number' ? value.slice(0, 2) : Array.isArray(value) ? value.map(flat) : value;
  if (geo.type === 'FeatureCollection') {
    return {
      ...geo,
      features: geo.features.map((f) => ({ type: 'Feature', properties: {}, geometry: { ...f.geometry, coordinates: flat(f.geometry.coordinates) } })),
    } as GeoJson;
  }
  return { type: geo.type, coordinates: flat(geo.coordinates) } as GeoJson;
}

export const geoJsonText = (geo: GeoJson | null) => (geo ? JSON.stringify(geo, null, 2) : '');
