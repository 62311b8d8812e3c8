import type { StyleSpecification } from 'maplibre-gl';
import coarseLandUrl from 'world-atlas/land-110m.json?url';
import fineLandUrl from 'world-atlas/land-10m.json?url';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/** Ocean and land colours of the built-in style. */
const WATER = '#dbe4ea';
const LAND = '#f4f3ef';
const COAST = '#b9c3c9';

/** The source of the built-in style that the coastlines are put in once loaded. */
export const LAND_SOURCE = 'land';

/** From this zoom on, the built-in style draws Natural Earth's 1:10m coastlines instead of 1:110m. */
export const FINE_LAND_ZOOM = 4;

/**
 * The built-in base map: a plain background with Natural Earth's coastlines (shipped
 * with the app), so maps work with no style configured and no network. One object for
 * the app's lifetime: the coastlines arrive by `setData`, never by a new style, which
 * MapLibre would have to diff against one still loading.
 */
export const BUILT_IN_STYLE: StyleSpecification = {
  version: 8,
  sources: { [LAND_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': WATER } },
    { id: 'land', type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': LAND } },
    { id: 'coast', type: 'line', source: LAND_SOURCE, paint: { 'line-color': COAST, 'line-width': 0.6 } },
  ],
};

type Ring = Position[];

/**
 * Natural Earth's rings that cross the antimeridian step from 179.99° to -180° (the same
 * meridian). On a flat map that step is an edge across the whole world, which breaks the
 * land fill (stray wedges over the Atlantic and the North Sea). Each closed ring is made
 * continuous instead, reaching past 180° where it crosses, which the map wraps around.
 */
export function continuousRing(ring: Ring): Ring {
  let shift = 0;
  const out: Ring = [];
  ring.forEach(([lon, lat], i) => {
    const step = lon! + shift - (out[i - 1]?.[0] ?? lon! + shift);
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    out.push([lon! + shift, lat!]);
  });
  const [first, last] = [out[0], out[out.length - 1]];
  // A ring around a pole (Antarctica) cannot be made continuous and closed: left as it is.
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) return ring;
  return Math.min(...out.map((p) => p[0]!)) < -180 ? out.map(([lon, lat]) => [lon! + 360, lat!]) : out;
}

function continuousLand(geometry: Geometry | null): Geometry | null {
  if (geometry?.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(continuousRing) };
  if (geometry?.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(continuousRing)) };
  return geometry;
}

export type LandDetail = 'coarse' | 'fine';
export type Land = FeatureCollection;

const LAND_URLS: Record<LandDetail, string> = { coarse: coarseLandUrl, fine: fineLandUrl };
const landPromises = new Map<LandDetail, Promise<Land | undefined>>();

/**
 * The coastlines at one level of detail, fetched once from the app's own assets (the
 * fine ones, 0.8 MB compressed, only when a map is zoomed in); undefined when they
 * cannot be had, and the map shows its background alone.
 */
export function loadLand(detail: LandDetail): Promise<Land | undefined> {
  let promise = landPromises.get(detail);
  if (!promise) {
    promise = Promise.all([fetch(LAND_URLS[detail]).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText)))), import('topojson-client')])
      .then(([topology, { feature }]) => {
        const land = feature(topology, topology.objects.land) as FeatureCollection | Feature;
        const features = land.type === 'FeatureCollection' ? land.features : [land];
        return { type: 'FeatureCollection', features: features.map((f) => ({ ...f, geometry: continuousLand(f.geometry)! })) } as Land;
      })
      .catch(() => undefined);
    landPromises.set(detail, promise);
  }
  return promise;
}
