import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GeoObjectCreateSchema,
  GeoObjectFeatureCollectionSchema,
  GeoObjectsResponseSchema,
  GeoObjectsQuerySchema,
  GeoObjectUpdateSchema,
  ObjectDetailSchema,
  ObjectInstitutionsResponseSchema,
  ObjectLinkInputSchema,
  ObjectPeopleResponseSchema,
  ObjectProjectRefSchema,
  type ObjectInstitutionsResponse,
  type ObjectPeopleResponse,
  exportOptionsOf,
} from '@observatory/shared';
import { sendJsonPage, setPaginationHeaders } from '../../lib/pagination.js';
import { revisionRoutes } from '../documents/index.js';
import { signedIn } from '../../plugins/auth.js';
import { objectsFile, objectsGeoJson } from './formats.js';
import { XLSX_TYPE } from '../../lib/xlsx.js';
import { mapRoutes } from './map/routes.js';
import { noteRoutes } from './notes/routes.js';
import { ObjectParams } from './params.js';
import { photoRoutes } from './photos/routes.js';
import { attachment } from '../../lib/downloads.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

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
      const geojson = request.query.format === 'geojson' || /application\/geo\+json/.test(request.headers.accept ?? '');
      if (!geojson && request.query.format !== 'csv' && request.query.format !== 'xlsx') {
        return sendJsonPage(reply, 'objects', await objects.listObjects(request.actor, request.query));
      }
      const { objects: list, page, total } = await objects.listRows(request.actor, { ...request.query, ...(geojson ? { format: 'geojson' as const } : {}) });
      setPaginationHeaders(reply, page, total);
      if (request.query.format === 'csv' || request.query.format === 'xlsx') {
        const file = objectsFile(request.query.format, list, exportOptionsOf(request.query));
        return reply.type(file.type).header('content-disposition', attachment(file.fileName)).send(file.body);
      }
      reply.type('application/geo+json');
      return objectsGeoJson(list);
    },
  );

  app.get(
    '/data/obj/:key',
    { schema: { tags, summary: 'An object with its doc and what the caller may do with it', params: ObjectParams, response: { 200: ObjectDetailSchema } } },
    async (request, reply) => tagged(reply, objects.getObject(request.actor, request.params.key)),
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
