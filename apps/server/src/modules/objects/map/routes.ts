import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapDataSchema, MapQuerySchema, TileParamsSchema } from '@observatory/shared';
import { z } from 'zod';
import { MAX_OBJECTS, UNCLUSTERED_ZOOM } from './grid.js';
import { CELL_PX } from './service.js';
import { AGGREGATED_MAX_ZOOM, EVERY_TYPE } from './tiles.js';
import { TILE_LAYER } from './mvt.js';

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

  app.get(
    '/tiles/:layer/:z/:x/:y.mvt',
    {
      config: { answerCache: true },
      schema: {
        tags: ['objects'],
        summary: 'One vector tile of the map (Mapbox Vector Tile 2): clusters and single objects as points',
        description: `One layer, \`${TILE_LAYER}\`, of points in 4096-unit tile coordinates. A tile is cut into 8 by 8 cells of 64 pixels: a cell of several objects is a point with \`cluster\` true, \`count\` and their extent (\`west\`, \`south\`, \`east\`, \`north\`); a cell of one is the object (\`id\`, \`name\`, \`title\`, \`marker\`, \`types\` as a JSON array). From zoom ${UNCLUSTERED_ZOOM}, objects come one by one, up to ${MAX_OBJECTS} a tile. The layer is \`${EVERY_TYPE}\` for every type (and objects of none), or type slugs, comma-separated: an object of several of them counts once. Up to zoom ${AGGREGATED_MAX_ZOOM} public objects are counted from stored totals, so a tile costs the same whatever the catalogue's size; objects that are not public count only for those who may see them. An empty tile is an empty body.`,
        params: TileParamsSchema,
        produces: ['application/vnd.mapbox-vector-tile'],
        response: {
          200: {
            content: {
              'application/vnd.mapbox-vector-tile': {
                schema: z.unknown().describe('The tile, protocol buffers as the Mapbox Vector Tile specification 2.1 sets out'),
              },
            },
          },
          304: z.undefined().describe('Not modified: the ETag sent in If-None-Match still holds'),
        },
      },
    },
    async (request, reply) => {
      const tile = await map.getTile(request.actor, request.params);
      return reply.type('application/vnd.mapbox-vector-tile').send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
    },
  );
};
