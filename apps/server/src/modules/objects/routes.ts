import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GeoObjectCreateSchema,
  GeoObjectFeatureCollectionSchema,
  GeoObjectsResponseSchema,
  GeoObjectsQuerySchema,
  GeoObjectUpdateSchema,
  NoteInputSchema,
  NoteSchema,
  NotesResponseSchema,
  ObjectDetailSchema,
  ObjectInstitutionsResponseSchema,
  ObjectLinkInputSchema,
  ObjectPeopleResponseSchema,
  ObjectProjectRefSchema,
  ObjectTypeResponseSchema,
  ObjectTypesResponseSchema,
  PhotoChangeSchema,
  PhotoSchema,
  PhotosResponseSchema,
  RevisionDetailSchema,
  RevisionsResponseSchema,
  type ObjectInstitutionsResponse,
  type ObjectPeopleResponse,
} from '@observatory/shared';
import { toCsv } from '../../lib/csv';
import { setPaginationHeaders } from '../../lib/pagination';
import { readFilePart } from '../assets/multipart';
import { signedIn } from '../../plugins/auth';

/** One row per object: its fields, a Point's coordinates, the geometry as GeoJSON, then each metadata field. */
function objectsCsv(list: { name: string; title: string; types: { slug: string }[]; projects: { slug: string }[]; parent: { name: string } | null; visibility: string; geo?: unknown; metadata?: Record<string, unknown> }[]) {
  const fields = [...new Set(list.flatMap((o) => Object.keys(o.metadata ?? {})))].sort();
  const point = (geo: unknown) => ((geo as { type?: string })?.type === 'Point' ? (geo as { coordinates: number[] }).coordinates : [null, null]);
  return toCsv(
    ['name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry', ...fields],
    list.map((o) => [o.name, o.title, o.types.map((t) => t.slug).join(';'), o.projects.map((p) => p.slug).join(';'), o.parent?.name, o.visibility, ...point(o.geo), o.geo ?? null, ...fields.map((f) => o.metadata?.[f])]),
  );
}

/** Room for real boundaries (a region's polygons run to megabytes), above the JSON default. */
const GEO_BODY_LIMIT = 16 * 1024 * 1024;

const ObjectParams = z.object({ key: z.string().min(1).max(100).describe('Object name or id') });

