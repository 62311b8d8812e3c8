import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoriesResponseSchema,
  CategoryCreatedSchema,
  CategoryCreateSchema,
  CategoryUpdateSchema,
  InstitutionChangeSchema,
  InstitutionDetailSchema,
  InstitutionInputSchema,
  InstitutionSchema,
  InstitutionsResponseSchema,
} from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';
import { readFilePart } from '../../lib/uploads.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const IdParams = z.object({ id: z.uuid().describe('Made by the client') });
const KeyParams = z.object({ id: z.string().min(1).max(100).describe('Institution id or slug') });

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { institutions, projects, publications } = app.services;
  const tags = ['institutions'];
  /** An institution with its version as the ETag. */
  const tagged = async <T extends { version: number }>(reply: FastifyReply, body: Promise<T>) => {
    const answer = await body;
    return withETag(reply, answer, answer.version);
  };

  app.get(
    '/institutions',
    { schema: { tags, summary: 'Every institution and the categories in their order', response: { 200: InstitutionsResponseSchema } } },
    async () => institutions.listInstitutions(),
  );

  app.get(
    '/institutions/:id',
    {
      schema: {
        tags,
        summary: 'A partner institution with its people, the projects the caller may see and its people’s publications',
        params: KeyParams,
        response: { 200: InstitutionDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await institutions.getInstitution(request.actor, request.params.id);
      const id = detail.institution.id;
      const [linked, published] = await Promise.all([
        projects.linkedTo(request.actor, { institutionId: id }),
        publications.listOfInstitution(request.actor, id),
      ]);
      return withETag(reply, { ...detail, projects: linked, publications: published }, detail.institution.version);
    },
  );

  app.post(
    '/institutions/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add an institution (manageInstitutions)',
        params: IdParams,
        body: InstitutionInputSchema,
        response: { 201: InstitutionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, institutions.createInstitution(request.actor, request.params.id, request.body))),
  );

  app.put(
    '/institutions/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change an institution (manageInstitutions)',
        params: KeyParams,
        headers: ConditionalHeadersSchema,
        body: InstitutionChangeSchema,
        response: { 200: InstitutionSchema },
      },
    },
    async (request, reply) => tagged(reply, institutions.updateInstitution(request.actor, request.params.id, request.body, preconditionOf(request))),
  );

  app.delete(
    '/institutions/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete an institution and its affiliations (manageInstitutions)',
        params: KeyParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await institutions.deleteInstitution(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/institutions/:id/logo',
    {
      onRequest: signedIn,
      config: { upload: true },
      schema: {
        tags,
        summary: 'Set or replace the logo (manageInstitutions): multipart/form-data, a JPEG, PNG or WebP in a part named "file"',
        consumes: ['multipart/form-data'],
        params: KeyParams,
        response: { 200: InstitutionSchema },
      },
    },
    async (request, reply) =>
      tagged(
        reply,
        institutions.setLogo(request.actor, request.params.id, () => readFilePart(request, app.config.images.maxBytes)),
      ),
  );

  app.delete(
    '/institutions/:id/logo',
    { onRequest: signedIn, schema: { tags, summary: 'Remove the logo (manageInstitutions)', params: KeyParams, response: { 200: InstitutionSchema } } },
    async (request, reply) => tagged(reply, institutions.deleteLogo(request.actor, request.params.id)),
  );

  app.post(
    '/institution_categories/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add a category at the top (manageInstitutions)',
        params: IdParams,
        body: CategoryCreateSchema,
        response: { 201: CategoryCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await institutions.createCategory(request.actor, request.params.id, request.body.name)),
  );

  app.put(
    '/institution_categories/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Rename or move a category (body: position)',
        params: IdParams,
        body: CategoryUpdateSchema,
        response: { 200: CategoriesResponseSchema },
      },
    },
    async (request) => institutions.updateCategory(request.actor, request.params.id, request.body),
  );

  app.delete(
    '/institution_categories/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete an empty category (one holding institutions is refused)',
        params: IdParams,
        response: { 200: CategoriesResponseSchema },
      },
    },
    async (request) => institutions.deleteCategory(request.actor, request.params.id),
  );
};
