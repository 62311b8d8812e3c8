import { and, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '../../../authz/lookup.js';
import type { Db } from '../../../db/client.js';
import { dataTableMetrics, dataTables, datastreams, metrics, observations, sensors } from '../../../db/schema/index.js';
import { keepLatest } from '../repo.js';

export type SensorInput = Pick<typeof sensors.$inferInsert, 'name' | 'description' | 'encodingType' | 'metadata'>;
export type DatastreamRow = typeof datastreams.$inferSelect;

export const insertSensor = async (db: Db, projectId: string, input: SensorInput) =>
  (
    await db
      .insert(sensors)
      .values({ projectId, ...input })
      .returning({ id: sensors.id })
  )[0]!.id;

export const updateSensor = (db: Db, id: string, input: Partial<SensorInput>) =>
  db
    .update(sensors)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(sensors.id, id));

export const deleteSensor = (db: Db, id: string) => db.delete(sensors).where(eq(sensors.id, id));

export const sensorById = async (db: Db, id: string) => (await db.select().from(sensors).where(eq(sensors.id, id)))[0];

/** A table by id alone (a datastream names its table, not its project). */
export const tableById = async (db: Db, id: string) =>
  (await db.select({ id: dataTables.id, projectId: dataTables.projectId, level: dataTables.level }).from(dataTables).where(eq(dataTables.id, id)))[0];

/** Whether the metric is one of the table's. */
export const tableHasMetric = async (db: Db, tableId: string, metricId: string) =>
  (
    await db
      .select({ one: sql`1` })
      .from(dataTableMetrics)
      .where(and(eq(dataTableMetrics.tableId, tableId), eq(dataTableMetrics.metricId, metricId)))
  ).length > 0;

/** A new datastream; undefined when the table already has one of this metric on this object. */
export const insertDatastream = async (db: Db, row: typeof datastreams.$inferInsert) =>
  (await db.insert(datastreams).values(row).onConflictDoNothing().returning({ id: datastreams.id }))[0]?.id;

export const updateDatastream = (db: Db, id: string, input: Partial<Pick<DatastreamRow, 'name' | 'description' | 'sensorId'>>) =>
  db.update(datastreams).set(input).where(eq(datastreams.id, id));

/** A datastream's observations (at `time`: the one then), by the table's key. */
const valuesOf = (row: DatastreamRow, time?: Date) =>
  and(
    eq(observations.tableId, row.tableId),
    eq(observations.objectId, row.objectId),
    eq(observations.metricId, row.metricId),
    time ? eq(observations.time, time) : undefined,
  );

/** A datastream and its observations. */
export async function deleteDatastream(db: Db, row: DatastreamRow) {
  await db.delete(observations).where(valuesOf(row));
  await db.delete(datastreams).where(eq(datastreams.id, row.id));
}

/** Datastreams by id (what is not an id finds nothing), each with its metric (the values' type) and its table's data level. */
export const datastreamsWithMetrics = (db: Db, keys: string[]) => {
  const ids = keys.filter(isUuid);
  return ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ stream: datastreams, metric: metrics, level: dataTables.level })
        .from(datastreams)
        .innerJoin(metrics, eq(metrics.id, datastreams.metricId))
        .innerJoin(dataTables, eq(dataTables.id, datastreams.tableId))
        .where(inArray(datastreams.id, ids));
};

/** One observation of a datastream, by its time; whether there was one. */
export async function deleteObservation(db: Db, row: DatastreamRow, time: Date) {
  const deleted = (await db.delete(observations).where(valuesOf(row, time)).returning({ time: observations.time })).length > 0;
  if (deleted) await keepLatest(db, row.tableId, { series: [row], deleted: time });
  return deleted;
}

/** A datastream's value at a time (its number, text and note), if any. */
export const observationAt = async (db: Db, row: DatastreamRow, time: Date) =>
  (await db.select({ number: observations.number, text: observations.text, note: observations.note }).from(observations).where(valuesOf(row, time)))[0];
