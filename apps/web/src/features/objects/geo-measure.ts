import type { GeoJson, Geometry } from '@observatory/shared';
import { bboxOf } from '../../lib/bbox';

/** The WGS 84 semi-major axis: the sphere that area and length are measured on (as Turf and most GIS previews do). */
const RADIUS = 6_378_137;
const rad = (deg: number) => (deg * Math.PI) / 180;

type Position = number[];

/** Area of a closed ring on the sphere (Chamberlain & Duquette 2007), in m². */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [lon1, lat1] = ring[i]!;
    const [lon2, lat2] = ring[i + 1]!;
    sum += rad(lon2! - lon1!) * (2 + Math.sin(rad(lat1!)) + Math.sin(rad(lat2!)));
  }
  return Math.abs((sum * RADIUS * RADIUS) / 2);
}

/** Outer ring less its holes. */
const polygonArea = (rings: Position[][]) => rings.reduce((area, ring, i) => area + (i === 0 ? ringArea(ring) : -ringArea(ring)), 0);

/** Great-circle distance between two positions, in m. */
export function distance([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const a = Math.sin(rad(lat2! - lat1!) / 2) ** 2 + Math.cos(rad(lat1!)) * Math.cos(rad(lat2!)) * Math.sin(rad(lon2! - lon1!) / 2) ** 2;
  return 2 * RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

const lineLength = (line: Position[]) => line.slice(1).reduce((sum, p, i) => sum + distance(line[i]!, p), 0);

/** The five kinds with their positions typed (the shared schema leaves them loosely typed). */
type Shape =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

function shapesOf(geo: GeoJson): Shape[] {
  const geometries: Geometry[] = geo.type === 'FeatureCollection' ? geo.features.map((f) => f.geometry) : [geo];
  return geometries as Shape[];
}

/** What the object page says of a location: its point, or the area, length and extent of its shapes. */
export interface LocationFacts {
  /** [longitude, latitude] of a single point. */
  point: Position | null;
  /** m², when there are polygons. */
  area: number | null;
  /** m, when there are lines. */
  length: number | null;
  /** The box around everything, its width along the middle latitude and its height (m), when it is more than a point. */
  extent: { west: number; south: number; east: number; north: number; width: number; height: number } | null;
  /** The box's centre, [longitude, latitude]. */
  centre: Position | null;
}

export function locationFacts(geo: GeoJson): LocationFacts {
  const shapes = shapesOf(geo);
  const only = shapes.length === 1 ? shapes[0] : undefined;
  const polygons = shapes.flatMap((g): Position[][][] => (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []));
  const lines = shapes.flatMap((g): Position[][] => (g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : []));
  const box = bboxOf(geo);
  const isPoint = only?.type === 'Point';
  const middle = box ? (box[1] + box[3]) / 2 : 0;
  return {
    point: isPoint ? only.coordinates : null,
    area: polygons.length ? polygons.reduce((sum, p) => sum + polygonArea(p), 0) : null,
    length: lines.length ? lines.reduce((sum, l) => sum + lineLength(l), 0) : null,
    extent:
      box && !isPoint
        ? {
            west: box[0],
            south: box[1],
            east: box[2],
            north: box[3],
            width: distance([box[0], middle], [box[2], middle]),
            height: distance([box[0], box[1]], [box[0], box[3]]),
          }
        : null,
    centre: box ? [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] : null,
  };
}

/** Decimal degrees to 5 places (about a metre). */
export const degrees = (value: number) => value.toFixed(5);

/** "latitude, longitude", the order people and most map search boxes take. */
export const latLon = ([lon, lat]: Position) => `${degrees(lat!)}, ${degrees(lon!)}`;

const number = (value: number, digits: number) => value.toLocaleString('en', { maximumFractionDigits: digits });

/** An area in the unit that reads best: m² below a hectare, ha below 10 km², then km². */
export function formatArea(m2: number): string {
  if (m2 < 10_000) return `${number(m2, 0)} m²`;
  if (m2 < 10_000_000) return `${number(m2 / 10_000, 2)} ha`;
  return `${number(m2 / 1_000_000, m2 < 1e9 ? 1 : 0)} km²`;
}

/** A length in m below a kilometre, then km. */
export function formatLength(m: number): string {
  return m < 1000 ? `${number(m, 0)} m` : `${number(m / 1000, m < 100_000 ? 2 : 0)} km`;
}

/** A coordinate with its hemisphere, as it is read aloud: "68.34229° N". */
const hemisphere = (value: number, positive: string, negative: string) => `${degrees(Math.abs(value))}° ${value < 0 ? negative : positive}`;

/** "68.34229° N, 18.79586° E". */
export const placeName = ([lon, lat]: Position) => `${hemisphere(lat!, 'N', 'S')}, ${hemisphere(lon!, 'E', 'W')}`;

/** The location in one sentence: what it is, how big, and where. */
export function locationSentence(facts: LocationFacts): string {
  if (facts.point) return `A point at ${placeName(facts.point)}.`;
  const around = facts.centre ? ` around ${placeName(facts.centre)}` : '';
  const span = facts.extent ? `, ${formatLength(facts.extent.width)} east–west by ${formatLength(facts.extent.height)} north–south` : '';
  if (facts.area !== null) return `An area of ${formatArea(facts.area)}${around}${span}.`;
  if (facts.length !== null) return `A line ${formatLength(facts.length)} long${around}${span}.`;
  return `Points${around}${span}.`;
}
