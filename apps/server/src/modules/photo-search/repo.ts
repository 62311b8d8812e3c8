import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Bbox } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import type { CountCache } from '../../db/counts.js';
import { insightComments, insights, objectProjects, objects, objectTypeLinks, objectTypes, people, photos } from '../../db/schema/index.js';
import type { Page } from '../../lib/pagination.js';
import { isoTime, jsonObject, jsonOne } from '../../lib/sql-json.js';

/**
 * The photo search reads two sources as one list: the photos of objects (`photos`) and the
 * images of insight comments (`insight_comments.photo_id`), each kept to what the reader
 * may see by the registry's conditions (the caller's `visibleTo` of photo and comment).
 */
export interface PhotoFilter {
  /** visibleTo(actor, 'photo') and visibleTo(actor, 'comment'): undefined lets every row through. */
  photosVisible: SQL | undefined;
  commentsVisible: SQL | undefined;
  /** The words of q, each found in a caption, a name or title, or the photographer's name. */
  words: string[];
  /** The author's person id (NO_ROW for a person who is not there). */
  authorIds: string[];
  /** An object type's slug: object photos only. */
  type?: string | undefined;
  /** Days, inclusive, in UTC. */
  from?: string | undefined;
  to?: string | undefined;
  /** west, south, east, north: object photos only. */
  bbox?: Bbox | undefined;
  /** One photo or comment by id (GET photos/{id}). */
  id?: string | undefined;
}

/** A word as a LIKE pattern in lower case: %, _ and \ stand for themselves. */
const pattern = (word: string) => sql`lower(${`%${word.replace(/[\\%_]/g, '\\$&')}%`}::text)`;

/**
 * Text holding a word, in any case: lower(text) LIKE lower(pattern), which is what ILIKE
 * does, measured a quarter faster on PostgreSQL. Two columns are searched as one text
 * (a word holds no space, so it cannot match across the two).
 */
const holds = (text: SQL, p: SQL) => sql`lower(${text}) like ${p}`;

/** A photo's date: when it was taken (EXIF) when known, else when it was uploaded. */
const PHOTO_DATE = sql`coalesce(${photos.takenAt}, ${photos.createdAt})`;
const COMMENT_DATE = sql`${insightComments.createdAt}`;

/** A day's start in UTC; `to` is inclusive, so its end is the next day's start. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;

function dateRange(date: SQL, f: PhotoFilter): SQL | undefined {
  return and(f.from ? sql`${date} >= ${dayStart(f.from)}` : undefined, f.to ? sql`${date} < ${dayAfter(f.to)}` : undefined);
}

/** Comments hold no place and no object: a box or a type finds none of them. */
const commentsSearched = (f: PhotoFilter) => !f.bbox && !f.type;

/**
 * Which object photos the filter finds, as a condition on `photos` alone (the count reads
 * it as it is). Names, titles and people are matched in uncorrelated subqueries, which
 * PostgreSQL runs once and probes by hash, rather than once per photo.
 */
function photoCondition(f: PhotoFilter): SQL | undefined {
  const words = f.words.map((word) => {
    const p = pattern(word);
    return or(
      holds(sql`${photos.caption}`, p),
      sql`${photos.objectId} in (select ${objects.id} from ${objects} where ${holds(sql`${objects.name} || ' ' || ${objects.title}`, p)})`,
      sql`${photos.authorId} in (select ${people.id} from ${people} where ${holds(sql`${people.name}`, p)})`,
    );
  });
  const envelope = f.bbox && sql`ST_MakeEnvelope(${f.bbox[0]}::float8, ${f.bbox[1]}::float8, ${f.bbox[2]}::float8, ${f.bbox[3]}::float8, 4326)`;
  return and(
    f.photosVisible,
    f.id ? eq(photos.id, f.id) : undefined,
    ...words,
    f.authorIds.length ? inArray(photos.authorId, f.authorIds) : undefined,
    f.type
      ? sql`${photos.objectId} in (select ${objectTypeLinks.objectId} from ${objectTypeLinks} join ${objectTypes} on ${objectTypes.id} = ${objectTypeLinks.typeId} where ${objectTypes.slug} = ${f.type})`
      : undefined,
    dateRange(PHOTO_DATE, f),
    // Its object's geometry overlapping the box (the objects' GiST index), never the photo's own
    // position, which only the object's editors may know; a photo without an object by its own.
    envelope
      ? sql`(${photos.objectId} in (select ${objects.id} from ${objects} where ${objects.geo} && ${envelope}) or (${photos.objectId} is null and ${photos.geo} && ${envelope}))`
      : undefined,
  );
}

/** Which comment images the filter finds, as a condition on `insight_comments` alone; null when it can find none. */
function commentCondition(f: PhotoFilter): SQL | null {
  if (!commentsSearched(f)) return null;
  const words = f.words.map((word) => {
    const p = pattern(word);
    return or(
      holds(sql`${insightComments.content}`, p),
      sql`${insightComments.insightId} in (select ${insights.id} from ${insights} where ${holds(sql`${insights.title}`, p)})`,
      sql`${insightComments.authorId} in (select ${people.id} from ${people} where ${holds(sql`${people.name}`, p)})`,
    );
  });
  return and(
    isNotNull(insightComments.photoId),
    f.commentsVisible,
    f.id ? eq(insightComments.id, f.id) : undefined,
    ...words,
    f.authorIds.length ? inArray(insightComments.authorId, f.authorIds) : undefined,
    dateRange(COMMENT_DATE, f),
  )!;
}

/** What the policy needs of a result's holder: its object (visibility, projects) or its insight (visibility, team, author). */
export type ObjectFacts = { id: string; visibility: string; targetIds: string[] };
export type InsightFacts = { id: string; visibility: string; teamId: string | null; authorId: string | null };

