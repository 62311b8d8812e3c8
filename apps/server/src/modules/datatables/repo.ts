import { and, asc, avg, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { DataLevel, DataTable, ObservationSort, QualityFlag } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import {
  dataTableMetrics,
  dataTables,
  datastreams,
  metrics,
  objects,
  objectTypes,
  observationReviews,
  observations,
  projectObjectTypes,
  projects,
} from '../../db/schema/index.js';
import { extentOverlaps } from '../../lib/geometry.js';
import type { Bbox } from '@observatory/shared';
import { arrayParam } from '../../lib/sql-arrays.js';
import { isoTime } from '../../lib/sql-json.js';
import { bumped } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';

export type DataTableRow = typeof dataTables.$inferSelect;
export type MetricRow = typeof metrics.$inferSelect;
export type ObservationRow = typeof observations.$inferInsert;

/** A project's tables (or the one of `id`) with their metrics' names in order, in one statement. */
export const tablesWithMetricNames = (db: Db, projectId: string, id?: string) =>
  db
    .select({
      id: dataTables.id,
      title: dataTables.title,
      description: dataTables.description,
      // Table names spelled out: Drizzle leaves them off the columns of a one-table query, which a subquery would misread.
      metrics: sql<
        string[]
      >`coalesce((select json_agg(m.name order by dtm.position) from data_table_metrics dtm join metrics m on m.id = dtm.metric_id where dtm.table_id = "data_tables"."id"), '[]'::json)`,
      level: dataTables.level,
      version: dataTables.version,
    })
    .from(dataTables)
    .where(and(eq(dataTables.projectId, projectId), id ? eq(dataTables.id, id) : undefined))
    .orderBy(asc(dataTables.position), asc(dataTables.createdAt));

export const countTables = async (db: Db, projectId: string) =>
  (await db.select({ n: count() }).from(dataTables).where(eq(dataTables.projectId, projectId)))[0]!.n;
export const findTable = async (db: Db, projectId: string, id: string) =>
  (
    await db
      .select()
      .from(dataTables)
      .where(and(eq(dataTables.projectId, projectId), eq(dataTables.id, id)))
  )[0] ?? null;

/** A project's table's version, for a write's check (lib/versions.ts). */
export const tableVersion = (projectId: string, id: string) => ({
  table: dataTables,
  where: and(eq(dataTables.projectId, projectId), eq(dataTables.id, id))!,
  type: 'datatable',
  id,
  what: 'The data table',
});

/** Changes a table's own fields: a new version of it (its metrics are written beside, in the same transaction). */
export async function changeTable(db: Db, actor: Actor | null, id: string, values: { title: string; description: string; level: DataLevel }) {
  await db
    .update(dataTables)
    .set({ ...values, ...bumped(dataTables, actor) })
    .where(eq(dataTables.id, id));
}

/** A table's metrics, whole (a write checks values against them). */
export const metricsOfTable = (db: Db, tableId: string) =>
  db
    .select({ metric: metrics })
    .from(dataTableMetrics)
    .innerJoin(metrics, eq(metrics.id, dataTableMetrics.metricId))
    .where(eq(dataTableMetrics.tableId, tableId));

export const metricsByName = (db: Db, names: string[]) => (names.length ? db.select().from(metrics).where(inArray(metrics.name, names)) : Promise.resolve([]));

export async function replaceTableMetrics(db: Db, tableId: string, metricIds: string[]) {
  await db.delete(dataTableMetrics).where(eq(dataTableMetrics.tableId, tableId));
  if (metricIds.length) await db.insert(dataTableMetrics).values(metricIds.map((metricId, position) => ({ tableId, metricId, position })));
}

/** How many observations a table holds of each metric (a metric taken off a table must hold none). */
export const countsByMetric = (db: Db, tableId: string) =>
  db.select({ metricId: observations.metricId, n: count() }).from(observations).where(eq(observations.tableId, tableId)).groupBy(observations.metricId);

/**
 * The rows of these keys there are now: what a write replaces. The keys go as one array
 * per column and are joined on the primary key: a list of thousands of tuples would take
 * seconds to plan (and PGlite refuses one that long).
 */
export function existing(db: Db, tableId: string, keys: { objectId: string; metricId: string; time: Date }[]) {
  const column = (pick: (k: (typeof keys)[number]) => string) => arrayParam(keys.map(pick), 'bare');
  return db
    .select(getTableColumns(observations))
    .from(observations)
    .innerJoin(
      sql`unnest(${column((k) => k.objectId)}::uuid[], ${column((k) => k.metricId)}::uuid[], ${column((k) => k.time.toISOString())}::timestamptz[]) as k(o, m, t)`,
      sql`${observations.objectId} = k.o and ${observations.metricId} = k.m and ${observations.time} = k.t`,
    )
    .where(eq(observations.tableId, tableId));
}

/**
 * Writes rows, a key already there getting the new value and note (and, being a new value,
 * losing its flag); a key written again with the same value and note is left as it was, so
 * a repeated batch changes nothing. New rows get the table's data level. The rows go as one
 * array per column (unnest): six parameters however many rows, which parses and plans far
 * faster than a VALUES list of seven per row.
 */
export async function upsert(db: Db, table: { id: string; level: string }, rows: ObservationRow[]) {
  // One parameter holding each column (a bare array would be spread into one parameter per element).
  const column = (pick: (r: ObservationRow) => string | number | null | undefined, kind: 'bare' | 'text' = 'bare') => arrayParam(rows.map(pick), kind);
  await db.execute(sql`
    insert into ${observations} (table_id, object_id, metric_id, time, number, text, note, level)
    select ${table.id}::uuid, o, m, t, n, x, note, ${table.level}
    from unnest(${column((r) => r.objectId)}::uuid[], ${column((r) => r.metricId)}::uuid[], ${column((r) => (r.time as Date).toISOString())}::timestamptz[],
                ${column((r) => r.number)}::float8[], ${column((r) => r.text, 'text')}::text[], ${column((r) => r.note ?? '', 'text')}::text[]) as u(o, m, t, n, x, note)
    on conflict (table_id, object_id, metric_id, time) do update
      set number = excluded.number, text = excluded.text, note = excluded.note, flag = 'not checked', flag_rule = null, flagged_by = null, flagged_at = null
      where (${observations.number}, ${observations.text}, ${observations.note}) is distinct from (excluded.number, excluded.text, excluded.note)`);
  // Each series written is a datastream (SensorThings' id for it), made with its first value.
  const series = seriesIn(rows);
  await db.execute(sql`
    insert into ${datastreams} (project_id, table_id, object_id, metric_id)
    select (select project_id from ${dataTables} where id = ${table.id}::uuid), ${table.id}::uuid, o, m
    from unnest(${sql.param(series.map((s) => s.objectId))}::uuid[], ${sql.param(series.map((s) => s.metricId))}::uuid[]) as u(o, m)
    on conflict do nothing`);
  await keepLatest(db, table.id, { series });
}

/** A table's series (object and metric) among these rows, each once. */
function seriesIn(rows: { objectId: string; metricId: string }[]) {
  const seen = new Map<string, { objectId: string; metricId: string }>();
  for (const r of rows) seen.set(`${r.objectId}|${r.metricId}`, { objectId: r.objectId, metricId: r.metricId });
  return [...seen.values()];
}

/**
 * Sets the kept latest observation of a table's datastreams (schema datastreams.latest*) from
 * their values, after a write, check, review or delete changed them: of the `series` given,
 * or of every series of an object, of a metric, or of the whole table. One index step back
 * per datastream; a datastream left without values keeps no time.
 *
 * Writers of one series may run at once, each reading the values as its statement began: a
 * kept value is only ever replaced by one at least as late (and, after `deleted`, only when
 * the deleted value was the kept one). Waiting on another writer's row, the check is made
 * again against what that writer kept, so an earlier value written meanwhile never wins.
 */
export async function keepLatest(
  db: Db,
  tableId: string,
  which: ({ series: { objectId: string; metricId: string }[] } | { objectId?: string; metricId?: string }) & { deleted?: Date },
) {
  if ('series' in which && which.series.length === 0) return;
  const chosen =
    'series' in which
      ? sql`(${datastreams.objectId}, ${datastreams.metricId}) in (select * from unnest(${sql.param(which.series.map((s) => s.objectId))}::uuid[], ${sql.param(which.series.map((s) => s.metricId))}::uuid[]))`
      : and(which.objectId ? eq(datastreams.objectId, which.objectId) : undefined, which.metricId ? eq(datastreams.metricId, which.metricId) : undefined);
  const kept = sql.raw('"kept"');
  const replaces = which.deleted
    ? sql`${kept}.latest_time <= ${which.deleted.toISOString()}::timestamptz`
    : sql`(${kept}.latest_time is null or found.time >= ${kept}.latest_time)`;
  // The target is named "kept": the subquery's own datastreams (the drizzle columns of `chosen`) are its rows.
  await db.execute(sql`
    update ${datastreams} as ${kept} set (latest_time, latest_number, latest_text, latest_flag) = (found.time, found.number, found.text, found.flag)
    from (
      select ${datastreams.id} as id, l.time, l.number, l.text, l.flag from ${datastreams}
      left join lateral (
        select o.time, o.number, o.text, o.flag from ${observations} o
        where o.table_id = ${datastreams.tableId} and o.object_id = ${datastreams.objectId} and o.metric_id = ${datastreams.metricId}
        order by o.time desc limit 1) l on true
      where ${and(eq(datastreams.tableId, tableId), chosen)}
    ) found
    where ${kept}.id = found.id and ${replaces}`);
}

/** The data level a table's new observations get. */
export const levelOf = async (db: Db, tableId: string) =>
  (await db.select({ level: dataTables.level }).from(dataTables).where(eq(dataTables.id, tableId)))[0]?.level;

/** Whether the table holds any observation (a first write replaces nothing, and need not look). */
export const holdsAny = async (db: Db, tableId: string) =>
  (
    await db
      .select({ one: sql`1` })
      .from(observations)
      .where(eq(observations.tableId, tableId))
      .limit(1)
  ).length > 0;

export interface ObservationFilter {
  tableId: string;
  objectId?: string;
  metricId?: string;
  /** Only objects of this type. */
  typeId?: string;
  from?: Date;
  to?: Date;
  flag?: QualityFlag;
  level?: DataLevel;
}

/** The filter as SQL, with only the objects `visible` lets the reader see. */
function where(filter: ObservationFilter, visible: SQL | undefined) {
  return and(
    eq(observations.tableId, filter.tableId),
    filter.objectId ? eq(observations.objectId, filter.objectId) : undefined,
    filter.metricId ? eq(observations.metricId, filter.metricId) : undefined,
    filter.typeId ? sql`${observations.objectId} in (select l.object_id from object_type_links l where l.type_id = ${filter.typeId})` : undefined,
    filter.from ? gte(observations.time, filter.from) : undefined,
    filter.to ? lt(observations.time, filter.to) : undefined,
    filter.flag ? eq(observations.flag, filter.flag) : undefined,
    filter.level ? eq(observations.level, filter.level) : undefined,
    visible,
  );
}

/** The orders of a page: the column first, then time, object and metric, so a page is stable. */
function orderOf(sort: ObservationSort) {
  const direction = sort.startsWith('-') ? desc : asc;
  const first = {
    time: [observations.time],
    object: [objects.title],
    metric: [metrics.name],
    // Numbers by number, text by text: a table may hold both kinds.
    value: [observations.number, observations.text],
  }[sort.replace('-', '') as 'time' | 'object' | 'metric' | 'value'];
  return [...first.map((c) => direction(c)), asc(observations.time), asc(objects.name), asc(metrics.name)];
}

/** A page of observations in the order asked for. */
export const observationPage = (
  db: Db,
  filter: ObservationFilter,
  visible: SQL | undefined,
  page: { limit: number; offset: number },
  sort: ObservationSort = 'time',
) =>
  db
    .select({
      object: { name: objects.name, title: objects.title },
      metric: metrics.name,
      type: metrics.type,
      time: observations.time,
      number: observations.number,
      text: observations.text,
      note: observations.note,
      flag: observations.flag,
      flagRule: observations.flagRule,
      level: observations.level,
    })
    .from(observations)
    .innerJoin(objects, eq(objects.id, observations.objectId))
    .innerJoin(metrics, eq(metrics.id, observations.metricId))
    .where(where(filter, visible))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);

