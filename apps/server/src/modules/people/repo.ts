import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { people } from '../../db/schema';

export type PersonRow = typeof people.$inferSelect;

export async function findPersonById(db: Db, id: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(eq(people.id, id));
  return row ?? null;
}

export async function insertPerson(db: Db, values: typeof people.$inferInsert): Promise<PersonRow> {
  const [row] = await db.insert(people).values(values).returning();
  return row!;
}

export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: people.slug })
    .from(people)
    .where(or(eq(people.slug, base), like(people.slug, `${base}-%`)));
  return new Set(rows.map((r) => r.slug));
}
