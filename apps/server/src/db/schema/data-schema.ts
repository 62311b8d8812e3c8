import { boolean, doublePrecision, index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlausibilityRule } from '@observatory/shared';
import { objectTypes } from './objects.js';
import { versioned } from './people.js';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Units of measure by UCUM code: the reference list (from UCUM itself) and those administrators add. */
export const units = pgTable('units', {
  code: text().primaryKey(),
  name: text().notNull(),
  printSymbol: text().notNull().default(''),
  /** What it measures (length, mass, temperature…), as UCUM names it. */
  property: text().notNull().default(''),
  /** From UCUM's own table: restored at every start, so not deleted. */
  builtin: boolean().notNull().default(false),
  ...versioned,
  ...timestamps,
});

/** What is measured: a typed value with its unit, limits or allowed values; `name` is its URL key. */
export const metrics = pgTable('metrics', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  title: text().notNull(),
  description: text().notNull().default(''),
  /** A UCUM code; none for counts, categories and text. */
  unit: text(),
  /** number | integer | boolean | text | date | category */
  type: text().notNull(),
  allowed: jsonb().$type<string[]>().notNull().default([]),
  min: doublePrecision(),
  max: doublePrecision(),
  /** Plausibility rules (packages/shared quality.ts), checked set-wise on every write: modules/datatables/quality.ts. */
  rules: jsonb().$type<PlausibilityRule[]>().notNull().default([]),
  ...versioned,
  ...timestamps,
});

/** JSON Schema 2020-12 documents for metadata, by slug; each change is a new version. */
export const metadataSchemas = pgTable('metadata_schemas', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  version: integer().notNull().default(1),
  /** json, not jsonb: properties keep the order they were written in, which is the order forms show. */
  schema: json().$type<Record<string, unknown>>().notNull(),
  updatedBy: versioned.updatedBy,
  ...timestamps,
});

/** Every version a schema has had, the current one included. */
export const metadataSchemaVersions = pgTable(
  'metadata_schema_versions',
  {
    schemaId: uuid()
      .notNull()
      .references(() => metadataSchemas.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    schema: json().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schemaId, t.version] })],
);

/** The metrics measured on objects of a type, in order. A metric in use cannot be deleted. */
export const objectTypeMetrics = pgTable(
  'object_type_metrics',
  {
    typeId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
    metricId: uuid()
      .notNull()
      .references(() => metrics.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.metricId] }), index().on(t.metricId)],
);

/** The schemas an object type's metadata must satisfy, all of them, in order. */
export const objectTypeSchemas = pgTable(
  'object_type_schemas',
  {
    typeId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
    schemaId: uuid()
      .notNull()
      .references(() => metadataSchemas.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.schemaId] }), index().on(t.schemaId)],
);

/** The types an object of a type may sit inside (a site inside a property). */
export const objectTypeParents = pgTable(
  'object_type_parents',
  {
    typeId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
    parentId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.parentId] }), index().on(t.parentId)],
);

/** Kinds of node in the data catalogue, each with the schema its nodes' metadata follows. */
export const nodeTypes = pgTable('node_types', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  schemaId: uuid().references(() => metadataSchemas.id, { onDelete: 'restrict' }),
  ...versioned,
  ...timestamps,
});

/** The data-catalogue tree, addressed by path (soil/chemistry/carbon). */
export const nodes = pgTable(
  'nodes',
  {
    id: uuid().primaryKey().defaultRandom(),
    parentId: uuid().references((): AnyPgColumn => nodes.id, { onDelete: 'restrict' }),
    /** The last segment of the path. */
    slug: text().notNull(),
    /** Every segment from the root: kept in step with the parents' on a move or rename. */
    path: text().notNull().unique(),
    title: text().notNull(),
    description: text().notNull().default(''),
    nodeTypeId: uuid()
      .notNull()
      .references(() => nodeTypes.id, { onDelete: 'restrict' }),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    position: integer().notNull().default(0),
    ...versioned,
    ...timestamps,
  },
  (t) => [index().on(t.parentId), index().on(t.nodeTypeId)],
);
