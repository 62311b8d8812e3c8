import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../authz/policy.js';
import type { Db } from '../../db/client.js';
import { touch } from '../../lib/versions.js';
import {
  dataTableMetrics,
  dataTables,
  metadataSchemas,
  metadataSchemaVersions,
  metrics,
  nodeTypes,
  objectTypeLinks,
  objectTypeMetrics,
  objectTypeParents,
  objectTypes,
  objectTypeSchemas,
  objects,
  projects,
  units,
} from '../../db/schema/index.js';

export type TypeRow = typeof objectTypes.$inferSelect;
export type MetricRow = typeof metrics.$inferSelect;
export type SchemaRow = typeof metadataSchemas.$inferSelect;
export type UnitRow = typeof units.$inferSelect;

// Each resource's version, for a write's check (lib/versions.ts): by its id, so a change
// of its name or slug meanwhile still finds it (and then answers 412 if the write is based on the former version).
export const unitVersion = (code: string) => ({ table: units, where: eq(units.code, code), type: 'unit', id: code, what: 'The unit' });
export const metricVersion = (id: string) => ({ table: metrics, where: eq(metrics.id, id), type: 'metric', id, what: 'The metric' });
export const schemaVersion = (id: string) => ({ table: metadataSchemas, where: eq(metadataSchemas.id, id), type: 'schema', id, what: 'The metadata schema' });
export const typeVersion = (id: string) => ({ table: objectTypes, where: eq(objectTypes.id, id), type: 'objtype', id, what: 'The object type' });

// ---------------------------------------------------------------- units

export const listUnits = (db: Db) => db.select().from(units).orderBy(asc(units.code));
export const findUnit = async (db: Db, code: string) => (await db.select().from(units).where(eq(units.code, code)))[0] ?? null;
export const metricsInUnit = (db: Db, code: string) =>
  db.select({ name: metrics.name, title: metrics.title }).from(metrics).where(eq(metrics.unit, code)).orderBy(asc(metrics.name));

// ---------------------------------------------------------------- metrics

export const listMetrics = (db: Db) => db.select().from(metrics).orderBy(asc(metrics.name));
export const findMetric = async (db: Db, name: string) => (await db.select().from(metrics).where(eq(metrics.name, name)))[0] ?? null;
export const findMetricById = async (db: Db, id: string) => (await db.select().from(metrics).where(eq(metrics.id, id)))[0] ?? null;
export const metricsByName = (db: Db, names: string[]) => (names.length ? db.select().from(metrics).where(inArray(metrics.name, names)) : Promise.resolve([]));

/** The data tables that hold a metric, with their projects' titles (a delete names them). */
export const tablesWithMetric = (db: Db, metricId: string) =>
  db
    .select({ title: dataTables.title, project: projects.title })
    .from(dataTableMetrics)
    .innerJoin(dataTables, eq(dataTables.id, dataTableMetrics.tableId))
    .innerJoin(projects, eq(projects.id, dataTables.projectId))
    .where(eq(dataTableMetrics.metricId, metricId));

/** The types that measure a metric. */
export const typesWithMetric = (db: Db, metricId: string) =>
  db
    .select({ slug: objectTypes.slug, name: objectTypes.name })
    .from(objectTypeMetrics)
    .innerJoin(objectTypes, eq(objectTypes.id, objectTypeMetrics.typeId))
    .where(eq(objectTypeMetrics.metricId, metricId));

// ---------------------------------------------------------------- metadata schemas

export const listSchemas = (db: Db) => db.select().from(metadataSchemas).orderBy(asc(metadataSchemas.slug));
export const findSchema = async (db: Db, slug: string) => (await db.select().from(metadataSchemas).where(eq(metadataSchemas.slug, slug)))[0] ?? null;
export const schemasBySlug = (db: Db, slugs: string[]) =>
  slugs.length ? db.select().from(metadataSchemas).where(inArray(metadataSchemas.slug, slugs)) : Promise.resolve([]);
export const findSchemaById = async (db: Db, id: string) => (await db.select().from(metadataSchemas).where(eq(metadataSchemas.id, id)))[0] ?? null;

export async function insertSchemaVersion(db: Db, row: SchemaRow) {
  await db.insert(metadataSchemaVersions).values({ schemaId: row.id, version: row.version, title: row.title, schema: row.schema });
}

/** The object types and node types whose metadata follows a schema. */
export async function usersOfSchema(db: Db, schemaId: string) {
  const types = await db
    .select({ slug: objectTypes.slug, name: objectTypes.name })
    .from(objectTypeSchemas)
    .innerJoin(objectTypes, eq(objectTypes.id, objectTypeSchemas.typeId))
    .where(eq(objectTypeSchemas.schemaId, schemaId));
  const kinds = await db.select({ slug: nodeTypes.slug, name: nodeTypes.name }).from(nodeTypes).where(eq(nodeTypes.schemaId, schemaId));
  return [...types.map((t) => ({ kind: 'object type', ...t })), ...kinds.map((k) => ({ kind: 'node type', ...k }))];
}

