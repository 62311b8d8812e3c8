/**
 * The data sandbox (/sandbox): objects chosen by type, project, metadata values and a map
 * box, with their metrics summed up, a page at a time, charted over time, and exported
 * (CSV or GeoJSON, streamed). Everyone may ask, visitors too (rate-limited); every answer
 * holds only what the caller may see. The same body goes to the three calls, so a query
 * shown on the screen is one curl command away.
 */
import { z } from 'zod';
import { ExportOptionsShape } from './exports.js';
import { MetricNameSchema, METRIC_TYPES } from './data-schema.js';
import { SlugSchema } from './slug.js';
import { DATA_LEVELS, QUALITY_FLAGS } from './quality.js';
import { ExportGeometrySchema } from './geo.js';

/**
 * The bounds of a sandbox query. They keep each answer short for the database, which the
 * embedded engine has one connection of: a page holds at most `maxPerPage` rows, a count
 * stops at `counted`, paging stops at row `deepest`, a chart has at most `maxBuckets`.
 */
export const SANDBOX_LIMITS = {
  types: 10,
  projects: 10,
  metrics: 5,
  filters: 10,
  perPage: 50,
  maxPerPage: 100,
  /** Matches counted at most; beyond that the total reads "10,000+". */
  counted: 10_000,
  /** The last row a page may reach (offset paging): deeper, export the query instead. */
  deepest: 10_000,
  /** Metadata fields an answer's rows show (the filtered ones first). */
  shownFields: 6,
  buckets: 200,
  maxBuckets: 500,
  /** Queries a visitor (one address) may send a minute. */
  visitorQueriesPerMinute: 60,
  /** Observations a page's metric summaries may read; more, and the page comes without them. */
  summedObservations: 200_000,
} as const;

/** The refusal of a query the database would spend too long on (HTTP 400). */
export const SANDBOX_TOO_BROAD = 'This query is too broad: add a type, project or map area';

export const SANDBOX_EXPORT_FORMATS = ['csv', 'xlsx', 'geojson'] as const;
export type SandboxExportFormat = (typeof SANDBOX_EXPORT_FORMATS)[number];

/** A metadata value to match exactly: a text, a number or true/false (text is read as the field's schema types it). */
export const SandboxFilterValueSchema = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

/** One metadata filter: the field (of the chosen types' schemas) equals the value. */
export const SandboxWhereSchema = z.object({
  field: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'A field name is letters, digits, dashes and underscores')
    .describe('A metadata field of the chosen types’ schemas'),
  value: SandboxFilterValueSchema,
});
export type SandboxWhere = z.infer<typeof SandboxWhereSchema>;

const Longitude = z.number().min(-180, 'Longitudes are -180 to 180').max(180, 'Longitudes are -180 to 180');
const Latitude = z.number().min(-90, 'Latitudes are -90 to 90').max(90, 'Latitudes are -90 to 90');

/** A map box [west, south, east, north] in degrees (WGS 84); one across the antimeridian is not taken. */
export const SandboxBboxSchema = z
  .tuple([Longitude, Latitude, Longitude, Latitude])
  .superRefine(([w, s, e, n], ctx) => {
    if (s > n) ctx.addIssue({ code: 'custom', message: 'The box’s south edge is north of its north edge' });
    else if (w > e) ctx.addIssue({ code: 'custom', message: 'The box’s west edge is east of its east edge' });
  })
  .describe('[west, south, east, north] in degrees: objects whose extent overlaps it');

/** Both ends of a span of time, when given, in order. */
function spanInOrder(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.from && q.to && Date.parse(q.from) >= Date.parse(q.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end of the span is not after its start' });
}

/**
 * What a sandbox query finds: the objects of any of the types, in any of the projects, with
 * every metadata value, overlapping the box; their observations from `from` to before `to`.
 */
const FilterFields = z.object({
  types: z.array(SlugSchema).max(SANDBOX_LIMITS.types).default([]).describe('Object type slugs: objects of any of them'),
  projects: z.array(z.string().min(1).max(200)).max(SANDBOX_LIMITS.projects).default([]).describe('Project ids or slugs: objects in any of them'),
  metrics: z.array(MetricNameSchema).max(SANDBOX_LIMITS.metrics).default([]).describe('Metric names: each object’s observations of them, summed up'),
  where: z.array(SandboxWhereSchema).max(SANDBOX_LIMITS.filters).default([]).describe('Metadata equalities, all of which must hold'),
  bbox: SandboxBboxSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional().describe('Observations from this time on (inclusive): the metrics’ summaries, charts and exports'),
  to: z.iso.datetime({ offset: true }).optional().describe('Observations before this time (exclusive)'),
  flags: z.array(z.enum(QUALITY_FLAGS)).max(QUALITY_FLAGS.length).default([]).describe('Only observations with one of these quality flags (none: any)'),
  levels: z.array(z.enum(DATA_LEVELS)).max(DATA_LEVELS.length).default([]).describe('Only observations of one of these data levels (none: any)'),
});
export const SandboxFilterSchema = FilterFields.superRefine(spanInOrder);
export type SandboxFilter = z.input<typeof SandboxFilterSchema>;

/** POST sandbox/query: the filter and a page. */
export const SandboxQuerySchema = FilterFields.extend({
  p: z.number().int().min(1).default(1).describe('The page, from 1'),
  n: z.number().int().min(1).max(SANDBOX_LIMITS.maxPerPage).default(SANDBOX_LIMITS.perPage).describe(`Rows a page (at most ${SANDBOX_LIMITS.maxPerPage})`),
}).superRefine(spanInOrder);
export type SandboxQuery = z.input<typeof SandboxQuerySchema>;

/** An object's observations of one metric, from the data tables the caller may see. */
export const SandboxMetricStatsSchema = z.object({
  count: z.number().int(),
  min: z.number().nullable().describe('Of numbers (and true/false as 1/0); null for text, categories and dates'),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  first: z.string().describe('The earliest time, ISO 8601'),
  last: z.object({ time: z.string(), value: z.union([z.number(), z.boolean(), z.string()]) }).describe('The latest observation'),
});
export type SandboxMetricStats = z.infer<typeof SandboxMetricStatsSchema>;

export const SandboxObjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  types: z.array(z.string()).describe('Its object types’ slugs'),
  point: z.tuple([z.number(), z.number()]).nullable().describe('[longitude, latitude] on the object (null without a location)'),
  metadata: z.record(z.string(), z.unknown()).describe('The fields of `fields` it has'),
  metrics: z.record(z.string(), SandboxMetricStatsSchema).describe('By metric name: only the metrics it has observations of'),
});
export type SandboxObject = z.infer<typeof SandboxObjectSchema>;

