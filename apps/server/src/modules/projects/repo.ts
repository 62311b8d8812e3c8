import { and, asc, desc, eq, getTableColumns, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ProjectUpdate } from '@observatory/shared';
import { byKey, keyForm, keyValue, namedBy } from '../../authz/lookup.js';
import { literal, queryTemplate } from '../../db/templates.js';
import type { Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import { isoTime, jsonArrayText, jsonList, jsonObject, jsonOne } from '../../lib/sql-json.js';
import { filesJson } from './files/repo.js';
import { orderedLinks } from '../../lib/ordered-links.js';
import { bumped, touch } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';
import { institutions, people, projectContributors, projectInstitutions, projectSlugs, projects, projectUpdates, teams } from '../../db/schema/index.js';

export type ProjectRow = typeof projects.$inferSelect;
export type UpdateRow = typeof projectUpdates.$inferSelect;

type Ref = { id: string; slug: string; name: string };

/** How many recent updates a project's detail shows. */
export const RECENT_UPDATES = 5;

/** A project's columns but its search text (derived, and as long as the documentation). */
const { searchText: _searchText, ...shownColumns } = getTableColumns(projects);
export type ShownProject = Omit<ProjectRow, 'searchText'>;

/**
 * The project a key names (or named once) with everything its detail shows, in one
 * statement: its team, contributors and institutions in order, its recent updates, and
 * its files with their versions.
 */
const projectDetail = queryTemplate({
  shape: (key: string) => [keyForm('project', key)],
  values: (key) => ({ key: keyValue('project', key), former: key }),
  build: (db, key) =>
    db
      .select({
        project: shownColumns,
        team: jsonOne<Ref>(
          sql`select json_build_object('id', ${teams.id}, 'slug', ${teams.slug}, 'name', ${teams.name}) from ${teams} where ${teams.id} = ${projects.teamId}`,
        ),
        contributors: jsonList<{ id: string; title: string | null; position: number; person: Ref & { photoId: string | null } }>(
          sql`select json_agg(json_build_object('id', ${projectContributors.id}, 'title', ${projectContributors.title}, 'position', ${projectContributors.position},
              'person', json_build_object('id', ${people.id}, 'slug', ${people.slug}, 'name', ${people.name}, 'photoId', ${people.photoId}))
              order by ${projectContributors.position}, ${projectContributors.createdAt})
            from ${projectContributors} join ${people} on ${people.id} = ${projectContributors.personId} where ${projectContributors.projectId} = ${projects.id}`,
        ),
        institutions: jsonList<{ id: string; role: string | null; position: number; institution: Ref & { logoId: string | null } }>(
          sql`select json_agg(json_build_object('id', ${projectInstitutions.id}, 'role', ${projectInstitutions.role}, 'position', ${projectInstitutions.position},
              'institution', json_build_object('id', ${institutions.id}, 'slug', ${institutions.slug}, 'name', ${institutions.name}, 'logoId', ${institutions.logoId}))
              order by ${projectInstitutions.position}, ${projectInstitutions.createdAt})
            from ${projectInstitutions} join ${institutions} on ${institutions.id} = ${projectInstitutions.institutionId} where ${projectInstitutions.projectId} = ${projects.id}`,
        ),
        updates: jsonList<ProjectUpdate>(
          sql`select json_agg(recent.u order by recent.rank) from (
              select json_build_object('id', ${projectUpdates.id}, 'slug', ${projectUpdates.slug}, 'title', ${projectUpdates.title},
                'publishedAt', ${isoTime(projectUpdates.publishedAt)}, 'version', ${projectUpdates.version}, 'updatedAt', ${isoTime(projectUpdates.updatedAt)},
                'author', case when ${people.id} is null then null else json_build_object('id', ${people.id}, 'slug', ${people.slug}, 'name', ${people.name}) end) as u,
                row_number() over (order by ${projectUpdates.publishedAt} desc, ${projectUpdates.createdAt} desc) as rank
              from ${projectUpdates} left join ${people} on ${people.id} = ${projectUpdates.authorId}
              where ${projectUpdates.projectId} = ${projects.id}
              order by rank limit ${RECENT_UPDATES}) recent`,
        ),
        files: filesJson(projects.id),
      })
      .from(projects)
      .where(namedBy('project', key, { key: sql.placeholder('key'), former: sql.placeholder('former') }))
      .limit(1),
});

export async function findProjectDetail(db: Db, key: string) {
  const [row] = await projectDetail(db, key);
  return row ?? null;
}

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

const notArchived = eq(projects.archived, false);
/** The catalogue's usual condition (no filter) per visibility condition: one object, so its key is rendered once (db/sql-key.ts). */
const unfiltered = new WeakMap<SQL, SQL | undefined>();

function whereOf(f: ProjectFilters, visible: SQL | undefined): SQL | undefined {
  const filtered = f.archived || f.status || f.teamId || f.institutionId || f.personId || f.mine || f.q;
  if (!filtered && visible) {
    if (!unfiltered.has(visible)) unfiltered.set(visible, and(visible, notArchived));
    return unfiltered.get(visible);
  }
  const contributes = (personId: string) =>
    sql`exists (select 1 from ${projectContributors} where ${projectContributors.projectId} = ${projects.id} and ${projectContributors.personId} = ${personId})`;
  return and(
    visible,
    f.archived ? undefined : notArchived,
    f.status ? eq(projects.status, f.status) : undefined,
    f.teamId ? eq(projects.teamId, f.teamId) : undefined,
    f.institutionId
      ? sql`exists (select 1 from ${projectInstitutions} where ${projectInstitutions.projectId} = ${projects.id} and ${projectInstitutions.institutionId} = ${f.institutionId})`
      : undefined,
    f.personId ? contributes(f.personId) : undefined,
    f.mine
      ? or(f.mine.memberOf.length ? inArray(projects.id, f.mine.memberOf) : sql`false`, f.mine.personId ? contributes(f.mine.personId) : sql`false`)
      : undefined,
    f.q ? or(sql`${searchVector} @@ ${searchQuery(f.q)}`, ilike(projects.title, `%${f.q.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
  );
}

/** A sort key of the project list: a value of the row and its direction. */
type SortKey = [value: SQL, direction: 'asc' | 'desc' | 'desc nulls last'];

const BY_TITLE: SortKey = [sql`lower(${projects.title})`, 'asc'];
/** The sorts that need no search words, made once (their keys are rendered once). */
const SORTS = { title: [BY_TITLE], updated: [[sql`${projects.updatedAt}`, 'desc']], start: [[sql`${projects.startDate}`, 'desc nulls last']] } satisfies Record<
  string,
  SortKey[]
>;

function sortOf(f: ProjectFilters): SortKey[] {
  const sort = f.sort ?? (f.q ? 'relevance' : 'title');
  return sort === 'relevance' ? [[sql`ts_rank(${searchVector}, ${searchQuery(f.q ?? '')})`, 'desc'], BY_TITLE] : SORTS[sort];
}

/** What a project list item shows of the project's own columns (not its documentation). */
const listedColumns = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  summary: projects.summary,
  status: projects.status,
  visibility: projects.visibility,
  startDate: projects.startDate,
  endDate: projects.endDate,
  archived: projects.archived,
  version: projects.version,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};
export type ListedProject = Pick<ProjectRow, keyof typeof listedColumns>;

/**
 * A page of the projects the filters and `visible` let through as the text of their JSON
 * list items (ProjectListItemSchema), each with its team and institutions in order, written
 * by the database in one statement.
 */
const projectPageJson = queryTemplate({
  shape: ({ where, sort, page }: { where: SQL | undefined; sort: SortKey[]; page: { limit: number; offset: number } }) => [
    where,
    ...sort.flat(),
    page.limit,
    page.offset,
  ],
  build: (db, { where, sort, page }) => {
    // The sort keys come out with the page (k0, k1…), so the items are aggregated in the page's order.
    const keys = Object.fromEntries(sort.map(([value], i) => [`k${i}`, value.as(`k${i}`)]));
    const rows = db
      .select({ ...listedColumns, teamId: projects.teamId, ...keys })
      .from(projects)
      .where(where)
      .orderBy(...sort.map(([value, direction]) => sql`${value} ${sql.raw(direction)}`), asc(projects.id))
      .limit(literal(page.limit))
      .offset(literal(page.offset))
      .as('page');
    // Drizzle's type of the page does not name the k0… columns built from a list.
    const sortColumns = rows as unknown as Record<string, SQL.Aliased>;
    const order = sql.join([...sort.map(([, direction], i) => sql`${sortColumns[`k${i}`]} ${sql.raw(direction)}`), sql`${rows.id}`], sql`, `);
    const item = jsonObject({
      id: rows.id,
      slug: rows.slug,
      title: rows.title,
      summary: rows.summary,
      status: rows.status,
      visibility: rows.visibility,
      startDate: rows.startDate,
      endDate: rows.endDate,
      archived: rows.archived,
      team: sql`(select json_build_object('id', ${teams.id}, 'slug', ${teams.slug}, 'name', ${teams.name}) from ${teams} where ${teams.id} = ${rows.teamId})`,
      version: rows.version,
      createdAt: isoTime(rows.createdAt),
      updatedAt: isoTime(rows.updatedAt),
      institutions: jsonList<Ref>(
        sql`select json_agg(json_build_object('id', ${institutions.id}, 'slug', ${institutions.slug}, 'name', ${institutions.name}) order by ${projectInstitutions.position})
          from ${projectInstitutions} join ${institutions} on ${institutions.id} = ${projectInstitutions.institutionId} where ${projectInstitutions.projectId} = ${rows.id}`,
      ),
    });
    return db.select({ json: jsonArrayText(item, order) }).from(rows);
  },
});

/** Whose projects a page lists: a contributor's, a partner institution's or a team's. */
export type ProjectLink = { personId: string } | { institutionId: string } | { teamId: string };

/**
 * The projects linked to a person, an institution or a team that `visible` lets through,
 * not archived, by title, with the contributor's title or the institution's role.
 */
export async function linkedProjects(db: Db, link: ProjectLink, visible: SQL | undefined) {
  const columns = {
    id: projects.id,
    slug: projects.slug,
    title: projects.title,
    summary: projects.summary,
    status: projects.status,
    visibility: projects.visibility,
  };
  const shown = and(visible, notArchived);
  const query =
    'personId' in link
      ? db
          .select({ ...columns, role: projectContributors.title })
          .from(projectContributors)
          .innerJoin(projects, eq(projects.id, projectContributors.projectId))
          .where(and(eq(projectContributors.personId, link.personId), shown))
      : 'institutionId' in link
        ? db
            .select({ ...columns, role: projectInstitutions.role })
            .from(projectInstitutions)
            .innerJoin(projects, eq(projects.id, projectInstitutions.projectId))
            .where(and(eq(projectInstitutions.institutionId, link.institutionId), shown))
        : db
            .select({ ...columns, role: sql<string | null>`null` })
            .from(projects)
            .where(and(eq(projects.teamId, link.teamId), shown));
  return query.orderBy(asc(sql`lower(${projects.title})`), asc(projects.id));
}

/** A page of the projects the filters and `visible` let through as the text of a JSON array of list items, and their total. */
export async function listProjectsJson(db: Db, counts: CountCache, f: ProjectFilters, visible: SQL | undefined, page: { limit: number; offset: number }) {
  const where = whereOf(f, visible);
  const [[row], total] = await Promise.all([projectPageJson(db, { where, sort: sortOf(f), page }), counts.count(db, projects, where)]);
  return { json: row!.json, total };
}

export const contributorsOf = (db: Db, projectId: string) =>
  db
    .select({
      id: projectContributors.id,
      title: projectContributors.title,
      position: projectContributors.position,
      person: { id: people.id, slug: people.slug, name: people.name, photoId: people.photoId },
    })
    .from(projectContributors)
    .innerJoin(people, eq(people.id, projectContributors.personId))
    .where(eq(projectContributors.projectId, projectId))
    .orderBy(asc(projectContributors.position), asc(projectContributors.createdAt));

export const institutionLinksOf = (db: Db, projectId: string) =>
  db
    .select({
      id: projectInstitutions.id,
      role: projectInstitutions.role,
      position: projectInstitutions.position,
      institution: { id: institutions.id, slug: institutions.slug, name: institutions.name, logoId: institutions.logoId },
    })
    .from(projectInstitutions)
    .innerJoin(institutions, eq(institutions.id, projectInstitutions.institutionId))
    .where(eq(projectInstitutions.projectId, projectId))
    .orderBy(asc(projectInstitutions.position), asc(projectInstitutions.createdAt));

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** A project's and an update's version, for a write's check (lib/versions.ts). */
export const projectVersion = (id: string) => ({ table: projects, where: eq(projects.id, id), type: 'project', id, what: 'The project' });
export const updateVersion = (id: string) => ({ table: projectUpdates, where: eq(projectUpdates.id, id), type: 'update', id, what: 'The update' });

/** A write to what a project's editor shows with it (its contributors, institutions) is a new version of the project. */
export const touchProject = (db: Db, id: string, actor: Actor | null) => touch(db, projects, eq(projects.id, id), actor);

export async function updateProject(db: Db, actor: Actor | null, id: string, values: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, ...bumped(projects, actor) })
    .where(eq(projects.id, id))
    .returning();
  return row!;
}

export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
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

// Contributors and institutions: ordered links known by their own id (lib/ordered-links.ts).

export const contributorLinks = orderedLinks({
  table: projectContributors,
  owner: projectContributors.projectId,
  key: projectContributors.id,
  position: projectContributors.position,
  createdAt: projectContributors.createdAt,
});

export const institutionLinks = orderedLinks({
  table: projectInstitutions,
  owner: projectInstitutions.projectId,
  key: projectInstitutions.id,
  position: projectInstitutions.position,
  createdAt: projectInstitutions.createdAt,
});

export async function upsertContributor(db: Db, values: { id: string; projectId: string; personId: string; title: string | null; position: number }) {
  await db
    .insert(projectContributors)
    .values(values)
    .onConflictDoUpdate({ target: projectContributors.id, set: { personId: values.personId, title: values.title, updatedAt: new Date() } });
}

export async function findContributor(db: Db, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(projectContributors)
    .where(and(eq(projectContributors.projectId, projectId), eq(projectContributors.id, id)));
  return row ?? null;
}

export async function contributorOfPerson(db: Db, projectId: string, personId: string) {
  const [row] = await db
    .select()
    .from(projectContributors)
    .where(and(eq(projectContributors.projectId, projectId), eq(projectContributors.personId, personId)));
  return row ?? null;
}

export async function upsertInstitutionLink(db: Db, values: { id: string; projectId: string; institutionId: string; role: string | null; position: number }) {
  await db
    .insert(projectInstitutions)
    .values(values)
    .onConflictDoUpdate({ target: projectInstitutions.id, set: { institutionId: values.institutionId, role: values.role, updatedAt: new Date() } });
}

export async function findInstitutionLink(db: Db, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(projectInstitutions)
    .where(and(eq(projectInstitutions.projectId, projectId), eq(projectInstitutions.id, id)));
  return row ?? null;
}

export async function linkOfInstitution(db: Db, projectId: string, institutionId: string) {
  const [row] = await db
    .select()
    .from(projectInstitutions)
    .where(and(eq(projectInstitutions.projectId, projectId), eq(projectInstitutions.institutionId, institutionId)));
  return row ?? null;
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

/**
 * The project a key names (or named once) and, inside it, the update `updateKey` names with
 * its author, in one statement; `update` is null when the project has no such update.
 */
export async function findProjectUpdate(db: Db, key: string, updateKey: string) {
  const [row] = await db
    .select({ project: shownColumns, ...updateColumns })
    .from(projects)
    .leftJoin(projectUpdates, and(eq(projectUpdates.projectId, projects.id), byKey('update', updateKey)))
    .leftJoin(people, eq(people.id, projectUpdates.authorId))
    .where(namedBy('project', key))
    .limit(1);
  return row ?? null;
}

export async function findUpdate(db: Db, id: string) {
  const [row] = await db.select(updateColumns).from(projectUpdates).leftJoin(people, eq(people.id, projectUpdates.authorId)).where(eq(projectUpdates.id, id));
  return row ?? null;
}

export async function insertUpdate(db: Db, values: typeof projectUpdates.$inferInsert): Promise<UpdateRow> {
  const [row] = await db.insert(projectUpdates).values(values).returning();
  return row!;
}

export async function changeUpdate(db: Db, actor: Actor | null, id: string, values: Partial<typeof projectUpdates.$inferInsert>): Promise<void> {
  await db
    .update(projectUpdates)
    .set({ ...values, ...bumped(projectUpdates, actor) })
    .where(eq(projectUpdates.id, id));
}

export async function deleteUpdate(db: Db, id: string): Promise<void> {
  await db.delete(projectUpdates).where(eq(projectUpdates.id, id));
}

export async function updateSlugsLike(db: Db, projectId: string, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: projectUpdates.slug })
    .from(projectUpdates)
    .where(
      and(
        eq(projectUpdates.projectId, projectId),
        or(eq(projectUpdates.slug, base), like(projectUpdates.slug, `${base}-%`)),
        exceptId ? ne(projectUpdates.id, exceptId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.slug));
}