/** Objects of any of these types, with their metadata, all their types, and whether `visible` lets the reader see each. */
export async function objectsOfTypes(db: Db, typeIds: string[], visible: SQL | undefined) {
  if (!typeIds.length) return [];
  const rows = await db
    .selectDistinct({
      id: objects.id,
      name: objects.name,
      title: objects.title,
      metadata: objects.metadata,
      visible: sql<boolean>`${visible ?? sql`true`}`.as('visible'),
    })
    .from(objects)
    .innerJoin(objectTypeLinks, eq(objectTypeLinks.objectId, objects.id))
    .where(inArray(objectTypeLinks.typeId, typeIds))
    .orderBy(asc(objects.name));
  const links = rows.length
    ? await db
        .select()
        .from(objectTypeLinks)
        .where(
          inArray(
            objectTypeLinks.objectId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({ ...r, typeIds: links.filter((l) => l.objectId === r.id).map((l) => l.typeId) }));
}

// ---------------------------------------------------------------- object types

export const listTypes = (db: Db) => db.select().from(objectTypes).orderBy(asc(objectTypes.position), asc(objectTypes.name));
export const findType = async (db: Db, slug: string) => (await db.select().from(objectTypes).where(eq(objectTypes.slug, slug)))[0] ?? null;
export const findTypeById = async (db: Db, id: string) => (await db.select().from(objectTypes).where(eq(objectTypes.id, id)))[0] ?? null;
export const findTypeByName = async (db: Db, name: string) =>
  (
    await db
      .select()
      .from(objectTypes)
      .where(sql`lower(${objectTypes.name}) = lower(${name})`)
  )[0] ?? null;
export const typesBySlug = (db: Db, slugs: string[]) =>
  slugs.length === 0 ? Promise.resolve([]) : db.select().from(objectTypes).where(inArray(objectTypes.slug, slugs));

/** What every type embeds: its metrics, schemas and parents, in order. */
export async function typeParts(db: Db, typeIds: string[]) {
  if (!typeIds.length) return { metricLinks: [], schemaLinks: [], parentLinks: [] };
  const [metricLinks, schemaLinks, parentLinks] = await Promise.all([
    db
      .select({ typeId: objectTypeMetrics.typeId, metric: metrics })
      .from(objectTypeMetrics)
      .innerJoin(metrics, eq(metrics.id, objectTypeMetrics.metricId))
      .where(inArray(objectTypeMetrics.typeId, typeIds))
      .orderBy(asc(objectTypeMetrics.position)),
    db
      .select({ typeId: objectTypeSchemas.typeId, schema: metadataSchemas })
      .from(objectTypeSchemas)
      .innerJoin(metadataSchemas, eq(metadataSchemas.id, objectTypeSchemas.schemaId))
      .where(inArray(objectTypeSchemas.typeId, typeIds))
      .orderBy(asc(objectTypeSchemas.position)),
    db
      .select({ typeId: objectTypeParents.typeId, slug: objectTypes.slug })
      .from(objectTypeParents)
      .innerJoin(objectTypes, eq(objectTypes.id, objectTypeParents.parentId))
      .where(inArray(objectTypeParents.typeId, typeIds))
      .orderBy(asc(objectTypes.position)),
  ]);
  return { metricLinks, schemaLinks, parentLinks };
}

/** The types that may sit inside a type: deleting it takes it out of their parents. */
export const childTypeIds = async (db: Db, parentId: string) =>
  (await db.select({ id: objectTypeParents.typeId }).from(objectTypeParents).where(eq(objectTypeParents.parentId, parentId))).map((r) => r.id);

/** A change to a type's parents, metrics or schemas made elsewhere (a parent type deleted) is a new version of the type. */
export const touchTypes = (db: Db, ids: string[], actor: Actor | null) =>
  ids.length ? touch(db, objectTypes, inArray(objectTypes.id, ids), actor) : Promise.resolve();

/** Every parent link, to look for loops. */
export const allParentLinks = (db: Db) => db.select().from(objectTypeParents);

export async function replaceTypeParts(db: Db, typeId: string, parts: { parentIds: string[]; metricIds: string[]; schemaIds: string[] }) {
  await db.delete(objectTypeParents).where(eq(objectTypeParents.typeId, typeId));
  await db.delete(objectTypeMetrics).where(eq(objectTypeMetrics.typeId, typeId));
  await db.delete(objectTypeSchemas).where(eq(objectTypeSchemas.typeId, typeId));
  if (parts.parentIds.length) await db.insert(objectTypeParents).values(parts.parentIds.map((parentId) => ({ typeId, parentId })));
  if (parts.metricIds.length) await db.insert(objectTypeMetrics).values(parts.metricIds.map((metricId, position) => ({ typeId, metricId, position })));
  if (parts.schemaIds.length) await db.insert(objectTypeSchemas).values(parts.schemaIds.map((schemaId, position) => ({ typeId, schemaId, position })));
}

export const countObjectsOfType = async (db: Db, typeId: string) =>
  (await db.select({ n: count() }).from(objectTypeLinks).where(eq(objectTypeLinks.typeId, typeId)))[0]!.n;
