/**
 * Measured data: a project's data tables (each holding some of the schema's metrics) and
 * their observations, one value per (table, object, metric, time).
 */
import { z } from 'zod';
import { ExportOptionsShape } from './exports.js';
import { MetricNameSchema } from './data-schema.js';
import { DATA_LEVELS, DataLevelSchema, QUALITY_FLAGS, QualityFlagSchema } from './quality.js';
import { SlugSchema } from './slug.js';
import { BboxSchema } from './geo.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const DataTableSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  metrics: z.array(z.string()).describe('The names of its metrics, in order'),
  level: DataLevelSchema.describe('The data level its new observations get: raw, provisional or released'),
  version: VersionSchema,
});
export type DataTable = z.infer<typeof DataTableSchema>;

/** POST projects/{project}/datatables; PUT …/{id}. */
export const DataTableInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).default(''),
  metrics: z.array(MetricNameSchema).max(200).default([]),
  level: DataLevelSchema.default('raw'),
});
export type DataTableInput = z.input<typeof DataTableInputSchema>;
/** PUT projects/{project}/datatables/{id}: the table as written, and the version the edit is based on (as If-Match). */
export const DataTableChangeSchema = DataTableInputSchema.extend({
  level: DataLevelSchema.optional().describe('None: the level stays as it is'),
  version: BodyVersionSchema,
});

export const DataTablesResponseSchema = z.object({ datatables: z.array(DataTableSchema) });
export const DataTableResponseSchema = z.object({ datatable: DataTableSchema });

/** A value as sent and answered: a number (number, integer), true or false, or text (text, category, a date as YYYY-MM-DD). */
export const ObservationValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type ObservationValue = z.infer<typeof ObservationValueSchema>;

export const ObservationSchema = z.object({
  object: z.object({ name: z.string(), title: z.string() }),
  metric: z.string(),
  time: z.string().describe('ISO 8601, UTC'),
  value: ObservationValueSchema,
  note: z.string(),
  flag: QualityFlagSchema,
  flagRule: z.string().nullable().describe('The plausibility rule that set the flag; null when a person set it or none did'),
  level: DataLevelSchema,
});
export type Observation = z.infer<typeof ObservationSchema>;

/** The most rows one write takes (one transaction). */
export const OBSERVATIONS_PER_WRITE = 100_000;
/** The most latest values one page holds: a project's every datastream at once, for a map or a dashboard. */
export const LATEST_VALUES_MAX = 10_000;

/**
 * POST projects/{project}/datatables/{id}/observations: rows checked against the table's
 * metrics (type, range, allowed values) on the server, where a refusal names the row and
 * the column (`body.observations.<row>.<column>`).
 */
export const ObservationInputSchema = z.object({
  object: z.string().min(1).max(200).describe('The object’s name or id'),
  metric: MetricNameSchema,
  time: z.string().min(1).max(40).describe('A date (2024-05-01) or a time (2024-05-01T12:00:00Z)'),
  value: ObservationValueSchema,
  note: z.string().max(2000).default(''),
});
export type ObservationInput = z.input<typeof ObservationInputSchema>;
export const ObservationsWriteSchema = z.object({ observations: z.array(ObservationInputSchema).min(1).max(OBSERVATIONS_PER_WRITE) });
export const ObservationsWrittenSchema = z.object({
  written: z.number().int().describe('Rows written'),
  replaced: z.number().int().describe('Of those, rows whose key was there: their value and note replaced'),
});
export type ObservationsWritten = z.infer<typeof ObservationsWrittenSchema>;

