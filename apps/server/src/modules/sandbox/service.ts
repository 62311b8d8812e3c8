import { Readable } from 'node:stream';
import {
  SANDBOX_LIMITS,
  SANDBOX_TOO_BROAD,
  type ExportOptions,
  type SandboxBucket,
  type SandboxChartResponse,
  type SandboxChartSchema,
  type SandboxExportFormat,
  type SandboxFilterSchema,
  type SandboxMetric,
  type SandboxObject,
  type SandboxQueryResponse,
  type SandboxQuerySchema,
} from '@observatory/shared';
import type { z } from 'zod';
import type { Actor } from '../../authz/authorize.js';
import { findVisible } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { geoJsonFromDb } from '../../lib/geometry.js';
import { tableFile, type TableFile } from '../../lib/table-export.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { feature, featureCollectionText } from '../../lib/geojson.js';
import { admitVisitor, type RateLimiter } from '../../lib/rate-limiter.js';
import { answeredValue } from '../datatables/index.js';
import type { SchemaService } from '../schema/index.js';
import * as repo from './repo.js';

type FilterInput = z.output<typeof SandboxFilterSchema>;
type QueryInput = z.output<typeof SandboxQuerySchema>;
type ChartInput = z.output<typeof SandboxChartSchema>;

/**
 * The most the planner may expect a statement to cost (EXPLAIN's Total Cost) before it
 * runs; above it the query is refused as too broad. Measured on the embedded database over
 * the benchmark's 100,000 objects (bench/sandbox.ts, `npm run bench`, BENCH_PARTS=sandbox):
 * finding a page's objects cost 183 to 9,211 (rows 9,900 on of 25,000 sites) and took 2 to
 * 86 ms, about 100 units a millisecond; charts cost 5,690 to 18,521 and took 43 to 232 ms
 * (their reading stops at CHART_MAX_OBSERVATIONS). 25,000 lets all of those through and
 * refuses what grows with the catalogue beyond them (a quarter of a million objects to
 * sort for a deep page: about a quarter of a second of the single embedded connection).
 */
export const MAX_QUERY_COST = 25_000;

/**
 * On a PostgreSQL server each sandbox job runs in a transaction with this statement
 * timeout (SET LOCAL, through set_config). The embedded engine accepts the setting and
 * ignores it: measured with PGlite 0.5, a pg_sleep(1) and a count of three million rows
 * under a 100 ms timeout both ran to the end (routes.api.test.ts holds this), so there
 * the cost cap is the bound.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

/**
 * The most observations one chart reads. Its statement stops reading at one more and is
 * then refused, asking for a shorter span of time: however the planner guessed, a chart's work has this bound.
 * On the embedded database reading 73,000 of them and bucketing took 190 ms; reading to
 * this bound and refusing, 230 ms (bench/sandbox.ts). The river demo's 53,443 fit.
 */
export const CHART_MAX_OBSERVATIONS = 100_000;

/** Objects an export reads at a time, each chunk its own short job; fewer when their metrics are summed up too. */
export const EXPORT_CHUNK = 500;
export const EXPORT_CHUNK_WITH_METRICS = 100;

/** No metrics: the statement of the objects alone, whose cost the cap is held to. */
const NO_SOURCES: repo.Sources = { metricIds: [], tableIds: [], from: null, to: null, flags: [], levels: [] };

/** The export options when none are asked for: the formula guard on, no byte-order mark. */
const DEFAULT_EXPORT: ExportOptions = { formulaGuard: true, bom: false };

/** A metric's summary in an export, in order: the CSV's columns and the GeoJSON properties (<metric>_<summary>). */
const METRIC_SUMMARY = ['count', 'min', 'max', 'mean', 'first', 'last_time', 'last_value'] as const;

/** The metric types a chart draws (true/false as 1/0). */
const CHARTED = new Set(['number', 'integer', 'boolean']);

/** A field of a metadata schema, as far as the filters need it. */
interface FieldSchema {
  type?: string | string[];
}

