import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { InsightSort, ProseMirrorDoc } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import { insightCommentPhotos, insightComments, insightObjects, insights, objects, people, teams } from '../../db/schema/index.js';
import type { Page } from '../../lib/pagination.js';
import { isoTime, jsonList, jsonObject, jsonOne } from '../../lib/sql-json.js';
import { bumped } from '../../lib/versions.js';
import type { Actor } from '../../authz/policy.js';

/** Marks around a snippet's matches: control characters, which an insight's stored text never holds. */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

// Spelled out in subqueries: a one-table query leaves the table's name off its columns.
const INSIGHT = { id: sql.raw('"insights"."id"'), authorId: sql.raw('"insights"."author_id"'), teamId: sql.raw('"insights"."team_id"') };

export const insertInsight = async (db: Db, values: typeof insights.$inferInsert) => (await db.insert(insights).values(values).returning())[0]!;
/** A change of an insight, its objects' too (set in the same write), is a new version of it. */
export const changeInsight = (db: Db, actor: Actor | null, id: string, values: Partial<typeof insights.$inferInsert>) =>
  db
    .update(insights)
    .set({ ...values, ...bumped(insights, actor) })
    .where(eq(insights.id, id));

/** An insight's version, for a write's check (lib/versions.ts). */
export const insightVersion = (id: string) => ({ table: insights, where: eq(insights.id, id), type: 'insight', id, what: 'The insight' });
export const deleteInsight = (db: Db, id: string) => db.delete(insights).where(eq(insights.id, id));
export const findRow = async (db: Db, id: string) => (await db.select().from(insights).where(eq(insights.id, id)))[0] ?? null;

/** The images uploaded for an insight's comments (on a comment or not yet). */
export const commentImagesOf = async (db: Db, insightId: string) =>
  (await db.select({ id: insightCommentPhotos.assetId }).from(insightCommentPhotos).where(eq(insightCommentPhotos.insightId, insightId))).map((r) => r.id);

/** Sets the objects an insight is about, in order. */
export async function setObjects(db: Db, insightId: string, objectIds: string[]) {
  await db.delete(insightObjects).where(eq(insightObjects.insightId, insightId));
  if (objectIds.length) await db.insert(insightObjects).values(objectIds.map((objectId, position) => ({ insightId, objectId, position })));
}

/**
 * An insight as answered, built in SQL: its author, team, the objects it is about that the
 * reader may see (`objectsVisible`), and its number of comments.
 */
function insightJson(objectsVisible: SQL | undefined): SQL {
  return jsonObject({
    id: insights.id,
    num: insights.num,
    title: insights.title,
    tags: insights.tags,
    author: jsonOne(sql`select json_build_object('id', p.id, 'slug', p.slug, 'name', p.name) from ${people} p where p.id = ${INSIGHT.authorId}`),
    team: jsonOne(sql`select json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) from ${teams} t where t.id = ${INSIGHT.teamId}`),
    // Table names spelled out: the visibility condition names "objects".
    objects: jsonList(sql`select json_agg(json_build_object('id', "objects"."id", 'name', "objects"."name", 'title', "objects"."title") order by io.position)
      from ${insightObjects} io join ${objects} on "objects"."id" = io.object_id where io.insight_id = ${INSIGHT.id}${objectsVisible ? sql` and ${objectsVisible}` : sql``}`),
    visibility: insights.visibility,
    comments: sql`(select count(*)::int from ${insightComments} c where c.insight_id = ${INSIGHT.id})`,
    version: insights.version,
    createdAt: isoTime(insights.createdAt),
    updatedAt: isoTime(insights.updatedAt),
  });
}

export async function insightDetail(db: Db, id: string, objectsVisible: SQL | undefined) {
  const [row] = await db
    .select({ insight: sql<unknown>`${insightJson(objectsVisible)}`, doc: insights.doc })
    .from(insights)
    .where(eq(insights.id, id));
  return row ? { insight: row.insight, doc: (row.doc as ProseMirrorDoc | null) ?? null } : null;
}

export interface InsightFilter {
  /** The reader's condition on insights. */
  visible: SQL | undefined;
  /** The reader's condition on objects (the `o` filter and the objects listed). */
  objectsVisible: SQL | undefined;
  q?: string | undefined;
  tag?: string | undefined;
  object?: string | undefined;
  author?: string | undefined;
  team?: string | undefined;
  visibility?: string | undefined;
}

const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
const tsVector = sql`${insights.searchVector}`;

function whereOf(f: InsightFilter): SQL | undefined {
  return and(
    f.visible,
    f.q ? sql`${tsVector} @@ ${tsQuery(f.q)}` : undefined,
    f.tag ? sql`${insights.tags} @> array[${f.tag}]::text[]` : undefined,
    f.object
      ? sql`exists (select 1 from ${insightObjects} io join ${objects} on "objects"."id" = io.object_id where io.insight_id = ${INSIGHT.id} and "objects"."name" = ${f.object}${f.objectsVisible ? sql` and ${f.objectsVisible}` : sql``})`
      : undefined,
    f.author ? sql`exists (select 1 from ${people} p where p.id = ${INSIGHT.authorId} and p.slug = ${f.author})` : undefined,
    f.team ? sql`exists (select 1 from ${teams} t where t.id = ${INSIGHT.teamId} and t.slug = ${f.team})` : undefined,
    f.visibility ? eq(insights.visibility, f.visibility) : undefined,
  );
}

function orderOf(sort: InsightSort, q: string | undefined): SQL[] {
  const newest = [desc(insights.createdAt), desc(insights.num)];
  if (sort === 'relevance' && q) return [sql`ts_rank(${tsVector}, ${tsQuery(q)}) desc`, ...newest];
  if (sort === 'oldest') return [asc(insights.createdAt), asc(insights.num)];
  if (sort === 'discussed') return [sql`(select count(*) from ${insightComments} c where c.insight_id = ${INSIGHT.id}) desc`, ...newest];
  return newest;
}

/** A passage: with q, the best-matching one with its matches marked (MATCH_START … MATCH_END); else the text's start, past the title and tags lines. */
const snippetOf = (q: string | undefined) =>
  q
    ? sql<string>`ts_headline('english', ${insights.searchText}, ${tsQuery(q)}, ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`})`
    : sql<string>`left(regexp_replace(${insights.searchText}, ${'^[^\n]*\n\n[^\n]*\n\n'}, ''), 240)`;

/** A page of the insights a filter finds, each as answered plus its snippet, and how many there are. */
export async function searchInsights(db: Db, counts: CountCache, f: InsightFilter, sort: InsightSort, page: Page) {
  const where = whereOf(f);
  const [rows, total] = await Promise.all([
    db
      .select({ insight: sql<Record<string, unknown>>`${insightJson(f.objectsVisible)}`, snippet: snippetOf(f.q) })
      .from(insights)
      .where(where)
      .orderBy(...orderOf(sort, f.q))
      .limit(page.limit)
      .offset(page.offset),
    // The total, kept until anything is written (the page itself costs a twentieth of counting).
    counts.count(db, insights, where),
  ]);
  return { rows, total };
}

/** The tags of the insights the reader may see, most used first. */
export async function tagCounts(db: Db, visible: SQL | undefined) {
  const result = await db.execute(sql`
    select tag, count(*)::int as count from ${insights}, unnest(${insights.tags}) as tag
    ${visible ? sql`where ${visible}` : sql``}
    group by tag order by count desc, tag limit 100`);
  return rowsOf<{ tag: string; count: number }>(result);
}
