import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { objectTypes } from '../../db/schema/index.js';

export type TypeRow = typeof objectTypes.$inferSelect;

export const listTypes = (db: Db) => db.select().from(objectTypes).orderBy(asc(objectTypes.position), asc(objectTypes.name));

export async function findType(db: Db, slug: string): Promise<TypeRow | null> {
  return (await db.select().from(objectTypes).where(eq(objectTypes.slug, slug)))[0] ?? null;
}

export const typesBySlug = (db: Db, slugs: string[]) => (slugs.length === 0 ? Promise.resolve([]) : db.select().from(objectTypes).where(inArray(objectTypes.slug, slugs)));
