/**
 * The observation import: each record (row of a file) is an object at a time, with one
 * value per metric column (the wide layout: metricColumns) or a metric's name and its
 * value (the long layout: metricColumn with valueColumn), written into one of a project's
 * data tables. As the object import, one plan serves the preview and the commit, which
 * makes it again inside its transaction and refuses the whole file when a record has an
 * error; the writes go through the data tables' service (the same upsert as its bulk write).
 */
import { randomUUID } from 'node:crypto';
import type { ImportPreview, ObservationImportOptionsSchema, ObservationImportRequestSchema, ObservationValue, PreviewRecord } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { authorize, can, requireActor, type Actor } from '../../authz/authorize.js';
import { findVisible } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { inTurns, writtenInTurns } from '../../db/turns.js';
import { claimSession, refuseWhileCommitting, releaseSession } from './committing.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField } from '../../lib/errors.js';
import type { DataTablesService, ImportedObservation, TableMetric } from '../datatables/index.js';
import { answeredValue, parseTime, storedValue, type Stored } from '../datatables/index.js';
import { cellValue, type FieldSchema } from './cells.js';
import { answerOf, committedAnswer, FIRST_ROW, inBatches, noProgress, refuseIfErrors, type OnProgress, type PreviewView } from './preview.js';
import * as repo from './repo.js';
import { mayUseSession } from './service.js';
import { observationTally, type ObservationOutcome, type ObservationState } from './stats.js';

type Options = z.output<typeof ObservationImportOptionsSchema>;
type Body = z.output<typeof ObservationImportRequestSchema>;

/** A preview record of the observation import: its states are an object's values at a time. */
type ObservationRecord = Omit<PreviewRecord, 'before' | 'after'> & { before: ObservationState | null; after: ObservationState | null };

interface Planned extends ObservationOutcome {
  record: ObservationRecord;
  /** The observations the commit writes: those the record creates or changes. */
  writes: ImportedObservation[];
  /** Those it replaces, as they are now (the audit keeps them). */
  replaced: ImportedObservation[];
}

/** What the options name, resolved once for every record. */
interface Context {
  options: Options;
  projectId: string;
  tableId: string;
  /** The table's metrics by name. */
  metrics: Map<string, TableMetric>;
  /** The wide layout's columns with their metrics (none: the long layout). */
  columns: [number, TableMetric][];
}

/** One value of a record: its metric, its cell and how it is kept. */
interface Cell {
  metric: TableMetric;
  column: number;
  stored: Stored;
}

/** How a cell is read for a metric of each type (cells.ts); text and categories as written. */
const FIELDS: Record<string, FieldSchema> = {
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
};
/** The most replaced observations the audit entry keeps (its stats count them all). */
const AUDITED_ROWS = 1_000;

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const keyOf = (objectId: string, metricId: string, time: Date) => `${objectId}|${metricId}|${time.getTime()}`;

/** The cell as its metric's value, checked against the metric's type and limits; else what is wrong, in words. */
function valueOf(metric: TableMetric, text: string): { stored: Stored } | { error: string } {
  const read = cellValue(text, FIELDS[metric.type] ?? { type: 'string' });
  if ('error' in read) return { error: `${metric.name}: ${read.error}` };
  const stored = storedValue(metric, read.value as ObservationValue);
  return typeof stored === 'string' ? { error: stored } : { stored };
}

/**
 * The writes in series and time order: each batch or turn then touches few series (one
 * datastream and latest value each), and its plausibility rules see the values before it.
 */
const inSeries = (writes: ImportedObservation[]) =>
  writes.sort((a, b) => byteOrder(a.objectId, b.objectId) || byteOrder(a.metricId, b.metricId) || a.time.getTime() - b.time.getTime());

/** A commit planned and checked: what it writes, and what it answers. */
interface Commit {
  context: Context;
  session: { id: string; fileName: string } | null;
  outcomes: Planned[];
  writes: ImportedObservation[];
}

