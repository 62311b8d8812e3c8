import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InsightChangeSchema,
  InsightDetailSchema,
  type InsightDetail,
  InsightsQuerySchema,
  InsightsResponseSchema,
  InsightTagsResponseSchema,
  InsightWriteSchema,
} from '@observatory/shared';
import { setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { revisionRoutes } from '../documents/index.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';
import { commentRoutes } from './comments/routes.js';

const InsightParams = z.object({ id: z.string().min(1).max(200).describe('The insight’s id or number') });

/** Insights: read as each is visible; written with createInsights, changed by their author, team editors and manageInsights. */
export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { insights } = app.services;
  const tags = ['insights'];
  const write = { onRequest: signedIn };
  /** An insight's detail with its version as the ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<InsightDetail>) => {
    const answer = await body;
    return withETag(reply, answer, answer.insight.version);
  };

  app.get(
    '/insights',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary:
          'Search the insights the reader may see, 25 a page: full text (q, web-search syntax), tag, object (o), author (u), team (t), visibility (v), sort (s)',
        querystring: InsightsQuerySchema,
        response: { 200: InsightsResponseSchema },
      },
    },
    async (request, reply) => {
      const { results, query, page, total } = await insights.listInsights(request.actor, request.query);
      setPaginationHeaders(reply, page, total);
      return { results, query };
    },
  );
  app.get(
    '/insights/tags',
    { schema: { tags, summary: 'The tags of the insights the reader may see, most used first', response: { 200: InsightTagsResponseSchema } } },
    async (request) => ({
      tags: await insights.listTags(request.actor),
    }),
  );
  app.post(
    '/insights',
    {
      ...write,
      schema: {
        tags,
        summary: 'Write an insight (createInsights); the writer is its author',
        body: InsightWriteSchema,
        response: { 201: InsightDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, insights.createInsight(request.actor, request.body))),
  );
  app.get(
    '/insights/:id',
    {
      schema: {
        tags,
        summary: 'An insight with its document and what the reader may do with it',
        params: InsightParams,
        response: { 200: InsightDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, insights.getInsight(request.actor, request.params.id)),
  );
  app.put(
    '/insights/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change an insight: the parts given (its author, its team’s editors, manageInsights)',
        params: InsightParams,
        headers: ConditionalHeadersSchema,
        body: InsightChangeSchema,
        response: { 200: InsightDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, insights.updateInsight(request.actor, request.params.id, request.body, preconditionOf(request))),
  );
  app.delete(
    '/insights/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete an insight with its comments (its author, its team’s editors, manageInsights)',
        params: InsightParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await insights.deleteInsight(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );
  await app.register(
    revisionRoutes('/insights/:id', {
      tags,
      what: 'the insight’s text',
      params: InsightParams,
      ownerFor: (actor, params) => insights.documentOf(actor, params.id),
      restore: (actor, params, doc) => insights.updateInsight(actor, params.id, { doc }),
      restored: InsightDetailSchema,
    }),
  );
  await app.register(commentRoutes);
};
