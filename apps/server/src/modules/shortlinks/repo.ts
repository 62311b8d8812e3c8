import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../authz/policy.js';
import type { Db } from '../../db/client.js';
import { bumped } from '../../lib/versions.js';
import { shortlinks } from '../../db/schema/index.js';

export type ShortlinkRow = typeof shortlinks.$inferSelect;

/** The slug as the unique index compares it: whatever its letters' case. */
const slugIs = (slug: string) => sql`lower(${shortlinks.slug}) = lower(${slug})`;

export const listShortlinks = (db: Db) =>
  db
    .select()
    .from(shortlinks)
    .orderBy(asc(sql`lower(${shortlinks.slug})`), asc(shortlinks.slug));

export async function findShortlink(db: Db, id: string): Promise<ShortlinkRow | null> {
  const [row] = await db.select().from(shortlinks).where(eq(shortlinks.id, id));
  return row ?? null;
}

export async function findBySlug(db: Db, slug: string): Promise<ShortlinkRow | null> {
  const [row] = await db.select().from(shortlinks).where(slugIs(slug));
  return row ?? null;
}

/** Whether another shortlink (not `exceptId`) holds the slug in any letter case. */
export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shortlinks.id })
    .from(shortlinks)
    .where(and(slugIs(slug), exceptId ? ne(shortlinks.id, exceptId) : undefined));
  return !!row;
}

export async function insertShortlink(db: Db, values: typeof shortlinks.$inferInsert): Promise<ShortlinkRow> {
  const [row] = await db.insert(shortlinks).values(values).returning();
  return row!;
}

/** A shortlink's version, for a write's check (lib/versions.ts). */
export const shortlinkVersion = (id: string) => ({ table: shortlinks, where: eq(shortlinks.id, id), type: 'shortlink', id, what: 'The shortlink' });

export async function updateShortlink(db: Db, actor: Actor | null, id: string, values: Partial<Pick<ShortlinkRow, 'slug' | 'target'>>): Promise<ShortlinkRow> {
  const [row] = await db
    .update(shortlinks)
    .set({ ...values, ...bumped(shortlinks, actor) })
    .where(eq(shortlinks.id, id))
    .returning();
  return row!;
}

export async function deleteShortlink(db: Db, id: string): Promise<void> {
  await db.delete(shortlinks).where(eq(shortlinks.id, id));
}

/**
 * Counts a use and answers the target in one statement, so concurrent hits never lose a
 * count; null for an unknown slug. Not a new version: following a link edits nothing.
 */
export async function countHit(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .update(shortlinks)
    .set({ hits: sql`${shortlinks.hits} + 1`, lastUsedAt: sql`now()` })
    .where(slugIs(slug))
    .returning({ target: shortlinks.target });
  return row?.target ?? null;
}
