import { asc, eq } from 'drizzle-orm';
import type { ObjectType } from '@observatory/shared';
import type { Database } from '../../db/client';
import { objectTypes } from '../../db/schema';
import { notFound } from '../../lib/errors';

type TypeRow = typeof objectTypes.$inferSelect;

const toType = (row: TypeRow): ObjectType => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  marker: row.marker as ObjectType['marker'],
  metadataSchema: row.metadataSchema ?? null,
});

/** Object types and their metadata schemas: readable by everyone (managed in Site Admin later). */
export function createObjectTypesService(db: Database) {
  return {
    async list(): Promise<ObjectType[]> {
      return (await db.use((d) => d.select().from(objectTypes).orderBy(asc(objectTypes.position), asc(objectTypes.name)))).map(toType);
    },
    async get(slug: string): Promise<ObjectType> {
      const [row] = await db.use((d) => d.select().from(objectTypes).where(eq(objectTypes.slug, slug)));
      if (!row) throw notFound('Object type');
      return toType(row);
    },
  };
}
export type ObjectTypesService = ReturnType<typeof createObjectTypesService>;
