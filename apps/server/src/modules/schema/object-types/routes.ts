import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import {
  type ObjectType,
  ObjectTypeChangeSchema,
  ObjectTypeInputSchema,
  ObjectTypeResponseSchema,
  ObjectTypesResponseSchema,
  SlugSchema,
} from '@observatory/shared';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { signedIn } from '../../../plugins/auth.js';

const SlugParams = z.object({ slug: SlugSchema });

/** Object types: their parents, metrics and metadata schemas: read by everyone, changed with manageSchema. */
export const objectTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { types } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };
  /** A type's answer, with its version as the ETag. */
  const tagged = async (reply: FastifyReply, type: Promise<ObjectType>) => {
    const answer = { objtype: await type };
    return withETag(reply, answer, answer.objtype.version);
  };

  app.get(
    '/data/objtypes',
    { schema: { tags, summary: 'Every object type by name, with its metrics and metadata schemas', response: { 200: ObjectTypesResponseSchema } } },
    async () => ({
      objtypes: await types.listTypes(),
    }),
  );
  app.get(
    '/data/objtypes/:slug',
    { schema: { tags, summary: 'One object type', params: SlugParams, response: { 200: ObjectTypeResponseSchema } } },
    async (request, reply) => tagged(reply, types.getType(request.params.slug)),
  );
  app.post(
    '/data/objtypes',
    { ...write, schema: { tags, summary: 'Create an object type (manageSchema)', body: ObjectTypeInputSchema, response: { 201: ObjectTypeResponseSchema } } },
    async (request, reply) => reply.status(201).send(await tagged(reply, types.createType(request.actor, request.body))),
  );
  app.put(
    '/data/objtypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change an object type: name, marker, parents, metrics, schemas (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        body: ObjectTypeChangeSchema,
        response: { 200: ObjectTypeResponseSchema },
      },
    },
    async (request, reply) => tagged(reply, types.updateType(request.actor, request.params.slug, request.body, preconditionOf(request))),
  );
  app.delete(
    '/data/objtypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete an object type no object has (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await types.deleteType(request.actor, request.params.slug, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
