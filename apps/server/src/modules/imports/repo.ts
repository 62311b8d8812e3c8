import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { importRecords, importSessions, objects, users } from '../../db/schema/index.js';
import { invalidField } from '../../lib/errors.js';
import { geoJsonOf } from '../../lib/geometry.js';
import { unguarded } from './decode.js';

export type SessionRow = typeof importSessions.$inferSelect;

/** Records written per statement. */
const CHUNK = 10_000;

/**
 * A session's records, each a row: a chunk of them goes as one JSON text (one
 * JSON.stringify, parsed once by PostgreSQL), not as an array of texts each escaped apart.
 */
export async function writeRecords(db: Db, sessionId: string, records: string[][]) {
  await db.delete(importRecords).where(eq(importRecords.sessionId, sessionId));
  for (let start = 0; start < records.length; start += CHUNK) {
    const chunk = records.slice(start, start + CHUNK);
    await db.execute(sql`
      insert into ${importRecords} (session_id, position, cells)
      select ${sessionId}::uuid, ${start}::int + (u.n - 1)::int, u.c from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as u(c, n)`);
  }
}

/** A session with its uploader's username. */
const withUploader = (db: Db) =>
  db.select({ session: importSessions, username: users.username }).from(importSessions).leftJoin(users, eq(users.id, importSessions.createdBy));

export const findSession = async (db: Db, id: string) => (await withUploader(db).where(eq(importSessions.id, id)))[0] ?? null;
/** The latest sessions (only those this user uploaded, when given). */
export const recentSessions = (db: Db, limit: number, createdBy?: string) =>
  withUploader(db)
    .where(createdBy ? eq(importSessions.createdBy, createdBy) : undefined)
    .orderBy(desc(importSessions.createdAt))
    .limit(limit);

export const recordPage = (db: Db, sessionId: string, page: { limit: number; offset: number }) =>
  db
    .select({ position: importRecords.position, cells: importRecords.cells })
    .from(importRecords)
    .where(eq(importRecords.sessionId, sessionId))
    .orderBy(asc(importRecords.position))
    .limit(page.limit)
    .offset(page.offset);

/** The objects of these names as an import compares them, and whether the importer may see each. */
export async function objectStates(db: Db, names: string[], visible: SQL | undefined) {
  if (names.length === 0) return [];
  // Table names spelled out in the subqueries: a one-table query leaves them off its columns.
  return db
    .select({
      id: objects.id,
      name: objects.name,
      title: objects.title,
      metadata: objects.metadata,
      // As the API answers it (a FeatureCollection, not its stored GeometryCollection): as an export writes it.
      geo: geoJsonOf(objects.geo),
      types: sql<
        string[]
      >`coalesce((select json_agg(t.slug order by t.slug) from object_type_links l join object_types t on t.id = l.type_id where l.object_id = "objects"."id"), '[]'::json)`,
      projects: sql<
        string[]
      >`coalesce((select json_agg(p.slug order by p.slug) from object_projects op join projects p on p.id = op.project_id where op.object_id = "objects"."id"), '[]'::json)`,
      visible: visible ? sql<boolean>`coalesce((${visible}), false)` : sql<boolean>`true`,
    })
    .from(objects)
    .where(nameIn(names));
}

/** Objects of any of these names: one array parameter, however many (a list of parameters stops at 65,535). */
const nameIn = (names: string[]) => sql`${objects.name} = any(${sql.param(names)}::text[])`;

/** Which of these names objects already have. */
export const takenNames = async (db: Db, names: string[]) =>
  names.length ? new Set((await db.select({ name: objects.name }).from(objects).where(nameIn(names))).map((r) => r.name)) : new Set<string>();

/** Marks a session committed: what it was imported as, how, and what it did. */
export const markCommitted = (db: Db, id: string, kind: string, options: unknown, stats: unknown) =>
  db.update(importSessions).set({ kind, options, stats, committedAt: new Date() }).where(eq(importSessions.id, id));

