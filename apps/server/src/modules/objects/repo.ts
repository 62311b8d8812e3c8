import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { institutions, objectInstitutions, objectPeople, objectProjects, objects, objectTypeLinks, objectTypes, people, projects } from '../../db/schema';
import { extentOverlaps, geoJsonOf, geometrySql } from '../../lib/geometry';
import type { Bbox, GeoJson } from '@observatory/shared';

const columns = {
  id: objects.id,
  name: objects.name,
  title: objects.title,
  metadata: objects.metadata,
  parentId: objects.parentId,
  visibility: objects.visibility,
  doc: objects.doc,
  updatedAt: objects.updatedAt,
  updatedById: objects.updatedById,
};
export type ObjectRow = { [K in keyof typeof columns]: (typeof objects.$inferSelect)[K] } & { geo?: GeoJson | null };

/** With its geometry. */
export async function findObject(db: Db, id: string): Promise<(ObjectRow & { geo: GeoJson | null }) | null> {
  const [row] = await db
    .select({ ...columns, geo: geoJsonOf(objects.geo) })
    .from(objects)
    .where(eq(objects.id, id));
  return row ?? null;
}

export const typesOf = (db: Db, objectIds: string[]) =>
  objectIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ objectId: objectTypeLinks.objectId, id: objectTypes.id, slug: objectTypes.slug, name: objectTypes.name, marker: objectTypes.marker, metadataSchema: objectTypes.metadataSchema })
        .from(objectTypeLinks)
        .innerJoin(objectTypes, eq(objectTypes.id, objectTypeLinks.typeId))
        .where(inArray(objectTypeLinks.objectId, objectIds))
        .orderBy(asc(objectTypes.position));

/** The projects of objects that `visible` lets through (the registry's condition for the reader). */
export const projectsOf = (db: Db, objectIds: string[], visible: SQL | undefined) =>
  objectIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ objectId: objectProjects.objectId, id: projects.id, slug: projects.slug, title: projects.title })
        .from(objectProjects)
        .innerJoin(projects, eq(projects.id, objectProjects.projectId))
        .where(and(inArray(objectProjects.objectId, objectIds), visible))
        .orderBy(asc(sql`lower(${projects.title})`));

/** Names and titles of objects that `visible` lets through. */
export async function namesOf(db: Db, ids: string[], visible: SQL | undefined) {
  if (ids.length === 0) return [];
  return db.select({ id: objects.id, name: objects.name, title: objects.title }).from(objects).where(and(inArray(objects.id, ids), visible));
}

export async function personRef(db: Db, personId: string | null) {
  if (!personId) return null;
  const [row] = await db.select({ id: people.id, slug: people.slug, name: people.name }).from(people).where(eq(people.id, personId));
  return row ?? null;
}

export const typesBySlug = (db: Db, slugs: string[]) => db.select().from(objectTypes).where(inArray(objectTypes.slug, slugs.length ? slugs : ['']));

export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: objects.id }).from(objects).where(eq(objects.name, name));
  return !!row && row.id !== exceptId;
}

export interface ObjectValues {
  name: string;
  title: string;
  metadata: Record<string, unknown>;
  parentId: string | null;
  visibility: string;
  doc: unknown;
  updatedById: string | null;
}

const geoValue = (geo: GeoJson | null) => (geo ? geometrySql(geo) : null);

export async function insertObject(db: Db, values: ObjectValues, geo: GeoJson | null): Promise<string> {
  const [row] = await db
    .insert(objects)
    .values({ ...values, doc: values.doc as never, geo: geoValue(geo) as never })
    .returning({ id: objects.id });
  return row!.id;
}

export async function updateObject(db: Db, id: string, values: Partial<ObjectValues>, geo?: GeoJson | null): Promise<void> {
  await db
    .update(objects)
    .set({ ...values, doc: values.doc as never, ...(geo !== undefined ? { geo: geoValue(geo) as never } : {}), updatedAt: new Date() })
    .where(eq(objects.id, id));
}

export async function deleteObject(db: Db, id: string): Promise<void> {
  await db.delete(objects).where(eq(objects.id, id));
}

export async function setTypes(db: Db, objectId: string, typeIds: string[]): Promise<void> {
  await db.delete(objectTypeLinks).where(eq(objectTypeLinks.objectId, objectId));
  if (typeIds.length) await db.insert(objectTypeLinks).values(typeIds.map((typeId) => ({ objectId, typeId })));
}

export async function setProjects(db: Db, objectId: string, projectIds: string[]): Promise<void> {
  await db.delete(objectProjects).where(eq(objectProjects.objectId, objectId));
  if (projectIds.length) await db.insert(objectProjects).values(projectIds.map((projectId) => ({ objectId, projectId })));
}

export interface ObjectFilters {
  parentId?: string | undefined;
  typeId?: string | undefined;
  projectId?: string | undefined;
  q?: string | undefined;
  bbox?: Bbox | undefined;
  withGeo: boolean;
}

