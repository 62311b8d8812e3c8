/**
 * Imports from spreadsheets: a file uploaded once becomes an import session (decoded on
 * the server), which previews and commits read by its id.
 */
import { z } from 'zod';
import type { ErrorBody } from './errors.js';
import { GeoJsonSchema } from './geo.js';

export const ImportColumnSchema = z.object({ index: z.number().int(), header: z.string().describe('The header cell, or "Column N" when it is empty') });
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

/** The records a session's answer shows of its file. */
export const IMPORT_SAMPLE_RECORDS = 5;

export const ImportSessionSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int().describe('Bytes uploaded'),
  format: z.enum(['csv', 'tsv', 'xlsx']),
  sheets: z.array(z.string()).describe('A workbook’s sheets, in order (none for text)'),
  sheet: z.string().nullable(),
  columns: z.array(ImportColumnSchema),
  records: z.number().int().describe('Rows after the header'),
  sample: z.array(z.array(z.string())).describe(`The first ${IMPORT_SAMPLE_RECORDS} records`),
  kind: z.string().nullable().describe('What it was imported as, once committed'),
  options: z.record(z.string(), z.unknown()).nullable().describe('The options it was committed with'),
  stats: z.record(z.string(), z.number()).nullable().describe('What its commit did'),
  createdBy: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
});
export type ImportSession = z.infer<typeof ImportSessionSchema>;
export const ImportSessionResponseSchema = z.object({ session: ImportSessionSchema });
export const ImportSessionsResponseSchema = z.object({ sessions: z.array(ImportSessionSchema.omit({ sample: true, columns: true })) });
export const ImportSheetInputSchema = z.object({ sheet: z.string().min(1).max(200) });
export const ImportRecordsResponseSchema = z.object({
  records: z.array(z.object({ row: z.number().int().describe('The row in the file (the header is row 1)'), cells: z.array(z.string()) })),
});

/** The longest metadata field or metric name a column is mapped to. */
export const IMPORT_FIELD_NAME_MAX = 100;

/** A column of the file, by its index. */
const ColumnIndex = z.number().int().min(0).max(1000);

/** How the records become objects (the spec's Object-import options). */
export const ObjectImportOptionsSchema = z.object({
  createObjs: z.boolean().default(true).describe('Create an object for a record whose id no object has (else such a record is an error)'),
  idColumn: ColumnIndex.nullable()
    .default(null)
    .describe('The column holding each object’s name: a record updates the object of that name. None: every record creates'),
  titleColumn: ColumnIndex.nullable().default(null),
  setLocation: z
    .boolean()
    .default(false)
    .describe('Set each object’s location from geometryColumn, or where its cell is empty from latColumn and lonColumn (all empty: no location)'),
  latColumn: ColumnIndex.nullable().default(null),
  lonColumn: ColumnIndex.nullable().default(null),
  geometryColumn: ColumnIndex.nullable()
    .default(null)
    .describe('The column holding each object’s geometry as GeoJSON text or WKT (as the objects export writes it), any shape; with setLocation'),
  mergeObjTypes: z.boolean().default(true).describe('Add objtypes to an object’s types (else replace them)'),
  mergeProjects: z.boolean().default(true).describe('Add projects to an object’s projects (else replace them)'),
  mergeMetadata: z.boolean().default(true).describe('Set the mapped fields and keep the others (else the mapped fields are all its metadata)'),
  objtypes: z.array(z.string()).max(50).default([]).describe('Object type slugs'),
  projects: z.array(z.string()).max(50).default([]).describe('Project slugs or ids'),
  metadataColumns: z.record(z.string().regex(/^\d+$/), z.string().min(1).max(IMPORT_FIELD_NAME_MAX)).default({}).describe('Column index → metadata field'),
});
export type ObjectImportOptions = z.input<typeof ObjectImportOptionsSchema>;

/** The most records one request body carries (larger files go as an import session). */
export const IMPORT_RECORDS_PER_BODY = 5000;

/** Records a preview of a session answers at a time (its stats count them all). */
export const IMPORT_PREVIEW_PAGE = 100;

/** Which records a preview answers: those of a status or an operation, a page at a time for a session. */
export const PREVIEW_SHOWS = ['all', 'error', 'create', 'update', 'none'] as const;
export type PreviewShow = (typeof PREVIEW_SHOWS)[number];
const PreviewViewShape = {
  show: z.enum(PREVIEW_SHOWS).default('all').describe('Only records in error, or of this operation'),
  page: z.number().int().min(1).default(1).describe(`A session's records are answered ${IMPORT_PREVIEW_PAGE} at a time`),
};

