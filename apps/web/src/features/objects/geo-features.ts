import type { Bbox, GeoJson, Geometry } from '@observatory/shared';
import { bboxOf, type GeometryLike } from '../../lib/bbox';

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

/** The box around all the features, or null when there are none. */
export const extentOf = (features: MapFeature[]): Bbox | null => bboxOf({ type: 'FeatureCollection', features: features as GeometryLike['features'] });

/** What an object's small map is fitted to: the object itself when it is drawn, else everything drawn. */
export function fitExtentOf(features: MapFeature[]): Bbox | null {
  const own = features.filter((f) => f.properties.role === 'self');
  return extentOf(own.length ? own : features);
}
