import type { Database, Db } from '../../db/client';
import { slugify, uniqueSlug } from '../../lib/slugs';
import * as repo from './repo';

export function createPeopleService(db: Database) {
  return {
    findById: (id: string) => db.use((d) => repo.findPersonById(d, id)),

    /** A new person; the slug defaults to the preferred one (a username) made unique. */
    async createPerson(d: Db, input: { name: string; email?: string | null; slug?: string }) {
      const base = slugify(input.slug ?? input.name) || 'person';
      const slug = uniqueSlug(base, await repo.slugsLike(d, base));
      return repo.insertPerson(d, { name: input.name, email: input.email ?? null, slug });
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
