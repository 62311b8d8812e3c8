/**
 * A geometry cell of an import: GeoJSON text (what the catalogue's own exports write: a
 * geometry or a FeatureCollection; a Feature's geometry is taken too) or WKT (POINT,
 * LINESTRING, POLYGON, MULTI…, GEOMETRYCOLLECTION, with Z/M/ZM, EMPTY refused, "SRID=4326;"
 * allowed). Either way the result passes the API's own GeoJSON schema (GeoJsonInputSchema),
 * so a cell takes what POST data/obj takes; a validity check in PostGIS follows (objects.ts).
 */
import { GeoJsonInputSchema, type GeoJson } from '@observatory/shared';

export type GeometryCell = { geo: GeoJson } | { error: string };

/** The cell's start, for messages: a polygon's text runs to megabytes. */
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export function geometryOfCell(cell: string): GeometryCell {
  const text = cell.trim();
  let value: unknown;
  if (text.startsWith('{')) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      return { error: `“${shown(text)}” is not GeoJSON: ${(err as Error).message}` };
    }
    const feature = value as { type?: unknown; geometry?: unknown };
    if (feature?.type === 'Feature') value = feature.geometry;
  } else {
    const parsed = wktOf(text);
    if ('error' in parsed) return { error: `“${shown(text)}” is neither GeoJSON nor WKT: ${parsed.error}` };
    value = parsed.value;
  }
  const checked = GeoJsonInputSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { error: `Not a geometry the catalogue takes: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` };
  }
  return { geo: checked.data as GeoJson };
}

type Position = number[];
interface WktGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: WktGeometry[];
}

const TYPES: Record<string, string> = {
  POINT: 'Point',
  LINESTRING: 'LineString',
  POLYGON: 'Polygon',
  MULTIPOINT: 'MultiPoint',
  MULTILINESTRING: 'MultiLineString',
  MULTIPOLYGON: 'MultiPolygon',
  GEOMETRYCOLLECTION: 'GeometryCollection',
};

class WktError extends Error {}

/**
 * Well-known text as GeoJSON: a GEOMETRYCOLLECTION as a FeatureCollection of its members
 * (the API's form of several shapes), positions as [x, y] (a Z or M value is dropped, as
 * the catalogue keeps two dimensions).
 */
export function wktOf(text: string): { value: unknown } | { error: string } {
  const srid = /^SRID=(\d+);/i.exec(text);
  if (srid && srid[1] !== '4326') return { error: `SRID ${srid[1]}: only WGS 84 longitude/latitude (4326) is taken` };
  const tokens = (srid ? text.slice(srid[0].length) : text).match(/[A-Za-z]+|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[(),]|\S/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined) throw new WktError('it ends too early');
    return token;
  };
  const expect = (token: string) => {
    const got = next();
    if (got !== token) throw new WktError(`expected “${token}”, found “${got}”`);
  };
  /** Items separated by commas inside parentheses. */
  const list = <T>(item: () => T): T[] => {
    expect('(');
    const items = [item()];
    while (peek() === ',') {
      next();
      items.push(item());
    }
    expect(')');
    return items;
  };
  const position = (): Position => {
    const numbers: number[] = [];
    while (peek() !== undefined && /^[-+.\d]/.test(peek()!)) numbers.push(Number(next()));
    if (numbers.length < 2 || numbers.length > 4) throw new WktError(`a position has ${numbers.length} numbers (2 to 4)`);
    return numbers.slice(0, 2);
  };
  const ring = () => list(position);
  const bodies: Record<string, () => unknown> = {
    Point: () => list(position)[0],
    LineString: ring,
    Polygon: () => list(ring),
    // A MULTIPOINT's points with or without their own parentheses.
    MultiPoint: () => list(() => (peek() === '(' ? list(position)[0]! : position())),
    MultiLineString: () => list(ring),
    MultiPolygon: () => list(() => list(ring)),
  };
  const geometry = (): WktGeometry => {
    const word = next();
    const type = TYPES[word.toUpperCase()];
    if (!type) throw new WktError(`“${word}” is not a WKT geometry type`);
    if (/^(Z|M|ZM)$/i.test(peek() ?? '')) next();
    if (peek()?.toUpperCase() === 'EMPTY') throw new WktError(`${word.toUpperCase()} EMPTY is no location: leave the cell empty`);
    if (type === 'GeometryCollection') return { type, geometries: list(geometry) };
    return { type, coordinates: bodies[type]!() };
  };
  try {
    const parsed = geometry();
    if (at < tokens.length) throw new WktError(`“${tokens[at]}” after the end of the geometry`);
    if (parsed.type !== 'GeometryCollection') return { value: parsed };
    const members = parsed.geometries!;
    if (members.some((g) => g.type === 'GeometryCollection')) throw new WktError('a GEOMETRYCOLLECTION inside another is not taken');
    return { value: { type: 'FeatureCollection', features: members.map((g) => ({ type: 'Feature', properties: {}, geometry: g })) } };
  } catch (err) {
    if (err instanceof WktError) return { error: err.message };
    throw err;
  }
}
