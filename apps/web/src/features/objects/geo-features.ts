import type { Bbox, GeoJson, Geometry } from '@observatory/shared';

/** What the object maps draw: each geometry with its object's name, title, marker and role. */
export interface MapFeature {
  type: 'Feature';
  geometry: Geometry;
  properties: { name: string; title: string; marker: string; role: 'self' | 'parent' | 'child' | 'item' };
}
export interface MapFeatures {
  type: 'FeatureCollection';
  features: MapFeature[];
}

/** An object's geometry as features: one geometry, or each member of a FeatureCollection. */
export function toFeatures(geo: GeoJson | null | undefined, properties: MapFeature['properties']): MapFeature[] {
  if (!geo) return [];
  const geometries = geo.type === 'FeatureCollection' ? geo.features.map((f) => f.geometry) : [geo];
  return geometries.map((geometry) => ({ type: 'Feature', geometry, properties }));
}

/** Every [lon, lat] in a geometry's coordinates, however deeply nested. */
function positionsOf(coordinates: unknown): number[][] {
  if (!Array.isArray(coordinates)) return [];
  if (typeof coordinates[0] === 'number') return [coordinates as number[]];
  return coordinates.flatMap(positionsOf);
}

/** The box around all the features, or null when there are none. */
export function extentOf(features: MapFeature[]): Bbox | null {
  const all = features.flatMap((f) => positionsOf((f.geometry as { coordinates: unknown }).coordinates));
  if (all.length === 0) return null;
  const lons = all.map((p) => p[0]!);
  const lats = all.map((p) => p[1]!);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}
