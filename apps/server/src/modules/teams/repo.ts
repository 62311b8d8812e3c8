import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export async function findTeam(db: Db, key: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(isUuid(key) ? eq(teams.id, key) : eq(teams.slug, key));
  return row ?? null;
}

export const listTeams = (db: Db, ids?: string[]) =>
  db.select().from(teams).where(ids ? inArray(teams.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined).orderBy(asc(sql`lower(${teams.name})`));

export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function updateTeam(db: Db, id: string, values: Partial<typeof teams.$inferInsert>): Promise<TeamRow> {
  const [row] = await db.update(teams).set({ ...values, updatedAt: new Date() }).where(eq(teams.id, id)).returning();
  return row!;
}

export async function deleteTeam(db: Db, id: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, id));
}

export async function slugsLike(db: Db, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: teams.slug })
    .from(teams)
    .where(and(or(eq(teams.slug, base), like(teams.slug, `${base}-%`)), exceptId ? ne(teams.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.slug));
}

export async function countTeams(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(teams);
  return row?.n ?? 0;
}
