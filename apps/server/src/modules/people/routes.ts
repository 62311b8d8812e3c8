import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliationInputSchema,
  AffiliationsResponseSchema,
  PeopleQuerySchema,
  PeopleResponseSchema,
  PersonChangeSchema,
  PersonDetailSchema,
  PersonInputSchema,
  PersonProfileSchema,
} from '@observatory/shared';
import { setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { readFilePart } from '../../lib/uploads.js';
import { revisionRoutes } from '../documents/index.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const PersonParams = z.object({ id: z.string().min(1).max(100).describe('Person id or slug') });
const AffiliationParams = z.object({
  personId: z.string().min(1).max(100).describe('Person id or slug'),
  id: z.string().min(1).max(100).describe('The institution’s id or slug, or the affiliation’s own id (as person.affiliations[].id lists it)'),
});

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { people, projects, publications } = app.services;
  const tags = ['people'];
  /** A person's detail with their version as its ETag. */
  const tagged = async <T extends { person: { version: number } }>(reply: FastifyReply, body: Promise<T>) => {
    const answer = await body;
    return withETag(reply, answer, answer.person.version);
  };

  app.get(
    '/people',
    {
      config: { answerCache: true },
      schema: { tags, summary: 'People, by name; search with q', querystring: PeopleQuerySchema, response: { 200: PeopleResponseSchema } },
    },
    async (request, reply) => {
      const { people: list, page, total } = await people.listPeople(request.query);
      setPaginationHeaders(reply, page, total);
      return { people: list };
    },
  );

  app.get(
    '/people/:id',
    { schema: { tags, summary: 'A person’s profile', params: PersonParams, response: { 200: PersonProfileSchema } } },
    async (request, reply) => {
      const profile = await people.getPerson(request.actor, request.params.id);
      const id = profile.person.id;
      const [linked, published] = await Promise.all([projects.linkedTo(request.actor, { personId: id }), publications.listOfPerson(request.actor, id)]);
      return withETag(reply, { ...profile, projects: linked, publications: published }, profile.person.version);
    },
  );

  app.post(
    '/people',
    { onRequest: signedIn, schema: { tags, summary: 'Add a person (managePeople)', body: PersonInputSchema, response: { 201: PersonDetailSchema } } },
    async (request, reply) => reply.status(201).send(await tagged(reply, people.createPerson(request.actor, request.body))),
  );

  app.put(
    '/people/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change a person (the person or managePeople)',
        params: PersonParams,
        headers: ConditionalHeadersSchema,
        body: PersonChangeSchema,
        response: { 200: PersonDetailSchema },
      },
    },
    async (request, reply) => tagged(reply, people.updatePerson(request.actor, request.params.id, request.body, preconditionOf(request))),
  );

  // The bio's revisions
  await app.register(
    revisionRoutes('/people/:id', {
      tags,
      what: 'the bio',
      params: PersonParams,
      ownerFor: (actor, params) => people.documentOf(actor, params.id),
      restore: (actor, params, doc) => people.updatePerson(actor, params.id, { bio: doc }),
      restored: PersonDetailSchema,
    }),
  );

  app.delete(
    '/people/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete a person without an account (managePeople)',
        params: PersonParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await people.deletePerson(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/people/:id/photo',
    {
      onRequest: signedIn,
      config: { upload: true },
      schema: {
        tags,
        summary: 'Set or replace the photo (the person or managePeople): multipart/form-data, a JPEG, PNG or WebP in a part named "file"',
        consumes: ['multipart/form-data'],
        params: PersonParams,
        response: { 200: PersonDetailSchema },
      },
    },
    async (request, reply) =>
      tagged(
        reply,
        people.setPhoto(request.actor, request.params.id, () => readFilePart(request, app.config.images.maxBytes)),
      ),
  );

  app.delete(
    '/people/:id/photo',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Remove the photo (the person or managePeople)', params: PersonParams, response: { 200: PersonDetailSchema } },
    },
    async (request, reply) => tagged(reply, people.deletePhoto(request.actor, request.params.id)),
  );

  app.put(
    '/people/:personId/affiliations/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Affiliate a person with an institution, or change the affiliation (title, primary: a new primary clears the others); {id} names the institution or the affiliation',
        params: AffiliationParams,
        body: AffiliationInputSchema,
        response: { 200: AffiliationsResponseSchema },
      },
    },
    async (request) => people.putAffiliation(request.actor, request.params.personId, request.params.id, request.body),
  );

  app.delete(
    '/people/:personId/affiliations/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Remove an affiliation; {id} names the institution or the affiliation',
        params: AffiliationParams,
        response: { 200: AffiliationsResponseSchema },
      },
    },
    async (request) => people.deleteAffiliation(request.actor, request.params.personId, request.params.id),
  );
};
