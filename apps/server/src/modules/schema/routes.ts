import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MetadataSchemaInputSchema,
  MetadataSchemaResponseSchema,
  MetadataSchemaSchema,
  MetadataSchemasResponseSchema,
  MetricInputSchema,
  MetricNameSchema,
  MetricResponseSchema,
  MetricsResponseSchema,
  NodeInputSchema,
  NodeOutlineResponseSchema,
  NodePathSchema,
  NodeResponseSchema,
  NodeRootsResponseSchema,
  NodeTypeInputSchema,
  NodeTypeResponseSchema,
  NodeTypesResponseSchema,
  ObjectTypeInputSchema,
  ObjectTypeResponseSchema,
  ObjectTypesResponseSchema,
  SchemaImpactSchema,
  SlugSchema,
  UnitCodeSchema,
  UnitConversionQuerySchema,
  UnitConversionSchema,
  UnitDetailSchema,
  UnitInputSchema,
  UnitSchema,
  UnitsResponseSchema,
} from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';

const SlugParams = z.object({ slug: SlugSchema });
const NameParams = z.object({ name: MetricNameSchema });
const CodeParams = z.object({ code: UnitCodeSchema });
/** A node's path is the rest of the URL: data/node/soil/chemistry/carbon. */
const PathParams = z.object({ '*': NodePathSchema });

