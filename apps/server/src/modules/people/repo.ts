import { notFound } from '../../lib/errors.js';
import { and, asc, eq, ilike, inArray, like, ne, or, sql } from 'drizzle-orm';
import { byKey } from '../../authz/lookup.js';
import type { Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import { jsonList } from '../../lib/sql-json.js';
import { bumped, touch } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';
import { affiliations, institutions, people, users } from '../../db/schema/index.js';

export type PersonRow = typeof people.$inferSelect;

export async function findPersonById(db: Db, id: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(eq(people.id, id));
  return row ?? null;
}

/** By id or slug. */
export async function findPerson(db: Db, key: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(byKey('person', key));
  return row ?? null;
}

/** Of these slugs, those of people who asked not to be indexed. */
export async function unindexedSlugs(db: Db, slugs: string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: people.slug })
    .from(people)
    .where(and(inArray(people.slug, slugs), eq(people.noindex, true)));
  return rows.map((r) => r.slug);
}

export async function insertPerson(db: Db, values: typeof people.$inferInsert): Promise<PersonRow> {
  const [row] = await db.insert(people).values(values).returning();
  return row!;
}

/** A person's version, for a write's check (lib/versions.ts). */
export const personVersion = (id: string) => ({ table: people, where: eq(people.id, id), type: 'person', id, what: 'The person' });

/** A write to what a person's editor shows with them (their affiliations) is a new version of the person. */
export const touchPerson = (db: Db, id: string, actor: Actor | null) => touch(db, people, eq(people.id, id), actor);

export async function updatePerson(db: Db, actor: Actor | null, id: string, values: Partial<typeof people.$inferInsert>): Promise<PersonRow> {
  const [row] = await db
    .update(people)
    .set({ ...values, ...bumped(people, actor) })
    .where(eq(people.id, id))
    .returning();
  return row!;
}

/** The person's photo, locking the row; 404 when the person was deleted meanwhile. */
export async function lockPhoto(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ photoId: people.photoId }).from(people).where(eq(people.id, id)).for('update');
  if (!row) throw notFound('Person');
  return row.photoId;
}

export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.delete(people).where(eq(people.id, id));
}

export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: people.slug })
    .from(people)
    .where(or(eq(people.slug, base), like(people.slug, `${base}-%`)));
  return new Set(rows.map((r) => r.slug));
}

export async function slugTaken(db: Db, slug: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.slug, slug), ne(people.id, exceptId)));
  return !!row;
}

export async function usernameOf(db: Db, personId: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.personId, personId));
  return row?.username ?? null;
}

type AffiliationRef = { id: string; title: string | null; primary: boolean; institution: { id: string; slug: string; name: string } };

/** A person with their account's username and their affiliations (as affiliationsOf orders them), in one statement. */
export async function findPersonDetail(db: Db, key: string) {
  const [row] = await db
    .select({
      person: people,
      username: sql<string | null>`(select ${users.username} from ${users} where ${users.personId} = ${people.id})`,
      affiliations: jsonList<AffiliationRef>(
        sql`select json_agg(json_build_object('id', ${affiliations.id}, 'title', ${affiliations.title}, 'primary', ${affiliations.primary},
            'institution', json_build_object('id', ${institutions.id}, 'slug', ${institutions.slug}, 'name', ${institutions.name}))
            order by ${affiliations.primary} desc, ${institutions.name})
          from ${affiliations} join ${institutions} on ${institutions.id} = ${affiliations.institutionId} where ${affiliations.personId} = ${people.id}`,
      ),
    })
    .from(people)
    .where(byKey('person', key));
  return row ?? null;
}

/** Affiliations of these people, the primary first, then by institution name. */
export function affiliationsOf(db: Db, personIds: string[]) {
  if (personIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: affiliations.id,
      personId: affiliations.personId,
      title: affiliations.title,
      primary: affiliations.primary,
      institution: { id: institutions.id, slug: institutions.slug, name: institutions.name },
    })
    .from(affiliations)
    .innerJoin(institutions, eq(institutions.id, affiliations.institutionId))
    .where(inArray(affiliations.personId, personIds))
    .orderBy(sql`${affiliations.primary} desc`, asc(institutions.name));
}

export async function listPeople(db: Db, counts: CountCache, options: { q?: string; limit: number; offset: number }) {
  const where = options.q ? ilike(people.name, `%${options.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(people)
      .where(where)
      .orderBy(asc(sql`lower(${people.name})`), asc(people.id))
      .limit(options.limit)
      .offset(options.offset),
    counts.count(db, people, where),
  ]);
  return { rows, total };
}

/** The institution of one of the person's affiliations, by the affiliation's id; null when they have no such affiliation. */
export async function institutionOfAffiliation(db: Db, personId: string, affiliationId: string): Promise<string | null> {
  const [row] = await db
    .select({ institutionId: affiliations.institutionId })
    .from(affiliations)
    .where(and(eq(affiliations.personId, personId), eq(affiliations.id, affiliationId)));
  return row?.institutionId ?? null;
}

/** Creates or replaces the person's affiliation with an institution; a new primary clears the others. */
export async function upsertAffiliation(db: Db, personId: string, institutionId: string, values: { title?: string | null; primary?: boolean }) {
  if (values.primary) {
    await db
      .update(affiliations)
      .set({ primary: false })
      .where(and(eq(affiliations.personId, personId), ne(affiliations.institutionId, institutionId)));
  }
  await db
    .insert(affiliations)
    .values({ personId, institutionId, title: values.title ?? null, primary: values.primary ?? false })
    .onConflictDoUpdate({
      target: [affiliations.personId, affiliations.institutionId],
      set: {
        ...(values.title !== undefined ? { title: values.title } : {}),
        ...(values.primary !== undefined ? { primary: values.primary } : {}),
        updatedAt: new Date(),
      },
    });
}

export async function deleteAffiliation(db: Db, personId: string, institutionId: string): Promise<number> {
  const rows = await db
    .delete(affiliations)
    .where(and(eq(affiliations.personId, personId), eq(affiliations.institutionId, institutionId)))
    .returning({ id: affiliations.id });
  return rows.length;
}
