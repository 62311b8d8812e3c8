import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhotoResultResponseSchema, PhotoSearchQuerySchema, PhotoSearchResponseSchema } from '@observatory/shared';
import { setPaginationHeaders } from '../../lib/pagination.js';

const PersonParams = z.object({ id: z.string().min(1).max(100).describe('Person id or slug') });
const PhotoParams = z.object({ id: z.uuid().describe('The object photo’s id, or the comment’s') });

/** The photo search: object photos and comment images the reader may see (public; signed-in readers see more). */
export const photoSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photoSearch } = app.services;
  const tags = ['photos'];
  const answer = { 200: PhotoSearchResponseSchema };

  app.get(
    '/photos',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary:
          'Search photos of objects and images of insight comments, newest first (taken, else uploaded), 10 a page (n, at most 100): words (q), person, object type, days (from, to), map box (bbox)',
        querystring: PhotoSearchQuerySchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { photos, page, pages, total } = await photoSearch.searchPhotos(request.actor, request.query);
      setPaginationHeaders(reply, page, total);
      return { photos, cur_page: page.page - 1, pages, total_count: total };
    },
  );
  app.get(
    '/people/:id/photos',
    {
      schema: {
        tags,
        summary: 'The photos a person took or uploaded (object photos and comment images), as GET photos finds them; 404 for no such person',
        params: PersonParams,
        querystring: PhotoSearchQuerySchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { photos, page, pages, total } = await photoSearch.searchPhotos(request.actor, request.query, request.params.id);
      setPaginationHeaders(reply, page, total);
      return { photos, cur_page: page.page - 1, pages, total_count: total };
    },
  );
  app.get(
    '/photos/:id',
    {
      schema: {
        tags,
        summary: 'One photo as the search answers it; 404 unless the reader may see it',
        params: PhotoParams,
        response: { 200: PhotoResultResponseSchema },
      },
    },
    async (request) => ({ photo: await photoSearch.getPhoto(request.actor, request.params.id) }),
  );
};
