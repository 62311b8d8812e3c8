import type {
  CatalogueNode,
  MetadataSchema,
  MetadataSchemaInput,
  Metric,
  MetricInput,
  NodeInput,
  NodeResponse,
  NodeType,
  NodeTypeInputSchema,
  ObjectType,
  ObjectTypeInput,
  ObjectTypeResponse,
  Unit,
  UnitInput,
} from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique } from '../harness.js';
import { expectAnswer } from './answer.js';
import type { TestUser } from './users.js';

// The catalogue's data schema: each is changed with manageSchema.

/** A metric (POST /data/metrics): a number without a unit unless told. */
export async function buildMetric(app: FastifyInstance, as: TestUser, overrides: Partial<MetricInput> = {}): Promise<Metric> {
  const res = await api(app, 'POST', '/data/metrics', { token: as.token, body: { name: unique('metric-'), title: 'Metric', type: 'number', ...overrides } });
  return expectAnswer<{ metric: Metric }>(res, 201, 'POST /data/metrics').metric;
}

/** A unit UCUM knows (POST /data/units): its code is UCUM's, so the test names it. */
export async function buildUnit(app: FastifyInstance, as: TestUser, input: UnitInput): Promise<Unit> {
  const res = await api(app, 'POST', '/data/units', { token: as.token, body: input });
  return expectAnswer<Unit>(res, 201, 'POST /data/units');
}

/** A metadata schema (POST /data/schema): an object of no required property unless told. */
export async function buildMetadataSchema(app: FastifyInstance, as: TestUser, overrides: Partial<MetadataSchemaInput> = {}): Promise<MetadataSchema> {
  const body = { title: unique('Schema '), schema: { type: 'object', properties: {} }, ...overrides };
  return expectAnswer<MetadataSchema>(await api(app, 'POST', '/data/schema', { token: as.token, body }), 201, 'POST /data/schema');
}

/** An object type (POST /data/objtypes), without parents, metrics or schemas unless told. */
export async function buildObjectType(app: FastifyInstance, as: TestUser, overrides: Partial<ObjectTypeInput> = {}): Promise<ObjectType> {
  const res = await api(app, 'POST', '/data/objtypes', { token: as.token, body: { name: unique('Type '), ...overrides } });
  return expectAnswer<ObjectTypeResponse>(res, 201, 'POST /data/objtypes').objtype;
}

/** A node type (POST /data/nodetypes), without a metadata schema unless told. */
export async function buildNodeType(app: FastifyInstance, as: TestUser, overrides: Partial<z.input<typeof NodeTypeInputSchema>> = {}): Promise<NodeType> {
  const res = await api(app, 'POST', '/data/nodetypes', { token: as.token, body: { name: unique('Node type '), ...overrides } });
  return expectAnswer<{ nodetype: NodeType }>(res, 201, 'POST /data/nodetypes').nodetype;
}

/** A node of the tree (POST /data/node) of the type given: at the root unless a parent path is given. */
export async function buildNode(app: FastifyInstance, as: TestUser, overrides: Partial<NodeInput> & Pick<NodeInput, 'type'>): Promise<CatalogueNode> {
  const slug = overrides.slug ?? unique('node-');
  const res = await api(app, 'POST', '/data/node', { token: as.token, body: { slug, title: `Node ${slug}`, ...overrides } });
  return expectAnswer<NodeResponse>(res, 201, 'POST /data/node').node;
}
