import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_LIMITS } from '@observatory/shared';
import type { Actor } from '../../authz/policy.js';
import type { Db } from '../../db/client.js';
import { bumped } from '../../lib/versions.js';
import { pages, people } from '../../db/schema/index.js';

export type PageRow = typeof pages.$inferSelect;
type PageWrite = Omit<typeof pages.$inferInsert, 'visibility' | 'searchVector'>;

/** Marks around a search snippet's matches, as the API promises them. */
export const MATCH_START = '«';
export const MATCH_END = '»';

/** What a page's detail and the tree show of it, with who changed it last. */
const listed = {
  id: pages.id,
  path: pages.path,
  title: pages.title,
  position: pages.position,
  draft: pages.draft,
  visibility: pages.visibility,
  version: pages.version,
  updatedAt: pages.updatedAt,
};
const detailed = { ...listed, doc: pages.doc, createdAt: pages.createdAt, updatedBy: { id: people.id, slug: people.slug, name: people.name } };
export type ListedPage = {
  id: string;
  path: string;
  title: string;
  position: number;
  draft: boolean;
  visibility: string;
  version: number;
  updatedAt: Date;
};

/** The pages at these paths (a page and the pages above it), with who changed each last: one statement. */
export async function pagesAt(db: Db, paths: string[]) {
  return db.select(detailed).from(pages).leftJoin(people, eq(people.id, pages.updatedBy)).where(inArray(pages.path, paths));
}

/** A page's row, held until commit: writes to one page (and to the pages it holds) wait for each other. */
export const lockRow = async (db: Db, id: string) => (await db.select().from(pages).where(eq(pages.id, id)).for('update'))[0] ?? null;

/** Whether a page is at `path`, holding it until commit: it cannot be deleted or moved while a page is put below it. */
export const holdPath = async (db: Db, path: string) => (await db.select({ id: pages.id }).from(pages).where(eq(pages.path, path)).for('share')).length > 0;

/** The published pages (drafts are never in the tree unless asked for, nor in search). */
export const published = eq(pages.draft, false);

/** Inserts a page unless its path is taken (then null: two writers racing for one path lose alike). */
export async function insertPage(db: Db, values: PageWrite): Promise<PageRow | null> {
  const [row] = await db.insert(pages).values(values).onConflictDoNothing({ target: pages.path }).returning();
  return row ?? null;
}

/** A page's version, for a write's check (lib/versions.ts). */
export const pageVersion = (id: string) => ({ table: pages, where: eq(pages.id, id), type: 'page', id, what: 'The page' });

export const changePage = (db: Db, actor: Actor | null, id: string, values: Partial<PageWrite>) =>
  db
    .update(pages)
    .set({ ...values, ...bumped(pages, actor) })
    .where(eq(pages.id, id));
export const deletePage = (db: Db, id: string) => db.delete(pages).where(eq(pages.id, id));

/** The pages below a path, at any depth. Segments hold no LIKE wildcards (pagePathProblem). */
const below = (path: string) => sql`${pages.path} like ${`${path}/%`}`;
/** The pages held directly by the page at `parent` (null: the top of the tree). */
const childrenOf = (parent: string | null) =>
  parent === null ? sql`${pages.path} not like '%/%'` : and(below(parent), sql`${pages.path} not like ${`${parent}/%/%`}`);

/** The nearest draft among these paths (the pages above one), or null. */
export async function nearestDraft(db: Db, paths: string[]): Promise<string | null> {
  if (!paths.length) return null;
  const [row] = await db
    .select({ path: pages.path })
    .from(pages)
    .where(and(inArray(pages.path, paths), eq(pages.draft, true)))
    .orderBy(desc(sql`length(${pages.path})`))
    .limit(1);
  return row?.path ?? null;
}

/** Makes every published page below a path a draft (a new version of each): one statement. How many it made. */
export async function draftBelow(db: Db, actor: Actor | null, path: string): Promise<number> {
  const rows = await db
    .update(pages)
    .set({ draft: true, ...bumped(pages, actor) })
    .where(and(below(path), eq(pages.draft, false)))
    .returning({ id: pages.id });
  return rows.length;
}

export async function countBelow(db: Db, path: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pages)
    .where(below(path));
  return row?.n ?? 0;
}

export const pathsBelow = async (db: Db, path: string) => (await db.select({ path: pages.path }).from(pages).where(below(path))).map((r) => r.path);

/** The position after the last of a parent's children (0 for the first), leaving out `except`. */
export async function nextPosition(db: Db, parent: string | null, except?: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${pages.position}) + 1, 0)::int` })
    .from(pages)
    .where(and(childrenOf(parent), except ? ne(pages.id, except) : undefined));
  return Math.min(row?.next ?? 0, 10_000);
}

/**
 * Puts the page `id` at `index` among the pages held by `parent` (0 first; past the end:
 * last) and numbers them all 0, 1, 2… in their order: one statement for those that change.
 */
export async function placeAmongSiblings(db: Db, parent: string | null, id: string, index: number): Promise<number> {
  const siblings = await db
    .select({ id: pages.id, position: pages.position })
    .from(pages)
    .where(and(childrenOf(parent), ne(pages.id, id)))
    .orderBy(asc(pages.position), asc(pages.title), asc(pages.path));
  const place = Math.min(index, siblings.length);
  const order = [...siblings.slice(0, place).map((s) => s.id), id, ...siblings.slice(place).map((s) => s.id)];
  await db.execute(sql`update ${pages} set position = placed.n - 1
    from unnest(${sql.param(order)}::uuid[]) with ordinality as placed(id, n)
    where ${pages.id} = placed.id and ${pages.position} <> placed.n - 1`);
  return place;
}

/** Of these paths, those some page holds. */
export async function takenAmong(db: Db, paths: string[]): Promise<string[]> {
  if (!paths.length) return [];
  return (await db.select({ path: pages.path }).from(pages).where(inArray(pages.path, paths))).map((r) => r.path);
}

/** Rewrites the path of the page at `from` and of every page below it to start with `to`: one statement. */
export async function movePaths(db: Db, from: string, to: string): Promise<number> {
  const rows = await db
    .update(pages)
    .set({ path: sql`${to}::text || substr(${pages.path}, ${from.length + 1}::int)` })
    .where(or(eq(pages.path, from), below(from)))
    .returning({ id: pages.id });
  return rows.length;
}

/** The pages a condition keeps, as the tree lists them (ordered by the caller). */
export const listPages = (db: Db, where: SQL | undefined): Promise<ListedPage[]> => db.select(listed).from(pages).where(where);

const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** Published pages holding the words, best first, each with the passage that matches best. */
export async function searchPublished(db: Db, q: string) {
  return db
    .select({
      id: pages.id,
      path: pages.path,
      title: pages.title,
      snippet: sql<string>`ts_headline('english', ${pages.searchText}, ${tsQuery(q)}, ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`,
    })
    .from(pages)
    .where(and(published, sql`${pages.searchVector} @@ ${tsQuery(q)}`))
    .orderBy(sql`ts_rank(${pages.searchVector}, ${tsQuery(q)}) desc`, asc(pages.title), asc(pages.path))
    .limit(PAGE_LIMITS.searchResults);
}
