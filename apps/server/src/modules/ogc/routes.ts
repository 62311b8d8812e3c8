import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  API_ROOT,
  OGC_DEFAULT_LIMIT,
  OGC_MAX_LIMIT,
  OgcCollectionParams,
  OgcCollectionSchema,
  OgcCollectionsSchema,
  OgcConformanceSchema,
  OgcFeatureCollectionSchema,
  OgcFeatureParams,
  OgcFeatureSchema,
  OgcFormatQuerySchema,
  OgcItemsQuerySchema,
  OgcLandingSchema,
  OgcOpenApiSchema,
  OgcQueryablesSchema,
  type OgcCollection,
  type OgcLink,
} from '@observatory/shared';
import { checkCrs, ITEMS_PARAMETERS, refuseUnknown } from './params.js';
import { CONFORMANCE, filterOf } from './filter.js';
import { ogcOpenApi } from './openapi.js';
import { createOgcService } from './service.js';

const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

type Query = z.output<typeof OgcItemsQuerySchema>;

/** OGC API - Features (docs/ogc.md): the catalogue's objects as collections GIS programs read. */
export const ogcRoutes: FastifyPluginAsyncZod = async (app) => {
  const ogc = createOgcService({ db: app.database, objects: app.services.objects, schema: app.services.schema });
  const tags = ['ogc'];
  const publicUrl = new URL(app.config.publicUrl);

  /** Where the API is as the caller reached it: the public address when asked by its host, else the host asked (a test's port, a LAN name). */
  const rootOf = (request: FastifyRequest) =>
    `${request.host === publicUrl.host ? app.config.publicUrl : `${request.protocol}://${request.host}`}${API_ROOT}/ogc`;

  const collectionLinks = (root: string, id: string): OgcLink[] => [
    { href: `${root}/collections/${id}`, rel: 'self', type: JSON_TYPE, title: 'This collection' },
    { href: `${root}/collections/${id}/items`, rel: 'items', type: GEOJSON_TYPE, title: 'Its features' },
    {
      href: `${root}/collections/${id}/queryables`,
      rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      type: 'application/schema+json',
      title: 'What a filter may compare',
    },
  ];
  const withLinks = (root: string, c: Omit<OgcCollection, 'links'>): OgcCollection => ({ ...c, links: collectionLinks(root, c.id) });

  app.get(
    '/ogc',
    { schema: { tags, summary: 'OGC API - Features: the landing page (anyone)', querystring: OgcFormatQuerySchema, response: { 200: OgcLandingSchema } } },
    async (request) => {
      refuseUnknown(request.url, ['f']);
      const root = rootOf(request);
      return {
        title: `${app.config.app.productName}: OGC API - Features`,
        description: 'The catalogue’s objects as features: one collection of all objects and one per object type',
        links: [
          { href: root, rel: 'self', type: JSON_TYPE, title: 'This page' },
          { href: `${root}/api`, rel: 'service-desc', type: OPENAPI_TYPE, title: 'This API’s OpenAPI 3.0 definition' },
          { href: `${root}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'The classes of the standard served' },
          { href: `${root}/collections`, rel: 'data', type: JSON_TYPE, title: 'The collections' },
        ],
      };
    },
  );

  app.get(
    '/ogc/api',
    {
      schema: {
        tags,
        summary:
          'OGC API - Features: its own OpenAPI 3.0 definition, paths relative to /ogc, each collection’s items with its queryables as equality parameters (anyone)',
        querystring: OgcFormatQuerySchema,
        response: { 200: { description: 'OpenAPI 3.0', content: { [OPENAPI_TYPE]: { schema: OgcOpenApiSchema } } } },
      },
    },
    async (request, reply) => {
      refuseUnknown(request.url, ['f']);
      const collections = (await ogc.listQueryables()).map(({ def, queryables }) => ({ id: def.id, title: def.title, queryables }));
      // With its charset given, Fastify leaves the type as written: it would quote the version ("3.0"), which GDAL does not match.
      return reply.type(`${OPENAPI_TYPE}; charset=utf-8`).send(ogcOpenApi(rootOf(request), `${app.config.app.productName}: OGC API - Features`, collections));
    },
  );

  app.get(
    '/ogc/conformance',
    {
      schema: {
        tags,
        summary: 'OGC API - Features: the conformance classes served (anyone)',
        querystring: OgcFormatQuerySchema,
        response: { 200: OgcConformanceSchema },
      },
    },
    async (request) => {
      refuseUnknown(request.url, ['f']);
      return { conformsTo: CONFORMANCE };
    },
  );

  app.get(
    '/ogc/collections',
    {
      schema: {
        tags,
        summary: 'OGC API - Features: the collections, their extents over the objects the caller may see (anyone)',
        querystring: OgcFormatQuerySchema,
        response: { 200: OgcCollectionsSchema },
      },
    },
    async (request) => {
      refuseUnknown(request.url, ['f']);
      const root = rootOf(request);
      const collections = await ogc.listCollections(request.actor);
      return {
        collections: collections.map((c) => withLinks(root, c)),
        links: [{ href: `${root}/collections`, rel: 'self', type: JSON_TYPE, title: 'The collections' }],
      };
    },
  );

  app.get(
    '/ogc/collections/:collectionId',
    {
      schema: {
        tags,
        summary: 'OGC API - Features: a collection (anyone)',
        params: OgcCollectionParams,
        querystring: OgcFormatQuerySchema,
        response: { 200: OgcCollectionSchema },
      },
    },
    async (request) => {
      refuseUnknown(request.url, ['f']);
      return withLinks(rootOf(request), await ogc.getCollection(request.actor, request.params.collectionId));
    },
  );

  app.get(
    '/ogc/collections/:collectionId/queryables',
    {
      schema: {
        tags,
        summary: 'OGC API - Features: what a filter on a collection may compare, as JSON Schema (anyone)',
        params: OgcCollectionParams,
        querystring: OgcFormatQuerySchema,
        response: { 200: { description: 'JSON Schema 2020-12', content: { 'application/schema+json': { schema: OgcQueryablesSchema } } } },
      },
    },
    async (request, reply) => {
      refuseUnknown(request.url, ['f']);
      const { def, queryables } = await ogc.getQueryables(request.params.collectionId);
      const properties = Object.fromEntries([...queryables].map(([name, q]) => [name, q.schema]));
      return reply.type('application/schema+json').send({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `${rootOf(request)}/collections/${def.id}/queryables`,
        type: 'object' as const,
        title: def.title,
        properties,
        additionalProperties: false,
      });
    },
  );

  /** The links of a page of items: itself, the pages beside it, its collection. */
  function pageLinks(
    request: FastifyRequest,
    id: string,
    query: Query,
    page: { limit: number; offset: number; returned: number; total: number; clamped: boolean },
  ) {
    const root = rootOf(request);
    const at = (offset: number) => {
      const params = new URLSearchParams(new URL(request.url, 'http://x').searchParams);
      params.set('limit', String(page.limit));
      params.set('offset', String(offset));
      return `${root}/collections/${id}/items?${params}`;
    };
    const links: OgcLink[] = [
      {
        href: at(page.offset),
        rel: 'self',
        type: GEOJSON_TYPE,
        title: page.clamped ? `This page (limit ${query.limit} asked, at most ${OGC_MAX_LIMIT} served)` : 'This page',
      },
    ];
    if (page.offset + page.returned < page.total) links.push({ href: at(page.offset + page.limit), rel: 'next', type: GEOJSON_TYPE, title: 'The next page' });
    if (page.offset > 0) links.push({ href: at(Math.max(0, page.offset - page.limit)), rel: 'prev', type: GEOJSON_TYPE, title: 'The page before' });
    links.push({ href: `${root}/collections/${id}`, rel: 'collection', type: JSON_TYPE, title: 'The collection' });
    return links;
  }

  app.get(
    '/ogc/collections/:collectionId/items',
    {
      schema: {
        tags,
        summary:
          'OGC API - Features: a page of a collection’s features the caller may see, by title; bbox, datetime (the last change), CQL2 filter, and ?property=value for any queryable (anyone)',
        params: OgcCollectionParams,
        querystring: OgcItemsQuerySchema,
        response: { 200: { description: 'A GeoJSON FeatureCollection', content: { [GEOJSON_TYPE]: { schema: OgcFeatureCollectionSchema } } } },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // Any other parameter names a property to equal (the collection's queryables decide).
      const properties = [...new URL(request.url, 'http://x').searchParams].filter(([name]) => !ITEMS_PARAMETERS.includes(name));
      checkCrs('bbox-crs', query['bbox-crs']);
      checkCrs('filter-crs', query['filter-crs']);
      checkCrs('crs', query.crs);
      const limit = Math.min(query.limit ?? OGC_DEFAULT_LIMIT, OGC_MAX_LIMIT);
      const offset = query.offset ?? 0;
      const filter = filterOf(query.filter, query['filter-lang']);
      const { features, total } = await ogc.listItems(request.actor, request.params.collectionId, {
        limit,
        offset,
        bbox: query.bbox,
        datetime: query.datetime,
        filter,
        properties,
      });
      const links = pageLinks(request, request.params.collectionId, query, {
        limit,
        offset,
        returned: features.length,
        total,
        clamped: limit !== (query.limit ?? limit),
      });
      return reply.type(GEOJSON_TYPE).send({
        type: 'FeatureCollection' as const,
        features: features as z.output<typeof OgcFeatureSchema>[],
        numberMatched: total,
        numberReturned: features.length,
        timeStamp: new Date().toISOString(),
        links,
      });
    },
  );

  app.get(
    '/ogc/collections/:collectionId/items/:featureId',
    {
      schema: {
        tags,
        summary: 'OGC API - Features: one feature, when the caller may see its object (anyone)',
        params: OgcFeatureParams,
        querystring: OgcFormatQuerySchema,
        response: { 200: { description: 'A GeoJSON Feature', content: { [GEOJSON_TYPE]: { schema: OgcFeatureSchema } } } },
      },
    },
    async (request, reply) => {
      refuseUnknown(request.url, ['f']);
      const { collectionId, featureId } = request.params;
      const found = await ogc.getItem(request.actor, collectionId, featureId);
      const root = rootOf(request);
      const links: OgcLink[] = [
        { href: `${root}/collections/${collectionId}/items/${found.id}`, rel: 'self', type: GEOJSON_TYPE },
        { href: `${root}/collections/${collectionId}`, rel: 'collection', type: JSON_TYPE },
      ];
      return reply.type(GEOJSON_TYPE).send({ ...(found as z.output<typeof OgcFeatureSchema>), links });
    },
  );
};
