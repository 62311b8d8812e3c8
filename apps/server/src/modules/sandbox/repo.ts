import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Bbox, DataLevel, QualityFlag } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { dataTableMetrics, dataTables, metrics, objectProjects, objects, objectTypeLinks, objectTypes, observations, projects } from '../../db/schema/index.js';
import { postgresCode } from '../../lib/errors.js';
import { extentOverlaps, GEOJSON_DECIMALS } from '../../lib/geometry.js';

/**
 * The sandbox's statements. Every condition is one an index answers: the type and project
 * link tables (by type and by project), the extent's GiST index for a map box, the
 * metadata's GIN index for containment (migration 0025), and the objects the reader may
 * see (the registry's condition). Every statement ends in a LIMIT.
 */

export interface Filter {
  /** The registry's condition for the objects the reader may see. */
  visible: SQL | undefined;
  /** Of any of these types (none: any type). */
  typeIds: string[];
  /** In any of these projects (none: in any project or none). */
  projectIds: string[];
  /** Each as one containment, {field: value}. */
  where: { field: string; value: unknown }[];
  bbox: Bbox | undefined;
}

/**
 * Which observations are read: of the metrics' ids, in the data tables holding them that the
 * reader may see, from `from` to before `to`, with one of `flags` and `levels` (none: any).
 */
export interface Sources {
  metricIds: string[];
  tableIds: string[];
  from: Date | null;
  to: Date | null;
  flags: QualityFlag[];
  levels: DataLevel[];
}

/** The span of time, flags and levels of `s` as conditions on the observations `alias` (none when open). */
function kept(alias: string, s: Sources): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql.join(
    [
      s.from ? sql` and ${column('time')} >= ${s.from.toISOString()}::timestamptz` : undefined,
      s.to ? sql` and ${column('time')} < ${s.to.toISOString()}::timestamptz` : undefined,
      s.flags.length ? sql` and ${column('flag')} = any(${sql.param(s.flags)}::text[])` : undefined,
      s.levels.length ? sql` and ${column('level')} = any(${sql.param(s.levels)}::text[])` : undefined,
    ].filter((part) => part !== undefined),
  );
}

export type MetricRow = typeof metrics.$inferSelect;

export const metricsByName = (db: Db, names: string[]) => (names.length ? db.select().from(metrics).where(inArray(metrics.name, names)) : Promise.resolve([]));

/** The objects a filter finds, as a condition on `objects`. */
function matching(f: Filter): SQL {
  return (
    and(
      f.visible,
      f.typeIds.length
        ? sql`exists (select 1 from ${objectTypeLinks} where ${objectTypeLinks.objectId} = ${objects.id} and ${inArray(objectTypeLinks.typeId, f.typeIds)})`
        : undefined,
      f.projectIds.length
        ? sql`exists (select 1 from ${objectProjects} where ${objectProjects.objectId} = ${objects.id} and ${inArray(objectProjects.projectId, f.projectIds)})`
        : undefined,
      ...f.where.map((w) => sql`${objects.metadata} @> ${JSON.stringify({ [w.field]: w.value })}::jsonb`),
      f.bbox ? extentOverlaps(objects.extent, f.bbox) : undefined,
    ) ?? sql`true`
  );
}

