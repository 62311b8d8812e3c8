import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GeoObjectCreateSchema,
  GeoObjectFeatureCollectionSchema,
  GeoObjectsResponseSchema,
  GeoObjectsQuerySchema,
  GeoObjectUpdateSchema,
  ObjectDetailQuerySchema,
  ObjectDetailSchema,
  ObjectFeatureSchema,
  ObjectInstitutionsResponseSchema,
  ObjectLinkInputSchema,
  ObjectPeopleResponseSchema,
  ObjectProjectRefSchema,
  type ObjectInstitutionsResponse,
  type ObjectPeopleResponse,
  exportOptionsOf,
} from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { invalidField } from '../../lib/errors.js';
import { featureCollection } from '../../lib/geojson.js';
import { sendJsonPage, setPaginationHeaders } from '../../lib/pagination.js';
import { revisionRoutes } from '../documents/index.js';
import { signedIn } from '../../plugins/auth.js';
import { objectsGeoJsonStream, objectsTableStream } from './exports.js';
import { locatedFeatures, objectFeature } from './features.js';
import { objectsFile } from './formats.js';
import { XLSX_TYPE } from '../../lib/xlsx.js';
import { mapRoutes } from './map/routes.js';
import { noteRoutes } from './notes/routes.js';
import { ObjectParams } from './params.js';
import { photoRoutes } from './photos/routes.js';
import { attachment } from '../../lib/downloads.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

type ObjectsQuery = z.output<typeof GeoObjectsQuerySchema>;

/** Whether the caller asks for GeoJSON by its Accept header. */
const acceptsGeoJson = (request: FastifyRequest) => /application\/geo\+json/.test(request.headers.accept ?? '');

/** Room for real boundaries (a region's polygons run to megabytes), above the JSON default. */
const GEO_BODY_LIMIT = 16 * 1024 * 1024;