/** What a query asks for, resolved: the filter, where its metrics are read from, and what its rows show. */
interface Plan {
  filter: repo.Filter;
  sources: repo.Sources;
  metrics: repo.MetricRow[];
  /** The metadata fields a row of the answer shows. */
  shown: string[];
  /** Every field of the chosen types' schemas, in order (the export's columns). */
  fields: string[];
}

const distinct = <T>(items: T[]) => [...new Set(items)];
const iso = (time: string | Date) => new Date(time).toISOString();
/** Seconds since 1970 (a driver may answer them as text) as ISO 8601, to the millisecond. */
const fromSeconds = (seconds: number | string) => new Date(Math.round(Number(seconds) * 1000)).toISOString();

export const tooBroad = () => new AppError('VALIDATION_FAILED', SANDBOX_TOO_BROAD, { details: [{ field: 'body', message: SANDBOX_TOO_BROAD }] });

/** A chart over more observations than it may read: narrowed by time, project or objects, it is drawn. */
function tooManyObservations(max: number) {
  const message = `This chart would read more than ${max.toLocaleString('en')} observations: choose a shorter span of time (From, Before), a project or fewer objects`;
  return new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body', message }] });
}

/** The fields of the types' schemas in order (the first type's first), each with its schema. */
function fieldsOf(types: { schemas: Record<string, unknown>[] }[]): Map<string, FieldSchema> {
  const fields = new Map<string, FieldSchema>();
  for (const type of types) {
    for (const schema of type.schemas) {
      for (const [name, field] of Object.entries((schema.properties as Record<string, FieldSchema> | undefined) ?? {}))
        if (!fields.has(name)) fields.set(name, field ?? {});
    }
  }
  return fields;
}

/** A filter's value as the field's schema types it (a number typed as text is a number); undefined when it cannot be one. */
function valueFor(field: FieldSchema, value: string | number | boolean): string | number | boolean | undefined {
  const types = Array.isArray(field.type) ? field.type : field.type ? [field.type] : [];
  if (types.includes('number') || types.includes('integer')) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (Number.isFinite(n) && (!types.includes('integer') || types.includes('number') || Number.isInteger(n))) return n;
    if (!types.includes('string')) return undefined;
  }
  if (types.includes('boolean')) {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    if (!types.includes('string')) return undefined;
  }
  return types.length === 0 ? value : String(value);
}

/** The filter's span of time, open at an end not given. */
/** Which of the sources' observations are read: the span, flags and levels asked for. */
const keptOf = (input: FilterInput) => ({
  from: input.from ? new Date(input.from) : null,
  to: input.to ? new Date(input.to) : null,
  flags: input.flags,
  levels: input.levels,
});

const describeMetric = (m: repo.MetricRow): SandboxMetric => ({ name: m.name, title: m.title, unit: m.unit, type: m.type as SandboxMetric['type'] });

/**
 * The data sandbox: objects found by type, project, metadata values and a map box, as a
 * page with their metrics summed up, a chart of one metric, or a streamed export. Only
 * what the caller may see (the registry's conditions for objects and projects). Every
 * statement is bounded: indexed conditions, a LIMIT, the planner's cost under
 * MAX_QUERY_COST, and on a server a statement timeout. Visitors send at most
 * SANDBOX_LIMITS.visitorQueriesPerMinute queries a minute from one address.
 */