export function createObservationImport(deps: { db: Database; dataTables: DataTablesService; log: FastifyBaseLogger; chunkRows: number }) {
  const { db, dataTables, log, chunkRows } = deps;

  /**
   * The project and its table the options name, the actor's right to import into it
   * (importData, or edit on the project) and the metrics: a 400 names the option.
   */
  async function targetOf(d: Db, actor: Actor, options: Options) {
    const project = await findVisible(d, actor, 'project', options.project);
    if (!project) throw invalidField('body.options.project', `No such project: ${options.project}`);
    if (!can(actor, 'importData')) authorize(actor, 'edit', project.resource, 'Project');
    const target = await dataTables.importTarget(d, project.id, options.table);
    if (!target) throw invalidField('body.options.table', 'The project has no such data table');
    const metrics = new Map(target.metrics.map((m) => [m.name, m]));
    const wide = Object.entries(options.metricColumns)
      .map(([index, name]) => [Number(index), name] as const)
      .sort((a, b) => a[0] - b[0]);
    const long = options.metricColumn !== null || options.valueColumn !== null;
    if (wide.length > 0 && long) throw invalidField('body.options.metricColumns', 'Choose metric columns, or a metric column with a value column: not both');
    if (wide.length === 0 && !long)
      throw invalidField('body.options.metricColumns', 'Choose the metric columns (a column per metric), or a metric column with a value column');
    if (long && options.metricColumn === null)
      throw invalidField('body.options.metricColumn', 'Choose the column naming each record’s metric, with the value column');
    if (long && options.valueColumn === null) throw invalidField('body.options.valueColumn', 'Choose the column of the values, with the metric column');
    const unknown = wide.filter(([, name]) => !metrics.has(name)).map(([, name]) => name);
    if (unknown.length) throw invalidField('body.options.metricColumns', `Not a metric of this table: ${unknown.join(', ')} (it has ${tableMetrics(metrics)})`);
    const twice = wide.find(([index, name]) => wide.some(([other, same]) => other < index && same === name));
    if (twice) throw invalidField('body.options.metricColumns', `${twice[1]} is given two columns: choose one`);
    return {
      options,
      projectId: project.id,
      tableId: target.table.id,
      metrics,
      columns: wide.map(([index, name]) => [index, metrics.get(name)!] as [number, TableMetric]),
    } satisfies Context;
  }

  /** Checks the options' columns against the file's width: a 400 names the option. */
  function checkColumns(options: Options, width: number) {
    const columns: [keyof Options, number | null][] = [
      ['objectColumn', options.objectColumn],
      ['timeColumn', options.timeColumn],
      ['metricColumn', options.metricColumn],
      ['valueColumn', options.valueColumn],
      ['noteColumn', options.noteColumn],
    ];
    for (const [name, index] of columns)
      if (index !== null && index >= width) throw invalidField(`body.options.${name}`, `The file has ${width} columns: there is no column ${index}`);
    for (const index of Object.keys(options.metricColumns))
      if (Number(index) >= width) throw invalidField('body.options.metricColumns', `The file has ${width} columns: there is no column ${index}`);
  }

  /** The request's records: its own, or a session's the actor may use (importData: any; else their own). */
  async function recordsOf(d: Db, actor: Actor, body: Body) {
    if ('session' in body) {
      const found = await repo.findSession(d, body.session);
      if (found && !mayUseSession(actor, found.session)) throw invalidField('body.session', 'No such import session');
    }
    return repo.requestRecords(d, body);
  }

  /** The target, then the records, then their width checked: every read a preview or a commit needs before planning. */
  async function prepare(d: Db, actor: Actor, body: Body) {
    const context = await targetOf(d, actor, body.options);
    const { records, width, session } = await recordsOf(d, actor, body);
    checkColumns(body.options, width);
    return { context, records, session };
  }

  /**
   * Each name's object, looked up for all names at once among those the actor may see: the
   * object of exactly that name, else the one whose name differs only in case (a file's
   * USGS-14211720 is the catalogue's usgs-14211720); several such: their names; none: null.
   */
  async function objectsNamed(d: Db, actor: Actor, names: string[]): Promise<(name: string) => string | string[] | null> {
    const visible = visibleTo(actor, 'object');
    const exact = new Map((await repo.visibleObjectsNamed(d, names, visible)).map((o) => [o.name, o.id]));
    const loose = new Map<string, { id: string; name: string }[]>();
    for (const o of await repo.visibleObjectsNamed(
      d,
      names.filter((n) => !exact.has(n)),
      visible,
      true,
    )) {
      const key = o.name.toLowerCase();
      loose.set(key, [...(loose.get(key) ?? []), o]);
    }
    return (name) => {
      const id = exact.get(name);
      if (id) return id;
      const near = loose.get(name.toLowerCase()) ?? [];
      return near.length === 1 ? near[0]!.id : near.length > 1 ? near.map((o) => o.name).sort() : null;
    };
  }

  /** Every record's plan: the observations it creates or changes, or its errors (each naming its column). */
  async function plan(d: Db, actor: Actor, records: string[][], context: Context): Promise<Planned[]> {
    const { options, metrics } = context;
    const cell = (record: string[], index: number | null) => (index === null ? '' : (record[index] ?? '').trim());
    const objectOf = await objectsNamed(d, actor, [...new Set(records.map((r) => cell(r, options.objectColumn)).filter(Boolean))]);
    const firstRow = new Map<string, number>();

    // What each record says, or what is wrong with it.
    const reads = records.map((record, i) => {
      const row = i + FIRST_ROW;
      const errors: ObservationRecord['errors'] = [];
      const fail = (column: number | null, message: string) => errors.push({ column, message });
      const name = cell(record, options.objectColumn);
      const found = name ? objectOf(name) : null;
      const objectId = typeof found === 'string' ? found : null;
      if (!name) fail(options.objectColumn, 'The object is empty');
      else if (Array.isArray(found))
        fail(options.objectColumn, `No object is named ${name}; ${found.join(', ')} differ from it only in case: write the name exactly`);
      else if (!objectId) fail(options.objectColumn, `No object is named ${name}`);
      const timeText = cell(record, options.timeColumn);
      const time = timeText ? parseTime(timeText) : null;
      if (!timeText) fail(options.timeColumn, 'The time is empty');
      else if (!time) fail(options.timeColumn, `“${timeText}” is not a date (YYYY-MM-DD) or a time with its offset (2024-05-01T12:00:00Z)`);

      const cells: Cell[] = [];
      // An empty value cell is no observation, in either layout.
      const take = (metric: TableMetric, column: number) => {
        const text = cell(record, column);
        if (!text) return;
        const value = valueOf(metric, text);
        if ('error' in value) fail(column, value.error);
        else cells.push({ metric, column, stored: value.stored });
      };
      if (context.columns.length) {
        for (const [column, metric] of context.columns) take(metric, column);
      } else {
        const metricName = cell(record, options.metricColumn);
        const metric = metrics.get(metricName);
        if (!metricName) fail(options.metricColumn, 'The metric is empty');
        else if (!metric) fail(options.metricColumn, `${metricName} is not a metric of this table (it has ${tableMetrics(metrics)})`);
        else take(metric, options.valueColumn!);
      }
      if (objectId && time) {
        for (const c of cells) {
          const key = keyOf(objectId, c.metric.id, time);
          const first = firstRow.get(key);
          if (first !== undefined) fail(c.column, `${c.metric.name} repeats row ${first}: the same object, metric and time`);
          else firstRow.set(key, row);
        }
      }
      const note = options.noteColumn === null ? null : cell(record, options.noteColumn);
      return { row, name, objectId, time, cells, note, errors };
    });

    // The values there are now at each record's keys, looked up a chunk at a time.
    const keys = reads.flatMap((r) => (r.objectId && r.time ? r.cells.map((c) => ({ objectId: r.objectId!, metricId: c.metric.id, time: r.time! })) : []));
    const existing = new Map((await dataTables.existingImported(d, context.tableId, keys)).map((o) => [keyOf(o.objectId, o.metricId, o.time), o]));

    return reads.map(({ row, name, objectId, time, cells, note, errors }): Planned => {
      const was = (c: Cell) => existing.get(keyOf(objectId!, c.metric.id, time!));
      const stateOf = (value: (c: Cell) => ObservationState['values'][string]): ObservationState => ({
        time: time!.toISOString(),
        values: Object.fromEntries(cells.map((c) => [c.metric.name, value(c)])),
      });
      const valueThere = (c: Cell) => {
        const old = was(c);
        return old ? answeredValue(c.metric.type, old) : null;
      };
      const before = objectId && time ? stateOf(valueThere) : null;
      const observations = { created: 0, replaced: 0, unchanged: 0 };
      if (errors.length)
        return {
          record: { row, name: name || null, status: 'error', operation: null, errors, before, after: null },
          status: 'error',
          operation: null,
          observations,
          writes: [],
          replaced: [],
        };

      const writes: ImportedObservation[] = [];
      const replaced: ImportedObservation[] = [];
      for (const c of cells) {
        const old = was(c);
        // Without a note column a note there stays; with one, the cell is the note (empty: none).
        const written = {
          objectId: objectId!,
          metricId: c.metric.id,
          time: time!,
          number: c.stored.number,
          text: c.stored.text,
          note: note ?? old?.note ?? '',
        };
        if (!old) observations.created++;
        else if (old.number !== written.number || old.text !== written.text || old.note !== written.note) {
          observations.replaced++;
          replaced.push(old);
        } else {
          observations.unchanged++;
          continue;
        }
        writes.push(written);
      }
      const operation = cells.length > 0 && observations.created === cells.length ? 'create' : writes.length > 0 ? 'update' : 'none';
      const after = stateOf((c) => answeredValue(c.metric.type, c.stored));
      return { record: { row, name, status: 'ok', operation, errors, before, after }, status: 'ok', operation, observations, writes, replaced };
    });
  }

  const answer = (planned: Planned[], view: PreviewView, fromSession: boolean, committed: boolean) =>
    answerOf(
      planned.map((p) => p.record),
      observationTally(planned),
      view,
      fromSession,
      committed,
    );

  return {
    /** What the import would do, record by record, and its stats: nothing is written. */
    async preview(actor: Actor | null, body: Body): Promise<ImportPreview> {
      const who = requireActor(actor);
      return db.use(async (d) => {
        const { context, records, session } = await prepare(d, who, body);
        return answer(await plan(d, who, records, context), body, session !== null, false);
      });
    },

    /**
     * Plans again inside a transaction and writes what the plan creates or changes; a record
     * with an error refuses the whole file (nothing is written), naming the rows and columns.
     * On a server, and for up to `chunkRows` observations, it is one transaction. On the
     * embedded database a larger file is written in turns (db/turns.ts), each checking the
     * table, the importer's right and the objects again, so other requests are answered in
     * between; the session is marked committed in the last turn. A file cut off stays
     * uncommitted: committing it again plans it afresh (what was written is then unchanged).
     * onProgress hears of the writing only: a refusal before it is an ordinary error.
     */
    async commit(actor: Actor | null, body: Body, onProgress: OnProgress = noProgress): Promise<ImportPreview> {
      const who = requireActor(actor);
      let claimed: string | null = null;
      const planned = await db
        .transaction(async (tx): Promise<{ done: ImportPreview } | { inTurns: Commit }> => {
          // As prepare, with the session locked and a committed one answered before its records are read.
          const context = await targetOf(tx, who, body.options);
          const locked = await repo.lockSession(tx, body);
          if (locked && !mayUseSession(who, locked)) throw invalidField('body.session', 'No such import session');
          const done = locked && committedAnswer(locked, 'observations', body.options);
          if (done) return { done };
          if (locked) refuseWhileCommitting(locked.id);
          const { records, width, session } = await repo.requestRecords(tx, body);
          checkColumns(body.options, width);
          const outcomes = await plan(tx, who, records, context);
          refuseIfErrors(outcomes.map((p) => p.record));
          const commit: Commit = { context, session, outcomes, writes: inSeries(outcomes.flatMap((p) => p.writes)) };
          log.info(
            { records: outcomes.length, observations: commit.writes.length, session: session?.id ?? null },
            `Import of ${outcomes.length} records as observations: writing`,
          );
          if (writtenInTurns(db, commit.writes.length, chunkRows)) {
            // Taken while the session is locked, so a second commit of it cannot plan in between.
            if (session) claimSession((claimed = session.id));
            return { inTurns: commit };
          }
          // As large as a turn: each batch's statements (datastreams, latest values, rules) are per batch, not per row.
          await inBatches(commit.writes, onProgress, (batch) => dataTables.writeImported(tx, context.tableId, batch), chunkRows);
          await audit(tx, who, 'observations.import', { type: 'datatable', id: context.tableId }, { after: { written: commit.writes.length } });
          return { done: await finish(tx, who, body, commit) };
        })
        .catch((error: unknown) => {
          if (claimed) releaseSession(claimed);
          throw error;
        });
      if ('done' in planned) return planned.done;
      return writeInTurns(who, body, planned.inTurns, onProgress);
    },
  };

  /**
   * The embedded database's commit of a large file, a turn at a time, the session marked
   * committed in the last; the session claimed (committing.ts) until then.
   */
  async function writeInTurns(who: Actor, body: Body, commit: Commit, onProgress: OnProgress): Promise<ImportPreview> {
    const { context, session, writes } = commit;
    // What each turn replaces, as it is now: its audit entry keeps it, so a file cut off loses no old value.
    const replaced = new Map(commit.outcomes.flatMap((p) => p.replaced).map((r) => [keyOf(r.objectId, r.metricId, r.time), r]));
    try {
      let written = 0;
      onProgress({ phase: 'writing', done: 0, total: writes.length });
      const turns = await inTurns(db, writes, chunkRows, 'observations', async (tx, part) => {
        await checkTurn(tx, who, body.options, context.tableId, part);
        await dataTables.writeImported(tx, context.tableId, part);
        const before = part.flatMap((w) => replaced.get(keyOf(w.objectId, w.metricId, w.time)) ?? []);
        // The table's change, as the change feed lists it (system/changes.ts): each turn's as it is in.
        await audit(
          tx,
          who,
          'observations.import',
          { type: 'datatable', id: context.tableId },
          { before: { replaced: before.slice(0, AUDITED_ROWS) }, after: { written: part.length } },
        );
        written += part.length;
        onProgress({ phase: 'writing', done: written, total: writes.length });
        return written === writes.length ? finish(tx, who, body, commit) : null;
      });
      return turns.at(-1)!;
    } finally {
      if (session) releaseSession(session.id);
    }
  }

  /** A turn's check that what the plan found is still there: the table and its metrics, the importer's right, the objects. */
  async function checkTurn(tx: Db, who: Actor, options: Options, tableId: string, part: ImportedObservation[]) {
    const now = await targetOf(tx, who, options);
    if (now.tableId !== tableId) throw invalidField('body.options.table', 'The project has no such data table');
    const metrics = new Set([...now.metrics.values()].map((m) => m.id));
    if (part.some((w) => !metrics.has(w.metricId))) throw invalidField('body.options', 'A metric of the file was taken off the table');
    const objects = [...new Set(part.map((w) => w.objectId))];
    if ((await repo.heldObjects(tx, objects, visibleTo(who, 'object'))) < objects.length)
      throw new AppError('CONFLICT', 'An object of the file was deleted or hidden while it was imported');
  }

  /** Marks the session committed and audits the import, in the transaction of its (last) writes: the answer. */
  async function finish(tx: Db, who: Actor, body: Body, { context, session, outcomes }: Commit): Promise<ImportPreview> {
    const result = answer(outcomes, body, session !== null, true);
    if (session) await repo.markCommitted(tx, session.id, 'observations', body.options, result.stats);
    const replaced = outcomes.flatMap((p) => p.replaced);
    await audit(
      tx,
      who,
      'import.observations',
      { type: 'import', id: session?.id ?? randomUUID() },
      {
        before: { replaced: replaced.slice(0, AUDITED_ROWS) },
        after: { file: session?.fileName ?? null, project: context.projectId, table: context.tableId, options: body.options, stats: result.stats },
      },
    );
    return result;
  }
}

const tableMetrics = (metrics: Map<string, TableMetric>) => [...metrics.keys()].sort().join(', ') || 'none';
