import type { GeoJson, GeoObject } from '@observatory/shared';
import { toCsv } from '../../lib/csv.js';

/** An object as the catalogue lists it, with the parts the formats use. */
interface Listed {
  id: string;
  name: string;
  title: string;
  types: Pick<GeoObject['types'][number], 'slug' | 'marker'>[];
  projects: { slug: string }[];
  parent: { name: string } | null;
  visibility: string;
  geo?: GeoJson | null;
  metadata?: Record<string, unknown>;
}

/** One row per object: its fields, a Point's coordinates, the geometry as GeoJSON, then each metadata field. */
export function objectsCsv(list: Listed[]): string {
  const fields = [...new Set(list.flatMap((o) => Object.keys(o.metadata ?? {})))].sort();
  const point = (geo: unknown) => ((geo as { type?: string })?.type === 'Point' ? (geo as { coordinates: number[] }).coordinates : [null, null]);
  return toCsv(
    ['name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry', ...fields],
    list.map((o) => [
      o.name,
      o.title,
      o.types.map((t) => t.slug).join(';'),
      o.projects.map((p) => p.slug).join(';'),
      o.parent?.name,
      o.visibility,
      ...point(o.geo),
      o.geo ?? null,
      ...fields.map((f) => o.metadata?.[f]),
    ]),
  );
}

/** A FeatureCollection of the objects that have a geometry: name, title, type slugs and the first type's marker. */
export function objectsGeoJson(list: Listed[]) {
  return {
    type: 'FeatureCollection' as const,
    features: list.flatMap(({ geo, ...o }) =>
      geo
        ? [
            {
              type: 'Feature' as const,
              id: o.id,
              geometry: geo,
              properties: { name: o.name, title: o.title, types: o.types.map((t) => t.slug), marker: o.types[0]?.marker ?? 'default' },
            },
          ]
        : [],
    ),
  };
}
