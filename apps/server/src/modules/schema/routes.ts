import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ObjectTypeResponseSchema, ObjectTypesResponseSchema } from '@observatory/shared';

const TypeParams = z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes').max(80) });

export const schemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schema } = app.services;
  const tags = ['objects'];

  app.get(
    '/data/objtypes',
    { schema: { tags, summary: 'Object types with their marker style and metadata schema', response: { 200: ObjectTypesResponseSchema } } },
    async () => ({ types: await schema.list() }),
  );

  app.get('/data/objtypes/:slug', { schema: { tags, summary: 'One object type', params: TypeParams, response: { 200: ObjectTypeResponseSchema } } }, async (request) => ({
    type: await schema.get(request.params.slug),
  }));
};
