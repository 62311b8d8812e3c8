import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_LIMITS,
  PageChangeSchema,
  PageCreateSchema,
  PageDetailSchema,
  type PageDetail,
  PageMoveSchema,
  PageSearchQuerySchema,
  PageSearchResponseSchema,
  PagesResponseSchema,
} from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';
import { revisionRoutes } from '../documents/index.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const PageParams = z.object({ id: z.uuid().describe('The page’s id') });
/** A page's path is the rest of the URL: pages/at/guide/map. A path no page can have is not found, as a missing one. */
const PathParams = z.object({
  '*': z
    .string()
    .max(PAGE_LIMITS.path * 2)
    .describe('The page’s path, as in /doc/{path}'),
});
const PagesQuerySchema = z.object({ drafts: z.enum(['true', 'false']).optional().describe('true: also the drafts the reader may see (managePages)') });

/** Documentation pages: published ones read by everyone; drafts and every write for managePages. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pages } = app.services;
  const tags = ['pages'];
  const write = { onRequest: signedIn };
  /** A page's detail with its version as the ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<PageDetail>) => {
    const answer = await body;
    return withETag(reply, answer, answer.page.version);
  };

  app.get(
    '/pages',
    {
      schema: {
        tags,
        summary:
          'The documentation pages in the order of their tree (depth-first, siblings by position): the published ones, or with drafts=true also the drafts the reader may see',
        querystring: PagesQuerySchema,
        response: { 200: PagesResponseSchema },
      },
    },
    async (request) => pages.listPages(request.actor, request.query.drafts === 'true'),
  );
  app.get(
    '/pages/search',
    {
      schema: {
        tags,
        summary: `Published pages whose title or text hold the words (web-search syntax), best first, at most ${PAGE_LIMITS.searchResults}`,
        querystring: PageSearchQuerySchema,
        response: { 200: PageSearchResponseSchema },
      },
    },
    async (request) => pages.searchPages(request.query.q),
  );
  app.get(
    '/pages/at/*',
    {
      schema: {
        tags,
        summary: 'The page at a path, with the pages above it and what the reader may do with it (a draft: managePages only)',
        params: PathParams,
        response: { 200: PageDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, pages.getPage(request.actor, request.params['*'])),
  );
  app.post(
    '/pages',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a page below an existing one, or at the top (managePages); without a position, last among its siblings',
        body: PageCreateSchema,
        response: { 201: PageDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, pages.createPage(request.actor, request.body))),
  );
  app.put(
    '/pages/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a page: the fields given (managePages); a changed text is kept as a revision',
        params: PageParams,
        headers: ConditionalHeadersSchema,
        body: PageChangeSchema,
        response: { 200: PageDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, pages.updatePage(request.actor, request.params.id, request.body, preconditionOf(request))),
  );
  app.post(
    '/pages/:id/move',
    {
      ...write,
      schema: {
        tags,
        summary: 'Give a page a new path, moving every page below it along (managePages): never below itself, never onto a taken path',
        params: PageParams,
        body: PageMoveSchema,
        response: { 200: PageDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, pages.movePage(request.actor, request.params.id, request.body)),
  );
  app.delete(
    '/pages/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a page and its history (managePages): refused while pages are below it',
        params: PageParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await pages.deletePage(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send(null);
    },
  );
  await app.register(
    revisionRoutes('/pages/:id', {
      tags,
      what: 'the page’s text',
      params: PageParams,
      ownerFor: (actor, params) => pages.documentOf(actor, params.id),
      restore: (actor, params, doc) => pages.updatePage(actor, params.id, { doc }),
      restored: PageDetailSchema,
    }),
  );
};