/** Units, metrics, metadata schemas, object types and the node tree: read by everyone, changed with manageSchema. */
export const schemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { units, metrics, schemas, types, nodeTypes, nodes } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };

  // Units
  app.get('/data/units', { schema: { tags, summary: 'The units of measure (UCUM codes)', response: { 200: UnitsResponseSchema } } }, async () => ({
    units: await units.list(),
  }));
  app.get(
    '/data/units/convert',
    {
      schema: {
        tags,
        summary: 'Convert a value between two commensurable units',
        querystring: UnitConversionQuerySchema,
        response: { 200: UnitConversionSchema },
      },
    },
    async (request) => units.convert(request.query.value, request.query.from, request.query.to),
  );
  app.get(
    '/data/units/:code',
    { schema: { tags, summary: 'A unit and the metrics measured in it', params: CodeParams, response: { 200: UnitDetailSchema } } },
    async (request) => units.get(request.params.code),
  );
  app.post(
    '/data/units',
    { ...write, schema: { tags, summary: 'Add a unit UCUM knows (manageSchema)', body: UnitInputSchema, response: { 201: UnitSchema } } },
    async (request, reply) => reply.status(201).send(await units.create(request.actor, request.body)),
  );
  app.put(
    '/data/units/:code',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a unit’s name, symbol or property (manageSchema)',
        params: CodeParams,
        body: UnitInputSchema.omit({ code: true }),
        response: { 200: UnitSchema },
      },
    },
    async (request) => units.update(request.actor, request.params.code, request.body),
  );
  app.delete(
    '/data/units/:code',
    {
      ...write,
      schema: {
        tags,
        summary: 'Remove a unit no metric uses, and not one of UCUM’s own (manageSchema)',
        params: CodeParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await units.remove(request.actor, request.params.code);
      return reply.status(204).send();
    },
  );

  // Metrics
  app.get('/data/metrics', { schema: { tags, summary: 'Every metric', response: { 200: MetricsResponseSchema } } }, async () => ({
    metrics: await metrics.list(),
  }));
  app.get(
    '/data/metrics/:name',
    { schema: { tags, summary: 'A metric by name', params: NameParams, response: { 200: MetricResponseSchema } } },
    async (request) => ({
      metric: await metrics.get(request.params.name),
    }),
  );
  app.post(
    '/data/metrics',
    { ...write, schema: { tags, summary: 'Create a metric (manageSchema)', body: MetricInputSchema, response: { 201: MetricResponseSchema } } },
    async (request, reply) => reply.status(201).send({ metric: await metrics.create(request.actor, request.body) }),
  );
  app.put(
    '/data/metrics/:name',
    {
      ...write,
      schema: { tags, summary: 'Change a metric (manageSchema)', params: NameParams, body: MetricInputSchema, response: { 200: MetricResponseSchema } },
    },
    async (request) => ({
      metric: await metrics.update(request.actor, request.params.name, request.body),
    }),
  );
  app.delete(
    '/data/metrics/:name',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a metric no object type measures (manageSchema)',
        params: NameParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await metrics.remove(request.actor, request.params.name);
      return reply.status(204).send();
    },
  );

  // Metadata schemas
  app.get(
    '/data/schema',
    { schema: { tags, summary: 'Every metadata schema, current versions', response: { 200: MetadataSchemasResponseSchema } } },
    async () => ({ schemas: await schemas.list() }),
  );
  app.get(
    '/data/schema/:slug',
    { schema: { tags, summary: 'A metadata schema and the types that use it', params: SlugParams, response: { 200: MetadataSchemaResponseSchema } } },
    async (request) => schemas.get(request.params.slug),
  );
  app.post(
    '/data/schema',
    {
      ...write,
      schema: { tags, summary: 'Create a metadata schema (manageSchema)', body: MetadataSchemaInputSchema, response: { 201: MetadataSchemaSchema } },
    },
    async (request, reply) => reply.status(201).send(await schemas.create(request.actor, request.body)),
  );
  app.put(
    '/data/schema/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Save a new version of a metadata schema (manageSchema)',
        params: SlugParams,
        body: MetadataSchemaInputSchema.omit({ slug: true }),
        response: { 200: MetadataSchemaSchema },
      },
    },
    async (request) => schemas.update(request.actor, request.params.slug, request.body),
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
    async (request) => schemas.impact(request.actor, request.params.slug, request.body.schema),
  );
  app.delete(
    '/data/schema/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a metadata schema no type uses (manageSchema)',
        params: SlugParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await schemas.remove(request.actor, request.params.slug);
      return reply.status(204).send();
    },
  );

  // Object types
  app.get(
    '/data/objtypes',
    { schema: { tags, summary: 'Every object type by name, with its metrics and metadata schemas', response: { 200: ObjectTypesResponseSchema } } },
    async () => ({
      objtypes: await types.index(),
    }),
  );
  app.get(
    '/data/objtypes/:slug',
    { schema: { tags, summary: 'One object type', params: SlugParams, response: { 200: ObjectTypeResponseSchema } } },
    async (request) => ({
      objtype: await types.get(request.params.slug),
    }),
  );
  app.post(
    '/data/objtypes',
    { ...write, schema: { tags, summary: 'Create an object type (manageSchema)', body: ObjectTypeInputSchema, response: { 201: ObjectTypeResponseSchema } } },
    async (request, reply) => reply.status(201).send({ objtype: await types.create(request.actor, request.body) }),
  );
  app.put(
    '/data/objtypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change an object type: name, marker, parents, metrics, schemas (manageSchema)',
        params: SlugParams,
        body: ObjectTypeInputSchema,
        response: { 200: ObjectTypeResponseSchema },
      },
    },
    async (request) => ({ objtype: await types.update(request.actor, request.params.slug, request.body) }),
  );
  app.delete(
    '/data/objtypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete an object type no object has (manageSchema)',
        params: SlugParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await types.remove(request.actor, request.params.slug);
      return reply.status(204).send();
    },
  );

  // Node types
  app.get('/data/nodetypes', { schema: { tags, summary: 'Every node type', response: { 200: NodeTypesResponseSchema } } }, async () => ({
    nodetypes: await nodeTypes.list(),
  }));
  app.get(
    '/data/nodetypes/:slug',
    { schema: { tags, summary: 'A node type and how many nodes have it', params: SlugParams, response: { 200: NodeTypeResponseSchema } } },
    async (request) => nodeTypes.get(request.params.slug),
  );
  app.post(
    '/data/nodetypes',
    { ...write, schema: { tags, summary: 'Create a node type (manageSchema)', body: NodeTypeInputSchema, response: { 201: NodeTypeResponseSchema } } },
    async (request, reply) => reply.status(201).send(await nodeTypes.create(request.actor, request.body)),
  );
  app.put(
    '/data/nodetypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a node type; a new schema must fit its nodes (manageSchema)',
        params: SlugParams,
        body: NodeTypeInputSchema,
        response: { 200: NodeTypeResponseSchema },
      },
    },
    async (request) => nodeTypes.update(request.actor, request.params.slug, request.body),
  );
  app.delete(
    '/data/nodetypes/:slug',
    {
      ...write,
      schema: { tags, summary: 'Delete a node type no node has (manageSchema)', params: SlugParams, response: { 204: z.undefined().describe('No content') } },
    },
    async (request, reply) => {
      await nodeTypes.remove(request.actor, request.params.slug);
      return reply.status(204).send();
    },
  );

  // The node tree
  app.get('/data/node', { schema: { tags, summary: 'The nodes at the root of the data catalogue', response: { 200: NodeRootsResponseSchema } } }, async () =>
    nodes.roots(),
  );
  app.get('/data/nodes', { schema: { tags, summary: 'Every node’s path and title, by path', response: { 200: NodeOutlineResponseSchema } } }, async () =>
    nodes.outline(),
  );
  app.get(
    '/data/node/*',
    {
      schema: { tags, summary: 'A node by path, with its ancestors, children, metadata and schema', params: PathParams, response: { 200: NodeResponseSchema } },
    },
    async (request) => nodes.get(request.params['*']),
  );
  app.post(
    '/data/node',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a node under a parent path, or at the root (manageSchema)',
        body: NodeInputSchema,
        response: { 201: NodeResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await nodes.create(request.actor, request.body)),
  );
  app.put(
    '/data/node/*',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a node; a new parent or slug moves it with everything below (manageSchema)',
        params: PathParams,
        body: NodeInputSchema,
        response: { 200: NodeResponseSchema },
      },
    },
    async (request) => nodes.update(request.actor, request.params['*'], request.body),
  );
  app.delete(
    '/data/node/*',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a node with nothing inside it (manageSchema)',
        params: PathParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await nodes.remove(request.actor, request.params['*']);
      return reply.status(204).send();
    },
  );
};
