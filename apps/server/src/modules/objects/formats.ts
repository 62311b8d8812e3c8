import type { ExportOptions, TableExportFormat } from '@observatory/shared';
import { tableFile, type TableFile, type TableSource } from '../../lib/table-export.js';
import type { Featured } from './features.js';

/** An object as the catalogue lists it, with the parts the formats use (its Feature's, but the time of its last change). */
export type Listed = Omit<Featured, 'update'>;

/**
 * The spreadsheet columns of objects, in this order (docs/api.md lists them for scripts):
 * name, title, types and projects (slugs joined by ;), parent (its name), visibility,
 * longitude and latitude (a Point's; empty for other shapes), geometry (GeoJSON text,
 * any shape), then each metadata field, by name.
 */
export const OBJECT_COLUMNS = ['name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry'] as const;

/** The metadata fields the objects hold, by name: the columns after OBJECT_COLUMNS. */
export const metadataFieldsOf = (list: Pick<Listed, 'metadata'>[]) => [...new Set(list.flatMap((o) => Object.keys(o.metadata ?? {})))].sort();

const pointOf = (geo: unknown) => ((geo as { type?: string })?.type === 'Point' ? (geo as { coordinates: number[] }).coordinates.slice(0, 2) : [null, null]);

/** An object's row under OBJECT_COLUMNS and then `fields`. */
export const objectRow = (o: Listed, fields: string[]): unknown[] => [
  o.name,
  o.title,
  o.types.map((t) => t.slug).join(';'),
  o.projects.map((p) => p.slug).join(';'),
  o.parent?.name,
  o.visibility,
  ...pointOf(o.geo),
  o.geo ?? null,
  ...fields.map((f) => o.metadata?.[f]),
];

/** Objects as a table to export: the header, then their rows in one chunk. */
export function objectsTable(list: Listed[]): TableSource {
  const fields = metadataFieldsOf(list);
  return { name: 'objects', header: [...OBJECT_COLUMNS, ...fields], chunks: [list.map((o) => objectRow(o, fields))] };
}

/** A page of objects as a CSV or XLSX download. */
export const objectsFile = (format: TableExportFormat, list: Listed[], options: ExportOptions): TableFile => tableFile(format, objectsTable(list), options);
