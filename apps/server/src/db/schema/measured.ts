import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { metrics } from './data-schema.js';
import type { DataLevel, QualityFlag } from '@observatory/shared';
import { people, versioned } from './people.js';
import { objects, objectTypes } from './objects.js';
import { projects } from './projects.js';

/** A project's table of measured data: a title, a description, and the metrics it holds. */
export const dataTables = pgTable(
  'data_tables',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    position: integer().notNull().default(0),
    /** The data level new observations get (raw, provisional, released). */
    level: text().$type<DataLevel>().notNull().default('raw'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.projectId)],
);

/** A data table's metrics, in order. */
export const dataTableMetrics = pgTable(
  'data_table_metrics',
  {
    tableId: uuid()
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    metricId: uuid()
      .notNull()
      .references(() => metrics.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.metricId] }), index().on(t.metricId)],
);

/**
 * One measured value: (table, object, metric, time) is its key, so writing the key again
 * replaces it. Numbers, integers and booleans (1/0) are kept in `number`, text, categories
 * and dates in `text`: numbers stay numbers for ranges, sums and charts.
 */
export const observations = pgTable(
  'observations',
  {
    tableId: uuid()
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    metricId: uuid()
      .notNull()
      .references(() => metrics.id, { onDelete: 'restrict' }),
    time: timestamp({ withTimezone: true }).notNull(),
    number: doublePrecision(),
    text: text(),
    note: text().notNull().default(''),
    /** Quality flag (IOC/IODE scheme): a new or rewritten value is not checked until a rule or a person says otherwise. */
    flag: text().$type<QualityFlag>().notNull().default('not checked'),
    /** The plausibility rule that set the flag; null when a person did (flaggedBy) or none has. */
    flagRule: text(),
    flaggedBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    flaggedAt: timestamp({ withTimezone: true }),
    level: text().$type<DataLevel>().notNull().default('raw'),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.objectId, t.metricId, t.time] }),
    index().on(t.tableId, t.metricId, t.time),
    // A table's pages in time order (and its export by key), and by value, without sorting every row.
    index().on(t.tableId, t.time),
    index().on(t.tableId, t.number),
    index().on(t.objectId),
    // Who flagged, for the few rows a person did (so deleting a person need not scan them all).
    index()
      .on(t.flaggedBy)
      .where(sql`flagged_by is not null`),
    check('observations_flag', sql`flag in ('good', 'not checked', 'suspect', 'bad', 'missing')`),
    check('observations_level', sql`level in ('raw', 'provisional', 'released')`),
  ],
);

/** The object types a project catalogues, in order: its editors' type choices (none: any type). */
export const projectObjectTypes = pgTable(
  'project_object_types',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    typeId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.typeId] }), index().on(t.typeId)],
);

/**
 * Each review of a span of observations (modules/datatables/quality.ts): who set which flag
 * or level on which rows, and when. The rows keep only their latest flag and who set it.
 */
export const observationReviews = pgTable(
  'observation_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    tableId: uuid()
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    /** None: every object, or every metric, of the table. */
    objectId: uuid().references(() => objects.id, { onDelete: 'cascade' }),
    metricId: uuid().references(() => metrics.id, { onDelete: 'cascade' }),
    from: timestamp({ withTimezone: true }).notNull(),
    to: timestamp({ withTimezone: true }).notNull(),
    flag: text().$type<QualityFlag>(),
    level: text().$type<DataLevel>(),
    /** How many observations it changed. */
    count: integer().notNull(),
    reviewedBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tableId, t.reviewedAt)],
);

/**
 * A project's instruments (SensorThings' Sensors): what measured a datastream's values, with a
 * description of it (a URL or a document, in `encodingType`).
 */
export const sensors = pgTable(
  'sensors',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    encodingType: text().notNull().default('text/html'),
    metadata: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.projectId)],
);

/**
 * A metric measured on an object in a data table (SensorThings' Datastreams): one row per
 * (table, object, metric), made when its first observation is written or when a client
 * creates it, so that it has a stable id and a sensor. `projectId` is the table's, kept here
 * for the resource registry (a datastream is seen and edited as its project is).
 */
export const datastreams = pgTable(
  'datastreams',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tableId: uuid()
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    metricId: uuid()
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    sensorId: uuid().references(() => sensors.id, { onDelete: 'set null' }),
    /** Empty: named by its metric and object. */
    name: text().notNull().default(''),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Its latest observation, kept by every write, check, review and delete of its values
     * (datatables/repo.ts keepLatest): "each site's latest value" reads these rows, not millions.
     * No time: it holds no value.
     */
    latestTime: timestamp({ withTimezone: true }),
    latestNumber: doublePrecision(),
    latestText: text(),
    latestFlag: text().$type<QualityFlag>(),
    /**
     * Its object's and metric's names and its table's position: the order latest values are
     * read in, kept here (by triggers, migration 0043, on every insert, move and rename) so
     * that a project's come from an index already in order, and a page of them reads that
     * page alone, not every datastream sorted. Set by the insert's trigger whatever is given.
     */
    objectName: text().notNull().default(''),
    metricName: text().notNull().default(''),
    tablePosition: integer().notNull().default(0),
  },
  (t) => [
    unique().on(t.tableId, t.objectId, t.metricId),
    index().on(t.objectId),
    index().on(t.metricId),
    index().on(t.sensorId),
    // Byte order, as latestValues sorts (names are slugs); its first column serves the project's foreign key too.
    index('datastreams_latest_order_index').on(t.projectId, sql`${t.objectName} collate "C"`, sql`${t.metricName} collate "C"`, t.tablePosition, t.id),
  ],
);
