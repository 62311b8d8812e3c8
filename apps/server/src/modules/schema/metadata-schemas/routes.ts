import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MetadataSchemaChangeSchema,
  MetadataSchemaInputSchema,
  MetadataSchemaResponseSchema,
  MetadataSchemaSchema,
  MetadataSchemasResponseSchema,
  SchemaImpactSchema,
  SlugSchema,
} from '@observatory/shared';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { signedIn } from '../../../plugins/auth.js';

const SlugParams = z.object({ slug: SlugSchema });

/** Metadata schemas (JSON Schema, versioned) and the check of a change against the objects it would make invalid: read by everyone, changed with manageSchema. */
export const metadataSchemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schemas } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };

  app.get(
    '/data/schema',
    { schema: { tags, summary: 'Every metadata schema, current versions', response: { 200: MetadataSchemasResponseSchema } } },
    async () => ({ schemas: await schemas.listSchemas() }),
  );
  app.get(
    '/data/schema/:slug',
    { schema: { tags, summary: 'A metadata schema and the types that use it', params: SlugParams, response: { 200: MetadataSchemaResponseSchema } } },
    async (request, reply) => {
      const detail = await schemas.getSchema(request.params.slug);
      return withETag(reply, detail, detail.schema.version);
    },
  );
  app.post(
    '/data/schema',
    {
      ...write,
      schema: { tags, summary: 'Create a metadata schema (manageSchema)', body: MetadataSchemaInputSchema, response: { 201: MetadataSchemaSchema } },
    },
    async (request, reply) => {
      const schema = await schemas.createSchema(request.actor, request.body);
      return reply.status(201).send(withETag(reply, schema, schema.version));
    },
  );
  app.put(
    '/data/schema/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Save a new version of a metadata schema (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        body: MetadataSchemaChangeSchema,
        response: { 200: MetadataSchemaSchema },
      },
    },
    async (request, reply) => {
      const schema = await schemas.updateSchema(request.actor, request.params.slug, request.body, preconditionOf(request));
      return withETag(reply, schema, schema.version);
    },
  );
  app.post(
    '/data/schema/:slug/check',
    {
      ...write,
      schema: {
        tags,
        summary: 'How many objects a new version would make invalid, and which (manageSchema)',
        params: SlugParams,
        body: MetadataSchemaInputSchema.pick({ schema: true }),
        response: { 200: SchemaImpactSchema },
      },
    },
    async (request) => schemas.checkImpact(request.actor, request.params.slug, request.body.schema),
  );
  app.delete(
    '/data/schema/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a metadata schema no type uses (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await schemas.deleteSchema(request.actor, request.params.slug, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
