import { eq } from 'drizzle-orm';
import {
  CHART_MAX_FLAGGED,
  CHART_MAX_SERIES,
  type ChartSeries,
  type ChartQuerySchema,
  type ChartResponse,
  type DataTable,
  type DataTableChangeSchema,
  type DataTableInputSchema,
  type DataTableSummaryResponse,
  type ErrorDetail,
  type Observation,
  type ObservationReviewSchema,
  type ObservationSort,
  type ObservationsQuerySchema,
  type ObservationsWriteSchema,
  type LatestValue,
  type LatestValuesQuerySchema,
  type ProjectObjectTypes,
} from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../authz/authorize.js';
import { findVisible, NO_ROW } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { inTurns, writtenInTurns } from '../../db/turns.js';
import { dataTables } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { TableSource } from '../../lib/table-export.js';
import { checkSpans, marginOf, spansOf } from './quality.js';
import { pageOf } from '../../lib/pagination.js';
import { slugify } from '../../lib/slugs.js';
import { projectResource, type ProjectsService } from '../projects/index.js';
import * as repo from './repo.js';
import { answeredValue, parseTime, storedValue } from './values.js';

type TableInput = z.output<typeof DataTableInputSchema>;
type Write = z.output<typeof ObservationsWriteSchema>;
type Query = z.output<typeof ObservationsQuerySchema>;
type Filter = Omit<Query, 'limit' | 'metric'> & { metric?: string | undefined };
type ChartQuery = z.output<typeof ChartQuerySchema>;

/** Rows written per statement of a bulk write (the replaced rows are looked up a chunk at a time too). */
const CHUNK = 5_000;
/** The most refused rows one answer names. */
const NAMED_PROBLEMS = 20;
/** Rows an export reads at a time. */
const EXPORT_BATCH = 5_000;
/** An observations export's columns, in this order (docs/api.md lists them for scripts). */
export const OBSERVATION_COLUMNS = ['object', 'title', 'metric', 'unit', 'time', 'value', 'note', 'flag', 'flag_rule', 'level'] as const;
/** The most replaced rows the audit entry of one write keeps (it counts them all). */
const AUDITED_ROWS = 1_000;

/** An observation to write, with its row number as sent. */
type Numbered = Write['observations'][number] & { row: number };
type CheckedRow = repo.ObservationRow & { time: Date };

