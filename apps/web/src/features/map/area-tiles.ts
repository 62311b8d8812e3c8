import type { Bbox } from './map-view';

/** One tile of the web-mercator grid (MapLibre's, 512-pixel tiles: tile zoom is map zoom). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Web mercator stops short of the poles. */
const MAX_LATITUDE = 85.0511287798066;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const column = (lon: number, n: number) => clamp(Math.floor(((clamp(lon, -180, 180) + 180) / 360) * n), 0, n - 1);

function row(lat: number, n: number) {
  const rad = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return clamp(Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n), 0, n - 1);
}

/** The tiles that cover `bbox` at one zoom, row by row. */
export function tilesAt([west, south, east, north]: Bbox, z: number): TileAddress[] {
  const n = 2 ** z;
  const tiles: TileAddress[] = [];
  for (let y = row(north, n); y <= row(south, n); y++) for (let x = column(west, n); x <= column(east, n); x++) tiles.push({ z, x, y });
  return tiles;
}

/**
 * The tiles that cover `bbox` from zoom 0 down to `deepest`, whole zooms only, as deep as
 * `max` tiles allow: zooming out from the area and in by a few levels finds its tiles.
 */
export function tilesCovering(bbox: Bbox, deepest: number, max: number): { tiles: TileAddress[]; deepest: number } {
  const tiles: TileAddress[] = [];
  for (let z = 0; z <= deepest; z++) {
    const level = tilesAt(bbox, z);
    if (tiles.length + level.length > max) return { tiles, deepest: z - 1 };
    tiles.push(...level);
  }
  return { tiles, deepest };
}
