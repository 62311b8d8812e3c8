import { and, asc, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  documentRevisions,
  institutions,
  people,
  projectContributors,
  projectInstitutions,
  projectSlugs,
  projects,
  projectUpdates,
  teams,
} from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type UpdateRow = typeof projectUpdates.$inferSelect;

export async function findProject(db: Db, id: string): Promise<ProjectRow | null> {
  return (await db.select().from(projects).where(eq(projects.id, id)))[0] ?? null;
}

/** Whose projects "mine" are: those one holds a role on or contributes to. */
export interface Mine {
  memberOf: string[];
  personId: string | null;
}

export interface ProjectFilters {
  q?: string | undefined;
  status?: string | undefined;
  institutionId?: string | undefined;
  personId?: string | undefined;
  teamId?: string | undefined;
  mine?: Mine;
  archived?: boolean;
  sort?: 'title' | 'updated' | 'start' | undefined;
}

const searchVector = sql`to_tsvector('english', ${projects.searchText})`;
const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

function whereOf(f: ProjectFilters, visible: SQL | undefined): SQL | undefined {
  const contributes = (personId: string) =>
    sql`exists (select 1 from ${projectContributors} where ${projectContributors.projectId} = ${projects.id} and ${projectContributors.personId} = ${personId})`;
  return and(
    visible,
    f.archived ? undefined : eq(projects.archived, false),
    f.status ? eq(projects.status, f.status) : undefined,
    f.teamId ? eq(projects.teamId, f.teamId) : undefined,
    f.institutionId
      ? sql`exists (select 1 from ${projectInstitutions} where ${projectInstitutions.projectId} = ${projects.id} and ${projectInstitutions.institutionId} = ${f.institutionId})`
      : undefined,
    f.personId ? contributes(f.personId) : undefined,
    f.mine ? or(f.mine.memberOf.length ? inArray(projects.id, f.mine.memberOf) : sql`false`, f.mine.personId ? contributes(f.mine.personId) : sql`false`) : undefined,
    f.q ? or(sql`${searchVector} @@ ${searchQuery(f.q)}`, ilike(projects.title, `%${f.q.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
  );
}

function orderOf(f: ProjectFilters): SQL[] {
  switch (f.sort ?? (f.q ? 'relevance' : 'title')) {
    case 'updated':
      return [desc(projects.updatedAt)];
    case 'start':
      return [sql`${projects.startDate} desc nulls last`];
    case 'relevance':
      return [sql`ts_rank(${searchVector}, ${searchQuery(f.q ?? '')}) desc`, asc(sql`lower(${projects.title})`)];
    default:
      return [asc(sql`lower(${projects.title})`)];
  }
}

/** A page of the projects `visible` lets through (the registry's condition for the reader), and their total. */
export async function listProjects(db: Db, f: ProjectFilters, visible: SQL | undefined, page: { limit: number; offset: number }) {
  const where = whereOf(f, visible);
  const rows = await db
    .select({ project: projects, team: { id: teams.id, slug: teams.slug, name: teams.name } })
    .from(projects)
    .leftJoin(teams, eq(teams.id, projects.teamId))
    .where(where)
    .orderBy(...orderOf(f), asc(projects.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function teamOf(db: Db, teamId: string | null) {
  if (!teamId) return null;
  const [row] = await db.select({ id: teams.id, slug: teams.slug, name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

/** Institutions of many projects at once, in order: for list items. */
export const institutionsOfProjects = (db: Db, projectIds: string[]) =>
  projectIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ projectId: projectInstitutions.projectId, id: institutions.id, slug: institutions.slug, name: institutions.name })
        .from(projectInstitutions)
        .innerJoin(institutions, eq(institutions.id, projectInstitutions.institutionId))
        .where(inArray(projectInstitutions.projectId, projectIds))
        .orderBy(asc(projectInstitutions.position));

export const contributorsOf = (db: Db, projectId: string) =>
  db
    .select({ id: projectContributors.id, title: projectContributors.title, position: projectContributors.position, person: { id: people.id, slug: people.slug, name: people.name, photoId: people.photoId } })
    .from(projectContributors)
    .innerJoin(people, eq(people.id, projectContributors.personId))
    .where(eq(projectContributors.projectId, projectId))
    .orderBy(asc(projectContributors.position), asc(projectContributors.createdAt));

export const institutionLinksOf = (db: Db, projectId: string) =>
  db
    .select({ id: projectInstitutions.id, role: projectInstitutions.role, position: projectInstitutions.position, institution: { id: institutions.id, slug: institutions.slug, name: institutions.name, logoId: institutions.logoId } })
    .from(projectInstitutions)
    .innerJoin(institutions, eq(institutions.id, projectInstitutions.institutionId))
    .where(eq(projectInstitutions.projectId, projectId))
    .orderBy(asc(projectInstitutions.position), asc(projectInstitutions.createdAt));

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(db: Db, id: string, values: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
  const [row] = await db.update(projects).set({ ...values, updatedAt: new Date() }).where(eq(projects.id, id)).returning();
  return row!;
}

export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
  await db.delete(documentRevisions).where(and(eq(documentRevisions.ownerType, 'project'), eq(documentRevisions.ownerId, id)));
}

/** Slugs in use (current or former) equal to base or starting with "base-". */
export async function slugsLike(db: Db, base: string, exceptId?: string): Promise<Set<string>> {
  const current = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(and(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)), exceptId ? ne(projects.id, exceptId) : undefined));
  const former = await db
    .select({ slug: projectSlugs.slug })
    .from(projectSlugs)
    .where(and(or(eq(projectSlugs.slug, base), like(projectSlugs.slug, `${base}-%`)), exceptId ? ne(projectSlugs.projectId, exceptId) : undefined));
  return new Set([...current, ...former].map((r) => r.slug));
}

/** The old slug keeps pointing here; taking a former slug back removes it from the old ones. */
export async function moveSlug(db: Db, projectId: string, from: string, to: string): Promise<void> {
  await db.delete(projectSlugs).where(eq(projectSlugs.slug, to));
  await db.insert(projectSlugs).values({ slug: from, projectId }).onConflictDoNothing();
}

// Contributors and institutions: ordered links, renumbered 0..n-1 in one statement each.

export async function upsertContributor(db: Db, values: { id: string; projectId: string; personId: string; title: string | null; position: number }) {
  await db
    .insert(projectContributors)
    .values(values)
    .onConflictDoUpdate({ target: projectContributors.id, set: { personId: values.personId, title: values.title, updatedAt: new Date() } });
}

export async function findContributor(db: Db, projectId: string, id: string) {
  const [row] = await db.select().from(projectContributors).where(and(eq(projectContributors.projectId, projectId), eq(projectContributors.id, id)));
  return row ?? null;
}

export async function contributorOfPerson(db: Db, projectId: string, personId: string) {
  const [row] = await db.select().from(projectContributors).where(and(eq(projectContributors.projectId, projectId), eq(projectContributors.personId, personId)));
  return row ?? null;
}

export async function deleteContributor(db: Db, projectId: string, id: string): Promise<boolean> {
  return (await db.delete(projectContributors).where(and(eq(projectContributors.projectId, projectId), eq(projectContributors.id, id))).returning()).length > 0;
}

export async function contributorOrder(db: Db, projectId: string): Promise<string[]> {
  return (await db.select({ id: projectContributors.id }).from(projectContributors).where(eq(projectContributors.projectId, projectId)).orderBy(asc(projectContributors.position), asc(projectContributors.createdAt))).map((r) => r.id);
}

export async function setContributorPositions(db: Db, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.update(projectContributors).set({ position }).where(eq(projectContributors.id, id));
}

export async function upsertInstitutionLink(db: Db, values: { id: string; projectId: string; institutionId: string; role: string | null; position: number }) {
  await db
    .insert(projectInstitutions)
    .values(values)
    .onConflictDoUpdate({ target: projectInstitutions.id, set: { institutionId: values.institutionId, role: values.role, updatedAt: new Date() } });
}

export async function findInstitutionLink(db: Db, projectId: string, id: string) {
  const [row] = await db.select().from(projectInstitutions).where(and(eq(projectInstitutions.projectId, projectId), eq(projectInstitutions.id, id)));
  return row ?? null;
}

export async function linkOfInstitution(db: Db, projectId: string, institutionId: string) {
  const [row] = await db.select().from(projectInstitutions).where(and(eq(projectInstitutions.projectId, projectId), eq(projectInstitutions.institutionId, institutionId)));
  return row ?? null;
}

export async function deleteInstitutionLink(db: Db, projectId: string, id: string): Promise<boolean> {
  return (await db.delete(projectInstitutions).where(and(eq(projectInstitutions.projectId, projectId), eq(projectInstitutions.id, id))).returning()).length > 0;
}

export async function institutionOrder(db: Db, projectId: string): Promise<string[]> {
  return (await db.select({ id: projectInstitutions.id }).from(projectInstitutions).where(eq(projectInstitutions.projectId, projectId)).orderBy(asc(projectInstitutions.position), asc(projectInstitutions.createdAt))).map((r) => r.id);
}

export async function setInstitutionPositions(db: Db, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await db.update(projectInstitutions).set({ position }).where(eq(projectInstitutions.id, id));
}

// Updates

const updateColumns = { update: projectUpdates, author: { id: people.id, slug: people.slug, name: people.name } };

export const updatesOf = (db: Db, projectId: string, limit?: number) => {
  const query = db
    .select(updateColumns)
    .from(projectUpdates)
    .leftJoin(people, eq(people.id, projectUpdates.authorId))
    .where(eq(projectUpdates.projectId, projectId))
    .orderBy(desc(projectUpdates.publishedAt), desc(projectUpdates.createdAt));
  return limit ? query.limit(limit) : query;
};

export async function findUpdate(db: Db, id: string) {
  const [row] = await db.select(updateColumns).from(projectUpdates).leftJoin(people, eq(people.id, projectUpdates.authorId)).where(eq(projectUpdates.id, id));
  return row ?? null;
}

export async function insertUpdate(db: Db, values: typeof projectUpdates.$inferInsert): Promise<UpdateRow> {
  const [row] = await db.insert(projectUpdates).values(values).returning();
  return row!;
}

export async function changeUpdate(db: Db, id: string, values: Partial<typeof projectUpdates.$inferInsert>): Promise<void> {
  await db.update(projectUpdates).set({ ...values, updatedAt: new Date() }).where(eq(projectUpdates.id, id));
}

export async function deleteUpdate(db: Db, id: string): Promise<void> {
  await db.delete(projectUpdates).where(eq(projectUpdates.id, id));
  await db.delete(documentRevisions).where(and(eq(documentRevisions.ownerType, 'update'), eq(documentRevisions.ownerId, id)));
}

export async function updateSlugsLike(db: Db, projectId: string, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: projectUpdates.slug })
    .from(projectUpdates)
    .where(and(eq(projectUpdates.projectId, projectId), or(eq(projectUpdates.slug, base), like(projectUpdates.slug, `${base}-%`)), exceptId ? ne(projectUpdates.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.slug));
}

// Document revisions

export async function insertRevision(db: Db, values: typeof documentRevisions.$inferInsert): Promise<void> {
  await db.insert(documentRevisions).values(values);
}

export const revisionsOf = (db: Db, ownerType: string, ownerId: string) =>
  db
    .select({ id: documentRevisions.id, createdAt: documentRevisions.createdAt, author: { id: people.id, slug: people.slug, name: people.name } })
    .from(documentRevisions)
    .leftJoin(people, eq(people.id, documentRevisions.authorId))
    .where(and(eq(documentRevisions.ownerType, ownerType), eq(documentRevisions.ownerId, ownerId)))
    .orderBy(desc(documentRevisions.createdAt), desc(documentRevisions.id));

export async function findRevision(db: Db, ownerType: string, ownerId: string, id: string) {
  const [row] = await db
    .select({ id: documentRevisions.id, createdAt: documentRevisions.createdAt, doc: documentRevisions.doc, author: { id: people.id, slug: people.slug, name: people.name } })
    .from(documentRevisions)
    .leftJoin(people, eq(people.id, documentRevisions.authorId))
    .where(and(eq(documentRevisions.ownerType, ownerType), eq(documentRevisions.ownerId, ownerId), eq(documentRevisions.id, id)));
  return row ?? null;
}