export function createSandboxService(deps: {
  db: Database;
  schema: SchemaService;
  limiter: RateLimiter;
  maxCost?: number;
  maxChartObservations?: number;
  maxChartObjects?: number;
  maxSummedObservations?: number;
}) {
  const { db, schema, limiter } = deps;
  const maxSummed = deps.maxSummedObservations ?? SANDBOX_LIMITS.summedObservations;
  const maxCost = deps.maxCost ?? MAX_QUERY_COST;
  const maxChartObservations = deps.maxChartObservations ?? CHART_MAX_OBSERVATIONS;
  /** A chart's bounds: the objects it reads observations of one by one (more: by metric), and the observations it reads. */
  const chartBounds = { maxObjects: deps.maxChartObjects ?? SANDBOX_LIMITS.counted, maxObservations: maxChartObservations };

  /** Counts a visitor's query; 429 with Retry-After past the minute's allowance. Signed-in callers are not counted. */
  const admit = (actor: Actor | null, ip: string) => admitVisitor(limiter, actor, 'sandbox', ip, SANDBOX_LIMITS.visitorQueriesPerMinute, 'queries');

  /** A database job with a time limit on a server (the embedded engine ignores one: see STATEMENT_TIMEOUT_MS); a statement cut off is a query too broad. */
  async function bounded<T>(job: (d: Db) => Promise<T>): Promise<T> {
    if (db.kind !== 'server') return db.use(job);
    try {
      return await db.transaction(async (tx) => {
        await repo.limitTime(tx, STATEMENT_TIMEOUT_MS);
        return job(tx);
      });
    } catch (err) {
      if (repo.isCancelled(err)) throw tooBroad();
      throw err;
    }
  }

  /**
   * Refuses a statement the planner expects to cost more than the cap, before it runs.
   * Every query is held to the cost of finding its objects: the planner's model of what is
   * read per object is far off (it guessed a page of 20 long series at 30 times a chart of
   * as many rows, and without statistics a chart's estimate grew with every observation of
   * other tables, refusing the demo's river chart once a catalogue held more). What is read
   * per object has bounds of its own: a page's objects, an export's chunk, and a chart's
   * reading, which stops at CHART_MAX_OBSERVATIONS through the observations' indexes.
   */
  async function refuseBroad(d: Db, statement: ReturnType<typeof repo.rowsStatement>): Promise<void> {
    if ((await repo.plannedCost(d, statement)) > maxCost) throw tooBroad();
  }

  /** The filter's names resolved to ids; each unknown one a 400 naming its field. A project the caller may not see is unknown. */
  async function resolve(d: Db, actor: Actor | null, input: FilterInput): Promise<Plan> {
    const typeSlugs = distinct(input.types);
    const types = await schema.types.typesWithSchemas(d, typeSlugs);
    const unknownTypes = typeSlugs.filter((slug) => !types.some((t) => t.slug === slug));
    if (unknownTypes.length) throw invalidField('body.types', `Unknown object type: ${unknownTypes.join(', ')}`);
    const projectIds: string[] = [];
    for (const key of distinct(input.projects)) {
      const found = await findVisible(d, actor, 'project', key);
      if (!found) throw invalidField('body.projects', `Unknown project: ${key}`);
      projectIds.push(found.id);
    }
    const names = distinct(input.metrics);
    const found = await repo.metricsByName(d, names);
    const unknownMetrics = names.filter((n) => !found.some((m) => m.name === n));
    if (unknownMetrics.length) throw invalidField('body.metrics', `Unknown metric: ${unknownMetrics.join(', ')}`);
    const metrics = names.map((n) => found.find((m) => m.name === n)!);
    const fields = fieldsOf(types);
    const where = input.where.map((w, i) => {
      if (types.length === 0) throw invalidField(`body.where.${i}.field`, 'Choose an object type first: a filter names a field of its metadata');
      const field = fields.get(w.field);
      if (!field) throw invalidField(`body.where.${i}.field`, `${w.field} is not a field of ${types.map((t) => t.name).join(' or ')}`);
      const value = valueFor(field, w.value);
      if (value === undefined)
        throw invalidField(`body.where.${i}.value`, `${w.field} takes ${[field.type].flat().join(' or ')}, not ${JSON.stringify(w.value)}`);
      return { field: w.field, value };
    });
    const filtered = distinct(where.map((w) => w.field));
    return {
      filter: { visible: visibleTo(actor, 'object'), typeIds: types.map((t) => t.id), projectIds, where, bbox: input.bbox },
      sources: {
        metricIds: metrics.map((m) => m.id),
        tableIds: await repo.sourceTables(
          d,
          metrics.map((m) => m.id),
          visibleTo(actor, 'project'),
        ),
        ...keptOf(input),
      },
      metrics,
      shown: distinct([...filtered, ...fields.keys()]).slice(0, Math.max(SANDBOX_LIMITS.shownFields, filtered.length)),
      fields: distinct([...fields.keys(), ...filtered]),
    };
  }

  /** A row as answered: the metadata of `fields` only, the metrics by name with the latest value as its metric types it. */
  function objectOf(row: repo.ObjectRow, plan: Plan, fields: string[]): SandboxObject {
    const metadata = Object.fromEntries(fields.filter((f) => f in row.metadata).map((f) => [f, row.metadata[f]]));
    const metrics = Object.fromEntries(
      (row.metrics ?? []).flatMap((s) => {
        const metric = plan.metrics.find((m) => m.id === s.metricId);
        if (!metric) return [];
        const last = { time: iso(s.last), value: answeredValue(metric.type, { number: s.lastNumber, text: s.lastText }) };
        return [[metric.name, { count: Number(s.count), min: s.min, max: s.max, mean: s.mean === null ? null : Number(s.mean), first: iso(s.first), last }]];
      }),
    );
    return {
      id: row.id,
      name: row.name,
      title: row.title,
      types: row.types,
      point: row.lon === null || row.lat === null ? null : [row.lon, row.lat],
      metadata,
      metrics,
    };
  }

  /**
   * The export as a table (CSV or XLSX; docs/api.md lists its columns): name, title, types,
   * a point on the object, its geometry as the API's GeoJSON, the fields of the chosen types,
   * then each metric's count, min, max, mean, first, last time and last value.
   */
  function tableOf(plan: Plan) {
    const metricColumns = plan.metrics.flatMap((m) => ['count', 'min', 'max', 'mean', 'first', 'last time', 'last value'].map((c) => `${m.name} ${c}`));
    return {
      header: ['name', 'title', 'types', 'longitude', 'latitude', 'geometry', ...plan.fields, ...metricColumns],
      row: (row: repo.ObjectRow): unknown[] => {
        const o = objectOf(row, plan, plan.fields);
        const stats = plan.metrics.flatMap((m) => {
          const s = o.metrics[m.name];
          return s ? [s.count, s.min, s.max, s.mean, s.first, s.last.time, s.last.value] : [0, null, null, null, null, null, null];
        });
        const geometry = row.geometry ? geoJsonFromDb(row.geometry) : null;
        return [o.name, o.title, o.types.join(';'), o.point?.[0], o.point?.[1], geometry, ...plan.fields.map((f) => o.metadata[f]), ...stats];
      },
    };
  }

  /**
   * An exported object as a GeoJSON Feature (lib/geojson.ts): name, title, types, then the
   * fields of the chosen types in their order, then per metric (in the query's order)
   * <metric>_count, _min, _max, _mean, _first, _last_time and _last_value, as the CSV's
   * columns (count 0 and nulls for an object without observations of it).
   */
  function sandboxFeature(row: repo.ObjectRow, plan: Plan) {
    const { id, name, title, types, metadata, metrics } = objectOf(row, plan, plan.fields);
    const summaries = Object.fromEntries(
      plan.metrics.flatMap((m) => {
        const s = metrics[m.name];
        const values = s ? [s.count, s.min, s.max, s.mean, s.first, s.last.time, s.last.value] : [0, null, null, null, null, null, null];
        return METRIC_SUMMARY.map((stat, i) => [`${m.name}_${stat}`, values[i]]);
      }),
    );
    const geometry = row.geometry ? (JSON.parse(row.geometry) as Parameters<typeof feature>[0]['geo']) : null;
    return feature({ id, geo: geometry, properties: { name, title, types }, metadata, fields: plan.fields, summaries });
  }

  return {
    /** A page of the objects the query finds, by title, with their metrics summed up; the total counted up to SANDBOX_LIMITS.counted. */
    async runQuery(actor: Actor | null, ip: string, input: QueryInput): Promise<SandboxQueryResponse> {
      await admit(actor, ip);
      const offset = (input.p - 1) * input.n;
      if (offset >= SANDBOX_LIMITS.deepest) throw invalidField('body.p', `Pages reach row ${SANDBOX_LIMITS.deepest} at most: narrow the query, or export it`);
      return bounded(async (d) => {
        const plan = await resolve(d, actor, input);
        const slice = { page: { limit: input.n, offset } };
        await refuseBroad(d, repo.rowsStatement(plan.filter, NO_SOURCES, slice, false));
        const rows = await repo.readRows(d, repo.rowsStatement(plan.filter, plan.sources, slice, false, maxSummed));
        // A short page (or an empty first one) is the end: no count needed.
        const ended = (rows.length > 0 && rows.length < input.n) || (rows.length === 0 && offset === 0);
        const counted = ended ? offset + rows.length : await repo.countCapped(d, plan.filter, SANDBOX_LIMITS.counted);
        const total = Math.min(counted, SANDBOX_LIMITS.counted);
        return {
          objects: rows.map((row) => objectOf(row, plan, plan.shown)),
          total,
          more: counted > SANDBOX_LIMITS.counted,
          page: input.p,
          pages: Math.max(1, Math.ceil(Math.min(total, SANDBOX_LIMITS.deepest) / input.n)),
          perPage: input.n,
          fields: plan.shown,
          metrics: plan.metrics.map(describeMetric),
          summariesLeftOut: rows.some((row) => row.metrics === null),
        };
      });
    },

    /** One numeric metric over time across the objects the query finds: per span of time its count, mean, lowest and highest value. */
    async getChart(actor: Actor | null, ip: string, input: ChartInput): Promise<SandboxChartResponse> {
      await admit(actor, ip);
      return bounded(async (d) => {
        const plan = await resolve(d, actor, input);
        const [metric] = await repo.metricsByName(d, [input.metric]);
        if (!metric) throw invalidField('body.metric', `Unknown metric: ${input.metric}`);
        if (!CHARTED.has(metric.type)) throw invalidField('body.metric', `${metric.name} is a ${metric.type} metric: only numbers and true/false are charted`);
        const tableIds = await repo.sourceTables(d, [metric.id], visibleTo(actor, 'project'));
        const statement = repo.chartStatement(plan.filter, { metricIds: [metric.id], tableIds, ...keptOf(input) }, input.buckets, chartBounds);
        await refuseBroad(d, repo.countStatement(plan.filter, SANDBOX_LIMITS.counted));
        const rows = tableIds.length ? await repo.readBuckets(d, statement) : [];
        const first = rows[0];
        if (first && Number(first.observations) > maxChartObservations) throw tooManyObservations(maxChartObservations);
        const buckets: SandboxBucket[] = rows
          .filter((r) => Number(r.n) > 0)
          .map((r) => ({ time: fromSeconds(r.time), n: Number(r.n), mean: Number(r.mean), min: Number(r.min), max: Number(r.max) }));
        return {
          metric: describeMetric(metric),
          from: first && first.span_from !== null ? fromSeconds(first.span_from) : input.from ? iso(input.from) : null,
          to: first && first.span_to !== null ? fromSeconds(first.span_to) : input.to ? iso(input.to) : null,
          objects: first ? Number(first.objects) : 0,
          observations: buckets.reduce((sum, b) => sum + b.n, 0),
          buckets,
        };
      });
    },

    /**
     * For the benchmark's calibration of MAX_QUERY_COST: the planner's estimate of one of a
     * query's statements and the time it takes to run (unbounded: no cap, no rate limit).
     * `objects` is a page's objects alone (what a page is held to), `page` the same with the
     * metrics' summaries (up to SANDBOX_LIMITS.summedObservations), `count` the capped total, `export` an export's first chunk of
     * objects, `chart` the chart of `metric`.
     */
    async calibrate(actor: Actor | null, kind: 'objects' | 'page' | 'count' | 'export' | 'chart', input: QueryInput & { metric?: string }) {
      return db.use(async (d) => {
        const plan = await resolve(d, actor, input);
        const slice = { page: { limit: input.n, offset: (input.p - 1) * input.n } };
        let statement: ReturnType<typeof repo.rowsStatement>;
        if (kind === 'chart') {
          const [metric] = await repo.metricsByName(d, [input.metric ?? '']);
          if (!metric) throw invalidField('body.metric', `Unknown metric: ${input.metric}`);
          const sources = { metricIds: [metric.id], tableIds: await repo.sourceTables(d, [metric.id], visibleTo(actor, 'project')), ...keptOf(input) };
          statement = repo.chartStatement(plan.filter, sources, SANDBOX_LIMITS.maxBuckets, chartBounds);
        } else if (kind === 'count') statement = repo.countStatement(plan.filter, SANDBOX_LIMITS.counted);
        else if (kind === 'export') statement = repo.rowsStatement(plan.filter, NO_SOURCES, { after: { id: null, limit: EXPORT_CHUNK } }, true);
        else if (kind === 'page') statement = repo.rowsStatement(plan.filter, plan.sources, slice, false, maxSummed);
        else statement = repo.rowsStatement(plan.filter, NO_SOURCES, slice, false);
        const cost = await repo.plannedCost(d, statement);
        const started = performance.now();
        const rows = await repo.runStatement(d, statement);
        const observations = kind === 'chart' ? Number(rows[0]?.observations ?? 0) : 0;
        // A chart is held to the cost of finding its objects (refuseBroad): its own estimate is reported, not capped.
        const capped = kind === 'chart' ? await repo.plannedCost(d, repo.countStatement(plan.filter, SANDBOX_LIMITS.counted)) : cost;
        return { cost, ms: performance.now() - started, rows: rows.length, refused: capped > maxCost || observations > maxChartObservations };
      });
    },

    /**
     * Every object the query finds (no page) with its metrics summed up, as CSV or a GeoJSON
     * FeatureCollection, produced as it is read: chunks of EXPORT_CHUNK objects by id, each
     * its own short database job, so a slow download holds no connection. The query is
     * checked (names, cost) before the answer starts. A chunk whose objects hold more
     * observations than a page may sum up is read again a tenth as large, down to one
     * object, and the next chunk ten times larger again: every object is summed up, each
     * job bounded by one object's observations.
     */
    async exportObjects(
      actor: Actor | null,
      ip: string,
      input: FilterInput,
      format: SandboxExportFormat,
      options: ExportOptions = DEFAULT_EXPORT,
    ): Promise<TableFile> {
      await admit(actor, ip);
      // Every format carries the geometry: GeoJSON as the feature's, CSV and XLSX in a column.
      const withGeometry = true;
      const plan = await bounded(async (d) => {
        const resolved = await resolve(d, actor, input);
        await refuseBroad(d, repo.rowsStatement(resolved.filter, NO_SOURCES, { after: { id: null, limit: EXPORT_CHUNK } }, withGeometry));
        return resolved;
      });
      // With metrics each object's observations are summed up too: fewer objects a chunk keep a chunk short.
      const fullChunk = plan.metrics.length ? EXPORT_CHUNK_WITH_METRICS : EXPORT_CHUNK;
      let chunk = fullChunk;
      const read = (from: string | null, limit: number) =>
        bounded((d) =>
          repo.readRows(d, repo.rowsStatement(plan.filter, plan.sources, { after: { id: from, limit } }, withGeometry, limit > 1 ? maxSummed : null)),
        );
      async function* rowChunks(): AsyncGenerator<repo.ObjectRow[]> {
        let after: string | null = null;
        for (;;) {
          const rows: repo.ObjectRow[] = await read(after, chunk);
          if (rows.some((row) => row.metrics === null)) {
            chunk = Math.max(1, Math.floor(chunk / 10));
            continue;
          }
          if (rows.length) yield rows;
          if (rows.length < chunk) break;
          after = rows.at(-1)!.id;
          // Past the heavy objects, back towards the full chunk.
          chunk = Math.min(fullChunk, chunk * 10);
        }
      }
      async function* featureChunks() {
        for await (const rows of rowChunks()) yield rows.map((row) => sandboxFeature(row, plan));
      }
      if (format === 'geojson')
        return { fileName: 'sandbox.geojson', type: 'application/geo+json', body: Readable.from(featureCollectionText(featureChunks())) };
      const table = tableOf(plan);
      async function* tableRows() {
        for await (const rows of rowChunks()) yield rows.map(table.row);
      }
      return tableFile(format, { name: 'sandbox', header: table.header, chunks: tableRows() }, options);
    },
  };
}
export type SandboxService = ReturnType<typeof createSandboxService>;