/** GET projects/{project}/datatables/{id}/observations. */
export const ObservationsQuerySchema = z.object({
  object: z.string().max(200).optional().describe('An object’s name or id'),
  metric: MetricNameSchema.optional(),
  type: SlugSchema.optional().describe('Only objects of this type'),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('From this time on (inclusive)'),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Before this time (exclusive)'),
  flag: z.enum(QUALITY_FLAGS).optional().describe('Only observations with this quality flag'),
  level: z.enum(DATA_LEVELS).optional().describe('Only observations of this data level'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/** GET …/observations.csv and .xlsx: the filter (no page: every observation) and the export options. */
export const ObservationsExportQuerySchema = z.strictObject({ ...ObservationsQuerySchema.omit({ limit: true }).shape, ...ExportOptionsShape });
/** The orders of a page of observations: a column, descending with a leading minus. Ties go by time, object, metric. */
export const OBSERVATION_SORTS = ['time', '-time', 'object', '-object', 'metric', '-metric', 'value', '-value'] as const;
export type ObservationSort = (typeof OBSERVATION_SORTS)[number];
export const ObservationsPageQuerySchema = ObservationsQuerySchema.extend({ sort: z.enum(OBSERVATION_SORTS).default('time') });
export const ObservationsResponseSchema = z.object({ observations: z.array(ObservationSchema) });

/** GET …/datatables/{id}/summary: per object and metric, over the filter's observations. */
export const ObservationSummarySchema = z.object({
  object: z.object({ name: z.string(), title: z.string() }),
  metric: z.string(),
  count: z.number().int(),
  /** Of numeric metrics only (null for text, category and date). */
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  first: z.string().describe('The earliest time, ISO 8601'),
  last: z.string().describe('The latest time, ISO 8601'),
});
export type ObservationSummary = z.infer<typeof ObservationSummarySchema>;
/** An object a table holds observations of, with a point to show it on a map. */
export const DataTableObjectSchema = z.object({
  name: z.string(),
  title: z.string(),
  types: z.array(SlugSchema).describe('Its object types’ slugs'),
  point: z.tuple([z.number(), z.number()]).nullable().describe('[longitude, latitude] on the object (null without a location)'),
});
export type DataTableObject = z.infer<typeof DataTableObjectSchema>;
export const DataTableSummaryResponseSchema = z.object({
  summary: z.array(ObservationSummarySchema).describe('By object title, then metric'),
  objects: z.array(DataTableObjectSchema).describe('Every object of the table the caller may see, by title'),
});
export type DataTableSummaryResponse = z.infer<typeof DataTableSummaryResponseSchema>;

/** The widest chart asked for, in buckets (about a screen's pixels). */
export const CHART_MAX_WIDTH = 4000;
/** The most series (objects) one chart answer holds. */
export const CHART_MAX_SERIES = 20;
/** GET …/datatables/{id}/chart: one numeric metric over time, a series per object. */
export const ChartQuerySchema = ObservationsQuerySchema.omit({ limit: true, metric: true }).extend({
  metric: MetricNameSchema,
  width: z.coerce.number().int().min(10).max(CHART_MAX_WIDTH).default(1000).describe('Buckets across the time range: the chart’s width in pixels'),
});
/** The most flagged values (suspect, bad, missing) a chart's series marks. */
export const CHART_MAX_FLAGGED = 2000;
export const ChartSeriesSchema = z.object({
  object: z.object({ name: z.string(), title: z.string() }),
  times: z.array(z.number()).describe('Milliseconds since 1970, ascending'),
  values: z.array(z.number()),
  flagged: z
    .array(z.object({ time: z.number(), value: z.number(), flag: QualityFlagSchema, rule: z.string().nullable() }))
    .describe(`Its values flagged suspect, bad or missing, by time (the first ${CHART_MAX_FLAGGED}), each drawn apart`),
});
export type ChartSeries = z.infer<typeof ChartSeriesSchema>;
export const ChartResponseSchema = z.object({
  metric: z.string(),
  unit: z.string(),
  from: z.string().nullable().describe('The range drawn (the filter’s, else the data’s), ISO 8601; null when there is nothing'),
  to: z.string().nullable(),
  bucketed: z
    .boolean()
    .describe('True when a series held more than two points per bucket: each bucket then gives its lowest and highest value, at their times'),
  series: z.array(ChartSeriesSchema).describe(`By object title; at most ${CHART_MAX_SERIES}`),
  omitted: z.number().int().describe('Objects left out beyond the most series'),
});
export type ChartResponse = z.infer<typeof ChartResponseSchema>;

/** GET and PUT projects/{project}/objtypes: the object types a project catalogues, in order (none: any type). */
export const ProjectObjectTypesSchema = z.object({ types: z.array(z.object({ slug: SlugSchema, name: z.string() })) });
export type ProjectObjectTypes = z.infer<typeof ProjectObjectTypesSchema>;
export const ProjectObjectTypesInputSchema = z.object({ types: z.array(SlugSchema).max(100) });

/**
 * POST …/datatables/{id}/review: a data manager's verdict on a span of observations (an
 * object's or all, a metric's or all, from–to): set their quality flag, move them to a
 * later data level, or both. Released values are fixed: their flag no longer changes.
 */
export const ObservationReviewSchema = z
  .object({
    object: z.string().min(1).max(200).optional().describe('An object’s name or id (none: every object)'),
    metric: MetricNameSchema.optional().describe('None: every metric of the table'),
    from: z.iso.datetime({ offset: true }).or(z.iso.date()).describe('From this time on (inclusive)'),
    to: z.iso.datetime({ offset: true }).or(z.iso.date()).describe('Up to this time (inclusive)'),
    flag: QualityFlagSchema.optional(),
    level: z.enum(['provisional', 'released']).optional().describe('Move the span on to this level (raw → provisional → released)'),
  })
  .refine((r) => r.flag !== undefined || r.level !== undefined, { path: ['flag'], message: 'Give a flag, a level or both' })
  .refine((r) => Date.parse(r.from) <= Date.parse(r.to), { path: ['to'], message: 'The span ends before it starts' });
export type ObservationReview = z.input<typeof ObservationReviewSchema>;
export const ObservationReviewedSchema = z.object({
  flagged: z.number().int().describe('Observations whose flag was set'),
  leveled: z.number().int().describe('Observations moved to the level'),
  released: z.number().int().describe('Observations of the span left alone because they are released'),
});

/** POST …/datatables/{id}/checks: run the metrics' plausibility rules over the table again. */
export const ObservationChecksSchema = z.object({ metric: MetricNameSchema.optional().describe('None: every metric of the table') });
export const ObservationsCheckedSchema = z.object({
  checked: z.number().int().describe('Observations the rules looked at'),
  suspect: z.number().int(),
  bad: z.number().int(),
});

/** GET latest-values: each datastream's latest observation, of a project, an object, a type or an area. */
export const LatestValuesQuerySchema = z.strictObject({
  project: z.string().min(1).max(200).optional().describe('Project id or slug'),
  object: z.string().min(1).max(200).optional().describe('An object’s name or id'),
  type: SlugSchema.optional().describe('Only objects of this type'),
  bbox: BboxSchema.optional(),
  limit: z.coerce.number().int().min(1).max(LATEST_VALUES_MAX).default(1000).describe(`Page size, up to ${LATEST_VALUES_MAX}`),
  p: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('Page, from 1'),
});
export type LatestValuesQuery = z.input<typeof LatestValuesQuerySchema>;
export const LatestValueSchema = z.object({
  datastream: z.uuid().describe('The datastream’s id (SensorThings’ Datastreams)'),
  object: z.object({ name: z.string(), title: z.string() }),
  metric: z.object({ name: z.string(), title: z.string(), unit: z.string().nullable() }),
  table: z.object({ id: z.uuid(), title: z.string() }),
  project: z.string().describe('The project’s slug'),
  time: z.string().describe('ISO 8601, UTC'),
  value: ObservationValueSchema,
  flag: QualityFlagSchema,
});
export type LatestValue = z.infer<typeof LatestValueSchema>;
export const LatestValuesResponseSchema = z.object({ values: z.array(LatestValueSchema) });
export type LatestValuesResponse = z.infer<typeof LatestValuesResponseSchema>;
