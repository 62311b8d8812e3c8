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

type Ring = GeoJSON.Position[];

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

function continuousLand(geometry: GeoJSON.Geometry | null): GeoJSON.Geometry | null {
  if (geometry?.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(continuousRing) };
  if (geometry?.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(continuousRing)) };
  return geometry;
}

let landPromise: Promise<GeoJSON.FeatureCollection | GeoJSON.Feature | undefined> | undefined;

/** The coastlines, fetched once from the app's own assets; without them the background alone. */
export function loadLand(): Promise<GeoJSON.FeatureCollection | GeoJSON.Feature | undefined> {
  landPromise ??= Promise.all([fetch(landUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText)))), import('topojson-client')])
    .then(([topology, { feature }]) => {
      const land = feature(topology, topology.objects.land) as GeoJSON.FeatureCollection | GeoJSON.Feature;
      const features = land.type === 'FeatureCollection' ? land.features : [land];
      return { type: 'FeatureCollection', features: features.map((f) => ({ ...f, geometry: continuousLand(f.geometry)! })) } as GeoJSON.FeatureCollection;
    })
    .catch(() => undefined);
  return landPromise;
}
