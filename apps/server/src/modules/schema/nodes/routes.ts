import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NodeChangeSchema,
  NodeInputSchema,
  NodeOutlineResponseSchema,
  NodePathSchema,
  NodeResponseSchema,
  NodeRootsResponseSchema,
  NodeTypeChangeSchema,
  NodeTypeInputSchema,
  NodeTypeResponseSchema,
  NodeTypesResponseSchema,
  SlugSchema,
} from '@observatory/shared';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { signedIn } from '../../../plugins/auth.js';

const SlugParams = z.object({ slug: SlugSchema });
/** A node's path is the rest of the URL: data/node/soil/chemistry/carbon. */
const PathParams = z.object({ '*': NodePathSchema });

/** Node types and the node tree of the data catalogue: read by everyone, changed with manageSchema. */
export const nodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { nodeTypes, nodes } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };
  /** A node type's or a node's answer, with its version as the ETag. */
  const typeTagged = async <T extends { nodetype: { version: number } }>(reply: FastifyReply, answer: Promise<T>) => {
    const body = await answer;
    return withETag(reply, body, body.nodetype.version);
  };
  const nodeTagged = async <T extends { node: { version: number } }>(reply: FastifyReply, answer: Promise<T>) => {
    const body = await answer;
    return withETag(reply, body, body.node.version);
  };

  app.get('/data/nodetypes', { schema: { tags, summary: 'Every node type', response: { 200: NodeTypesResponseSchema } } }, async () => ({
    nodetypes: await nodeTypes.listNodeTypes(),
  }));
  app.get(
    '/data/nodetypes/:slug',
    { schema: { tags, summary: 'A node type and how many nodes have it', params: SlugParams, response: { 200: NodeTypeResponseSchema } } },
    async (request, reply) => typeTagged(reply, nodeTypes.getNodeType(request.params.slug)),
  );
  app.post(
    '/data/nodetypes',
    { ...write, schema: { tags, summary: 'Create a node type (manageSchema)', body: NodeTypeInputSchema, response: { 201: NodeTypeResponseSchema } } },
    async (request, reply) => reply.status(201).send(await typeTagged(reply, nodeTypes.createNodeType(request.actor, request.body))),
  );
  app.put(
    '/data/nodetypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a node type; a new schema must fit its nodes (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        body: NodeTypeChangeSchema,
        response: { 200: NodeTypeResponseSchema },
      },
    },
    async (request, reply) => typeTagged(reply, nodeTypes.updateNodeType(request.actor, request.params.slug, request.body, preconditionOf(request))),
  );
  app.delete(
    '/data/nodetypes/:slug',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a node type no node has (manageSchema)',
        params: SlugParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await nodeTypes.deleteNodeType(request.actor, request.params.slug, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  // The node tree
  app.get('/data/node', { schema: { tags, summary: 'The nodes at the root of the data catalogue', response: { 200: NodeRootsResponseSchema } } }, async () =>
    nodes.listRoots(),
  );
  app.get('/data/nodes', { schema: { tags, summary: 'Every node’s path and title, by path', response: { 200: NodeOutlineResponseSchema } } }, async () =>
    nodes.getOutline(),
  );
  app.get(
    '/data/node/*',
    {
      schema: { tags, summary: 'A node by path, with its ancestors, children, metadata and schema', params: PathParams, response: { 200: NodeResponseSchema } },
    },
    async (request, reply) => nodeTagged(reply, nodes.getNode(request.params['*'])),
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
    async (request, reply) => reply.status(201).send(await nodeTagged(reply, nodes.createNode(request.actor, request.body))),
  );
  app.put(
    '/data/node/*',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a node; a new parent or slug moves it with everything below (manageSchema)',
        params: PathParams,
        headers: ConditionalHeadersSchema,
        body: NodeChangeSchema,
        response: { 200: NodeResponseSchema },
      },
    },
    async (request, reply) => nodeTagged(reply, nodes.updateNode(request.actor, request.params['*'], request.body, preconditionOf(request))),
  );
  app.delete(
    '/data/node/*',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a node with nothing inside it (manageSchema)',
        params: PathParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await nodes.deleteNode(request.actor, request.params['*'], preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
