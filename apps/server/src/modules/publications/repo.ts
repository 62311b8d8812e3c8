import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PublicationType } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import { affiliations, people, projectPublications, projects, publicationAuthors, publications } from '../../db/schema/index.js';
import type { Page } from '../../lib/pagination.js';
import { isoTime, jsonList, jsonObject } from '../../lib/sql-json.js';
import { bumped, touch } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';

export type PublicationRow = typeof publications.$inferSelect;
export type AuthorRow = typeof publicationAuthors.$inferInsert;

// Spelled out in subqueries: a one-table query leaves the table's name off its columns.
const PUB_ID = sql.raw('"publications"."id"');

export const insertPublication = async (db: Db, values: typeof publications.$inferInsert) => (await db.insert(publications).values(values).returning())[0]!;
export const changePublication = (db: Db, actor: Actor | null, id: string, values: Partial<typeof publications.$inferInsert>) =>
  db
    .update(publications)
    .set({ ...values, ...bumped(publications, actor) })
    .where(eq(publications.id, id));

/** A publication's version, for a write's check (lib/versions.ts). */
export const publicationVersion = (id: string) => ({ table: publications, where: eq(publications.id, id), type: 'publication', id, what: 'The publication' });

/** A write to a publication's authors (a confirmation, a link taken off) is a new version of the publication. */
export const touchPublication = (db: Db, id: string, actor: Actor | null) => touch(db, publications, eq(publications.id, id), actor);
export const deletePublication = (db: Db, id: string) => db.delete(publications).where(eq(publications.id, id));
export const findRow = async (db: Db, id: string) => (await db.select().from(publications).where(eq(publications.id, id)))[0] ?? null;

export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: publications.slug })
    .from(publications)
    .where(sql`${publications.slug} like ${`${base}%`}`);
  return new Set(rows.map((r) => r.slug));
}

/** The publications already holding these DOIs (whatever their letters' case), by the DOI in lower case. */
export async function holdersOfDois(db: Db, dois: string[], exceptId?: string) {
  if (!dois.length) return new Map<string, { id: string; slug: string; title: string }>();
  const rows = await db
    .select({ id: publications.id, slug: publications.slug, title: publications.title, doi: publications.doi })
    .from(publications)
    .where(
      and(
        sql`lower(${publications.doi}) = any(${sql.param(dois.map((d) => d.toLowerCase()))}::text[])`,
        exceptId ? sql`${publications.id} <> ${exceptId}` : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.doi!.toLowerCase(), { id: r.id, slug: r.slug, title: r.title }]));
}

export const authorsOf = (db: Db, publicationId: string) =>
  db.select().from(publicationAuthors).where(eq(publicationAuthors.publicationId, publicationId)).orderBy(asc(publicationAuthors.position));

/** Sets a publication's authors, in order. */
export async function setAuthors(db: Db, publicationId: string, authors: Omit<AuthorRow, 'publicationId' | 'position'>[]) {
  await db.delete(publicationAuthors).where(eq(publicationAuthors.publicationId, publicationId));
  if (authors.length) await db.insert(publicationAuthors).values(authors.map((a, position) => ({ ...a, publicationId, position })));
}

/** Confirms a person's links to a publication; how many there were. */
export async function confirmAuthor(db: Db, publicationId: string, personId: string): Promise<number> {
  const rows = await db
    .update(publicationAuthors)
    .set({ confirmed: true })
    .where(and(eq(publicationAuthors.publicationId, publicationId), eq(publicationAuthors.personId, personId)))
    .returning({ position: publicationAuthors.position });
  return rows.length;
}

/** Takes a person's links off a publication, keeping the names as written; how many there were. */
export async function unlinkAuthor(db: Db, publicationId: string, personId: string): Promise<number> {
  const rows = await db
    .update(publicationAuthors)
    .set({ personId: null, confirmed: false })
    .where(and(eq(publicationAuthors.publicationId, publicationId), eq(publicationAuthors.personId, personId)))
    .returning({ position: publicationAuthors.position });
  return rows.length;
}

