import { Readable } from 'node:stream';
import type { ExportOptions, TableExportFormat } from '@observatory/shared';
import { featureCollectionText } from '../../lib/geojson.js';
import { tableFile, type TableFile } from '../../lib/table-export.js';
import { locatedFeatures, type Featured } from './features.js';
import { OBJECT_COLUMNS, objectRow, type Listed } from './formats.js';

/**
 * GET data/obj?all=1: every object of a query as one file, written a chunk of rows at a
 * time as the service reads them (ObjectsService.exportRows), so the answer's memory is
 * one chunk's whatever the catalogue's size.
 */

/** Every located object as a GeoJSON FeatureCollection (lib/geojson.ts), a chunk of features at a time. */
export function objectsGeoJsonStream(chunks: AsyncIterable<Featured[]>): Readable {
  async function* features() {
    for await (const rows of chunks) yield locatedFeatures(rows);
  }
  return Readable.from(featureCollectionText(features()));
}

/**
 * Every object as the CSV or XLSX of a page (formats.ts: OBJECT_COLUMNS, then the
 * metadata `fields` of all of them, read before the first row), a chunk of rows at a time.
 */
export function objectsTableStream(format: TableExportFormat, fields: string[], chunks: AsyncIterable<Listed[]>, options: ExportOptions): TableFile {
  async function* rows() {
    for await (const list of chunks) yield list.map((o) => objectRow(o, fields));
  }
  return tableFile(format, { name: 'objects', header: [...OBJECT_COLUMNS, ...fields], chunks: rows() }, options);
}