export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { objects } = app.services;
  const tags = ['objects'];
  /** An object's detail with its version as the ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<Awaited<ReturnType<typeof objects.getObject>>>) => {
    const answer = await body;
    return withETag(reply, answer, answer.obj.version);
  };

  app.get(
    '/data/obj',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'The object catalogue: children of a parent, by type, project, search or map box; JSON or a GeoJSON FeatureCollection',
        querystring: GeoObjectsQuerySchema,
        response: {
          200: {
            description: 'JSON, GeoJSON (format=geojson or Accept: application/geo+json) or CSV (format=csv)',
            content: {
              'application/json': { schema: GeoObjectsResponseSchema },
              'application/geo+json': { schema: GeoObjectFeatureCollectionSchema },
              'text/csv': {
                schema: z.string().describe('One row per object: its fields, a Point’s coordinates, the geometry as GeoJSON, then each metadata field'),
              },
              [XLSX_TYPE]: { schema: z.unknown().describe('format=xlsx: the same columns as CSV, one sheet') },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const format = query.format ?? (acceptsGeoJson(request) ? 'geojson' : 'json');
      void reply.header('vary', 'accept');
      if (query.all) return sendAll(request.actor, request.ip, query, reply, format);
      if (format === 'json') return sendJsonPage(reply, 'objects', await objects.listObjects(request.actor, query));
      const { objects: list, page, total } = await objects.listRows(request.actor, { ...query, format });
      setPaginationHeaders(reply, page, total);
      if (format === 'csv' || format === 'xlsx') {
        const file = objectsFile(format, list, exportOptionsOf(query));
        return reply.type(file.type).header('content-disposition', attachment(file.fileName)).send(file.body);
      }
      reply.type('application/geo+json');
      return featureCollection(locatedFeatures(list));
    },
  );

  /** GET data/obj?all=1: every object of the query as one file, streamed a chunk at a time (no page, no pagination headers). */
  async function sendAll(actor: Actor | null, ip: string, query: ObjectsQuery, reply: FastifyReply, format: NonNullable<ObjectsQuery['format']>) {
    if (format === 'json') throw invalidField('querystring.all', 'all streams a file: add format=geojson, csv or xlsx');
    for (const paging of ['p', 'limit'] as const) {
      if (query[paging] !== undefined) throw invalidField(`querystring.${paging}`, 'all reads every object: leave out p and limit');
    }
    if (format === 'geojson') {
      const { chunks } = await objects.exportRows(actor, ip, query, { located: true });
      return reply.type('application/geo+json').header('content-disposition', attachment('objects.geojson')).send(objectsGeoJsonStream(chunks));
    }
    const { fields, chunks } = await objects.exportRows(actor, ip, query, { located: false, fields: true });
    const file = objectsTableStream(format, fields, chunks, exportOptionsOf(query));
    return reply.type(file.type).header('content-disposition', attachment(file.fileName)).send(file.body);
  }

  app.get(
    '/data/obj/:key',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'An object with its doc and what the caller may do with it; or the object as a GeoJSON Feature',
        params: ObjectParams,
        querystring: ObjectDetailQuerySchema,
        response: {
          200: {
            description: 'JSON, or a GeoJSON Feature (format=geojson or Accept: application/geo+json; RFC 7946, docs/api.md “GeoJSON exports”)',
            content: { 'application/json': { schema: ObjectDetailSchema }, 'application/geo+json': { schema: ObjectFeatureSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      void reply.header('vary', 'accept');
      const geojson = request.query.format === 'geojson' || (!request.query.format && acceptsGeoJson(request));
      if (!geojson) return tagged(reply, objects.getObject(request.actor, request.params.key));
      const { obj } = await objects.getObject(request.actor, request.params.key);
      return reply.type('application/geo+json').send(objectFeature(obj) as z.output<typeof ObjectFeatureSchema>);
    },
  );

  app.post(
    '/data/obj',
    {
      onRequest: signedIn,
      bodyLimit: GEO_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add an object (edit on each of its projects, or manageProjects)',
        body: GeoObjectCreateSchema,
        response: { 201: ObjectDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, objects.createObject(request.actor, request.body))),
  );

  app.put(
    '/data/obj/:key',
    {
      onRequest: signedIn,
      bodyLimit: GEO_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change an object (edit): the changed fields plus doc, or the object as GET answers it ({...obj, doc}), changed or not',
        params: ObjectParams,
        headers: ConditionalHeadersSchema,
        body: GeoObjectUpdateSchema,
        response: { 200: ObjectDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, objects.updateObject(request.actor, request.params.key, request.body, preconditionOf(request))),
  );

  app.delete(
    '/data/obj/:key',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete an object (delete)',
        params: ObjectParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await objects.deleteObject(request.actor, request.params.key, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  // Projects, people and institutions of an object
  const linkKey = (what: string) => z.string().min(1).max(200).describe(what);
  const ProjectLinkParams = ObjectParams.extend({ project: linkKey('Project id or slug') });
  const PersonLinkParams = ObjectParams.extend({ person: linkKey('Person id or slug') });
  const InstitutionLinkParams = ObjectParams.extend({ institution: linkKey('Institution id or slug') });

  app.put(
    '/data/obj/:key/projects/:project',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add the object to a project (edit on both); answers the project',
        params: ProjectLinkParams,
        response: { 200: ObjectProjectRefSchema },
      },
    },
    async (request) => objects.putProject(request.actor, request.params.key, request.params.project),
  );
  app.delete(
    '/data/obj/:key/projects/:project',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Take the object out of a project', params: ProjectLinkParams, response: { 204: z.undefined().describe('No content') } },
    },
    async (request, reply) => {
      await objects.deleteProject(request.actor, request.params.key, request.params.project);
      return reply.status(204).send();
    },
  );
  app.put(
    '/data/obj/:key/people/:person',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add or change a person of the object, or move them (body: only position)',
        params: PersonLinkParams,
        body: ObjectLinkInputSchema,
        response: { 200: ObjectPeopleResponseSchema },
      },
    },
    async (request) => objects.putPerson(request.actor, request.params.key, request.params.person, request.body) as Promise<ObjectPeopleResponse>,
  );
  app.delete(
    '/data/obj/:key/people/:person',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Remove a person from the object', params: PersonLinkParams, response: { 200: ObjectPeopleResponseSchema } },
    },
    async (request) => objects.deletePerson(request.actor, request.params.key, request.params.person) as Promise<ObjectPeopleResponse>,
  );
  app.put(
    '/data/obj/:key/institutions/:institution',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add or change an institution of the object, or move it (body: only position)',
        params: InstitutionLinkParams,
        body: ObjectLinkInputSchema,
        response: { 200: ObjectInstitutionsResponseSchema },
      },
    },
    async (request) =>
      objects.putInstitution(request.actor, request.params.key, request.params.institution, request.body) as Promise<ObjectInstitutionsResponse>,
  );
  app.delete(
    '/data/obj/:key/institutions/:institution',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Remove an institution from the object', params: InstitutionLinkParams, response: { 200: ObjectInstitutionsResponseSchema } },
    },
    async (request) => objects.deleteInstitution(request.actor, request.params.key, request.params.institution) as Promise<ObjectInstitutionsResponse>,
  );

  await app.register(noteRoutes);
  await app.register(photoRoutes);
  await app.register(mapRoutes);

  // The doc's history
  await app.register(
    revisionRoutes('/data/obj/:key', {
      tags,
      what: 'the object’s doc',
      params: ObjectParams,
      ownerFor: (actor, params) => objects.documentOf(actor, params.key),
      restore: (actor, params, doc) => objects.updateObject(actor, params.key, { doc }),
      restored: ObjectDetailSchema,
    }),
  );
};
