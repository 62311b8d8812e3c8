import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapDataSchema, MapQuerySchema } from '@observatory/shared';
import { CELL_PX, MAX_OBJECTS, UNCLUSTERED_ZOOM } from './service.js';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { map } = app.services;
  app.get(
    '/data/map',
    {
      schema: {
        tags: ['objects'],
        summary: 'What the map draws for a view: clusters and single objects as GeoJSON points (no metadata)',
        description: `Objects are grouped on a grid of about ${CELL_PX}-pixel cells at the given zoom; a cell of one object answers the object. From zoom ${UNCLUSTERED_ZOOM}, objects come one by one, up to ${MAX_OBJECTS} (more are clustered). Members-only objects count only for their members.`,
        querystring: MapQuerySchema,
        produces: ['application/geo+json'],
        response: { 200: MapDataSchema },
      },
    },
    async (request, reply) => {
      reply.type('application/geo+json');
      return map.getMapView(request.actor, request.query);
    },
  );
};