export async function linkProject(db: Db, projectId: string, publicationId: string) {
  await db.insert(projectPublications).values({ projectId, publicationId }).onConflictDoNothing();
}
export async function unlinkProject(db: Db, projectId: string, publicationId: string): Promise<boolean> {
  const rows = await db
    .delete(projectPublications)
    .where(and(eq(projectPublications.projectId, projectId), eq(projectPublications.publicationId, publicationId)))
    .returning({ id: projectPublications.publicationId });
  return rows.length > 0;
}
export async function linkProjects(db: Db, projectIds: string[], publicationIds: string[]) {
  const values = projectIds.flatMap((projectId) => publicationIds.map((publicationId) => ({ projectId, publicationId })));
  if (values.length) await db.insert(projectPublications).values(values).onConflictDoNothing();
}

/**
 * A publication as answered, built in SQL: its authors in order (with the people they are
 * linked to) and the projects it belongs to that the reader may see (`projectsVisible`).
 */
function publicationJson(projectsVisible: SQL | undefined): SQL {
  return jsonObject({
    id: publications.id,
    slug: publications.slug,
    type: publications.type,
    title: publications.title,
    authors: jsonList(sql`select json_agg(json_build_object('name', pa.name, 'confirmed', pa.confirmed,
        'person', case when p.id is null then null else json_build_object('id', p.id, 'slug', p.slug, 'name', p.name) end) order by pa.position)
      from ${publicationAuthors} pa left join ${people} p on p.id = pa.person_id where pa.publication_id = ${PUB_ID}`),
    year: publications.year,
    venue: publications.venue,
    volume: publications.volume,
    issue: publications.issue,
    pages: publications.pages,
    doi: publications.doi,
    url: publications.url,
    keywords: publications.keywords,
    citationKey: publications.citationKey,
    // Table names spelled out: the visibility condition names "projects".
    projects:
      jsonList(sql`select json_agg(json_build_object('id', "projects"."id", 'slug', "projects"."slug", 'title', "projects"."title") order by "projects"."title")
      from ${projectPublications} pp join ${projects} on "projects"."id" = pp.project_id where pp.publication_id = ${PUB_ID}${projectsVisible ? sql` and ${projectsVisible}` : sql``}`),
    version: publications.version,
    createdAt: isoTime(publications.createdAt),
    updatedAt: isoTime(publications.updatedAt),
  });
}

export async function publicationDetail(db: Db, id: string, projectsVisible: SQL | undefined) {
  const [row] = await db
    .select({ publication: sql<Record<string, unknown>>`${publicationJson(projectsVisible)}`, abstract: publications.abstract, extra: publications.extra })
    .from(publications)
    .where(eq(publications.id, id));
  return row ?? null;
}

export interface PublicationFilter {
  /** The reader's condition on projects (the project filter and the projects listed). */
  projectsVisible: SQL | undefined;
  q?: string | undefined;
  year?: number | undefined;
  type?: PublicationType | undefined;
  /** A person's slug: the publications they confirmed. */
  person?: string | undefined;
  /** A project's slug. */
  project?: string | undefined;
  /** added: the latest added first; otherwise the newest year. */
  sort?: 'year' | 'added' | undefined;
  /** Only these (a project's, a person's, an institution's). */
  ids?: SQL | undefined;
}

const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** The confirmed authors' people, as the condition on one of them. */
const confirmedAuthor = (condition: SQL) =>
  sql`exists (select 1 from ${publicationAuthors} pa join ${people} p on p.id = pa.person_id where pa.publication_id = ${PUB_ID} and pa.confirmed and ${condition})`;