/** A page of the objects `visible` lets through (the registry's condition for the reader), and their total. */
export async function listObjects(db: Db, f: ObjectFilters, visible: SQL | undefined, page: { limit: number; offset: number }) {
  const where = and(
    visible,
    f.parentId ? eq(objects.parentId, f.parentId) : undefined,
    f.typeId ? sql`exists (select 1 from ${objectTypeLinks} where ${objectTypeLinks.objectId} = ${objects.id} and ${objectTypeLinks.typeId} = ${f.typeId})` : undefined,
    f.projectId ? sql`exists (select 1 from ${objectProjects} where ${objectProjects.objectId} = ${objects.id} and ${objectProjects.projectId} = ${f.projectId})` : undefined,
    f.q ? or(ilike(objects.title, `%${f.q.replace(/[\\%_]/g, '\\$&')}%`), ilike(objects.name, `%${f.q.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
    f.bbox ? extentOverlaps(objects.extent, f.bbox) : undefined,
  );
  // The page and the total at once: on a server they run on two pooled connections.
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...columns, ...(f.withGeo ? { geo: geoJsonOf(objects.geo) } : {}) })
      .from(objects)
      .where(where)
      .orderBy(asc(sql`lower(${objects.title})`), asc(objects.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(objects).where(where),
  ]);
  return { rows: rows as ObjectRow[], total: count?.n ?? 0 };
}

/** Whether `ancestorId` is `objectId` or above it in its chain of parents. */
export async function isAncestor(db: Db, ancestorId: string, objectId: string): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive chain(id) as (
      select ${objectId}::uuid
      union
      select o.parent_id from ${objects} o join chain on o.id = chain.id where o.parent_id is not null
    )
    select exists (select 1 from chain where id = ${ancestorId}::uuid) as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
}

// People and institutions of an object: ordered links keyed by the person or institution.

export const peopleOf = (db: Db, objectId: string) =>
  db
    .select({ person: { id: people.id, slug: people.slug, name: people.name }, role: objectPeople.role, position: objectPeople.position })
    .from(objectPeople)
    .innerJoin(people, eq(people.id, objectPeople.personId))
    .where(eq(objectPeople.objectId, objectId))
    .orderBy(asc(objectPeople.position), asc(objectPeople.createdAt));

export const institutionsOf = (db: Db, objectId: string) =>
  db
    .select({ institution: { id: institutions.id, slug: institutions.slug, name: institutions.name }, role: objectInstitutions.role, position: objectInstitutions.position })
    .from(objectInstitutions)
    .innerJoin(institutions, eq(institutions.id, objectInstitutions.institutionId))
    .where(eq(objectInstitutions.objectId, objectId))
    .orderBy(asc(objectInstitutions.position), asc(objectInstitutions.createdAt));

const LINK_TABLES = {
  people: { table: objectPeople, target: objectPeople.personId },
  institutions: { table: objectInstitutions, target: objectInstitutions.institutionId },
} as const;
export type LinkKind = keyof typeof LINK_TABLES;

/** The linked ids in order. */
export async function linkOrder(db: Db, kind: LinkKind, objectId: string): Promise<string[]> {
  const { table, target } = LINK_TABLES[kind];
  const rows = await db.select({ id: target }).from(table).where(eq(table.objectId, objectId)).orderBy(asc(table.position), asc(table.createdAt));
  return rows.map((r) => r.id);
}

export async function upsertLink(db: Db, kind: LinkKind, objectId: string, targetId: string, role: string | null | undefined, position: number) {
  const { table, target } = LINK_TABLES[kind];
  // A new link without a role gets none; an existing one keeps its role unless one is given.
  const values = kind === 'people' ? { objectId, personId: targetId, role: role ?? null, position } : { objectId, institutionId: targetId, role: role ?? null, position };
  await db
    .insert(table)
    .values(values as never)
    .onConflictDoUpdate({ target: [table.objectId, target], set: { ...(role !== undefined ? { role } : {}), updatedAt: new Date() } });
}

export async function deleteLink(db: Db, kind: LinkKind, objectId: string, targetId: string): Promise<boolean> {
  const { table, target } = LINK_TABLES[kind];
  return (await db.delete(table).where(and(eq(table.objectId, objectId), eq(target, targetId))).returning()).length > 0;
}

/** Positions 0..n-1 in the given order. */
export async function setLinkPositions(db: Db, kind: LinkKind, objectId: string, targetIds: string[]): Promise<void> {
  const { table, target } = LINK_TABLES[kind];
  for (const [position, id] of targetIds.entries()) await db.update(table).set({ position }).where(and(eq(table.objectId, objectId), eq(target, id)));
}

export async function addProject(db: Db, objectId: string, projectId: string): Promise<void> {
  await db.insert(objectProjects).values({ objectId, projectId }).onConflictDoNothing();
}

export async function removeProject(db: Db, objectId: string, projectId: string): Promise<boolean> {
  return (await db.delete(objectProjects).where(and(eq(objectProjects.objectId, objectId), eq(objectProjects.projectId, projectId))).returning()).length > 0;
}
