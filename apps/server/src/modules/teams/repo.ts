import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import { byKey, NO_ROW } from '../../authz/lookup.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../authz/policy.js';
import { bumped } from '../../lib/versions.js';
import { teams } from '../../db/schema/index.js';

export type TeamRow = typeof teams.$inferSelect;

export async function findTeam(db: Db, key: string): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(byKey('team', key));
  return row ?? null;
}

export const listTeams = (db: Db, ids?: string[]) =>
  db
    .select()
    .from(teams)
    .where(ids ? inArray(teams.id, ids.length ? ids : [NO_ROW]) : undefined)
    .orderBy(asc(sql`lower(${teams.name})`));

export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

/** A team's version, for a write's check (lib/versions.ts). */
export const teamVersion = (id: string) => ({ table: teams, where: eq(teams.id, id), type: 'team', id, what: 'The team' });

export async function updateTeam(db: Db, actor: Actor | null, id: string, values: Partial<typeof teams.$inferInsert>): Promise<TeamRow> {
  const [row] = await db
    .update(teams)
    .set({ ...values, ...bumped(teams, actor) })
    .where(eq(teams.id, id))
    .returning();
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