/** Values summed. */
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/** A project's data tables and their observations: read as the project and each object are visible; written with edit on the project. */
export function createDataTablesService(deps: { db: Database; projects: ProjectsService; chunkRows: number }) {
  const { db, projects, chunkRows } = deps;

  /**
   * The rows to write, each checked against its metric (one of the table's) and its object
   * (one the writer may see), and once in the batch; a refusal names every bad row (its
   * number as sent) and column, up to NAMED_PROBLEMS.
   */
  async function checkedRows(tx: Db, actor: Actor | null, table: repo.DataTableRow, observations: Numbered[]): Promise<CheckedRow[]> {
    const metrics = new Map((await repo.metricsOfTable(tx, table.id)).map((l) => [l.metric.name, l.metric]));
    const objectIds = new Map<string, string | null>();
    for (const key of new Set(observations.map((o) => o.object))) objectIds.set(key, (await findVisible(tx, actor, 'object', key))?.id ?? null);
    const problems: ErrorDetail[] = [];
    const problem = (row: number, column: string, message: string) =>
      problems.push({ field: `body.observations.${row}.${column}`, message: `Row ${row + 1}: ${message}` });
    const seen = new Map<string, number>();
    const rows: CheckedRow[] = [];
    for (const o of observations) {
      const metric = metrics.get(o.metric);
      const objectId = objectIds.get(o.object);
      const time = parseTime(o.time);
      if (!objectId) problem(o.row, 'object', `no object ${o.object}`);
      if (!metric) problem(o.row, 'metric', `${o.metric} is not a metric of this table`);
      if (!time) problem(o.row, 'time', `${JSON.stringify(o.time)} is not a date or a time`);
      const stored = metric ? storedValue(metric, o.value) : null;
      if (typeof stored === 'string') problem(o.row, 'value', stored);
      if (!objectId || !metric || !time || !stored || typeof stored === 'string') continue;
      const key = `${objectId}|${metric.id}|${time.getTime()}`;
      const first = seen.get(key);
      if (first !== undefined) problem(o.row, 'time', `repeats row ${first + 1}: the same object, metric and time`);
      else seen.set(key, o.row);
      rows.push({ tableId: table.id, objectId, metricId: metric.id, time, ...stored, note: o.note });
    }
    if (problems.length) {
      const message = `${problems.length} problem${problems.length === 1 ? '' : 's'} in the observations; nothing was written. ${problems[0]!.message}`;
      throw new AppError('VALIDATION_FAILED', message, { details: problems.slice(0, NAMED_PROBLEMS) });
    }
    return rows;
  }

  /** A table as answered: its fields and its metrics' names. */
  async function tableOf(d: Db, projectId: string, id: string): Promise<DataTable> {
    const [table] = await repo.tablesWithMetricNames(d, projectId, id);
    if (!table) throw notFound('Data table');
    return table;
  }
  /** Checks the rules of the table's metrics over the series these rows touched (quality.ts). */
  async function checkWritten(tx: Db, tableId: string, rows: { objectId: string; metricId: string; time: Date | string }[]) {
    const ruled = (await repo.metricsOfTable(tx, tableId)).map((l) => l.metric).filter((m) => m.rules.length > 0);
    if (ruled.length === 0) return;
    const margin = Math.max(...ruled.map((m) => marginOf(m.rules)));
    await checkSpans(tx, tableId, spansOf(rows, new Set(ruled.map((m) => m.id))), margin);
  }
  async function loadTable(d: Db, projectId: string, id: string) {
    const row = await repo.findTable(d, projectId, id);
    if (!row) throw notFound('Data table');
    return row;
  }
  async function editable(actor: Actor | null, projectKey: string) {
    const project = await projects.loadProject(actor, projectKey);
    authorize(actor, 'edit', projectResource(project), 'Project');
    return project;
  }
  /** The metrics named, in order, each once; an unknown one is a 400 naming it. */
  async function metricIds(d: Db, names: string[]) {
    const found = await repo.metricsByName(d, names);
    const unknown = names.filter((n) => !found.some((m) => m.name === n));
    if (unknown.length) throw invalidField('body.metrics', `Unknown metric: ${unknown.join(', ')}`);
    return [...new Set(names)].map((n) => found.find((m) => m.name === n)!.id);
  }

  /** The query's filter: an unknown metric is a 400, a hidden or missing object finds nothing. */
  async function filterOf(d: Db, actor: Actor | null, table: repo.DataTableRow, query: Filter): Promise<repo.ObservationFilter> {
    const filter: repo.ObservationFilter = { tableId: table.id };
    if (query.metric) {
      const [metric] = await repo.metricsByName(d, [query.metric]);
      if (!metric) throw invalidField('querystring.metric', `Unknown metric: ${query.metric}`);
      filter.metricId = metric.id;
    }
    if (query.type) {
      const [type] = await repo.typesBySlug(d, [query.type]);
      if (!type) throw invalidField('querystring.type', `Unknown object type: ${query.type}`);
      filter.typeId = type.id;
    }
    if (query.object) filter.objectId = (await findVisible(d, actor, 'object', query.object))?.id ?? NO_OBJECT;
    if (query.from) filter.from = parseTime(query.from) ?? undefined;
    if (query.to) filter.to = parseTime(query.to) ?? undefined;
    if (query.flag) filter.flag = query.flag;
    if (query.level) filter.level = query.level;
    return filter;
  }

  /** The table (of a project the actor may see) and the query's filter on it. */
  async function tableAndFilter(d: Db, actor: Actor | null, projectId: string, id: string, query: Filter) {
    const table = await loadTable(d, projectId, id);
    return { table, filter: await filterOf(d, actor, table, query) };
  }

  /** The query of the latest values a request asks for: a project or object the reader may not see matches nothing. */
  async function latestOf(d: Db, actor: Actor | null, query: z.output<typeof LatestValuesQuerySchema>) {
    const filter: repo.LatestFilter = {
      projectId: query.project ? ((await findVisible(d, actor, 'project', query.project))?.id ?? NO_ROW) : undefined,
      objectId: query.object ? ((await findVisible(d, actor, 'object', query.object))?.id ?? NO_ROW) : undefined,
      typeId: query.type ? ((await repo.typesBySlug(d, [query.type]))[0]?.id ?? NO_ROW) : undefined,
      bbox: query.bbox,
    };
    return repo.latestValues(d, filter, { datastream: visibleTo(actor, 'datastream'), object: visibleTo(actor, 'object') });
  }

  return {
    /** The tables of a project the actor may see (the project's detail shows them too). */
    async listDataTables(actor: Actor | null, projectKey: string): Promise<DataTable[]> {
      const project = await projects.loadProject(actor, projectKey);
      return db.use((d) => repo.tablesWithMetricNames(d, project.id));
    },

    async getDataTable(actor: Actor | null, projectKey: string, id: string): Promise<DataTable> {
      const project = await projects.loadProject(actor, projectKey);
      return db.use((d) => tableOf(d, project.id, id));
    },

    async createDataTable(actor: Actor | null, projectKey: string, input: TableInput): Promise<DataTable> {
      const project = await editable(actor, projectKey);
      return db.transaction(async (tx) => {
        const ids = await metricIds(tx, input.metrics);
        const position = await repo.countTables(tx, project.id);
        const [row] = await tx
          .insert(dataTables)
          .values({ projectId: project.id, title: input.title, description: input.description, level: input.level, position })
          .returning();
        await repo.replaceTableMetrics(tx, row!.id, ids);
        const created = await tableOf(tx, project.id, row!.id);
        await audit(tx, actor, 'datatable.create', { type: 'datatable', id: row!.id }, { after: created });
        return created;
      });
    },

    /** A metric is taken off a table only while the table holds none of its observations. */
    async updateDataTable(
      actor: Actor | null,
      projectKey: string,
      id: string,
      input: z.output<typeof DataTableChangeSchema>,
      precondition: Precondition = {},
    ): Promise<DataTable> {
      const project = await editable(actor, projectKey);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.tableVersion(project.id, id), precondition);
        const before = await tableOf(tx, project.id, id);
        const ids = await metricIds(tx, input.metrics);
        const dropped = before.metrics.filter((name) => !input.metrics.includes(name));
        if (dropped.length) {
          const held = await repo.countsByMetric(tx, id);
          const kept = (await repo.metricsByName(tx, dropped)).filter((m) => held.some((h) => h.metricId === m.id && h.n > 0));
          if (kept.length)
            throw invalidField(
              'body.metrics',
              `The table holds observations of ${kept.map((m) => m.name).join(', ')}: delete them before taking the metric off`,
            );
        }
        await repo.changeTable(tx, actor, id, { title: input.title, description: input.description, level: input.level ?? before.level });
        await repo.replaceTableMetrics(tx, id, ids);
        const after = await tableOf(tx, project.id, id);
        await audit(tx, actor, 'datatable.update', { type: 'datatable', id }, { before, after });
        return after;
      });
    },

    async deleteDataTable(actor: Actor | null, projectKey: string, id: string, precondition: Precondition = {}): Promise<void> {
      const project = await editable(actor, projectKey);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.tableVersion(project.id, id), precondition);
        const before = await loadTable(tx, project.id, id);
        await tx.delete(dataTables).where(eq(dataTables.id, id));
        await audit(tx, actor, 'datatable.delete', { type: 'datatable', id }, { before });
      });
    },

    /**
     * Writes observations, all or none: each row is checked against its metric (one of the
     * table's) and its object (one the writer may see), and a key written again replaces its
     * value and note. Any bad row refuses the whole batch, naming the row and the column
     * (`body.observations.<row>.<column>`). Written in turns of `chunkRows` on the embedded
     * database (db/turns.ts), in series and time order, each turn checked again and audited.
     */
    async writeObservations(actor: Actor | null, projectKey: string, id: string, input: Write) {
      const project = await editable(actor, projectKey);
      let sent: Numbered[] = input.observations.map((o, row) => ({ ...o, row }));
      if (writtenInTurns(db, sent.length, chunkRows)) {
        // Every row checked before the first turn, then taken in series order, so each turn's rules see the values before it.
        const rows = await db.transaction(async (tx) => checkedRows(tx, actor, await loadTable(tx, project.id, id), sent));
        const at = new Map(rows.map((r, i) => [sent[i]!.row, `${r.objectId}|${r.metricId}|${r.time.toISOString()}`]));
        sent = [...sent].sort((a, b) => (at.get(a.row)! < at.get(b.row)! ? -1 : 1));
      }
      const turns = await inTurns(db, sent, chunkRows, 'observations', async (tx, part) => {
        const found = await findVisible(tx, actor, 'project', project.id);
        if (!found) throw notFound('Project');
        authorize(actor, 'edit', found.resource, 'Project');
        const table = await loadTable(tx, project.id, id);
        const rows = await checkedRows(tx, actor, table, part);
        let replaced: repo.ObservationRow[] = [];
        const mayReplace = await repo.holdsAny(tx, table.id);
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK);
          if (mayReplace) replaced = replaced.concat(await repo.existing(tx, table.id, chunk));
          await repo.upsert(tx, table, chunk);
        }
        await checkWritten(tx, table.id, rows);
        const written = { written: rows.length, replaced: replaced.length };
        const before = { replaced: replaced.slice(0, AUDITED_ROWS) };
        await audit(tx, actor, 'observations.write', { type: 'datatable', id: table.id }, { before, after: written });
        return written;
      });
      return { written: sum(turns.map((t) => t.written)), replaced: sum(turns.map((t) => t.replaced)) };
    },

    /**
     * A data manager's review of a span (edit on the project): its quality flag, its data
     * level, or both; released values keep their flag. Recorded with who and when.
     */
    async reviewObservations(actor: Actor | null, projectKey: string, id: string, input: z.output<typeof ObservationReviewSchema>) {
      const project = await editable(actor, projectKey);
      return db.transaction(async (tx) => {
        const table = await loadTable(tx, project.id, id);
        const span: repo.ObservationFilter & { through: Date } = { tableId: table.id, from: parseTime(input.from)!, through: parseTime(input.to)! };
        if (input.object) {
          const object = await findVisible(tx, actor, 'object', input.object);
          if (!object) throw invalidField('body.object', `No object ${input.object}`);
          span.objectId = object.id;
        }
        if (input.metric) {
          const metric = (await repo.metricsOfTable(tx, table.id)).find((l) => l.metric.name === input.metric)?.metric;
          if (!metric) throw invalidField('body.metric', `${input.metric} is not a metric of this table`);
          span.metricId = metric.id;
        }
        const personId = actor?.personId ?? null;
        const counts = await repo.review(tx, span, visibleTo(actor, 'object'), { flag: input.flag, level: input.level, personId });
        await repo.recordReview(tx, {
          tableId: table.id,
          objectId: span.objectId ?? null,
          metricId: span.metricId ?? null,
          from: span.from!,
          to: span.through,
          flag: input.flag ?? null,
          level: input.level ?? null,
          count: Math.max(counts.flagged, counts.leveled),
          reviewedBy: personId,
        });
        await audit(tx, actor, 'observations.review', { type: 'datatable', id: table.id }, { after: { ...input, ...counts } });
        return counts;
      });
    },

    /** Runs the metrics' plausibility rules over the whole table (or one metric's values) again (edit on the project). */
    async checkObservations(actor: Actor | null, projectKey: string, id: string, input: { metric?: string }) {
      const project = await editable(actor, projectKey);
      return db.transaction(async (tx) => {
        const table = await loadTable(tx, project.id, id);
        const tableMetrics = (await repo.metricsOfTable(tx, table.id)).map((l) => l.metric);
        const chosen = input.metric ? tableMetrics.filter((m) => m.name === input.metric) : tableMetrics;
        if (input.metric && chosen.length === 0) throw invalidField('body.metric', `${input.metric} is not a metric of this table`);
        const ruled = chosen.filter((m) => m.rules.length > 0);
        if (ruled.length === 0) return { checked: 0, suspect: 0, bad: 0 };
        const series = await repo.seriesOf(
          tx,
          table.id,
          ruled.map((m) => m.id),
          visibleTo(actor, 'object'),
        );
        const spans = series.map((s) => ({ objectId: s.objectId, metricId: s.metricId, from: s.from!, to: s.to! }));
        return checkSpans(tx, table.id, spans, Math.max(...ruled.map((m) => marginOf(m.rules))));
      });
    },

    /**
     * What an observation import (the imports module) writes into: a project's table and
     * its metrics, or null when the project has no such table. The import checks the
     * project's permission, each row and each object itself, as `write` does.
     */
    async importTarget(d: Db, projectId: string, id: string): Promise<{ table: repo.DataTableRow; metrics: TableMetric[] } | null> {
      const table = await repo.findTable(d, projectId, id);
      return table && { table, metrics: (await repo.metricsOfTable(d, table.id)).map((l) => l.metric) };
    },

    /** The observations of these keys the table holds now (an import's before), looked up CHUNK keys at a time. */
    async existingImported(d: Db, tableId: string, keys: ObservationKey[]): Promise<ImportedObservation[]> {
      if (keys.length === 0 || !(await repo.holdsAny(d, tableId))) return [];
      const found: ImportedObservation[] = [];
      for (let i = 0; i < keys.length; i += CHUNK) {
        for (const r of await repo.existing(d, tableId, keys.slice(i, i + CHUNK)))
          found.push({ objectId: r.objectId, metricId: r.metricId, time: r.time, number: r.number, text: r.text, note: r.note });
      }
      return found;
    },

    /** Writes observations an import has planned and checked, inside its transaction (it audits them): a key there gets the new value and note. */
    async writeImported(tx: Db, tableId: string, rows: ImportedObservation[]): Promise<void> {
      const table = { id: tableId, level: (await repo.levelOf(tx, tableId)) ?? 'raw' };
      for (let i = 0; i < rows.length; i += CHUNK)
        await repo.upsert(
          tx,
          table,
          rows.slice(i, i + CHUNK).map((r) => ({ ...r, tableId })),
        );
      await checkWritten(tx, tableId, rows);
    },

    /** A page of observations: only those whose object the reader may see (the project's sight decides the table's). */
    async listObservations(actor: Actor | null, projectKey: string, id: string, query: Query & { sort?: ObservationSort }, p: number) {
      const project = await projects.loadProject(actor, projectKey);
      return db.use(async (d) => {
        const filter = await filterOf(d, actor, await loadTable(d, project.id, id), query);
        const visible = visibleTo(actor, 'object');
        const page = pageOf(p, query.limit);
        const [rows, total] = await Promise.all([repo.observationPage(d, filter, visible, page, query.sort), repo.countObservations(d, filter, visible)]);
        const observations: Observation[] = rows.map((r) => ({
          object: r.object,
          metric: r.metric,
          time: r.time.toISOString(),
          value: answeredValue(r.type, r),
          note: r.note,
          flag: r.flag,
          flagRule: r.flagRule,
          level: r.level,
        }));
        return { observations, page, total };
      });
    },

    /**
     * Each datastream's latest observation (kept beside it, so one statement however many
     * values there are) as the text of a JSON list (LatestValueSchema's), of a project, an object, a type or an area: of the objects and
     * projects the reader may see. A project or object the reader may not see matches nothing.
     */
    async latestValues(actor: Actor | null, query: z.output<typeof LatestValuesQuerySchema>) {
      return db.use(async (d) => {
        const latest = await latestOf(d, actor, query);
        const page = pageOf(query.p, query.limit);
        const [rows, total] = await Promise.all([latest.page(page), latest.count()]);
        const distinct = (pick: (r: repo.LatestRow) => string) => [...new Set(rows.map(pick))];
        const names = await repo.namesOf(
          d,
          {
            objects: distinct((r) => r.object_name),
            metrics: distinct((r) => r.metric_name),
            tables: distinct((r) => r.table_id),
          },
          visibleTo(actor, 'object'),
        );
        const values: LatestValue[] = rows.flatMap((r) => {
          const object = names.objects.get(r.object_name);
          const metric = names.metrics.get(r.metric_name);
          const table = names.tables.get(r.table_id);
          // An object or metric renamed, or a table deleted, between the two reads: this answer leaves its values out (its count still has them).
          if (!object || !metric || !table) return [];
          return {
            datastream: r.datastream,
            object: { name: object.name, title: object.title },
            metric: { name: metric.name, title: metric.title, unit: metric.unit },
            table: { id: table.id, title: table.title },
            project: table.project,
            time: r.time,
            value: answeredValue(metric.type, r),
            flag: r.flag ?? 'not checked',
          };
        });
        // Sent on as text (lib/pagination.ts sendJsonPage), not read again by the response schema's serializer.
        return { json: JSON.stringify(values), page, total };
      });
    },

    /** The rows of a page of latest values as the one query finds them, without count, names or JSON: what the latest-values bench holds to its target. */
    async latestRows(actor: Actor | null, query: z.output<typeof LatestValuesQuerySchema>) {
      return db.use(async (d) => (await latestOf(d, actor, query)).page(pageOf(query.p, query.limit)));
    },

    /** That query run by PostgreSQL alone (EXPLAIN ANALYZE): its planning and execution time and its rows, which the bench times beside it. */
    async explainLatest(actor: Actor | null, query: z.output<typeof LatestValuesQuerySchema>) {
      return db.use(async (d) => (await latestOf(d, actor, query)).explain(pageOf(query.p, query.limit)));
    },

    /** Count, lowest, highest and mean per object and metric, and the table's objects with a point on each: of the objects the reader may see. */
    async getSummary(actor: Actor | null, projectKey: string, id: string, query: Filter): Promise<DataTableSummaryResponse> {
      const project = await projects.loadProject(actor, projectKey);
      return db.use(async (d) => {
        const { table, filter } = await tableAndFilter(d, actor, project.id, id, query);
        const visible = visibleTo(actor, 'object');
        const [rows, objects] = await Promise.all([repo.summary(d, filter, visible), repo.objectsOfTable(d, table.id, visible)]);
        return {
          summary: rows.map((r) => ({ ...r, first: r.first!.toISOString(), last: r.last!.toISOString() })),
          objects: objects.map(({ lon, lat, ...o }) => ({ ...o, point: lon === null || lat === null ? null : [lon, lat] })),
        };
      });
    },

    /**
     * One numeric metric over time, a series per object the reader may see (the first
     * CHART_MAX_SERIES by title). A series of more than two points per bucket comes as
     * each bucket's lowest and highest value, so a chart of any length costs about its width.
     */
    async getChart(actor: Actor | null, projectKey: string, id: string, query: ChartQuery): Promise<ChartResponse> {
      const project = await projects.loadProject(actor, projectKey);
      return db.use(async (d) => {
        const { table, filter } = await tableAndFilter(d, actor, project.id, id, query);
        const metric = (await repo.metricsOfTable(d, table.id)).find((l) => l.metric.id === filter.metricId)?.metric;
        if (!metric) throw invalidField('querystring.metric', `${query.metric} is not a metric of this table`);
        if (!CHARTED.has(metric.type)) throw invalidField('querystring.metric', `${metric.name} is a ${metric.type} metric: only numbers are charted`);
        const all = await repo.chartSeries(d, filter, visibleTo(actor, 'object'));
        const shown = all.slice(0, CHART_MAX_SERIES);
        const from = filter.from ?? minTime(shown.map((s) => s.first!));
        const to = filter.to ?? maxTime(shown.map((s) => s.last!));
        const answer: ChartResponse = {
          metric: metric.name,
          unit: metric.unit ?? '',
          from: from?.toISOString() ?? null,
          to: to?.toISOString() ?? null,
          bucketed: false,
          series: [],
          omitted: all.length - shown.length,
        };
        if (!from || !to) return answer;
        const large = shown.filter((s) => s.count > 2 * query.width).map((s) => s.objectId);
        const small = shown.filter((s) => s.count <= 2 * query.width).map((s) => s.objectId);
        const series = new Map<string, ChartSeries>(
          shown.map((s) => [s.objectId, { object: { name: s.name, title: s.title }, times: [], values: [], flagged: [] }]),
        );
        for (const { objectId, ...f } of await repo.chartFlagged(d, filter, [...series.keys()], CHART_MAX_FLAGGED)) series.get(objectId)!.flagged.push(f);
        if (small.length) {
          for (const p of await repo.chartPoints(d, filter, small)) {
            const s = series.get(p.objectId)!;
            s.times.push(p.time.getTime());
            s.values.push(p.value!);
          }
        }
        if (large.length) {
          // The span ends after the last point when it is the data's, not the filter's.
          const end = filter.to ?? new Date(to.getTime() + 1);
          for (const b of await repo.chartBuckets(d, filter, large, from, end, query.width)) {
            const s = series.get(b.objectId)!;
            const points =
              b.tLo <= b.tHi
                ? ([
                    [b.tLo, b.lo],
                    [b.tHi, b.hi],
                  ] as const)
                : ([
                    [b.tHi, b.hi],
                    [b.tLo, b.lo],
                  ] as const);
            for (const [time, value] of points) {
              if (s.times.at(-1) === time.getTime()) continue;
              s.times.push(time.getTime());
              s.values.push(value);
            }
          }
        }
        return { ...answer, bucketed: large.length > 0, series: [...series.values()] };
      });
    },

    /** The object types the project catalogues, in order. */
    async listObjectTypes(actor: Actor | null, projectKey: string): Promise<ProjectObjectTypes> {
      const project = await projects.loadProject(actor, projectKey);
      return { types: await db.use((d) => repo.typesOfProject(d, project.id)) };
    },

    /** Sets the object types the project catalogues (edit on the project); an unknown slug is a 400 naming it. */
    async updateObjectTypes(actor: Actor | null, projectKey: string, slugs: string[]): Promise<ProjectObjectTypes> {
      const project = await editable(actor, projectKey);
      return db.transaction(async (tx) => {
        const found = await repo.typesBySlug(tx, slugs);
        const unknown = slugs.filter((slug) => !found.some((t) => t.slug === slug));
        if (unknown.length) throw invalidField('body.types', `Unknown object type: ${unknown.join(', ')}`);
        const before = await repo.typesOfProject(tx, project.id);
        await repo.replaceProjectTypes(
          tx,
          project.id,
          [...new Set(slugs)].map((slug) => found.find((t) => t.slug === slug)!.id),
        );
        const after = await repo.typesOfProject(tx, project.id);
        await audit(tx, actor, 'project.objtypes', { type: 'project', id: project.id }, { before, after });
        return { types: after };
      });
    },

    /** What a project already shown to the reader catalogues (its detail): its data tables and object types, in one statement. */
    catalogOf: (projectId: string) => db.use((d) => repo.catalogOf(d, projectId)),

    /**
     * The observations the filter finds as a table to export (CSV or XLSX; columns
     * OBSERVATION_COLUMNS), read as it is written: batches of EXPORT_BATCH rows by key, each
     * its own short database job, so a large table streams in constant memory and a slow
     * download holds no connection. The time is a Date (ISO 8601 in CSV, a date in XLSX).
     */
    async exportObservations(actor: Actor | null, projectKey: string, id: string, query: Filter): Promise<TableSource> {
      const project = await projects.loadProject(actor, projectKey);
      const { table, filter } = await db.use((d) => tableAndFilter(d, actor, project.id, id, query));
      const visible = visibleTo(actor, 'object');
      async function* rows() {
        let cursor: repo.ExportCursor | null = null;
        for (;;) {
          const after: repo.ExportCursor | null = cursor;
          const batch: repo.ExportRow[] = await db.use((d) => repo.exportBatch(d, filter, visible, after, EXPORT_BATCH));
          if (batch.length === 0) return;
          yield batch.map((r) => [r.object, r.title, r.metric, r.unit, r.time, answeredValue(r.type, r), r.note, r.flag, r.flagRule, r.level]);
          const last = batch.at(-1)!;
          cursor = { time: last.time, objectId: last.objectId, metricId: last.metricId };
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return { name: `${project.slug}-${slugify(table.title) || 'data'}`, header: [...OBSERVATION_COLUMNS], chunks: rows() };
    },
  };
}
export type DataTablesService = ReturnType<typeof createDataTablesService>;

/** A metric of a table, whole: an import checks values against it (values.ts). */
export type TableMetric = repo.MetricRow;
/** An observation's key within its table. */
export interface ObservationKey {
  objectId: string;
  metricId: string;
  time: Date;
}
/** An observation an import reads or writes: its key, its value as kept (values.ts Stored) and its note. */
export interface ImportedObservation extends ObservationKey {
  number: number | null;
  text: string | null;
  note: string;
}

/** A hidden or missing object filters to nothing, without saying which. */
const NO_OBJECT = '00000000-0000-0000-0000-000000000000';

/** The metric types a chart draws (booleans as 1 and 0). */
const CHARTED = new Set(['number', 'integer', 'boolean']);

const minTime = (times: Date[]) => (times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null);
const maxTime = (times: Date[]) => (times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null);