export const SandboxMetricSchema = z.object({
  name: z.string(),
  title: z.string(),
  unit: z.string().nullable(),
  type: z.enum(METRIC_TYPES),
});
export type SandboxMetric = z.infer<typeof SandboxMetricSchema>;

export const SandboxQueryResponseSchema = z.object({
  objects: z.array(SandboxObjectSchema).describe('By title'),
  total: z.number().int().describe(`Matches counted, at most ${SANDBOX_LIMITS.counted}`),
  more: z.boolean().describe('More match than `total` counts'),
  page: z.number().int(),
  pages: z.number().int().describe('Pages that may be asked for (up to the deepest row)'),
  perPage: z.number().int(),
  fields: z.array(z.string()).describe('The metadata fields the rows show, in the schemas’ order (filtered ones first)'),
  metrics: z.array(SandboxMetricSchema).describe('The metrics asked for, in order'),
  summariesLeftOut: z
    .boolean()
    .describe(
      `The page's objects hold more than ${SANDBOX_LIMITS.summedObservations.toLocaleString('en')} observations of the metrics in the span: their summaries are left out (narrow the span or the metrics, show fewer rows, or export: an export sums up every object)`,
    ),
});
export type SandboxQueryResponse = z.infer<typeof SandboxQueryResponseSchema>;

/** POST sandbox/chart: one numeric metric over time (the filter's span, else the data's) across the objects the filter finds. */
export const SandboxChartSchema = FilterFields.extend({
  metric: MetricNameSchema.describe('A number, integer or true/false metric'),
  buckets: z
    .number()
    .int()
    .min(2)
    .max(SANDBOX_LIMITS.maxBuckets)
    .default(SANDBOX_LIMITS.buckets)
    .describe(`Equal spans of time (at most ${SANDBOX_LIMITS.maxBuckets})`),
}).superRefine(spanInOrder);
export type SandboxChartQuery = z.input<typeof SandboxChartSchema>;

export const SandboxBucketSchema = z.object({
  time: z.string().describe('The mean time of the bucket’s observations, ISO 8601'),
  n: z.number().int(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
});
export type SandboxBucket = z.infer<typeof SandboxBucketSchema>;

export const SandboxChartResponseSchema = z.object({
  metric: SandboxMetricSchema,
  from: z.string().nullable().describe('The span charted (the range asked for, else the data’s), ISO 8601; null when nothing matched'),
  to: z.string().nullable(),
  objects: z.number().int().describe('Objects whose observations are charted'),
  observations: z.number().int(),
  buckets: z.array(SandboxBucketSchema).describe('In time order; empty spans are left out'),
});
export type SandboxChartResponse = z.infer<typeof SandboxChartResponseSchema>;

/** POST sandbox/export?format=: the query's every object (no page), streamed. */
export const SandboxExportQuerySchema = z.strictObject({
  format: z.enum(SANDBOX_EXPORT_FORMATS).default('csv').describe('csv or xlsx: a row per object (docs/api.md lists the columns); geojson: a FeatureCollection'),
  ...ExportOptionsShape,
});

/** POST sandbox/export with format=geojson (streamed): a Feature per object, its properties flat. */
export const SandboxFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        id: z.uuid().describe('The object’s id'),
        geometry: ExportGeometrySchema.nullable(),
        properties: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .describe(
    'A FeatureCollection (RFC 7946): a Feature per object (its geometry, or null), flat properties name, title, types, each metadata field, then per metric <metric>_count, _min, _max, _mean, _first, _last_time, _last_value (docs/api.md, GeoJSON exports)',
  );
