import { notFound } from '../../lib/errors.js';
import { and, asc, eq, gte, like, ne, or, sql } from 'drizzle-orm';
import { byKey } from '../../authz/lookup.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../authz/policy.js';
import { bumped } from '../../lib/versions.js';
import { affiliations, institutionCategories, institutions, people } from '../../db/schema/index.js';

export type InstitutionRow = typeof institutions.$inferSelect;
export type CategoryRow = typeof institutionCategories.$inferSelect;

export const listInstitutions = (db: Db) =>
  db
    .select()
    .from(institutions)
    .orderBy(asc(sql`lower(${institutions.name})`));
export const listCategories = (db: Db) => db.select().from(institutionCategories).orderBy(asc(institutionCategories.position), asc(institutionCategories.name));

export async function findInstitution(db: Db, key: string): Promise<InstitutionRow | null> {
  const [row] = await db.select().from(institutions).where(byKey('institution', key));
  return row ?? null;
}

export async function insertInstitution(db: Db, values: typeof institutions.$inferInsert): Promise<InstitutionRow> {
  const [row] = await db.insert(institutions).values(values).returning();
  return row!;
}

/** An institution's version, for a write's check (lib/versions.ts). */
export const institutionVersion = (id: string) => ({ table: institutions, where: eq(institutions.id, id), type: 'institution', id, what: 'The institution' });

export async function updateInstitution(db: Db, actor: Actor | null, id: string, values: Partial<typeof institutions.$inferInsert>): Promise<InstitutionRow> {
  const [row] = await db
    .update(institutions)
    .set({ ...values, ...bumped(institutions, actor) })
    .where(eq(institutions.id, id))
    .returning();
  return row!;
}

/** The institution's logo, locking the row so concurrent uploads replace each other in turn; 404 when it was deleted meanwhile. */
export async function lockLogo(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ logoId: institutions.logoId }).from(institutions).where(eq(institutions.id, id)).for('update');
  if (!row) throw notFound('Institution');
  return row.logoId;
}

export async function deleteInstitution(db: Db, id: string): Promise<void> {
  await db.delete(institutions).where(eq(institutions.id, id));
}

export async function slugsLike(db: Db, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: institutions.slug })
    .from(institutions)
    .where(and(or(eq(institutions.slug, base), like(institutions.slug, `${base}-%`)), exceptId ? ne(institutions.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.slug));
}

/** People affiliated with the institution, by name. */
export const peopleOf = (db: Db, institutionId: string) =>
  db
    .select({ id: people.id, slug: people.slug, name: people.name, photoId: people.photoId, title: affiliations.title, primary: affiliations.primary })
    .from(affiliations)
    .innerJoin(people, eq(people.id, affiliations.personId))
    .where(eq(affiliations.institutionId, institutionId))
    .orderBy(asc(sql`lower(${people.name})`));

export async function findCategory(db: Db, id: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(institutionCategories).where(eq(institutionCategories.id, id));
  return row ?? null;
}

/** A new category goes to the top: the others move down one. */
export async function insertCategoryAtTop(db: Db, id: string, name: string): Promise<void> {
  await db.update(institutionCategories).set({ position: sql`${institutionCategories.position} + 1` });
  await db.insert(institutionCategories).values({ id, name, position: 0 });
}

/** Moves a category to `position` and renumbers all 0..n-1 in their new order. */
export async function moveCategory(db: Db, id: string, position: number): Promise<void> {
  const order = (await listCategories(db)).map((c) => c.id).filter((c) => c !== id);
  order.splice(Math.min(position, order.length), 0, id);
  for (const [index, categoryId] of order.entries()) {
    await db.update(institutionCategories).set({ position: index }).where(eq(institutionCategories.id, categoryId));
  }
}

export async function renameCategory(db: Db, id: string, name: string): Promise<void> {
  await db.update(institutionCategories).set({ name, updatedAt: new Date() }).where(eq(institutionCategories.id, id));
}

export async function countInCategory(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(institutions)
    .where(eq(institutions.categoryId, id));
  return row?.n ?? 0;
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(institutionCategories).where(eq(institutionCategories.id, id)).returning({ position: institutionCategories.position });
  if (row)
    await db
      .update(institutionCategories)
      .set({ position: sql`${institutionCategories.position} - 1` })
      .where(gte(institutionCategories.position, row.position));
}
