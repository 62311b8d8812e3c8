import type { GeoJson, GeoObject } from '@observatory/shared';
import { feature, type ExportFeature } from '../../lib/geojson.js';

/** An object as a list row or its detail holds it, with the parts its Feature shows. */
export interface Featured {
  id: string;
  name: string;
  title: string;
  types: Pick<GeoObject['types'][number], 'slug' | 'marker'>[];
  projects: { slug: string }[];
  parent: { name: string } | null;
  visibility: string;
  update: { at: string };
  geo?: GeoJson | null;
  metadata?: Record<string, unknown>;
}

/** The fixed properties of an object's Feature, in order (docs/api.md, "GeoJSON exports"). */
export const OBJECT_PROPERTIES = ['name', 'title', 'types', 'marker', 'projects', 'parent', 'visibility', 'updated'] as const;

/**
 * An object as a GeoJSON Feature (lib/geojson.ts): its id, its geometry (null for none),
 * the fixed properties (type and project slugs the reader may see; the parent's name, or
 * null; the time of its last change), then each metadata field by name.
 */
export function objectFeature(o: Featured): ExportFeature {
  const properties: Record<(typeof OBJECT_PROPERTIES)[number], unknown> = {
    name: o.name,
    title: o.title,
    types: o.types.map((t) => t.slug),
    marker: o.types[0]?.marker ?? 'default',
    projects: o.projects.map((p) => p.slug),
    parent: o.parent?.name ?? null,
    visibility: o.visibility,
    updated: o.update.at,
  };
  return feature({ id: o.id, geo: o.geo, properties, metadata: o.metadata ?? {} });
}

/** The Features of the objects that have a geometry (an object without one has no place on a map). */
export const locatedFeatures = (list: Featured[]) => list.filter((o) => o.geo).map(objectFeature);