export interface PhotoSearchRow {
  source: 'object' | 'comment';
  id: string;
  assetId: string;
  authorId: string | null;
  objectId: string | null;
  insightId: string | null;
  /** The answer's fields the database writes: caption, takenAt, geo (the service keeps it for editors), place, object, insight, author, createdAt. */
  item: {
    caption: string | null;
    takenAt: string | null;
    geo: { type: 'Point'; coordinates: number[] } | null;
    place: { type: 'Point'; coordinates: number[] } | null;
    object: { id: string; name: string; title: string } | null;
    insight: { id: string; num: number; title: string } | null;
    author: { id: string; slug: string; name: string } | null;
    createdAt: string;
  };
  objectFacts: ObjectFacts | null;
  insightFacts: InsightFacts | null;
}

// The columns of the page's rows (`found`), spelled out: the outer query reads the union's output.
const F = {
  id: sql.raw('found.id'),
  assetId: sql.raw('found.asset_id'),
  caption: sql.raw('found.caption'),
  takenAt: sql.raw('found.taken_at'),
  geo: sql.raw('found.geo'),
  createdAt: sql.raw('found.created_at'),
  authorId: sql.raw('found.author_id'),
  objectId: sql.raw('found.object_id'),
  insightId: sql.raw('found.insight_id'),
};

/**
 * One page of both sources at once: a UNION ALL of the object photos and the comment
 * images the filter finds, newest first by their date (taken, else uploaded), then id;
 * only the page's rows get their object, insight and author, as JSON, and the facts the
 * policy needs for their permissions and image URLs.
 */
function pageStatement(photoWhere: SQL | undefined, commentWhere: SQL | null, page: Page): SQL {
  const objectPhotos = sql`select 'object'::text as source, ${photos.id} as id, ${photos.assetId} as asset_id, ${photos.caption} as caption, ${photos.takenAt} as taken_at,
      ${photos.geo} as geo, ${photos.createdAt} as created_at, ${photos.authorId} as author_id, ${photos.objectId} as object_id, null::uuid as insight_id, ${PHOTO_DATE} as at
    from ${photos}${photoWhere ? sql` where ${photoWhere}` : sql``}`;
  const commentImages =
    commentWhere &&
    sql`select 'comment'::text, ${insightComments.id}, ${insightComments.photoId}, ${insightComments.content}, null::timestamptz,
      null::geometry, ${insightComments.createdAt}, ${insightComments.authorId}, null::uuid, ${insightComments.insightId}, ${COMMENT_DATE}
    from ${insightComments} where ${commentWhere}`;
  const union = commentImages ? sql`${objectPhotos} union all ${commentImages}` : objectPhotos;
  const item = jsonObject({
    caption: F.caption,
    takenAt: isoTime(F.takenAt),
    geo: sql`ST_AsGeoJSON(${F.geo})::json`,
    place: jsonOne(sql`select ST_AsGeoJSON(ST_PointOnSurface(o.geo))::json from ${objects} o where o.id = ${F.objectId}`),
    object: jsonOne(sql`select json_build_object('id', o.id, 'name', o.name, 'title', o.title) from ${objects} o where o.id = ${F.objectId}`),
    insight: jsonOne(sql`select json_build_object('id', i.id, 'num', i.num, 'title', i.title) from ${insights} i where i.id = ${F.insightId}`),
    author: jsonOne(sql`select json_build_object('id', pe.id, 'slug', pe.slug, 'name', pe.name) from ${people} pe where pe.id = ${F.authorId}`),
    createdAt: isoTime(F.createdAt),
  });
  const objectFacts = jsonOne(sql`select json_build_object('id', o.id, 'visibility', o.visibility,
      'targetIds', coalesce((select array_agg(op.project_id::text) from ${objectProjects} op where op.object_id = o.id), '{}'))
    from ${objects} o where o.id = ${F.objectId}`);
  const insightFacts = jsonOne(
    sql`select json_build_object('id', i.id, 'visibility', i.visibility, 'teamId', i.team_id, 'authorId', i.author_id) from ${insights} i where i.id = ${F.insightId}`,
  );
  // The page first (LIMIT inside), so that only its rows are dressed.
  return sql`select found.source, ${F.id} as "id", ${F.assetId} as "assetId", ${F.authorId} as "authorId", ${F.objectId} as "objectId", ${F.insightId} as "insightId",
      ${item} as item, ${objectFacts} as "objectFacts", ${insightFacts} as "insightFacts"
    from (${union} order by at desc, id desc limit ${sql.raw(String(page.limit))} offset ${sql.raw(String(page.offset))}) found
    order by found.at desc, found.id desc`;
}

/** A page of what the filter finds and how many it finds in all (each source's total kept until anything is written). */
export async function searchPhotos(d: Db, counts: CountCache, f: PhotoFilter, page: Page): Promise<{ rows: PhotoSearchRow[]; total: number }> {
  const photoWhere = photoCondition(f);
  const commentWhere = commentCondition(f);
  const [result, photoTotal, commentTotal] = await Promise.all([
    d.execute(pageStatement(photoWhere, commentWhere, page)),
    counts.count(d, photos, photoWhere),
    commentWhere ? counts.count(d, insightComments, commentWhere) : 0,
  ]);
  return { rows: rowsOf<PhotoSearchRow>(result), total: photoTotal + commentTotal };
}

/** One photo or comment image by its id, when the filter (the reader's sight) lets it through. */
export async function findPhoto(d: Db, f: PhotoFilter & { id: string }): Promise<PhotoSearchRow | null> {
  const result = await d.execute(pageStatement(photoCondition(f), commentCondition(f), { page: 1, limit: 1, offset: 0 }));
  return rowsOf<PhotoSearchRow>(result)[0] ?? null;
}
