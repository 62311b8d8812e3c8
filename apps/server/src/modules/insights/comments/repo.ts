import { and, asc, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../../authz/policy.js';
import type { Db } from '../../../db/client.js';
import { bumped } from '../../../lib/versions.js';
import { assets, insightCommentPhotos, insightComments, insights, people } from '../../../db/schema/index.js';

const columns = {
  id: insightComments.id,
  insightId: insightComments.insightId,
  authorId: insightComments.authorId,
  content: insightComments.content,
  photoId: insightComments.photoId,
  timestamp: insightComments.timestamp,
  createdAt: insightComments.createdAt,
  version: insightComments.version,
  author: { id: people.id, slug: people.slug, name: people.name },
};
export type CommentRow = {
  id: string;
  insightId: string;
  authorId: string | null;
  content: string;
  photoId: string | null;
  timestamp: Date;
  createdAt: Date;
  version: number;
  author: { id: string; slug: string; name: string } | null;
};

const selectComments = (d: Db) => d.select(columns).from(insightComments).leftJoin(people, eq(people.id, insightComments.authorId));

/** Every comment on an insight, oldest first. */
export async function commentsOf(d: Db, insightId: string): Promise<CommentRow[]> {
  return selectComments(d).where(eq(insightComments.insightId, insightId)).orderBy(asc(insightComments.timestamp), asc(insightComments.id));
}

export async function findComment(d: Db, insightId: string, id: string): Promise<CommentRow | null> {
  return (await selectComments(d).where(and(eq(insightComments.insightId, insightId), eq(insightComments.id, id))))[0] ?? null;
}

/** A new comment; written now unless `timestamp` says when (its `createdAt` is the server's time either way). */
export async function insertComment(
  d: Db,
  values: { insightId: string; authorId: string; content: string; photoId: string | null; timestamp?: Date | undefined },
): Promise<CommentRow> {
  const [created] = await d.insert(insightComments).values(values).returning({ id: insightComments.id });
  return (await selectComments(d).where(eq(insightComments.id, created!.id)))[0]!;
}

/** A comment's version, for a write's check (lib/versions.ts). */
export const commentVersion = (id: string) => ({ table: insightComments, where: eq(insightComments.id, id), type: 'comment', id, what: 'The comment' });

export async function changeComment(
  d: Db,
  actor: Actor | null,
  id: string,
  values: { content: string; photoId: string | null; timestamp?: Date | undefined },
): Promise<CommentRow> {
  const { timestamp, ...rest } = values;
  await d
    .update(insightComments)
    .set({ ...rest, ...(timestamp ? { timestamp } : {}), ...bumped(insightComments, actor) })
    .where(eq(insightComments.id, id));
  return (await selectComments(d).where(eq(insightComments.id, id)))[0]!;
}

export async function deleteComment(d: Db, id: string): Promise<void> {
  await d.delete(insightComments).where(eq(insightComments.id, id));
}

/** What a notification of a comment says of the insight: its title, number and author. */
export async function insightFacts(d: Db, insightId: string): Promise<{ title: string; num: number; authorId: string | null } | null> {
  const [row] = await d.select({ title: insights.title, num: insights.num, authorId: insights.authorId }).from(insights).where(eq(insights.id, insightId));
  return row ?? null;
}

/** Records an image uploaded for the comments of an insight. */
export async function insertCommentPhoto(d: Db, values: { assetId: string; insightId: string }): Promise<void> {
  await d.insert(insightCommentPhotos).values(values);
}

/**
 * An image uploaded for comments, locked until the transaction ends (two comments cannot
 * take it at once): the insight it was uploaded for, its uploader, and whether a comment
 * other than `except` shows it already.
 */
export async function commentPhoto(
  d: Db,
  assetId: string,
  except: string | null,
): Promise<{ insightId: string | null; ownerId: string | null; used: boolean } | null> {
  const [row] = await d
    .select({ insightId: insightCommentPhotos.insightId, ownerId: assets.ownerId })
    .from(insightCommentPhotos)
    .innerJoin(assets, eq(assets.id, insightCommentPhotos.assetId))
    .where(eq(insightCommentPhotos.assetId, assetId))
    .for('update', { of: insightCommentPhotos });
  if (!row) return null;
  const [user] = await d
    .select({ id: insightComments.id })
    .from(insightComments)
    .where(and(eq(insightComments.photoId, assetId), except ? ne(insightComments.id, except) : undefined))
    .limit(1);
  return { ...row, used: !!user };
}
