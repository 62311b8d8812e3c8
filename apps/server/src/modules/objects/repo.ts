import { and, asc, eq, ilike, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import {
  institutions,
  objectInstitutions,
  objectPeople,
  objectProjects,
  objects,
  objectTypeLinks,
  objectTypes,
  people,
  projects,
} from '../../db/schema/index.js';
import { extentOverlaps, geoJsonOf, geoJsonValue, geometrySql, postgisGeoJson } from '../../lib/geometry.js';
import { byKey, keyForm, keyValue } from '../../authz/lookup.js';
import { literal, queryTemplate } from '../../db/templates.js';
import { orderedLinks } from '../../lib/ordered-links.js';
import { isoTime, jsonArrayText, jsonList, jsonObject, jsonOne } from '../../lib/sql-json.js';
import { nextVersion, touch } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';
import type { Bbox, GeoJson } from '@observatory/shared';

const columns = {
  id: objects.id,
  name: objects.name,
  title: objects.title,
  metadata: objects.metadata,
  parentId: objects.parentId,
  visibility: objects.visibility,
  doc: objects.doc,
  version: objects.version,
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
        .select({ objectId: objectTypeLinks.objectId, id: objectTypes.id, slug: objectTypes.slug, name: objectTypes.name, marker: objectTypes.marker })
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
  return db
    .select({ id: objects.id, name: objects.name, title: objects.title })
    .from(objects)
    .where(and(inArray(objects.id, ids), visible));
}

type Ref = { id: string; slug: string; name: string };
type TypeRef = { slug: string; name: string; marker: string };
const self = alias(objects, 'self');

/** What an object answer shows beside its own columns, for the object row `o` (an alias or a page): its types, the projects and parent `visible` lets through, and who changed it last. */
function shownWith(o: { id: SQLWrapper; parentId: SQLWrapper; updatedById: SQLWrapper }, visible: Visible) {
  return {
    types: jsonList<TypeRef>(
      sql`select json_agg(json_build_object('slug', ${objectTypes.slug}, 'name', ${objectTypes.name}, 'marker', ${objectTypes.marker}) order by ${objectTypes.position})
        from ${objectTypeLinks} join ${objectTypes} on ${objectTypes.id} = ${objectTypeLinks.typeId} where ${objectTypeLinks.objectId} = ${o.id}`,
    ),
    projects: jsonList<{ id: string; slug: string; title: string }>(
      sql`select json_agg(json_build_object('id', ${projects.id}, 'slug', ${projects.slug}, 'title', ${projects.title}) order by lower(${projects.title}))
        from ${objectProjects} join ${projects} on ${projects.id} = ${objectProjects.projectId} where ${objectProjects.objectId} = ${o.id} and ${visible.projects ?? sql`true`}`,
    ),
    parent: jsonOne<{ id: string; name: string; title: string }>(
      sql`select json_build_object('id', ${objects.id}, 'name', ${objects.name}, 'title', ${objects.title}) from ${objects} where ${objects.id} = ${o.parentId} and ${visible.objects ?? sql`true`}`,
    ),
    updatedBy: jsonOne<Ref>(
      sql`select json_build_object('id', ${people.id}, 'slug', ${people.slug}, 'name', ${people.name}) from ${people} where ${people.id} = ${o.updatedById}`,
    ),
  };
}

/** The registry's conditions for the reader, for the projects and objects an answer names. */
export interface Visible {
  projects: SQL | undefined;
  objects: SQL | undefined;
}

/**
 * The object a key names with everything its detail shows, in one statement: the ids of
 * its projects (for the policy), its types, the projects and parent `visible` lets through
 * (the registry's conditions for the reader), who changed it last, and its people and
 * institutions in order.
 */
const objectDetail = queryTemplate({
  shape: ({ key, visible }: { key: string; visible: Visible }) => [keyForm('object', key), visible.projects, visible.objects],
  values: ({ key }) => ({ key: keyValue('object', key) }),
  build: (db, { key, visible }) =>
    db
      .select({
        id: self.id,
        projectIds: sql<string[]>`array(select ${objectProjects.projectId}::text from ${objectProjects} where ${objectProjects.objectId} = ${self.id})`,
        name: self.name,
        title: self.title,
        metadata: self.metadata,
        parentId: self.parentId,
        visibility: self.visibility,
        doc: self.doc,
        version: self.version,
        updatedAt: self.updatedAt,
        updatedById: self.updatedById,
        geo: geoJsonOf(self.geo),
        ...shownWith(self, visible),
        people: jsonList<{ person: Ref; role: string | null; position: number }>(
          sql`select json_agg(json_build_object('person', json_build_object('id', ${people.id}, 'slug', ${people.slug}, 'name', ${people.name}), 'role', ${objectPeople.role}, 'position', ${objectPeople.position}) order by ${objectPeople.position}, ${objectPeople.createdAt})
            from ${objectPeople} join ${people} on ${people.id} = ${objectPeople.personId} where ${objectPeople.objectId} = ${self.id}`,
        ),
        institutions: jsonList<{ institution: Ref; role: string | null; position: number }>(
          sql`select json_agg(json_build_object('institution', json_build_object('id', ${institutions.id}, 'slug', ${institutions.slug}, 'name', ${institutions.name}), 'role', ${objectInstitutions.role}, 'position', ${objectInstitutions.position}) order by ${objectInstitutions.position}, ${objectInstitutions.createdAt})
            from ${objectInstitutions} join ${institutions} on ${institutions.id} = ${objectInstitutions.institutionId} where ${objectInstitutions.objectId} = ${self.id}`,
        ),
      })
      .from(self)
      .where(byKey('object', key, self, sql.placeholder('key'))),
});

export async function findObjectDetail(db: Db, key: string, visible: Visible) {
  const [row] = await objectDetail(db, { key, visible });
  return row ?? null;
}

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

/** An object's version, for a write's check (lib/versions.ts). */
export const objectVersion = (id: string) => ({ table: objects, where: eq(objects.id, id), type: 'object', id, what: 'The object' });

/** A write to what an object's editor shows with it (its people, institutions, projects) is a new version of the object. */
export const touchObject = (db: Db, id: string, actor: Actor | null) => touch(db, objects, eq(objects.id, id), actor);

/** Changes an object: a new version of it (its values name who wrote it). */
export async function updateObject(db: Db, id: string, values: Partial<ObjectValues>, geo?: GeoJson | null): Promise<void> {
  await db
    .update(objects)
    .set({
      ...values,
      doc: values.doc as never,
      ...(geo !== undefined ? { geo: geoValue(geo) as never } : {}),
      version: nextVersion(objects),
      updatedAt: new Date(),
    })
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

/** An object an import creates (no id) or updates; undefined parts are left as they are. */
export interface ImportedObject {
  id: string | null;
  name: string;
  title: string;
  metadata: Record<string, unknown>;
  geo: GeoJson | null | undefined;
  typeIds?: string[] | undefined;
  projectIds?: string[] | undefined;
}

/** A geometry from GeoJSON text (null stays null), for rows of unnest. */
const geometryOfText = (column: SQL) => sql`case when ${column} is null then null else ST_SetSRID(ST_GeomFromGeoJSON(${column}), 4326) end`;
const geoText = (geo: GeoJson | null | undefined) => (geo ? JSON.stringify(postgisGeoJson(geo)) : null);

/**
 * Creates and updates a batch of an import's objects in a handful of statements (arrays
 * unnested into rows), whatever the batch's size. Answers each item's id, in order.
 */
export async function writeMany(db: Db, updatedById: string | null, items: ImportedObject[]): Promise<string[]> {
  const ids = items.map((item) => item.id);
  const creates = items.flatMap((item, i) => (item.id ? [] : [i]));
  if (creates.length) {
    const made = rowsOf<{ id: string; name: string }>(
      await db.execute(sql`
        insert into ${objects} (name, title, metadata, geo, visibility, updated_by_id)
        select u.name, u.title, u.metadata::jsonb, ${geometryOfText(sql`u.geo`)}, 'public', ${updatedById}::uuid
        from unnest(${sql.param(creates.map((i) => items[i]!.name))}::text[], ${sql.param(creates.map((i) => items[i]!.title))}::text[],
          ${sql.param(creates.map((i) => JSON.stringify(items[i]!.metadata)))}::text[], ${sql.param(creates.map((i) => geoText(items[i]!.geo)))}::text[]) as u(name, title, metadata, geo)
        returning id, name`),
    );
    const idOf = new Map(made.map((r) => [r.name, r.id]));
    for (const i of creates) ids[i] = idOf.get(items[i]!.name)!;
  }
  const updates = items.filter((item) => item.id);
  if (updates.length) {
    await db.execute(sql`
      update ${objects} o set title = u.title, metadata = u.metadata::jsonb, version = o.version + 1, updated_by_id = ${updatedById}::uuid, updated_at = now(),
        geo = case when u.set_geo then ${geometryOfText(sql`u.geo`)} else o.geo end
      from unnest(${sql.param(updates.map((u) => u.id))}::uuid[], ${sql.param(updates.map((u) => u.title))}::text[], ${sql.param(updates.map((u) => JSON.stringify(u.metadata)))}::text[],
        ${sql.param(updates.map((u) => geoText(u.geo)))}::text[], ${sql.param(updates.map((u) => u.geo !== undefined))}::boolean[]) as u(id, title, metadata, geo, set_geo)
      where o.id = u.id`);
  }
  await replaceLinks(
    db,
    objectTypeLinks,
    'type_id',
    items.map((item, i) => [ids[i]!, item.typeIds]),
  );
  await replaceLinks(
    db,
    objectProjects,
    'project_id',
    items.map((item, i) => [ids[i]!, item.projectIds]),
  );
  return ids as string[];
}

/** Sets the parents of many objects in one statement. */
export async function setParents(db: Db, updatedById: string | null, changes: { id: string; parentId: string | null }[]): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    update ${objects} o set parent_id = u.parent_id, version = o.version + 1, updated_by_id = ${updatedById}::uuid, updated_at = now()
    from unnest(${sql.param(changes.map((c) => c.id))}::uuid[], ${sql.param(changes.map((c) => c.parentId))}::uuid[]) as u(id, parent_id)
    where o.id = u.id`);
}

/** Replaces the links of the objects given a list (objects given none keep theirs): one delete, one insert. */
async function replaceLinks(
  db: Db,
  table: typeof objectTypeLinks | typeof objectProjects,
  target: 'type_id' | 'project_id',
  lists: [string, string[] | undefined][],
) {
  const changed = lists.filter((entry): entry is [string, string[]] => entry[1] !== undefined);
  if (changed.length === 0) return;
  await db.delete(table).where(sql`${table.objectId} = any(${sql.param(changed.map(([id]) => id))}::uuid[])`);
  const pairs = changed.flatMap(([id, targets]) => targets.map((t) => [id, t] as const));
  if (pairs.length === 0) return;
  await db.execute(sql`
    insert into ${table} (object_id, ${sql.identifier(target)})
    select * from unnest(${sql.param(pairs.map((p) => p[0]))}::uuid[], ${sql.param(pairs.map((p) => p[1]))}::uuid[])`);
}

export interface ObjectFilters {
  parentId?: string | undefined;
  /** Objects of any of these types. */
  typeIds?: string[] | undefined;
  projectId?: string | undefined;
  /** Objects listing this person among their people. */
  personId?: string | undefined;
  /** Objects listing this institution among their institutions. */
  institutionId?: string | undefined;
  q?: string | undefined;
  /** Objects whose extent overlaps the box. */
  bbox?: Bbox | undefined;
}

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The condition of the catalogue's filters, within what `visible` lets through (the registry's condition for the reader): the list and the map share it. */
export function objectFilter(f: ObjectFilters, visible: SQL | undefined): SQL | undefined {
  // No filter: the reader's condition itself (for a visitor one object, whose key is rendered once: db/sql-key.ts).
  if (!f.parentId && !f.typeIds && !f.projectId && !f.personId && !f.institutionId && !f.q && !f.bbox) return visible;
  return and(
    visible,
    f.parentId ? eq(objects.parentId, f.parentId) : undefined,
    f.typeIds
      ? sql`exists (select 1 from ${objectTypeLinks} where ${objectTypeLinks.objectId} = ${objects.id} and ${inArray(objectTypeLinks.typeId, f.typeIds)})`
      : undefined,
    f.projectId
      ? sql`exists (select 1 from ${objectProjects} where ${objectProjects.objectId} = ${objects.id} and ${objectProjects.projectId} = ${f.projectId})`
      : undefined,
    f.personId
      ? sql`exists (select 1 from ${objectPeople} where ${objectPeople.objectId} = ${objects.id} and ${objectPeople.personId} = ${f.personId})`
      : undefined,
    f.institutionId
      ? sql`exists (select 1 from ${objectInstitutions} where ${objectInstitutions.objectId} = ${objects.id} and ${objectInstitutions.institutionId} = ${f.institutionId})`
      : undefined,
    f.q ? or(ilike(objects.title, escapeLike(f.q)), ilike(objects.name, escapeLike(f.q))) : undefined,
    f.bbox ? extentOverlaps(objects.extent, f.bbox) : undefined,
  );
}

interface PageArgs {
  where: SQL | undefined;
  visible: Visible;
  withGeo: boolean;
  page: { limit: number; offset: number };
}
const pageShape = ({ where, visible, withGeo, page }: PageArgs) => [where, visible.projects, visible.objects, withGeo, page.limit, page.offset];

/** The rows of a page of the catalogue, as a subquery: titles in alphabetical order. */
const pageRows = (db: Db, { where, page }: PageArgs) =>
  db
    .select({ ...columns, geo: objects.geo })
    .from(objects)
    .where(where)
    .orderBy(asc(sql`lower(${objects.title})`), asc(objects.id))
    .limit(literal(page.limit))
    .offset(literal(page.offset))
    .as('page');

/** Rows of a page or chunk (a subquery) with their metadata and everything they show, for the formats. */
const formatRows = (db: Db, rows: ReturnType<typeof pageRows>, visible: Visible, withGeo: boolean) =>
  db
    .select({
      id: rows.id,
      name: rows.name,
      title: rows.title,
      metadata: rows.metadata,
      visibility: rows.visibility,
      updatedAt: rows.updatedAt,
      updatedById: rows.updatedById,
      ...(withGeo ? { geo: geoJsonOf(rows.geo) } : {}),
      ...shownWith(rows, visible),
    })
    .from(rows);

/** A page with everything its rows show, as rows (for the formats, which need the metadata). */
const objectPage = queryTemplate({
  shape: pageShape,
  build: (db, args) => {
    const rows = pageRows(db, args);
    return formatRows(db, rows, args.visible, args.withGeo).orderBy(asc(sql`lower(${rows.title})`), asc(rows.id));
  },
});

/** A chunk of a streamed export: what `where` finds after the id `after` (null: from the start), by id. */
interface ChunkArgs {
  where: SQL | undefined;
  visible: Visible;
  after: string | null;
  limit: number;
  /** Only objects with a geometry (GeoJSON leaves the others out). */
  located: boolean;
}

const objectChunk = queryTemplate({
  shape: ({ where, visible, after, limit, located }: ChunkArgs) => [where, visible.projects, visible.objects, after === null, limit, located],
  values: ({ after }) => (after === null ? {} : { after }),
  build: (db, { where, visible, after, limit, located }) => {
    // The same alias as a page's rows: formatRows reads either.
    const rows = db
      .select({ ...columns, geo: objects.geo })
      .from(objects)
      .where(and(where, after === null ? undefined : sql`${objects.id} > ${sql.placeholder('after')}::uuid`, located ? isNotNull(objects.geo) : undefined))
      .orderBy(asc(objects.id))
      .limit(literal(limit))
      .as('page');
    return formatRows(db, rows, visible, true).orderBy(asc(rows.id));
  },
});

/**
 * The next chunk of every object `where` finds, by id after `after`, with everything its
 * rows show: keyset paging, so each chunk is an index range however deep the export is.
 */
export const exportChunk = (db: Db, args: ChunkArgs) => objectChunk(db, args);
export type FormatRow = Awaited<ReturnType<typeof exportChunk>>[number];

/**
 * The metadata fields of a chunk of what `where` finds (by id after `after`), and the
 * chunk's last id (null when it was the last chunk): a streamed table names every field
 * in its header before it reads its rows.
 */
export async function metadataFieldsChunk(db: Db, { where, after, limit }: { where: SQL | undefined; after: string | null; limit: number }) {
  const from = after === null ? undefined : sql`${objects.id} > ${after}::uuid`;
  const result = await db.execute(sql`
    with chunk as (select ${objects.id} as id, ${objects.metadata} as metadata from ${objects} where ${and(where, from) ?? sql`true`} order by ${objects.id} limit ${literal(limit)})
    select (select count(*) from chunk)::int as n, (select id::text from chunk order by id desc limit 1) as last,
      (select json_agg(distinct k) from chunk, jsonb_object_keys(chunk.metadata) k) as fields`);
  const row = rowsOf<{ n: number; last: string | null; fields: string[] | string | null }>(result)[0]!;
  // A driver may hand json back as text.
  const fields = (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as string[] | null;
  return { fields: fields ?? [], last: Number(row.n) === limit ? row.last : null };
}

/** A page as the text of the JSON list items (GeoObjectListItemSchema), written by the database. */
const objectPageJson = queryTemplate({
  shape: pageShape,
  build: (db, args) => {
    const rows = pageRows(db, args);
    const shown = shownWith(rows, args.visible);
    const item = jsonObject({
      id: rows.id,
      name: rows.name,
      title: rows.title,
      types: shown.types,
      projects: shown.projects,
      parent: shown.parent,
      visibility: rows.visibility,
      version: rows.version,
      update: jsonObject({ at: isoTime(rows.updatedAt), by: shown.updatedBy }),
      ...(args.withGeo ? { geo: geoJsonValue(rows.geo) } : {}),
    });
    return db.select({ json: jsonArrayText(item, sql`lower(${rows.title}), ${rows.id}`) }).from(rows);
  },
});

type Page = { limit: number; offset: number };

/** A page of objects under `where` with what each row shows, and their total. */
export async function listObjects(db: Db, counts: CountCache, where: SQL | undefined, visible: Visible, withGeo: boolean, page: Page) {
  // The page and the total at once (on a server, two pooled connections).
  const [rows, total] = await Promise.all([objectPage(db, { where, visible, withGeo, page }), counts.count(db, objects, where)]);
  return { rows, total };
}

/** The same page as the text of a JSON array of list items, and the total. */
export async function listObjectsJson(db: Db, counts: CountCache, where: SQL | undefined, visible: Visible, withGeo: boolean, page: Page) {
  const [[row], total] = await Promise.all([objectPageJson(db, { where, visible, withGeo, page }), counts.count(db, objects, where)]);
  return { json: row!.json, total };
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
    .select({
      institution: { id: institutions.id, slug: institutions.slug, name: institutions.name },
      role: objectInstitutions.role,
      position: objectInstitutions.position,
    })
    .from(objectInstitutions)
    .innerJoin(institutions, eq(institutions.id, objectInstitutions.institutionId))
    .where(eq(objectInstitutions.objectId, objectId))
    .orderBy(asc(objectInstitutions.position), asc(objectInstitutions.createdAt));

/** People and institutions of an object: ordered links known by their target (lib/ordered-links.ts). */
export const links = {
  people: orderedLinks({
    table: objectPeople,
    owner: objectPeople.objectId,
    key: objectPeople.personId,
    position: objectPeople.position,
    createdAt: objectPeople.createdAt,
  }),
  institutions: orderedLinks({
    table: objectInstitutions,
    owner: objectInstitutions.objectId,
    key: objectInstitutions.institutionId,
    position: objectInstitutions.position,
    createdAt: objectInstitutions.createdAt,
  }),
};
export type LinkKind = keyof typeof links;

const LINK_TARGETS = { people: objectPeople.personId, institutions: objectInstitutions.institutionId } as const;

export async function upsertLink(db: Db, kind: LinkKind, objectId: string, targetId: string, role: string | null | undefined, position: number) {
  const table = kind === 'people' ? objectPeople : objectInstitutions;
  // A new link without a role gets none; an existing one keeps its role unless one is given.
  const values =
    kind === 'people' ? { objectId, personId: targetId, role: role ?? null, position } : { objectId, institutionId: targetId, role: role ?? null, position };
  await db
    .insert(table)
    .values(values as never)
    .onConflictDoUpdate({ target: [table.objectId, LINK_TARGETS[kind]], set: { ...(role !== undefined ? { role } : {}), updatedAt: new Date() } });
}

export async function addProject(db: Db, objectId: string, projectId: string): Promise<void> {
  await db.insert(objectProjects).values({ objectId, projectId }).onConflictDoNothing();
}

export async function removeProject(db: Db, objectId: string, projectId: string): Promise<boolean> {
  return (
    (
      await db
        .delete(objectProjects)
        .where(and(eq(objectProjects.objectId, objectId), eq(objectProjects.projectId, projectId)))
        .returning()
    ).length > 0
  );
}
