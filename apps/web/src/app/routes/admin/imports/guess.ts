/**
 * Sensible first choices of an import's options, guessed from the file's header row: the
 * column of the objects' names, titles, coordinates, sites, times and metrics. The user
 * sees each guess as a chosen option and may change it.
 */
import type { ImportColumn } from '@observatory/shared';

type Test = (header: string) => boolean;

/** A header that names the objects: the id column (the object's name). */
export const ID_HEADER = /^(id|name|site ?id|siteid|field_?site_?id)$/i;

/** The pattern as a whole word (letters around it end it; digits, spaces and underscores do not). */
const word = (alternatives: string) => new RegExp(`(?:^|[^a-z])(?:${alternatives})(?:[^a-z]|$)`, 'i');

const matches =
  (pattern: RegExp): Test =>
  (header) =>
    pattern.test(header.trim());

/** The first column, in file order, that passes the first test any column passes (skipping those taken). */
function first(columns: readonly ImportColumn[], taken: ReadonlySet<number>, ...tests: Test[]): number | null {
  for (const test of tests) {
    const found = columns.find((c) => !taken.has(c.index) && test(c.header));
    if (found) return found.index;
  }
  return null;
}

const taking = (taken: Set<number>, index: number | null) => {
  if (index !== null) taken.add(index);
  return index;
};

export interface ObjectColumnGuess {
  idColumn: number | null;
  titleColumn: number | null;
  latColumn: number | null;
  lonColumn: number | null;
  /** A column of shapes (GeoJSON text or WKT), as the objects export writes. */
  geometryColumn: number | null;
  /** Both coordinates or a geometry column found: locations are set from them. */
  setLocation: boolean;
}

/** A header of a geometry column: the objects export's "geometry", or GIS tools' usual names. */
export const GEOMETRY_HEADER = /^(geometry|geom|the_geom|wkt|geojson)$/i;

export function guessObjectColumns(columns: readonly ImportColumn[]): ObjectColumnGuess {
  const taken = new Set<number>();
  const idColumn = taking(taken, first(columns, taken, matches(ID_HEADER)));
  const titleColumn = taking(taken, first(columns, taken, matches(/title/i), matches(/name/i)));
  const latColumn = taking(taken, first(columns, taken, matches(word('lat|latitude')), matches(/lat/i)));
  const lonColumn = taking(taken, first(columns, taken, matches(word('lon|long|longitude|lng')), matches(/lon|lng/i)));
  const geometryColumn = taking(taken, first(columns, taken, matches(GEOMETRY_HEADER)));
  return { idColumn, titleColumn, latColumn, lonColumn, geometryColumn, setLocation: (latColumn !== null && lonColumn !== null) || geometryColumn !== null };
}

export interface RelationColumnGuess {
  idColumn: number | null;
  relColumns: { site: number | null };
}

export function guessRelationColumns(columns: readonly ImportColumn[]): RelationColumnGuess {
  const taken = new Set<number>();
  const idColumn = taking(taken, first(columns, taken, matches(ID_HEADER), matches(/^object( ?name)?$/i)));
  const site = first(columns, taken, matches(/^(site|parent|parent ?site|site ?name|parent ?name)$/i), matches(/site|parent/i));
  return { idColumn, relColumns: { site } };
}

/** What a header is compared as: its letters and digits, in lower case ("Soil pH" and "soil_ph" are one). */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Columns whose header is a name offered (a metadata field's key or title, a metric's name
 * or title), each mapped to that name; columns taken or already mapped are left alone.
 */
export function guessNamedColumns(
  columns: readonly ImportColumn[],
  names: readonly { name: string; title?: string | null }[],
  taken: ReadonlySet<number> = new Set(),
  mapped: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const byKey = new Map<string, string>();
  for (const n of names) if (!byKey.has(headerKey(n.name))) byKey.set(headerKey(n.name), n.name);
  for (const n of names) if (n.title && !byKey.has(headerKey(n.title))) byKey.set(headerKey(n.title), n.name);
  const used = new Set(Object.values(mapped));
  const result: Record<string, string> = { ...mapped };
  for (const c of columns) {
    if (taken.has(c.index) || String(c.index) in mapped) continue;
    const name = byKey.get(headerKey(c.header));
    if (name && !used.has(name)) {
      result[String(c.index)] = name;
      used.add(name);
    }
  }
  return result;
}

export interface ObservationColumnGuess {
  objectColumn: number | null;
  timeColumn: number | null;
  metricColumn: number | null;
  valueColumn: number | null;
  noteColumn: number | null;
}

export function guessObservationColumns(columns: readonly ImportColumn[]): ObservationColumnGuess {
  const taken = new Set<number>();
  const objectColumn = taking(
    taken,
    first(columns, taken, matches(/^(object|obj|object ?name|station|site|site ?id|siteid|id|name)$/i), matches(/object|site|station/i)),
  );
  const timeColumn = taking(taken, first(columns, taken, matches(/^(time|date|datetime|date ?time|timestamp|when|sampled)$/i), matches(/time|date/i)));
  const metricColumn = taking(taken, first(columns, taken, matches(/^(metric|variable|parameter|measure|quantity)$/i)));
  const valueColumn = taking(taken, first(columns, taken, matches(/^(value|result|reading|measurement)$/i)));
  const noteColumn = taking(taken, first(columns, taken, matches(word('note|notes|comment|comments|remark|remarks'))));
  return { objectColumn, timeColumn, metricColumn, valueColumn, noteColumn };
}
