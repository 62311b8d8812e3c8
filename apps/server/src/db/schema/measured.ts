import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { metrics } from './data-schema.js';
import { versioned } from './people.js';
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
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.objectId, t.metricId, t.time] }),
    index().on(t.tableId, t.metricId, t.time),
    // A table's pages in time order (and its export by key), and by value, without sorting every row.
    index().on(t.tableId, t.time),
    index().on(t.tableId, t.number),
    index().on(t.objectId),
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
