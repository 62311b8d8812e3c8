import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { TILE_LAYER } from '../src/modules/objects/index.js';

/** A point of a decoded map tile: tile coordinates and properties. */
export interface DecodedPoint {
  x: number;
  y: number;
  extent: number;
  properties: Record<string, string | number | boolean>;
}

/** The points of a map tile's `objects` layer, read as MapLibre reads them (@mapbox/vector-tile); an empty body holds none. */
export function decodeTile(bytes: Uint8Array): DecodedPoint[] {
  if (bytes.length === 0) return [];
  // A copy: pbf reads numbers through a DataView of the whole buffer, not of a slice of it.
  const layer = new VectorTile(new Pbf(new Uint8Array(bytes))).layers[TILE_LAYER];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const f = layer.feature(i);
    if (f.type !== 1) throw new Error(`feature ${i} is not a point`);
    const [[at]] = f.loadGeometry() as unknown as [[{ x: number; y: number }]];
    return { x: at.x, y: at.y, extent: layer.extent, properties: f.properties as DecodedPoint['properties'] };
  });
}

/** The tile (x, y) of zoom z holding a longitude and latitude, as MapLibre numbers them. */
export function tileAt(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * n)];
}

/** Every tile of zoom z that a box [west, south, east, north] touches. */
export function tilesOver([west, south, east, north]: readonly number[], z: number): [number, number][] {
  const [x0, y0] = tileAt(west!, north!, z);
  const [x1, y1] = tileAt(east!, south!, z);
  const tiles: [number, number][] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push([x, y]);
  return tiles;
}

/** Objects drawn, counting each cluster's members. */
export const pointsTotal = (points: DecodedPoint[]) => points.reduce((sum, p) => sum + (p.properties.cluster ? Number(p.properties.count) : 1), 0);
