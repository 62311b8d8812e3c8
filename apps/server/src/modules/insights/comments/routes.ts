import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentChangeSchema, CommentInputSchema, CommentPhotoResponseSchema, CommentResponseSchema, CommentsResponseSchema } from '@observatory/shared';
import { readFilePart } from '../../../lib/uploads.js';
import { signedIn } from '../../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';

const InsightParams = z.object({ id: z.string().min(1).max(200).describe('The insight’s id or number') });
const CommentParams = InsightParams.extend({ cid: z.uuid().describe('The comment’s id') });

/** The comments on an insight: seen as the insight is; written by whoever sees it and is signed in; changed by their author and the insight's editors. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insightComments: comments } = app.services;
  const tags = ['insights'];
  const write = { onRequest: signedIn };

  app.get(
    '/insights/:id/comments',
    {
      schema: {
        tags,
        summary: 'The comments on an insight, oldest first, each with what the reader may do with it',
        params: InsightParams,
        response: { 200: CommentsResponseSchema },
      },
    },
    async (request) => ({ comments: await comments.listComments(request.actor, request.params.id) }),
  );
  app.post(
    '/insights/:id/comments',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Comment on an insight (anyone signed in who sees it) as the caller: author may only name them (400 otherwise); timestamp says when it was written (at most 5 minutes ahead), else now. The insight’s author is mailed (unless it is theirs, or they unsubscribed)',
        params: InsightParams,
        body: CommentInputSchema,
        response: { 201: CommentResponseSchema },
      },
    },
    async (request, reply) => {
      const comment = await comments.createComment(request.actor, request.params.id, request.body);
      return reply.status(201).send(withETag(reply, { comment }, comment.version));
    },
  );
  app.post(
    '/insights/:id/comment-photos',
    {
      ...write,
      config: { upload: true },
      schema: {
        tags,
        summary: 'Upload an image for a comment about to be written (JPEG, PNG or WebP in the part "file"); then give its id as the comment’s photo',
        params: InsightParams,
        consumes: ['multipart/form-data'],
        response: { 201: CommentPhotoResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await comments.uploadPhoto(request.actor, request.params.id, () => readFilePart(request, app.config.images.maxBytes))),
  );
  app.put(
    '/insights/:id/comments/:cid',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Change a comment’s text, image and, when given, timestamp (its author, the insight’s author and team editors, manageInsights); photo null takes the image off; author may only name its author (400 otherwise)',
        params: CommentParams,
        headers: ConditionalHeadersSchema,
        body: CommentChangeSchema,
        response: { 200: CommentResponseSchema },
      },
    },
    async (request, reply) => {
      const comment = await comments.updateComment(request.actor, request.params.id, request.params.cid, request.body, preconditionOf(request));
      return withETag(reply, { comment }, comment.version);
    },
  );
  app.delete(
    '/insights/:id/comments/:cid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a comment and its image (its author, the insight’s author and team editors, manageInsights)',
        params: CommentParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await comments.deleteComment(request.actor, request.params.id, request.params.cid, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
