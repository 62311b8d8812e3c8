import type { ErrorDetail, ObservationValue } from '@observatory/shared';
import { authorize, type Actor } from '../../../authz/authorize.js';
import { findVisible } from '../../../authz/lookup.js';
import type { Database, Db } from '../../../db/client.js';
import { inTurns, writtenInTurns } from '../../../db/turns.js';
import { audit } from '../../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../../lib/errors.js';
import { projectResource, type ProjectsService } from '../../projects/index.js';
import type { DataTablesService } from '../service.js';
import { answeredValue, storedValue } from '../values.js';
import * as repo from './repo.js';

/** One value written to a datastream (SensorThings' Observation); `field` names it in a refusal (`body.dataArray.3`). */
export interface SeriesValue {
  datastream: string;
  time: Date;
  value: ObservationValue;
  note?: string;
  field: string;
  /** The FeatureOfInterest named, if any: it must be the datastream's object. */
  feature?: string | undefined;
}

/** The most refused values one answer names. */
const NAMED_PROBLEMS = 20;

/**
 * A project's sensors and datastreams (a metric on an object in one of its tables), and
 * values written to datastreams: what SensorThings creates, changes and deletes. All with
 * edit on the project; a datastream's object must be one the writer may see.
 */
export function createStreamsService(deps: {
  db: Database;
  projects: ProjectsService;
  dataTables: DataTablesService;
  /** Values the embedded database writes per turn of a large batch (Config.writeChunkRows). */
  chunkRows: number;
}) {
  const { db, projects, dataTables, chunkRows } = deps;

  async function editableProject(actor: Actor | null, key: string) {
    const project = await projects.loadProject(actor, key);
    authorize(actor, 'edit', projectResource(project), 'Project');
    return project;
  }
  /** A row of a kind seen and edited as its project is (404 when the writer may not see it). */
  async function editableRow(tx: Db, actor: Actor | null, kind: 'sensor' | 'datastream', id: string) {
    const found = await findVisible(tx, actor, kind, id);
    if (!found) throw notFound(kind === 'sensor' ? 'Sensor' : 'Datastream');
    authorize(actor, 'edit', found.resource, kind === 'sensor' ? 'Sensor' : 'Datastream');
    return found;
  }
  /** A sensor of the project, for a datastream to name (`field` in a refusal). */
  async function sensorOf(tx: Db, actor: Actor | null, id: string | null | undefined, projectId: string, field: string) {
    if (!id) return null;
    const sensor = (await findVisible(tx, actor, 'sensor', id)) && (await repo.sensorById(tx, id));
    if (!sensor) throw invalidField(field, `No sensor ${id}`);
    if (sensor.projectId !== projectId) throw invalidField(field, 'The sensor belongs to another project than the datastream’s table');
    return sensor.id;
  }

  async function newSensor(tx: Db, actor: Actor | null, projectId: string, input: repo.SensorInput) {
    const id = await repo.insertSensor(tx, projectId, input);
    await audit(tx, actor, 'sensor.create', { type: 'project', id: projectId }, { after: { id, ...input } });
    return id;
  }

  type ImportedRows = Parameters<DataTablesService['writeImported']>[2];
  /** The rows of each table a batch writes, once every value is checked (refused all together, up to NAMED_PROBLEMS named). */
  async function checkedSeries(tx: Db, actor: Actor | null, values: SeriesValue[]): Promise<Map<string, ImportedRows>> {
    const ids = [...new Set(values.map((v) => v.datastream))];
    const streams = new Map((await repo.datastreamsWithMetrics(tx, ids)).map((s) => [s.stream.id, s]));
    const problems: ErrorDetail[] = [];
    const allowed = new Map<string, boolean>();
    for (const id of ids) {
      const found = streams.has(id) ? await findVisible(tx, actor, 'datastream', id) : null;
      if (found) authorize(actor, 'edit', found.resource, 'Datastream');
      // The datastream's object must be visible too (as its reads are).
      allowed.set(id, !!found && !!(await findVisible(tx, actor, 'object', streams.get(id)!.stream.objectId)));
    }
    const byTable = new Map<string, ImportedRows>();
    const seen = new Set<string>();
    for (const v of values) {
      const stream = allowed.get(v.datastream) ? streams.get(v.datastream) : undefined;
      if (!stream) {
        problems.push({ field: `${v.field}.Datastream`, message: `No datastream ${v.datastream}` });
        continue;
      }
      if (v.feature !== undefined && v.feature !== stream.stream.objectId) {
        problems.push({ field: `${v.field}.FeatureOfInterest`, message: 'The feature of interest of a datastream’s values is its thing' });
        continue;
      }
      const stored = storedValue(stream.metric, v.value);
      if (typeof stored === 'string') {
        problems.push({ field: `${v.field}.result`, message: stored });
        continue;
      }
      const key = `${v.datastream}|${v.time.getTime()}`;
      if (seen.has(key)) {
        problems.push({ field: `${v.field}.phenomenonTime`, message: 'Another value of the batch has the same datastream and time' });
        continue;
      }
      seen.add(key);
      const rows = byTable.get(stream.stream.tableId) ?? [];
      rows.push({
        objectId: stream.stream.objectId,
        metricId: stream.stream.metricId,
        time: v.time,
        number: stored.number ?? null,
        text: stored.text ?? null,
        note: v.note ?? '',
      });
      byTable.set(stream.stream.tableId, rows);
    }
    if (problems.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written. ${problems[0]!.field}: ${problems[0]!.message}`,
        {
          details: problems.slice(0, NAMED_PROBLEMS),
        },
      );
    }
    return byTable;
  }

  return {
    async createSensor(actor: Actor | null, projectKey: string, input: repo.SensorInput): Promise<string> {
      const project = await editableProject(actor, projectKey);
      return db.transaction((tx) => newSensor(tx, actor, project.id, input));
    },

    async updateSensor(actor: Actor | null, id: string, input: Partial<repo.SensorInput>): Promise<void> {
      await db.transaction(async (tx) => {
        await editableRow(tx, actor, 'sensor', id);
        const before = await repo.sensorById(tx, id);
        await repo.updateSensor(tx, id, input);
        await audit(tx, actor, 'sensor.update', { type: 'project', id: before!.projectId }, { before, after: input });
      });
    },

    /** A sensor; its datastreams stay, without a sensor (their values are the project's data, not the instrument's). */
    async deleteSensor(actor: Actor | null, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await editableRow(tx, actor, 'sensor', id);
        const before = await repo.sensorById(tx, id);
        await repo.deleteSensor(tx, id);
        await audit(tx, actor, 'sensor.delete', { type: 'project', id: before!.projectId }, { before });
      });
    },

    /**
     * A datastream of a metric on an object in a table; 409 when the table has one already.
     * Its sensor is one of the project's by id, or a new one (a deep insert) made in the
     * table's project. `fields` name the parts in a refusal.
     */
    async createDatastream(
      actor: Actor | null,
      input: { table: string; object: string; metric: string; sensor?: string | repo.SensorInput | null; name?: string; description?: string },
      fields: { table: string; object: string; metric: string; sensor: string },
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const table = await repo.tableById(tx, input.table);
        if (!table) throw invalidField(fields.table, `No data table ${input.table}`);
        const project = await editableProject(actor, table.projectId).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'NOT_FOUND' ? invalidField(fields.table, `No data table ${input.table}`) : error;
        });
        const object = await findVisible(tx, actor, 'object', input.object);
        if (!object) throw invalidField(fields.object, `No thing ${input.object}`);
        if (!(await repo.tableHasMetric(tx, table.id, input.metric)))
          throw invalidField(fields.metric, `${input.metric} is not an observed property of the data table`);
        const sensorId =
          typeof input.sensor === 'object' && input.sensor !== null
            ? await newSensor(tx, actor, project.id, input.sensor)
            : await sensorOf(tx, actor, input.sensor, project.id, fields.sensor);
        const id = await repo.insertDatastream(tx, {
          projectId: project.id,
          tableId: table.id,
          objectId: object.id,
          metricId: input.metric,
          sensorId,
          name: input.name ?? '',
          description: input.description ?? '',
        });
        if (!id) throw taken(fields.metric, 'The data table has a datastream of this observed property on this thing');
        await audit(
          tx,
          actor,
          'datastream.create',
          { type: 'datatable', id: table.id },
          { after: { id, objectId: object.id, metricId: input.metric, sensorId } },
        );
        return id;
      });
    },

    async updateDatastream(
      actor: Actor | null,
      id: string,
      input: { name?: string; description?: string; sensor?: string | null },
      sensorField: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await editableRow(tx, actor, 'datastream', id);
        const [row] = await repo.datastreamsWithMetrics(tx, [id]);
        const change = {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.sensor === undefined ? {} : { sensorId: await sensorOf(tx, actor, input.sensor, row!.stream.projectId, sensorField) }),
        };
        await repo.updateDatastream(tx, id, change);
        await audit(tx, actor, 'datastream.update', { type: 'datatable', id: row!.stream.tableId }, { before: row!.stream, after: change });
      });
    },

    /** A datastream with all its values. */
    async deleteDatastream(actor: Actor | null, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await editableRow(tx, actor, 'datastream', id);
        const [row] = await repo.datastreamsWithMetrics(tx, [id]);
        await repo.deleteDatastream(tx, row!.stream);
        await audit(tx, actor, 'datastream.delete', { type: 'datatable', id: row!.stream.tableId }, { before: row!.stream });
      });
    },

    /**
     * Values of datastreams, all or none: every value is checked against its metric (values.ts)
     * first, and bad input writes nothing (a refusal names each bad value's field); the rules
     * run over what was written; a value at a time a datastream has replaces the old one (a
     * repeated batch changes nothing). Written in turns of `chunkRows` on the embedded
     * database (db/turns.ts), each turn checked again and audited.
     */
    async writeSeries(actor: Actor | null, values: SeriesValue[]): Promise<number> {
      const write = async (tx: Db, batch: SeriesValue[]) => {
        for (const [tableId, rows] of await checkedSeries(tx, actor, batch)) {
          await dataTables.writeImported(tx, tableId, rows);
          await audit(tx, actor, 'observations.write', { type: 'datatable', id: tableId }, { after: { written: rows.length } });
        }
      };
      let sent = values;
      if (writtenInTurns(db, values.length, chunkRows)) {
        // Every value checked before the first turn (one refusal refuses the batch, nothing written), then
        // taken in series and time order, so each turn's rules see the values before it already written.
        await db.transaction((tx) => checkedSeries(tx, actor, values));
        sent = [...values].sort((a, b) => a.datastream.localeCompare(b.datastream) || a.time.getTime() - b.time.getTime());
      }
      await inTurns(db, sent, chunkRows, 'values', write);
      return values.length;
    },

    /** A value or note of a datastream changed (the other kept); 404 when it has none at that time. */
    async updateValue(
      actor: Actor | null,
      datastream: string,
      time: Date,
      change: { value?: ObservationValue | undefined; note?: string | undefined },
    ): Promise<void> {
      const current = await db.use(async (d) => {
        const [row] = await repo.datastreamsWithMetrics(d, [datastream]);
        const value = row && (await repo.observationAt(d, row.stream, time));
        return row && value ? { value: answeredValue(row.metric.type, value), note: value.note } : null;
      });
      if (!current) throw notFound('Observation');
      await this.writeSeries(actor, [{ datastream, time, value: change.value ?? current.value, note: change.note ?? current.note, field: 'body' }]);
    },

    /** One value of a datastream, by its time; 404 when there is none. */
    async deleteValue(actor: Actor | null, datastream: string, time: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await editableRow(tx, actor, 'datastream', datastream);
        const [row] = await repo.datastreamsWithMetrics(tx, [datastream]);
        if (!(await findVisible(tx, actor, 'object', row!.stream.objectId)) || !(await repo.deleteObservation(tx, row!.stream, time)))
          throw notFound('Observation');
        await audit(tx, actor, 'observations.delete', { type: 'datatable', id: row!.stream.tableId }, { before: { datastream, time } });
      });
    },
  };
}

export type StreamsService = ReturnType<typeof createStreamsService>;