function whereOf(f: PublicationFilter): SQL | undefined {
  return and(
    f.q ? sql`${publications.searchVector} @@ ${tsQuery(f.q)}` : undefined,
    f.year !== undefined ? eq(publications.year, f.year) : undefined,
    f.type ? eq(publications.type, f.type) : undefined,
    f.person ? confirmedAuthor(sql`p.slug = ${f.person}`) : undefined,
    f.project
      ? sql`exists (select 1 from ${projectPublications} pp join ${projects} on "projects"."id" = pp.project_id where pp.publication_id = ${PUB_ID} and "projects"."slug" = ${f.project}${f.projectsVisible ? sql` and ${f.projectsVisible}` : sql``})`
      : undefined,
    f.ids,
  );
}

/** Newest first (by year, or as added); with words, the best match first. */
const orderOf = (q: string | undefined, sort?: 'year' | 'added'): SQL[] => [
  ...(q ? [sql`ts_rank(${publications.searchVector}, ${tsQuery(q)}) desc`] : []),
  ...(sort === 'added' ? [sql`${publications.createdAt} desc`] : []),
  sql`${publications.year} desc nulls last`,
  asc(publications.title),
  asc(publications.id),
];

/** A page of the publications a filter finds, as answered, and how many there are. */
export async function searchPublications(db: Db, counts: CountCache, f: PublicationFilter, page: Page) {
  const where = whereOf(f);
  const [rows, total] = await Promise.all([
    db
      .select({ publication: sql<Record<string, unknown>>`${publicationJson(f.projectsVisible)}` })
      .from(publications)
      .where(where)
      .orderBy(...orderOf(f.q, f.sort))
      .limit(page.limit)
      .offset(page.offset),
    counts.count(db, publications, where),
  ]);
  return { rows: rows.map((r) => r.publication), total };
}

/** Every publication a filter finds (up to `limit`), as answered. */
export async function listPublications(db: Db, f: PublicationFilter, limit: number) {
  const rows = await db
    .select({ publication: sql<Record<string, unknown>>`${publicationJson(f.projectsVisible)}` })
    .from(publications)
    .where(whereOf(f))
    .orderBy(...orderOf(f.q, f.sort))
    .limit(limit);
  return rows.map((r) => r.publication);
}

/** The rows a filter finds with their author names, for export (up to `limit`). */
export async function exportRows(db: Db, f: PublicationFilter, limit: number) {
  return db
    .select({
      row: publications,
      authors: sql<
        string[]
      >`coalesce((select array_agg(pa.name order by pa.position) from ${publicationAuthors} pa where pa.publication_id = ${PUB_ID}), '{}')`,
    })
    .from(publications)
    .where(whereOf(f))
    .orderBy(...orderOf(f.q, f.sort))
    .limit(limit);
}

/** One publication. */
export const idIs = (id: string) => eq(publications.id, id);
/** A project's publications. */
export const ofProject = (projectId: string) => sql`${PUB_ID} in (select pp.publication_id from ${projectPublications} pp where pp.project_id = ${projectId})`;
/** A person's confirmed publications. */
export const ofPerson = (personId: string) => confirmedAuthor(sql`p.id = ${personId}`);
/** The confirmed publications of an institution's people. */
export const ofInstitution = (institutionId: string) =>
  confirmedAuthor(sql`exists (select 1 from ${affiliations} af where af.person_id = p.id and af.institution_id = ${institutionId})`);
/** The publications naming a person as an author, not yet confirmed. */
export const suggestedTo = (personId: string) =>
  sql`exists (select 1 from ${publicationAuthors} pa where pa.publication_id = ${PUB_ID} and pa.person_id = ${personId} and not pa.confirmed)`;

/** The years of the catalogue's publications, newest first, with how many each. */
export async function yearCounts(db: Db) {
  const result = await db.execute(sql`select year, count(*)::int as count from ${publications} where year is not null group by year order by year desc`);
  return rowsOf<{ year: number; count: number }>(result);
}
