import { RESOURCE_ACTIONS, type Comment, type CommentInputSchema, type ResourceAction } from '@observatory/shared';
import type { z } from 'zod';
import { can, permissionsFor, type Actor, type Resource } from '../../../authz/authorize.js';
import { keepRow, resourceOf, type Found } from '../../../authz/lookup.js';
import { RESOURCES } from '../../../authz/resources.js';
import type { Database, Db } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { checkAuthor, writtenAt } from '../../../lib/authored.js';
import { AppError, invalidField, notFound } from '../../../lib/errors.js';
import { checkVersion, type Precondition } from '../../../lib/versions.js';
import type { Upload } from '../../../lib/uploads.js';
import { describeAsset, type AssetsService } from '../../assets/index.js';
import type { NotificationsService } from '../../notifications/index.js';
import * as repo from './repo.js';
import type { InsightsService } from '../service.js';

type Input = z.output<typeof CommentInputSchema>;

/** How much of a comment its notification quotes. */
const QUOTED = 1000;

/**
 * Comments on insights: seen exactly as their insight is; written by anyone signed in who
 * sees it (the registry grants `comment` with `view`); changed and removed by their author
 * and by whoever may edit the insight (its author, its team's editors, manageInsights).
 * A comment may show one image, uploaded for that insight first (POST …/comment-photos):
 * it is served as the insight is seen, and goes with the comment. When someone comments
 * on another's insight, its author is mailed, after the comment is stored.
 */
