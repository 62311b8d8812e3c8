import type { Comment, CommentInputSchema, ImageRef, Insight, InsightDetail, InsightInput } from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique, upload, type FilePart } from '../harness.js';
import { docPart, expectAnswer, samplePng } from './answer.js';
import type { TestUser } from './users.js';

/** An insight's fields, and its text as `doc` (ProseMirror JSON, checked by the API). */
export type InsightOverrides = Partial<InsightInput> & { doc?: unknown };

/** An insight (POST /insights, createInsights), written by the actor; public unless told. */
export async function buildInsight(app: FastifyInstance, as: TestUser, overrides: InsightOverrides = {}): Promise<Insight> {
  const { doc, ...insight } = overrides;
  const res = await api(app, 'POST', '/insights', { token: as.token, body: { insight: { title: unique('Insight '), ...insight }, ...docPart(doc) } });
  return expectAnswer<InsightDetail>(res, 201, 'POST /insights').insight;
}

/** A comment on an insight, by number or id (POST /insights/{id}/comments, comment on the insight). */
export async function buildComment(
  app: FastifyInstance,
  as: TestUser,
  insight: string | number,
  overrides: Partial<z.input<typeof CommentInputSchema>> = {},
): Promise<Comment> {
  const res = await api(app, 'POST', `/insights/${insight}/comments`, { token: as.token, body: { content: unique('Comment '), ...overrides } });
  return expectAnswer<{ comment: Comment }>(res, 201, 'POST /insights/{id}/comments').comment;
}

/** An image uploaded for a comment about to be written on an insight (POST /insights/{id}/comment-photos): a small PNG unless a file is given. */
export async function buildCommentPhoto(app: FastifyInstance, as: TestUser, insight: string | number, overrides: { file?: FilePart } = {}): Promise<ImageRef> {
  const res = await upload(app, 'POST', `/insights/${insight}/comment-photos`, { token: as.token, file: overrides.file ?? (await samplePng()) });
  return expectAnswer<{ photo: ImageRef }>(res, 201, 'POST /insights/{id}/comment-photos').photo;
}
