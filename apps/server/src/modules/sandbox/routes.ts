import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_LIMITS,
  SandboxChartResponseSchema,
  SandboxChartSchema,
  SandboxExportQuerySchema,
  SandboxFilterSchema,
  SandboxQueryResponseSchema,
  SandboxQuerySchema,
  exportOptionsOf,
  SandboxFeatureCollectionSchema,
} from '@observatory/shared';
import { attachment } from '../../lib/downloads.js';
import { XLSX_TYPE } from '../../lib/xlsx.js';

const BOUNDS = `Visitors: ${SANDBOX_LIMITS.visitorQueriesPerMinute} queries a minute (429 with Retry-After). A query the database would spend too long on is refused with 400 (add a type, project or map area).`;

/**
 * The data sandbox, for everyone: the same JSON body (types, projects, metrics, metadata
 * filters, a map box) to each call, so a query is one curl command. Answers hold only the
 * objects and data tables the caller may see.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox } = app.services;
  const tags = ['sandbox'];

  app.post(
    '/sandbox/query',
    {
      schema: {
        tags,
        summary: `Objects by type, project, metadata values and map box, a page by title (p; n rows, at most ${SANDBOX_LIMITS.maxPerPage}), each with its metrics’ count, lowest, highest, mean and latest value; the total counted up to ${SANDBOX_LIMITS.counted}. ${BOUNDS}`,
        body: SandboxQuerySchema,
        response: { 200: SandboxQueryResponseSchema },
      },
    },
    async (request) => sandbox.runQuery(request.actor, request.ip, request.body),
  );

  app.post(
    '/sandbox/chart',
    {
      schema: {
        tags,
        summary: `One numeric metric over time across the objects the query finds: at most ${SANDBOX_LIMITS.maxBuckets} spans of time (buckets), each with its mean time, count, mean, lowest and highest value. ${BOUNDS}`,
        body: SandboxChartSchema,
        response: { 200: SandboxChartResponseSchema },
      },
    },
    async (request) => sandbox.getChart(request.actor, request.ip, request.body),
  );

  app.post(
    '/sandbox/export',
    {
      schema: {
        tags,
        summary: `Every object the query finds (no page), streamed: CSV or XLSX (format=csv or xlsx, with formulaGuard and bom; a row per object: name, title, types, longitude, latitude, geometry, the types’ metadata fields, then each metric’s count, min, max, mean, first, last time and last value) or a GeoJSON FeatureCollection (format=geojson; RFC 7946, flat properties as docs/api.md lists them). ${BOUNDS}`,
        querystring: SandboxExportQuerySchema,
        body: SandboxFilterSchema,
        produces: ['text/csv', XLSX_TYPE, 'application/geo+json'],
        // Streamed: a Readable, which the serializer passes untouched.
        response: {
          200: {
            content: {
              'text/csv': { schema: z.unknown().describe('CSV, a header row then a row per object') },
              [XLSX_TYPE]: { schema: z.unknown().describe('XLSX, one sheet: the CSV’s header and rows') },
              'application/geo+json': { schema: SandboxFeatureCollectionSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await sandbox.exportObjects(request.actor, request.ip, request.body, request.query.format, exportOptionsOf(request.query));
      return reply.type(file.type).header('content-disposition', attachment(file.fileName)).send(file.body);
    },
  );
};
