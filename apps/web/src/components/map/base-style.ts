import type { StyleSpecification } from 'maplibre-gl';
import landUrl from 'world-atlas/land-110m.json?url';

/** Ocean and land colours of the built-in style. */
const WATER = '#dbe4ea';
const LAND = '#f4f3ef';
const COAST = '#b9c3c9';

/**
 * The built-in base map: a plain background with Natural Earth's coastlines (1:110m,
 * shipped with the app), so maps work with no style configured and no network.
 */
export function plainStyle(land?: GeoJSON.FeatureCollection | GeoJSON.Feature | GeoJSON.Geometry): StyleSpecification {
  return {
    version: 8,
    sources: land ? { land: { type: 'geojson', data: land } } : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': WATER } },
      ...(land
        ? ([
            { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
            { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': COAST, 'line-width': 0.6 } },
          ] as StyleSpecification['layers'])
        : []),
    ],
  };
}

let landPromise: Promise<GeoJSON.FeatureCollection | GeoJSON.Feature | undefined> | undefined;

/** The coastlines, fetched once from the app's own assets; without them the background alone. */
export function loadLand(): Promise<GeoJSON.FeatureCollection | GeoJSON.Feature | undefined> {
  landPromise ??= Promise.all([fetch(landUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText)))), import('topojson-client')])
    .then(([topology, { feature }]) => feature(topology, topology.objects.land))
    .catch(() => undefined);
  return landPromise;
}
