import type { ObjectType } from '@observatory/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './repo.js';

const toType = (row: repo.TypeRow): ObjectType => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  marker: row.marker as ObjectType['marker'],
  metadataSchema: row.metadataSchema ?? null,
});

/** The catalogue's schema: object types and their metadata schemas, readable by everyone (managed in Site Admin later). */
export function createSchemaService(db: Database) {
  return {
    async list(): Promise<ObjectType[]> {
      return (await db.use(repo.listTypes)).map(toType);
    },

    async get(slug: string): Promise<ObjectType> {
      const row = await db.use((d) => repo.findType(d, slug));
      if (!row) throw notFound('Object type');
      return toType(row);
    },

    /** The types of these slugs that exist, as stored (with their metadata schemas). */
    typesBySlug: (slugs: string[]) => db.use((d) => repo.typesBySlug(d, slugs)),
  };
}
export type SchemaService = ReturnType<typeof createSchemaService>;