/** The data tables holding any of the metrics, of projects the reader may see (`projectsVisible`, the registry's condition): a few ids, found by index. */
export async function sourceTables(db: Db, metricIds: string[], projectsVisible: SQL | undefined): Promise<string[]> {
  if (metricIds.length === 0) return [];
  const result =
    await db.execute(sql`select distinct ${dataTableMetrics.tableId} as id from ${dataTableMetrics} join ${dataTables} on ${dataTables.id} = ${dataTableMetrics.tableId}
    where ${inArray(dataTableMetrics.metricId, metricIds)} and ${dataTables.projectId} in (select ${projects.id} from ${projects} where ${projectsVisible ?? sql`true`})`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

const ids = (list: string[]) => sql`${sql.param(list)}::uuid[]`;

/**
 * Per metric, the observations of the object `objectId` (an outer column): how many, the
 * lowest, highest and mean number, the first and last time, and the value at the last
 * time, as a json array. Found by the observations' key (table, object, metric, time).
 */
function statsOf(objectId: SQL, s: Sources): SQL {
  if (s.metricIds.length === 0 || s.tableIds.length === 0) return sql`'[]'::json`;
  return sql`coalesce((select json_agg(json_build_object('metricId', st.metric_id, 'count', st.n, 'min', st.lo, 'max', st.hi, 'mean', st.mean, 'first', st.first, 'last', st.last,
      'lastNumber', lv.number, 'lastText', lv.text))
    from (
      select ob.metric_id, count(*) as n, min(ob.number) as lo, max(ob.number) as hi, avg(ob.number) as mean, min(ob.time) as first, max(ob.time) as last
      from ${observations} ob
      where ob.table_id = any(${ids(s.tableIds)}) and ob.object_id = ${objectId} and ob.metric_id = any(${ids(s.metricIds)})${kept('ob', s)}
      group by ob.metric_id
    ) st
    cross join lateral (
      select lo.number, lo.text from ${observations} lo
      where lo.table_id = any(${ids(s.tableIds)}) and lo.object_id = ${objectId} and lo.metric_id = st.metric_id and lo.time = st.last limit 1
    ) lv), '[]'::json)`;
}

/** Which rows: a page by title, or the next chunk of an export by id (keyset: each chunk costs the same however deep). */
export type Slice = { page: { limit: number; offset: number } } | { after: { id: string | null; limit: number } };

const whole = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row count: ${n}`);
  // Written into the text: as parameters PostgreSQL guesses LIMIT and OFFSET at a tenth of the table (db/templates.ts).
  return sql.raw(String(n));
};

/**
 * The objects of a slice with what a row shows: types, a point on each, the metadata, the
 * metrics' summaries, and (for GeoJSON) the geometry. One statement. With `summaryCap`, the
 * slice's observations of the metrics are counted first, object by object through the
 * observations' key (the inner LIMIT keeps the planner from making it a join over all the
 * metric's observations), at most the cap + 1: over the cap, every row's metrics are null and
 * nothing is summed up.
 */
export function rowsStatement(f: Filter, s: Sources, slice: Slice, withGeometry: boolean, summaryCap: number | null = null): SQL {
  const order = 'page' in slice ? sql`lower(${objects.title}), ${objects.id}` : sql`${objects.id}`;
  const cut = 'page' in slice ? sql`limit ${whole(slice.page.limit)} offset ${whole(slice.page.offset)}` : sql`limit ${whole(slice.after.limit)}`;
  const after = 'after' in slice && slice.after.id ? sql` and ${objects.id} > ${slice.after.id}::uuid` : sql``;
  const outerOrder = 'page' in slice ? sql`lower(found.title), found.id` : sql`found.id`;
  const capped = summaryCap !== null && s.metricIds.length > 0 && s.tableIds.length > 0;
  return sql`
    with found as (
      select ${objects.id} as id, ${objects.name} as name, ${objects.title} as title, ${objects.metadata} as metadata, ${objects.anchor} as anchor${withGeometry ? sql`, ${objects.geo} as geo` : sql``}
      from ${objects} where ${matching(f)}${after}
      order by ${order} ${cut}
    )${
      capped
        ? sql`,
    load as materialized (
      select count(*) > ${whole(summaryCap!)} as over from (
        select 1 from found cross join lateral (
          select 1 from ${observations} ob
          where ob.table_id = any(${ids(s.tableIds)}) and ob.object_id = found.id and ob.metric_id = any(${ids(s.metricIds)})${kept('ob', s)}
          limit ${whole(summaryCap! + 1)}
        ) ob
        limit ${whole(summaryCap! + 1)}
      ) counted
    )`
        : sql``
    }
    select found.id, found.name, found.title, found.metadata, ST_X(found.anchor) as lon, ST_Y(found.anchor) as lat,
      coalesce((select json_agg(${objectTypes.slug} order by ${objectTypes.position}) from ${objectTypeLinks} join ${objectTypes} on ${objectTypes.id} = ${objectTypeLinks.typeId}
        where ${objectTypeLinks.objectId} = found.id), '[]'::json) as types,
      ${capped ? sql`case when (select over from load) then null else ${statsOf(sql`found.id`, s)} end` : statsOf(sql`found.id`, s)} as metrics${withGeometry ? sql`, ST_AsGeoJSON(found.geo, ${sql.raw(String(GEOJSON_DECIMALS))}) as geometry` : sql``}
    from found order by ${outerOrder}`;
}

export interface StatsJson {
  metricId: string;
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  first: string;
  last: string;
  lastNumber: number | null;
  lastText: string | null;
}

export interface ObjectRow {
  id: string;
  name: string;
  title: string;
  metadata: Record<string, unknown>;
  lon: number | null;
  lat: number | null;
  types: string[];
  /** Null: left out, the slice holding more observations than the cap. */
  metrics: StatsJson[] | null;
  /** ST_AsGeoJSON's text (GeoJSON export only). */
  geometry?: string | null;
}

export async function readRows(db: Db, statement: SQL): Promise<ObjectRow[]> {
  // A driver may hand json back as text.
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return rowsOf<ObjectRow>(await db.execute(statement)).map((r) => ({
    ...r,
    metadata: parse(r.metadata),
    types: parse(r.types),
    metrics: parse(r.metrics),
    lon: r.lon === null ? null : Number(r.lon),
    lat: r.lat === null ? null : Number(r.lat),
  }));
}

/** How many objects the filter finds, counting at most `cap` + 1 (then there are more). */
export const countStatement = (f: Filter, cap: number): SQL =>
  sql`select count(*)::int as n from (select 1 from ${objects} where ${matching(f)} limit ${whole(cap + 1)}) c`;

export async function countCapped(db: Db, f: Filter, cap: number): Promise<number> {
  const result = await db.execute(countStatement(f, cap));
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}

/**
 * One metric's observations across the objects the filter finds, in `buckets` equal spans
 * of [from, to) (the sources' span, else the data's): per span its mean time, count, mean,
 * lowest and highest value. At most `maxObservations` + 1 are read (then the chart is
 * refused), found in one of two ways, whichever is bounded for the filter:
 * - up to `maxObjects` objects found: each one's observations through the observations'
 *   key (table, object, metric, time), so no observation of another object is read;
 * - more: the metric's observations in the tables (by table, metric and time), each kept
 *   when its object is found. A filter that broad leaves few of them out.
 * The observations read (up to the bound + 1) and the span come on every row.
 */
export function chartStatement(f: Filter, s: Sources, buckets: number, bounds: { maxObjects: number; maxObservations: number }): SQL {
  const seconds = (date: Date) => sql`${date.getTime() / 1000}::float8`;
  const read = sql`ob.table_id = any(${ids(s.tableIds)}) and ob.metric_id = any(${ids(s.metricIds)}) and ob.number is not null${kept('ob', s)}`;
  // Times as seconds in double precision: extract() answers numeric, several times slower to bucket.
  // Each branch's condition on "many" is checked once, before the branch reads anything.
  return sql`
    with found as materialized (
      select ${objects.id} as id from ${objects} where ${matching(f)} limit ${whole(bounds.maxObjects + 1)}
    ),
    many as materialized (select count(*) > ${whole(bounds.maxObjects)} as yes from found),
    obs as materialized (
      select * from (
        select ob.object_id, date_part('epoch', ob.time) as t, ob.number as value
        from found cross join lateral (select ob.object_id, ob.time, ob.number from ${observations} ob where ob.object_id = found.id and ${read}) ob
        where not (select yes from many)
        union all
        select ob.object_id, date_part('epoch', ob.time) as t, ob.number as value
        from ${observations} ob
        where ${read} and ob.object_id in (select ${objects.id} from ${objects} where ${matching(f)}) and (select yes from many)
      ) read
      limit ${whole(bounds.maxObservations + 1)}
    ),
    totals as materialized (select min(t) as first, max(t) as last, count(*)::int as observations, (select count(*) from (select distinct object_id from obs) o)::int as objects from obs),
    -- The span ends just after the last observation when it is the data's (an exclusive end).
    span as (select ${s.from ? seconds(s.from) : sql`totals.first`} as lo, ${s.to ? seconds(s.to) : sql`totals.last + 0.001`} as hi from totals)
    select least(greatest(floor((obs.t - span.lo) / greatest(span.hi - span.lo, 0.001) * ${whole(buckets)}), 0), ${whole(buckets - 1)})::int as bucket,
      avg(obs.t) as time, count(obs.t)::int as n, avg(obs.value) as mean, min(obs.value) as min, max(obs.value) as max,
      min(totals.observations) as observations, min(totals.objects) as objects, min(span.lo) as span_from, min(span.hi) as span_to
    -- With no observations, one row of totals with n = 0.
    from totals cross join span left join obs on true
    group by 1 order by 1`;
}

export interface BucketRow {
  bucket: number;
  /** Seconds since 1970, as are the span's ends. */
  time: number;
  /** 0 on the one row of a chart without observations. */
  n: number;
  mean: number;
  min: number;
  max: number;
  objects: number;
  /** Read, at most the cap + 1 (then the chart is refused). */
  observations: number;
  span_from: number | null;
  span_to: number | null;
}

/** A statement's rows as they come (the benchmark's calibration). */
export const runStatement = async (db: Db, statement: SQL) => rowsOf<Record<string, unknown>>(await db.execute(statement));

export const readBuckets = async (db: Db, statement: SQL) => rowsOf<BucketRow>(await db.execute(statement));

/** The planner's estimate of a statement's whole cost (its units: a page read in sequence is 1). */
export async function plannedCost(db: Db, statement: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${statement}`));
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Total Cost': number } }[];
  return Number(parsed[0]!.Plan['Total Cost']);
}

/**
 * A statement timeout for the rest of the transaction (SET LOCAL, as a function so the
 * value may be a parameter). A PostgreSQL server keeps it; the embedded engine ignores it.
 */
export async function limitTime(tx: Db, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
}

/** Whether a database error is a statement cut off by its timeout (SQLSTATE 57014). */
export const isCancelled = (err: unknown) => postgresCode(err) === '57014';