/**
 * A session's records in order, in one statement (one snapshot: a sheet changed meanwhile
 * is read whole, old or new): a chunk of them a row, as one JSON text parsed once (not a
 * row, and a JSON value, each).
 */
export async function allRecords(db: Db, sessionId: string): Promise<string[][]> {
  const chunks = rowsOf<{ cells: string }>(
    await db.execute(sql`
      select ${importRecords.position} / ${sql.raw(String(CHUNK))} as chunk, json_agg(${importRecords.cells} order by ${importRecords.position})::text as cells
      from ${importRecords} where ${importRecords.sessionId} = ${sessionId}::uuid
      group by chunk order by chunk`),
  );
  return chunks.flatMap((chunk) => JSON.parse(chunk.cells) as string[][]);
}

/** The objects of these names with their parent, and whether the importer may see each. */
export async function relationStates(db: Db, names: string[], visible: SQL | undefined) {
  if (names.length === 0) return [];
  return db
    .select({
      id: objects.id,
      name: objects.name,
      parentId: objects.parentId,
      // Spelled out: a one-table query leaves the table's name off its columns.
      parent: sql<string | null>`(select p.name from objects p where p.id = "objects"."parent_id")`,
      visible: visible ? sql<boolean>`coalesce((${visible}), false)` : sql<boolean>`true`,
    })
    .from(objects)
    .where(nameIn(names));
}

/** Each of these objects and everything above it: (id, parent) up every chain of parents. */
export async function chainsAbove(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string | null>();
  const result = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from ${objects} where id = any(${sql.param(ids)}::uuid[])
      union
      select o.id, o.parent_id from ${objects} o join up on o.id = up.parent_id
    )
    select id, parent_id from up`);
  return new Map(rowsOf<{ id: string; parent_id: string | null }>(result).map((r) => [r.id, r.parent_id]));
}

/**
 * A commit's session, its row locked until the commit's transaction ends: a second commit
 * of the session waits for the first, then reads it committed. Null for records sent in
 * the body.
 */
export async function lockSession(db: Db, body: { records: string[][] } | { session: string }): Promise<SessionRow | null> {
  if (!('session' in body)) return null;
  const [row] = await db.select().from(importSessions).where(eq(importSessions.id, body.session)).for('update');
  if (!row) throw invalidField('body.session', 'No such import session');
  return row;
}

/** The records of an import request: its own, or its session's (with the session's width). */
export async function requestRecords(db: Db, body: { records: string[][] } | { session: string }) {
  if ('records' in body) return { records: body.records.map((r) => r.map(unguarded)), width: Math.max(0, ...body.records.map((r) => r.length)), session: null };
  const found = await findSession(db, body.session);
  if (!found) throw invalidField('body.session', 'No such import session');
  return { records: await allRecords(db, body.session), width: found.session.columns.length, session: found.session };
}

/**
 * The objects of these names the importer may see (`visible`: visibleTo's condition), in
 * one statement: the names go as one array parameter, however many there are. With
 * `ignoringCase`, those whose name is one of them in other letters' case (no index: asked
 * only for the names no object has exactly).
 */
export async function visibleObjectsNamed(db: Db, names: string[], visible: SQL | undefined, ignoringCase = false) {
  if (names.length === 0) return [];
  const named = ignoringCase
    ? sql`lower(${objects.name}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`
    : sql`${objects.name} = any(${sql.param(names)}::text[])`;
  return db.select({ id: objects.id, name: objects.name }).from(objects).where(and(named, visible));
}

/** How many of these objects are there and seen by the importer, each held until commit (a delete waits for it). */
export async function heldObjects(db: Db, ids: string[], visible: SQL | undefined): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: objects.id })
    .from(objects)
    .where(and(sql`${objects.id} = any(${sql.param(ids)}::uuid[])`, visible))
    .for('share');
  return rows.length;
}
