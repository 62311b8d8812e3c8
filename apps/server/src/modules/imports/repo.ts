import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importRecords, importSessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof importSessions.$inferSelect;

/** Records written per statement: one array of positions and one of cells (unnest), however many. */
const CHUNK = 10_000;

export async function writeRecords(db: Db, sessionId: string, records: string[][]) {
  await db.delete(importRecords).where(eq(importRecords.sessionId, sessionId));
  for (let start = 0; start < records.length; start += CHUNK) {
    const chunk = records.slice(start, start + CHUNK);
    await db.execute(sql`
      insert into ${importRecords} (session_id, position, cells)
      select ${sessionId}::uuid, p, c from unnest(${sql.param(chunk.map((_, i) => start + i))}::int[], ${sql.param(chunk.map((r) => JSON.stringify(r)))}::jsonb[]) as u(p, c)`);
  }
}

/** A session with its uploader's username. */
const withUploader = (db: Db) =>
  db
    .select({ session: importSessions, username: users.username })
    .from(importSessions)
    .leftJoin(users, eq(users.id, importSessions.createdBy));

export const findSession = async (db: Db, id: string) => (await withUploader(db).where(eq(importSessions.id, id)))[0] ?? null;
export const recentSessions = (db: Db, limit: number) => withUploader(db).orderBy(desc(importSessions.createdAt)).limit(limit);

export const recordPage = (db: Db, sessionId: string, page: { limit: number; offset: number }) =>
  db
    .select({ position: importRecords.position, cells: importRecords.cells })
    .from(importRecords)
    .where(eq(importRecords.sessionId, sessionId))
    .orderBy(asc(importRecords.position))
    .limit(page.limit)
    .offset(page.offset);