/** Body of an import's preview or commit: the records themselves, or an uploaded file's session. */
function importRequestSchema<O extends z.ZodType>(options: O) {
  return z.union([
    z.object({ records: z.array(z.array(z.string())).min(1).max(IMPORT_RECORDS_PER_BODY), options, ...PreviewViewShape }),
    z.object({ session: z.uuid(), options, ...PreviewViewShape }),
  ]);
}

export const ObjectImportRequestSchema = importRequestSchema(ObjectImportOptionsSchema);

const ObjectStateSchema = z.object({
  title: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  geo: GeoJsonSchema.nullable(),
  projects: z.array(z.string()),
  types: z.array(z.string()),
});
/** A relation import's view of an object: its relations, by relation type (only "site": its parent site). */
const RelationStateSchema = z.object({ site: z.string().nullable().describe('The parent site’s name') });
/** An observation import's view of a record: its object's values at its time, by metric (null: none there). */
const ObservationStateSchema = z.object({ time: z.string(), values: z.record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()])) });
export const PreviewRecordSchema = z.object({
  row: z.number().int().describe('The row in the file (the header is row 1)'),
  name: z.string().nullable(),
  status: z.enum(['ok', 'error']),
  operation: z.enum(['create', 'update', 'none']).nullable().describe('none: the object is already as the record says'),
  errors: z.array(z.object({ column: z.number().int().nullable(), message: z.string() })),
  before: z.union([ObjectStateSchema, RelationStateSchema, ObservationStateSchema]).nullable(),
  after: z.union([ObjectStateSchema, RelationStateSchema, ObservationStateSchema]).nullable(),
});
export type PreviewRecord = z.infer<typeof PreviewRecordSchema>;
export const ImportStatsSchema = z.record(z.string(), z.number().int());
export const ImportPreviewSchema = z.object({
  stats: ImportStatsSchema.describe('created, updated, unchanged, errors; for updates, metadata, location, projects and types added, changed or removed'),
  records: z.array(PreviewRecordSchema).describe('Those `show` asks for, in file order (a page of them for a session)'),
  total: z.number().int().describe('Records in the file'),
  matching: z.number().int().describe('Records `show` asks for'),
  page: z.number().int(),
  pages: z.number().int().describe('Pages of matching records (1 for records sent in the body)'),
  committed: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** The media type of a commit that streams its progress: send it in Accept. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
/** A commit's progress once its records are checked and it writes them (a refusal before that is a plain error answer). */
export const ImportProgressSchema = z.object({
  phase: z.enum(['writing']),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;
/**
 * A streamed commit's lines, one JSON value each: progress while it runs (readable while
 * its transaction is open), then its result or its error (the error answer's body).
 */
export type ImportStreamLine = { progress: ImportProgress } | { result: ImportPreview } | { error: ErrorBody };

/** The relation types a relation import sets (the spec's: one, the parent site). */
export const RELATION_TYPES = [{ key: 'site', title: 'Site' }] as const;

/** How the records set objects' relations (the spec's Relation-import options). */
export const RelationImportOptionsSchema = z.object({
  idColumn: ColumnIndex.describe('The column holding each object’s name'),
  relColumns: z.object({ site: ColumnIndex.nullable().default(null).describe('The column holding the parent site’s name') }).default({ site: null }),
  removeEmptyRels: z.boolean().default(false).describe('An empty cell removes the relation (else it is left as it is)'),
});
export type RelationImportOptions = z.input<typeof RelationImportOptionsSchema>;
export const RelationImportRequestSchema = importRequestSchema(RelationImportOptionsSchema);

/**
 * How the records become observations in one of a project's data tables. Each record is
 * an object and a time, with either one column per metric (metricColumns) or a metric
 * name and a value column (metricColumn with valueColumn).
 */
export const ObservationImportOptionsSchema = z.object({
  project: z.string().min(1).max(200).describe('The project’s slug or id'),
  table: z.uuid().describe('The data table’s id'),
  objectColumn: ColumnIndex.describe('The column holding the object’s name'),
  timeColumn: ColumnIndex.describe('The column holding the date or time'),
  metricColumns: z
    .record(z.string().regex(/^\d+$/), z.string().min(1).max(IMPORT_FIELD_NAME_MAX))
    .default({})
    .describe('Column index → metric name: one observation per filled cell'),
  metricColumn: ColumnIndex.nullable().default(null).describe('The column naming each record’s metric (with valueColumn)'),
  valueColumn: ColumnIndex.nullable().default(null),
  noteColumn: ColumnIndex.nullable().default(null),
});
export type ObservationImportOptions = z.input<typeof ObservationImportOptionsSchema>;
export const ObservationImportRequestSchema = importRequestSchema(ObservationImportOptionsSchema);