export function createCommentsService(deps: {
  db: Database;
  insights: InsightsService;
  assets: AssetsService;
  notifications: NotificationsService;
  publicUrl: string;
}) {
  const { db, insights, assets, notifications } = deps;

  const loadInsight = (actor: Actor | null, key: string) => db.use((d) => insights.loadInsight(d, actor, key));

  const resourceOfComment = (row: repo.CommentRow, insight: Resource) => resourceOf('comment', row, { parent: insight });

  /**
   * What the actor may do with a comment: the registry's comment actions, each granted by
   * the policy on the comment (its author, the team's editors, managers) or, to change it,
   * by edit on the insight: the policy owns a comment by its author alone, and the
   * insight's author moderates the comments on it too.
   */
  function permissionsOf(actor: Actor | null, insight: Resource, row: repo.CommentRow): ResourceAction[] {
    const comment = resourceOfComment(row, insight);
    const granted = permissionsFor(actor, comment);
    const actions = RESOURCES.comment.actions ?? {};
    return RESOURCE_ACTIONS.filter((action) => granted.includes(action) || (actions[action] === 'edit' && can(actor, 'edit', insight)));
  }

  const toComment = (actor: Actor | null, insight: Resource, row: repo.CommentRow): Comment => ({
    id: row.id,
    author: row.author?.id ? row.author : null,
    content: row.content,
    // Signed for the reader when not everyone may see the insight.
    photo: row.photoId ? assets.getImage(actor, row.photoId, insight) : null,
    timestamp: row.timestamp.toISOString(),
    created: row.createdAt.toISOString(),
    version: row.version,
    permissions: permissionsOf(actor, insight, row),
  });

  /** Signed in and sees the insight (404 otherwise): anyone who may comment on it. */
  function authorizeComment(actor: Actor | null, insight: Found) {
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this');
    if (!permissionsFor(actor, insight.resource).includes('comment')) throw new AppError('FORBIDDEN', 'You are not allowed to comment on this insight');
  }

  /** The insight and one of its comments, once the actor may change that comment: 404 when either is not there (or not seen), else 403. */
  async function loadForEdit(actor: Actor | null, key: string, commentId: string) {
    const insight = await loadInsight(actor, key);
    const row = await db.use((d) => repo.findComment(d, insight.id, commentId));
    if (!row) throw notFound('Comment');
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this');
    if (!permissionsOf(actor, insight.resource, row).includes('edit')) throw new AppError('FORBIDDEN', 'You are not allowed to change this comment');
    return { insight, row };
  }

  /** The image a comment is to show: one its writer uploaded for this insight that no other comment shows (400 naming body.photo otherwise). */
  async function checkPhoto(tx: Db, actor: Actor, insightId: string, photoId: string, commentId: string | null) {
    const photo = await repo.commentPhoto(tx, photoId, commentId);
    if (!photo || photo.insightId !== insightId || photo.ownerId !== actor.userId) {
      throw invalidField('body.photo', 'Not an image you uploaded for this insight: upload it with POST insights/{id}/comment-photos first');
    }
    if (photo.used) throw invalidField('body.photo', 'This image belongs to another comment: upload it again');
  }

  /** Mails the insight's author about a comment by someone else (never fails the comment). */
  async function notify(actor: Actor, insightId: string, row: repo.CommentRow) {
    const facts = await db.use((d) => repo.insightFacts(d, insightId));
    if (!facts?.authorId || facts.authorId === actor.personId) return;
    const by = row.author?.name ?? actor.username;
    const quoted = row.content.length > QUOTED ? `${row.content.slice(0, QUOTED)}…` : row.content;
    const link = `${deps.publicUrl}/insights/${facts.num}`;
    await notifications.send('insight-comments', facts.authorId, (to, unsubscribeUrl) => ({
      subject: `${by} commented on “${facts.title}”`,
      text:
        `Hello ${to.name},\n\n${by} commented on your insight “${facts.title}”:\n\n${quoted}${row.photoId ? '\n\n(with an image)' : ''}\n\n` +
        `Read it and answer: ${link}\n\n--\nYou receive this because someone commented on one of your insights.\n` +
        `To receive no more of these e-mails, open ${unsubscribeUrl}\n`,
    }));
  }

  return {
    /** Every comment on the insight, oldest first, with what the reader may do with each. */
    async listComments(actor: Actor | null, key: string): Promise<Comment[]> {
      const insight = await loadInsight(actor, key);
      const rows = await db.use((d) => repo.commentsOf(d, insight.id));
      return rows.map((row) => toComment(actor, insight.resource, row));
    },

    /** A comment by the signed-in user (the body may name them, no one else), written now unless the body says when. */
    async createComment(actor: Actor | null, key: string, input: Input): Promise<Comment> {
      const insight = await loadInsight(actor, key);
      authorizeComment(actor, insight);
      checkAuthor(input.author, actor!.personId, false);
      const timestamp = writtenAt(input.timestamp);
      const row = await db.transaction(async (tx) => {
        // Held until commit: a comment never outlives the insight it was written for.
        await keepRow(tx, 'insight', insight.id);
        if (input.photo) await checkPhoto(tx, actor!, insight.id, input.photo, null);
        const created = await repo.insertComment(tx, {
          insightId: insight.id,
          authorId: actor!.personId,
          content: input.content,
          photoId: input.photo ?? null,
          timestamp,
        });
        await audit(
          tx,
          actor,
          'comment.create',
          { type: 'insight', id: insight.id },
          { after: { id: created.id, content: created.content, photoId: created.photoId, timestamp: created.timestamp } },
        );
        return created;
      });
      await notify(actor!, insight.id, row);
      return toComment(actor, insight.resource, row);
    },

    /**
     * Changes a comment's text, its image when `photo` is given (null: none; a replaced image
     * is removed) and when it was written when `timestamp` is; it keeps its author.
     */
    async updateComment(actor: Actor | null, key: string, commentId: string, input: Input, precondition: Precondition = {}): Promise<Comment> {
      const { insight, row: before } = await loadForEdit(actor, key, commentId);
      checkAuthor(input.author, before.authorId, true);
      const timestamp = writtenAt(input.timestamp);
      const photoId = input.photo === undefined ? before.photoId : input.photo;
      const { row, files } = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.commentVersion(before.id), precondition);
        if (photoId && photoId !== before.photoId) await checkPhoto(tx, actor!, insight.id, photoId, before.id);
        const changed = await repo.changeComment(tx, actor, before.id, { content: input.content, photoId, timestamp });
        await audit(
          tx,
          actor,
          'comment.update',
          { type: 'insight', id: insight.id },
          {
            before: { id: before.id, content: before.content, photoId: before.photoId, timestamp: before.timestamp },
            after: { content: input.content, photoId, timestamp: changed.timestamp },
          },
        );
        const dropped = before.photoId && before.photoId !== photoId ? await assets.deleteAssetIn(tx, before.photoId) : [];
        return { row: changed, files: dropped };
      });
      await assets.deleteFiles(files);
      return toComment(actor, insight.resource, row);
    },

    /** Removes a comment and its image. */
    async deleteComment(actor: Actor | null, key: string, commentId: string, precondition: Precondition = {}): Promise<void> {
      const { insight, row } = await loadForEdit(actor, key, commentId);
      const files = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.commentVersion(row.id), precondition);
        await repo.deleteComment(tx, row.id);
        await audit(
          tx,
          actor,
          'comment.delete',
          { type: 'insight', id: insight.id },
          { before: { id: row.id, content: row.content, authorId: row.authorId, photoId: row.photoId } },
        );
        return row.photoId ? assets.deleteAssetIn(tx, row.photoId) : [];
      });
      await assets.deleteFiles(files);
    },

    /**
     * Stores an image for a comment about to be written on the insight (JPEG, PNG or WebP,
     * through the image pipeline): it belongs to the insight from now on, is seen as the
     * insight is, and only its uploader may put it on a comment.
     */
    async uploadPhoto(actor: Actor | null, key: string, readUpload: () => Promise<Upload>) {
      const insight = await loadInsight(actor, key);
      authorizeComment(actor, insight);
      const assetId = await assets.attachImage(actor, await readUpload(), async (tx, asset) => {
        await keepRow(tx, 'insight', insight.id);
        await repo.insertCommentPhoto(tx, { assetId: asset.id, insightId: insight.id });
        await audit(tx, actor, 'comment.photo', { type: 'insight', id: insight.id }, { after: describeAsset(asset) });
        return { replaced: null, result: asset.id };
      });
      return { photo: assets.getImage(actor, assetId, insight.resource) };
    },
  };
}