export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { objectTypes, objects, notes, photos } = app.services;
  const tags = ['objects'];

  app.get(
    '/data/objtypes',
    { schema: { tags, summary: 'Object types with their marker style and metadata schema', response: { 200: ObjectTypesResponseSchema } } },
    async () => ({ types: await objectTypes.list() }),
  );

  app.get(
    '/data/objtypes/:slug',
    { schema: { tags, summary: 'One object type', params: z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes').max(80) }), response: { 200: ObjectTypeResponseSchema } } },
    async (request) => ({ type: await objectTypes.get(request.params.slug) }),
  );

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
              'text/csv': { schema: z.string().describe('One row per object: its fields, a Point’s coordinates, the geometry as GeoJSON, then each metadata field') },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const geojson = request.query.format === 'geojson' || /application\/geo\+json/.test(request.headers.accept ?? '');
      const { objects: list, page, total } = await objects.list(request.actor, { ...request.query, ...(geojson ? { format: 'geojson' as const } : {}) });
      setPaginationHeaders(reply, page, total);
      if (request.query.format === 'csv') {
        return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="objects.csv"').send(objectsCsv(list));
      }
      // The response schema of the media type strips what the list item does not show (metadata, people, institutions).
      if (!geojson) return { objects: list };
      reply.type('application/geo+json');
      return {
        type: 'FeatureCollection' as const,
        features: list.flatMap(({ geo, ...o }) =>
          geo ? [{ type: 'Feature' as const, id: o.id, geometry: geo, properties: { name: o.name, title: o.title, types: o.types.map((t) => t.slug), marker: o.types[0]?.marker ?? 'default' } }] : [],
        ),
      };
    },
  );

  app.get(
    '/data/obj/:key',
    { schema: { tags, summary: 'An object with its doc and what the caller may do with it', params: ObjectParams, response: { 200: ObjectDetailSchema } } },
    async (request) => objects.get(request.actor, request.params.key),
  );

  app.post(
    '/data/obj',
    { onRequest: signedIn, bodyLimit: GEO_BODY_LIMIT, schema: { tags, summary: 'Add an object (edit on each of its projects, or manageProjects)', body: GeoObjectCreateSchema, response: { 201: ObjectDetailSchema } } },
    async (request, reply) => reply.status(201).send(await objects.create(request.actor, request.body)),
  );

  app.put(
    '/data/obj/:key',
    { onRequest: signedIn, bodyLimit: GEO_BODY_LIMIT, schema: { tags, summary: 'Change an object: its fields plus doc (edit)', params: ObjectParams, body: GeoObjectUpdateSchema, response: { 200: ObjectDetailSchema } } },
    async (request) => objects.update(request.actor, request.params.key, request.body),
  );

  app.delete('/data/obj/:key', { onRequest: signedIn, schema: { tags, summary: 'Delete an object (delete)', params: ObjectParams } }, async (request, reply) => {
    await objects.remove(request.actor, request.params.key);
    return reply.status(204).send();
  });

  // Projects, people and institutions of an object
  const linkKey = (what: string) => z.string().min(1).max(200).describe(what);
  const ProjectLinkParams = ObjectParams.extend({ project: linkKey('Project id or slug') });
  const PersonLinkParams = ObjectParams.extend({ person: linkKey('Person id or slug') });
  const InstitutionLinkParams = ObjectParams.extend({ institution: linkKey('Institution id or slug') });

  app.put(
    '/data/obj/:key/projects/:project',
    { onRequest: signedIn, schema: { tags, summary: 'Add the object to a project (edit on both); answers the project', params: ProjectLinkParams, response: { 200: ObjectProjectRefSchema } } },
    async (request) => objects.putProject(request.actor, request.params.key, request.params.project),
  );
  app.delete(
    '/data/obj/:key/projects/:project',
    { onRequest: signedIn, schema: { tags, summary: 'Take the object out of a project', params: ProjectLinkParams } },
    async (request, reply) => {
      await objects.removeProject(request.actor, request.params.key, request.params.project);
      return reply.status(204).send();
    },
  );
  app.put(
    '/data/obj/:key/people/:person',
    { onRequest: signedIn, schema: { tags, summary: 'Add or change a person of the object, or move them (body: only position)', params: PersonLinkParams, body: ObjectLinkInputSchema, response: { 200: ObjectPeopleResponseSchema } } },
    async (request) => objects.putPerson(request.actor, request.params.key, request.params.person, request.body) as Promise<ObjectPeopleResponse>,
  );
  app.delete(
    '/data/obj/:key/people/:person',
    { onRequest: signedIn, schema: { tags, summary: 'Remove a person from the object', params: PersonLinkParams, response: { 200: ObjectPeopleResponseSchema } } },
    async (request) => objects.removePerson(request.actor, request.params.key, request.params.person) as Promise<ObjectPeopleResponse>,
  );
  app.put(
    '/data/obj/:key/institutions/:institution',
    { onRequest: signedIn, schema: { tags, summary: 'Add or change an institution of the object, or move it (body: only position)', params: InstitutionLinkParams, body: ObjectLinkInputSchema, response: { 200: ObjectInstitutionsResponseSchema } } },
    async (request) => objects.putInstitution(request.actor, request.params.key, request.params.institution, request.body) as Promise<ObjectInstitutionsResponse>,
  );
  app.delete(
    '/data/obj/:key/institutions/:institution',
    { onRequest: signedIn, schema: { tags, summary: 'Remove an institution from the object', params: InstitutionLinkParams, response: { 200: ObjectInstitutionsResponseSchema } } },
    async (request) => objects.removeInstitution(request.actor, request.params.key, request.params.institution) as Promise<ObjectInstitutionsResponse>,
  );

  // The notebook: notes of an object
  const NoteParams = ObjectParams.extend({ id: z.uuid() });
  app.get(
    '/data/obj/:key/notes',
    { schema: { tags, summary: 'Notes of an object, newest first, 20 a page', params: ObjectParams, querystring: z.object({ p: z.coerce.number().int().min(1).max(1_000_000).default(1) }), response: { 200: NotesResponseSchema } } },
    async (request, reply) => {
      const { notes: list, page, total } = await notes.list(request.actor, request.params.key, request.query.p);
      setPaginationHeaders(reply, page, total);
      return { notes: list };
    },
  );
  app.post(
    '/data/obj/:key/notes',
    { onRequest: signedIn, schema: { tags, summary: 'Write a note (comment); the author and time are the caller and now', params: ObjectParams, body: NoteInputSchema, response: { 201: NoteSchema } } },
    async (request, reply) => reply.status(201).send(await notes.add(request.actor, request.params.key, request.body.content)),
  );
  app.put(
    '/data/obj/:key/notes/:id',
    { onRequest: signedIn, schema: { tags, summary: 'Change a note (its author or an editor of the object)', params: NoteParams, body: NoteInputSchema, response: { 200: NoteSchema } } },
    async (request) => notes.change(request.actor, request.params.key, request.params.id, request.body.content),
  );
  app.delete('/data/obj/:key/notes/:id', { onRequest: signedIn, schema: { tags, summary: 'Delete a note (its author or an editor)', params: NoteParams } }, async (request, reply) => {
    await notes.remove(request.actor, request.params.key, request.params.id);
    return reply.status(204).send();
  });

  // Photos of an object
  const PhotoParams = ObjectParams.extend({ id: z.uuid() });
  app.get(
    '/data/obj/:key/photos',
    { schema: { tags, summary: 'Photos of an object, newest first, 50 a page', params: ObjectParams, querystring: z.object({ p: z.coerce.number().int().min(1).max(1_000_000).default(1) }), response: { 200: PhotosResponseSchema } } },
    async (request, reply) => {
      const { photos: list, page, total } = await photos.list(request.actor, request.params.key, request.query.p);
      setPaginationHeaders(reply, page, total);
      return { photos: list };
    },
  );
  app.post(
    '/data/obj/:key/photos',
    {
      onRequest: signedIn,
      config: { upload: true },
      schema: { tags, summary: 'Upload a photo (upload on the object): JPEG, PNG or WebP in the part "file"; EXIF time and GPS are read, then stripped from the served versions', params: ObjectParams, consumes: ['multipart/form-data'], response: { 201: PhotoSchema } },
    },
    async (request, reply) => reply.status(201).send(await photos.add(request.actor, request.params.key, () => readFilePart(request, app.config.images.maxBytes))),
  );
  app.put(
    '/data/obj/:key/photos/:id',
    { onRequest: signedIn, schema: { tags, summary: 'Change a photo’s caption or move it to another object (its author or an editor)', params: PhotoParams, body: PhotoChangeSchema, response: { 200: PhotoSchema } } },
    async (request) => photos.change(request.actor, request.params.key, request.params.id, request.body),
  );
  app.delete('/data/obj/:key/photos/:id', { onRequest: signedIn, schema: { tags, summary: 'Delete a photo and its files (its author or an editor)', params: PhotoParams } }, async (request, reply) => {
    await photos.remove(request.actor, request.params.key, request.params.id);
    return reply.status(204).send();
  });

  // The doc's history
  const RevisionParams = ObjectParams.extend({ rid: z.uuid() });
  app.get(
    '/data/obj/:key/revisions',
    { onRequest: signedIn, schema: { tags, summary: 'Saved versions of the object’s doc, newest first (edit)', params: ObjectParams, response: { 200: RevisionsResponseSchema } } },
    async (request) => ({ revisions: await objects.revisions(request.actor, request.params.key) }),
  );
  app.get(
    '/data/obj/:key/revisions/:rid',
    { onRequest: signedIn, schema: { tags, summary: 'One saved version of the doc (edit)', params: RevisionParams, response: { 200: RevisionDetailSchema } } },
    async (request) => objects.revision(request.actor, request.params.key, request.params.rid),
  );
  app.post(
    '/data/obj/:key/revisions/:rid/restore',
    { onRequest: signedIn, schema: { tags, summary: 'Make an older version the doc again (a new revision)', params: RevisionParams, response: { 200: ObjectDetailSchema } } },
    async (request) => objects.restoreRevision(request.actor, request.params.key, request.params.rid),
  );
};