/**
 * How many observations the filter finds of the objects `visible` lets the reader see.
 * One object's rows are few: each is joined to its object. A whole table's may be
 * millions: all of them less those of hidden objects (few, and found by index), which
 * spares joining every row to its object.
 */
export async function countObservations(db: Db, filter: ObservationFilter, visible: SQL | undefined) {
  const counted = async (extra?: SQL) =>
    (
      await db
        .select({ n: count() })
        .from(observations)
        .where(and(where(filter, undefined), extra))
    )[0]!.n;
  if (!visible) return counted();
  if (filter.objectId)
    return (await db.select({ n: count() }).from(observations).innerJoin(objects, eq(objects.id, observations.objectId)).where(where(filter, visible)))[0]!.n;
  // The objects' own one-table query, as the catalogue reads them: `visible` is written for that.
  const hiddenObjects = db
    .select({ id: objects.id })
    .from(objects)
    .where(sql`not coalesce((${visible}), false)`);
  const [all, hidden] = await Promise.all([counted(), counted(inArray(observations.objectId, hiddenObjects))]);
  return all - hidden;
}

/** Where the last batch of an export ended: the next starts after this key. */
export interface ExportCursor {
  time: Date;
  objectId: string;
  metricId: string;
}

/** The next rows of an export by (time, object, metric), after `cursor`: keyset paging, so each batch costs the same however deep. */
export const exportBatch = (db: Db, filter: ObservationFilter, visible: SQL | undefined, cursor: ExportCursor | null, limit: number) =>
  db
    .select({
      objectId: observations.objectId,
      metricId: observations.metricId,
      object: objects.name,
      title: objects.title,
      metric: metrics.name,
      unit: metrics.unit,
      type: metrics.type,
      time: observations.time,
      number: observations.number,
      text: observations.text,
      note: observations.note,
      flag: observations.flag,
      flagRule: observations.flagRule,
      level: observations.level,
    })
    .from(observations)
    .innerJoin(objects, eq(objects.id, observations.objectId))
    .innerJoin(metrics, eq(metrics.id, observations.metricId))
    .where(
      and(
        where(filter, visible),
        cursor
          ? sql`(${observations.time}, ${observations.objectId}, ${observations.metricId}) > (${cursor.time.toISOString()}::timestamptz, ${cursor.objectId}::uuid, ${cursor.metricId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(observations.time), asc(observations.objectId), asc(observations.metricId))
    .limit(limit);
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/** Per object and metric: how many, the lowest, highest and mean number, the first and last time. */
export const summary = (db: Db, filter: ObservationFilter, visible: SQL | undefined) =>
  db
    .select({
      object: { name: objects.name, title: objects.title },
      metric: metrics.name,
      count: count(),
      min: min(observations.number),
      max: max(observations.number),
      mean: avg(observations.number).mapWith(Number),
      first: min(observations.time),
      last: max(observations.time),
    })
    .from(observations)
    .innerJoin(objects, eq(objects.id, observations.objectId))
    .innerJoin(metrics, eq(metrics.id, observations.metricId))
    .where(where(filter, visible))
    .groupBy(objects.name, objects.title, metrics.name)
    .orderBy(asc(objects.title), asc(objects.name), asc(metrics.name));

/** The objects a table holds observations of, with their types and a point on each (a polygon's point on its surface). */
export const objectsOfTable = (db: Db, tableId: string, visible: SQL | undefined) =>
  db
    .select({
      name: objects.name,
      title: objects.title,
      // Spelled out: a one-table query leaves the table's name off its columns.
      types: sql<
        string[]
      >`coalesce((select json_agg(t.slug order by t.slug) from object_type_links l join object_types t on t.id = l.type_id where l.object_id = "objects"."id"), '[]'::json)`,
      lon: sql<number | null>`ST_X(${objects.anchor})`,
      lat: sql<number | null>`ST_Y(${objects.anchor})`,
    })
    .from(objects)
    .where(and(sql`${objects.id} in (select o.object_id from observations o where o.table_id = ${tableId})`, visible))
    .orderBy(asc(objects.title), asc(objects.name));

/** Each object's count and time range of a numeric metric (the filter names it): what a chart draws, and how. */
export const chartSeries = (db: Db, filter: ObservationFilter, visible: SQL | undefined) =>
  db
    .select({ objectId: objects.id, name: objects.name, title: objects.title, count: count(), first: min(observations.time), last: max(observations.time) })
    .from(observations)
    .innerJoin(objects, eq(objects.id, observations.objectId))
    .where(and(where(filter, visible), isNotNull(observations.number)))
    .groupBy(objects.id, objects.name, objects.title)
    .orderBy(asc(objects.title), asc(objects.name));

/** The flags a chart marks: the values nobody should take on trust. */
const MARKED_FLAGS: QualityFlag[] = ['suspect', 'bad', 'missing'];

/** These objects' flagged values (MARKED_FLAGS), by time, at most `limit` of each object. */
export async function chartFlagged(db: Db, filter: ObservationFilter, objectIds: string[], limit: number) {
  const result = await db.execute(sql`
    select object_id, time, number, flag, flag_rule from (
      select ${observations.objectId} as object_id, ${observations.time} as time, ${observations.number} as number, ${observations.flag} as flag,
        ${observations.flagRule} as flag_rule, row_number() over (partition by ${observations.objectId} order by ${observations.time}) as n
      from ${observations}
      where ${and(where(filter, undefined), inArray(observations.objectId, objectIds), isNotNull(observations.number), inArray(observations.flag, MARKED_FLAGS))}
    ) f
    where n <= ${limit}
    order by object_id, time`);
  return rowsOf<{ object_id: string; time: string | Date; number: number; flag: QualityFlag; flag_rule: string | null }>(result).map((r) => ({
    objectId: r.object_id,
    time: new Date(r.time).getTime(),
    value: Number(r.number),
    flag: r.flag,
    rule: r.flag_rule,
  }));
}

/** Every point of these objects' series, by time. */
export const chartPoints = (db: Db, filter: ObservationFilter, objectIds: string[]) =>
  db
    .select({ objectId: observations.objectId, time: observations.time, value: observations.number })
    .from(observations)
    .where(and(where(filter, undefined), inArray(observations.objectId, objectIds), isNotNull(observations.number)))
    .orderBy(asc(observations.objectId), asc(observations.time));

/**
 * These objects' series in `buckets` equal spans of [from, to): each bucket's lowest and
 * highest value at their times, so the drawn line keeps every peak and trough.
 */
export async function chartBuckets(db: Db, filter: ObservationFilter, objectIds: string[], from: Date, to: Date, buckets: number) {
  const step = Math.max((to.getTime() - from.getTime()) / buckets, 1);
  const result = await db.execute(sql`
    select object_id, min(number) as lo, max(number) as hi,
      (array_agg(time order by number, time))[1] as t_lo, (array_agg(time order by number desc, time))[1] as t_hi
    from (
      select object_id, time, number, least(floor((extract(epoch from time) * 1000 - ${from.getTime()}) / ${step}), ${buckets - 1}) as bucket
      from ${observations}
      where ${and(where(filter, undefined), inArray(observations.objectId, objectIds), isNotNull(observations.number))}
    ) b
    group by object_id, bucket
    order by object_id, bucket`);
  return rowsOf<{ object_id: string; lo: number; hi: number; t_lo: string | Date; t_hi: string | Date }>(result).map((r) => ({
    objectId: r.object_id,
    lo: Number(r.lo),
    hi: Number(r.hi),
    tLo: new Date(r.t_lo),
    tHi: new Date(r.t_hi),
  }));
}

/** The object types a project catalogues, in order. */
export const typesOfProject = (db: Db, projectId: string) =>
  db
    .select({ slug: objectTypes.slug, name: objectTypes.name })
    .from(projectObjectTypes)
    .innerJoin(objectTypes, eq(objectTypes.id, projectObjectTypes.typeId))
    .where(eq(projectObjectTypes.projectId, projectId))
    .orderBy(asc(projectObjectTypes.position));

export const typesBySlug = (db: Db, slugs: string[]) =>
  slugs.length ? db.select({ id: objectTypes.id, slug: objectTypes.slug }).from(objectTypes).where(inArray(objectTypes.slug, slugs)) : Promise.resolve([]);

export async function replaceProjectTypes(db: Db, projectId: string, typeIds: string[]) {
  await db.delete(projectObjectTypes).where(eq(projectObjectTypes.projectId, projectId));
  if (typeIds.length) await db.insert(projectObjectTypes).values(typeIds.map((typeId, position) => ({ projectId, typeId, position })));
}

/** What a project catalogues, its data tables (as tablesWithMetricNames) and its object types, in one statement: the project's detail reads it. */
export async function catalogOf(db: Db, projectId: string) {
  const result = await db.execute(sql`
    select
      coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title, 'description', t.description,
          'metrics', coalesce((select json_agg(m.name order by dtm.position) from data_table_metrics dtm join metrics m on m.id = dtm.metric_id where dtm.table_id = t.id), '[]'::json),
          'level', t.level, 'version', t.version)
        order by t.position, t.created_at) from data_tables t where t.project_id = ${projectId}::uuid), '[]'::json) as datatables,
      coalesce((select json_agg(json_build_object('slug', ot.slug, 'name', ot.name) order by pot.position)
        from project_object_types pot join object_types ot on ot.id = pot.type_id where pot.project_id = ${projectId}::uuid), '[]'::json) as object_types`);
  return rowsOf<{ datatables: DataTable[]; object_types: { slug: string; name: string }[] }>(result)[0]!;
}

/** The levels a span may move on from, to reach `level`: data go raw → provisional → released, never back. */
const EARLIER_LEVELS: Record<'provisional' | 'released', DataLevel[]> = { provisional: ['raw'], released: ['raw', 'provisional'] };

/**
 * A reviewer's verdict on a span (the filter, `to` inclusive): its flag set by `personId`
 * (released values keep theirs), then its level moved on. Counts what changed.
 */
export async function review(
  db: Db,
  span: ObservationFilter & { through: Date },
  visible: SQL | undefined,
  verdict: { flag?: QualityFlag; level?: 'provisional' | 'released'; personId: string | null },
) {
  const seen = visible ? sql`${observations.objectId} in (select ${objects.id} from ${objects} where ${visible})` : undefined;
  const inSpan = and(where(span, undefined), lte(observations.time, span.through), seen);
  const counted = async (statement: SQL) => Number(rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0);
  const released = await counted(sql`select count(*)::int as n from ${observations} where ${and(inSpan, eq(observations.level, 'released'))}`);
  const flagged = verdict.flag
    ? await counted(sql`with u as (
        update ${observations} set flag = ${verdict.flag}, flag_rule = null, flagged_by = ${verdict.personId}, flagged_at = now()
        where ${and(inSpan, sql`${observations.level} <> 'released'`)} returning 1)
      select count(*)::int as n from u`)
    : 0;
  const leveled = verdict.level
    ? await counted(sql`with u as (
        update ${observations} set level = ${verdict.level}
        where ${and(inSpan, inArray(observations.level, EARLIER_LEVELS[verdict.level]))} returning 1)
      select count(*)::int as n from u`)
    : 0;
  if (flagged > 0) await keepLatest(db, span.tableId, { objectId: span.objectId, metricId: span.metricId });
  return { flagged, leveled, released };
}

/** Records a review (who, when, what) beside the rows it changed. */
export const recordReview = (db: Db, row: typeof observationReviews.$inferInsert) => db.insert(observationReviews).values(row);

/** The series (object and metric) of a table's objects the reader may see, or of one metric, with their first and last times: what a full check reads. */
export const seriesOf = (db: Db, tableId: string, metricIds: string[], visible: SQL | undefined) =>
  db
    .select({ objectId: observations.objectId, metricId: observations.metricId, from: min(observations.time), to: max(observations.time) })
    .from(observations)
    .innerJoin(objects, eq(objects.id, observations.objectId))
    .where(and(eq(observations.tableId, tableId), inArray(observations.metricId, metricIds), visible))
    .groupBy(observations.objectId, observations.metricId);

/**
 * A latest value as latestValues reads it: its object and metric by name (the sort's keys,
 * so naming them costs the statement nothing) and its table by id; their titles are read apart, once each.
 */
export interface LatestRow {
  datastream: string;
  object_name: string;
  metric_name: string;
  table_id: string;
  /** As the answer writes it (toISOString's form). */
  time: string;
  number: number | null;
  text: string | null;
  flag: QualityFlag | null;
}

/**
 * What a page of latest values shows of its objects, metrics and tables (with their project's
 * slug), by the names and ids its rows hold: of objects `visibleObject` lets the reader see,
 * so a name taken over by a hidden object between the two reads never shows that object's title.
 */
export async function namesOf(db: Db, keys: { objects: string[]; metrics: string[]; tables: string[] }, visibleObject: SQL | undefined) {
  const [objectRows, metricRows, tableRows] = await Promise.all([
    keys.objects.length
      ? db
          .select({ name: objects.name, title: objects.title })
          .from(objects)
          .where(and(sql`${objects.name} = any(${arrayParam(keys.objects, 'text')}::text[])`, visibleObject))
      : [],
    keys.metrics.length
      ? db.select({ name: metrics.name, title: metrics.title, unit: metrics.unit, type: metrics.type }).from(metrics).where(inArray(metrics.name, keys.metrics))
      : [],
    keys.tables.length
      ? db
          .select({ id: dataTables.id, title: dataTables.title, project: projects.slug })
          .from(dataTables)
          .innerJoin(projects, eq(projects.id, dataTables.projectId))
          .where(inArray(dataTables.id, keys.tables))
      : [],
  ]);
  return {
    objects: new Map(objectRows.map((o) => [o.name, o])),
    metrics: new Map(metricRows.map((m) => [m.name, m])),
    tables: new Map(tableRows.map((t) => [t.id, t])),
  };
}

/** What EXPLAIN (ANALYZE, FORMAT JSON) answers of a statement, as far as the bench reads it. */
interface ExplainedPlan {
  'Planning Time': number;
  'Execution Time': number;
  Plan: { 'Actual Rows': number };
}

/** Which datastreams' latest values: of a project, an object, objects of a type, or in an area. */
export interface LatestFilter {
  projectId?: string;
  objectId?: string;
  typeId?: string;
  bbox?: Bbox;
}

/**
 * The kept latest observation of each datastream the filter finds, of the objects and
 * projects `visible` lets the reader see (a datastream is read as its project and its
 * object are), by object and metric name (byte order: names are slugs, and a collation's
 * sort of 10,000 titles cost more than the rest of the statement); and how many there are.
 */
export function latestValues(db: Db, filter: LatestFilter, visible: { datastream: SQL | undefined; object: SQL | undefined }) {
  const where = and(
    isNotNull(datastreams.latestTime),
    filter.projectId ? eq(datastreams.projectId, filter.projectId) : undefined,
    filter.objectId ? eq(datastreams.objectId, filter.objectId) : undefined,
    filter.typeId ? sql`${datastreams.objectId} in (select l.object_id from object_type_links l where l.type_id = ${filter.typeId})` : undefined,
    filter.bbox ? extentOverlaps(objects.extent, filter.bbox) : undefined,
    visible.datastream,
    visible.object,
  );
  /**
   * The page's rows, in the order kept on each datastream (its object's and metric's names
   * and its table's position, kept by triggers): a project's come from an index in that
   * order, so a page of them reads that page, and all of them need no join to be sorted.
   * Kept narrow: a limited sort holds each row in a power-of-two chunk of
   * memory: one more uuid took a project's 9,900 rows from 1.8 MB to 3.0 MB and their sort
   * and sending from 27 to 36 ms. So the object and metric go by their names, which the
   * sort holds as its keys anyway (written once, as key and column), and their titles are
   * read apart, once each (`namesOf`). The time is written as the answer's text only for
   * the page's rows, after the sort (the outer select, ordered again as SQL keeps no
   * subquery's order; PostgreSQL sees it sorted and does not sort twice): read as a
   * timestamp, the driver's parsing and the Date's writing it again took a third of the
   * time a project's 9,900 rows took to read.
   */
  const pageStatement = (page: { limit: number; offset: number }) => sql`
    select datastream, object_name, metric_name, table_id, ${isoTime(sql`time`)} as time, number, text, flag
    from (
      select ${datastreams.id} as datastream, ${datastreams.objectName} collate "C" as object_name, ${datastreams.metricName} collate "C" as metric_name,
        ${datastreams.tablePosition} as position, ${datastreams.tableId} as table_id, ${datastreams.latestTime} as time,
        ${datastreams.latestNumber} as number, ${datastreams.latestText} as text, ${datastreams.latestFlag} as flag
      from ${datastreams}
      join ${objects} on ${objects.id} = ${datastreams.objectId}
      where ${where}
      order by object_name, metric_name, position, datastream
      limit ${page.limit} offset ${page.offset}
    ) as page
    order by object_name, metric_name, position, datastream`;
  return {
    page: async (page: { limit: number; offset: number }) => rowsOf<LatestRow>(await db.execute(pageStatement(page))),
    /** The page's statement run by PostgreSQL alone (EXPLAIN ANALYZE, no per-node timing): its planning and execution time, and the rows it found. */
    explain: async (page: { limit: number; offset: number }) => {
      const [row] = rowsOf<{ 'QUERY PLAN': ExplainedPlan[] | string }>(
        await db.execute(sql`explain (analyze, timing off, format json) ${pageStatement(page)}`),
      );
      const plan = row!['QUERY PLAN'];
      const [explained] = typeof plan === 'string' ? (JSON.parse(plan) as ExplainedPlan[]) : plan;
      return { planningMs: explained!['Planning Time'], executionMs: explained!['Execution Time'], rows: explained!.Plan['Actual Rows'] };
    },
    count: async () => (await db.select({ n: count() }).from(datastreams).innerJoin(objects, eq(objects.id, datastreams.objectId)).where(where))[0]!.n,
  };
}
