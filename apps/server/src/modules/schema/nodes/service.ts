import { eq } from 'drizzle-orm';
import { pathsAbove, type CatalogueNode, type NodeInputSchema, type NodeResponse, type NodeType, type NodeTypeInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../../authz/authorize.js';
import type { Database, Db } from '../../../db/client.js';
import { nodes, nodeTypes } from '../../../db/schema/index.js';
import { audit } from '../../../lib/audit.js';
import { AppError, inUse, invalidField, notFound, taken } from '../../../lib/errors.js';
import type { MetadataValidator } from '../../../lib/metadata.js';
import { slugify } from '../../../lib/slugs.js';
import { bumped, checkVersion, type Precondition } from '../../../lib/versions.js';
import { toSchema } from '../metadata-schemas/service.js';
import * as repo from '../repo.js';
import * as nodeRepo from './repo.js';

type NodeTypeInput = z.output<typeof NodeTypeInputSchema>;
type NodeInput = z.output<typeof NodeInputSchema>;

/** How many nodes a refused delete names. */
const NAMED = 10;

const toNodeType = (row: nodeRepo.NodeTypeWithSchema): NodeType => ({ slug: row.slug, name: row.name, schema: row.schema, version: row.version });
const toNode = ({ node, type }: nodeRepo.NodeWithType): CatalogueNode => ({
  path: node.path,
  slug: node.slug,
  title: node.title,
  description: node.description,
  type: { slug: type.slug, name: type.name },
  version: node.version,
});

const joinPath = (parent: string | null, slug: string) => (parent ? `${parent}/${slug}` : slug);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The data catalogue: a tree of typed nodes addressed by path, and the node types with the schema of their metadata. */
export function createNodesService(deps: { db: Database; validator: MetadataValidator }) {
  const { db, validator } = deps;
  async function loadType(d: Db, slug: string, field?: string) {
    const row = await nodeRepo.findNodeType(d, slug);
    if (!row) throw field ? invalidField(field, `Unknown node type: ${slug}`) : notFound('Node type');
    return row;
  }
  async function loadNode(d: Db, path: string) {
    const row = await nodeRepo.findNode(d, path);
    if (!row) throw notFound('Node');
    return row;
  }
  // A write finds the id of what it changes first; its transaction locks the row by id, then reads it.
  const typeIdOf = async (slug: string) => (await db.use((d) => loadType(d, slug))).id;
  const nodeIdOf = async (path: string) => (await db.use((d) => loadNode(d, path))).node.id;
  async function loadTypeById(d: Db, id: string) {
    const row = await nodeRepo.findNodeTypeById(d, id);
    if (!row) throw notFound('Node type');
    return row;
  }
  async function loadNodeById(d: Db, id: string) {
    const row = await nodeRepo.findNodeById(d, id);
    if (!row) throw notFound('Node');
    return row;
  }
  async function schemaIdOf(d: Db, slug: string | null) {
    if (slug === null) return null;
    const row = await repo.findSchema(d, slug);
    if (!row) throw invalidField('body.schema', `Unknown metadata schema: ${slug}`);
    return row.id;
  }
  /** What the check of a node's metadata needs: its type's name and schema. */
  async function rulesOf(d: Db, type: nodeRepo.NodeTypeWithSchema) {
    const schema = type.schemaId ? await repo.findSchemaById(d, type.schemaId) : null;
    return [{ name: type.name, schemas: schema ? [schema.schema] : [] }];
  }
  /** The node's metadata checked against its type's schema, each wrong field named. */
  const checkMetadata = async (d: Db, type: nodeRepo.NodeTypeWithSchema, metadata: Record<string, unknown>) =>
    validator.check(metadata, await rulesOf(d, type));
  /** The parent a node goes in, refusing one that is missing or the node itself or below it. */
  async function parentFor(d: Db, parent: string | null, moving: string | null) {
    if (parent === null) return null;
    if (moving && (parent === moving || parent.startsWith(`${moving}/`)))
      throw invalidField('body.parent', `A node cannot go inside itself: ${parent} is ${parent === moving ? 'the node' : 'below it'}`);
    const row = await nodeRepo.findNode(d, parent);
    if (!row) throw invalidField('body.parent', `No node at ${parent}`);
    return row.node;
  }
  async function detail(d: Db, row: nodeRepo.NodeWithType): Promise<NodeResponse> {
    const [ancestors, children, schema] = await Promise.all([
      nodeRepo.nodesByPath(d, pathsAbove(row.node.path)),
      nodeRepo.childrenOf(d, row.node.id),
      row.type.schemaId ? repo.findSchemaById(d, row.type.schemaId) : null,
    ]);
    return {
      node: toNode(row),
      ancestors: ancestors.map((a) => ({ path: a.node.path, title: a.node.title })),
      children: children.map(toNode),
      metadata: row.node.metadata,
      schema: schema ? toSchema(schema) : null,
    };
  }

  const types = {
    listNodeTypes: async () => (await db.use(nodeRepo.listNodeTypes)).map(toNodeType),

    getNodeType: (slug: string) =>
      db.use(async (d) => {
        const row = await loadType(d, slug);
        return { nodetype: toNodeType(row), nodes: await nodeRepo.countNodesOfType(d, row.id) };
      }),

    async createNodeType(actor: Actor | null, input: NodeTypeInput) {
      authorize(actor, 'manageSchema');
      const slug = input.slug ?? slugify(input.name);
      if (!slug) throw invalidField('body.name', 'Give a name with letters or digits');
      return db.transaction(async (tx) => {
        if (await nodeRepo.findNodeType(tx, slug)) throw taken('body.slug', 'A node type with this address exists');
        const [row] = await tx
          .insert(nodeTypes)
          .values({ slug, name: input.name, schemaId: await schemaIdOf(tx, input.schema) })
          .returning();
        await audit(tx, actor, 'nodetype.create', { type: 'nodetype', id: row!.id }, { after: row });
        return { nodetype: toNodeType((await nodeRepo.findNodeType(tx, slug))!), nodes: 0 };
      });
    },

    /** A new schema applies to the nodes there are: each must fit it, or the change is refused naming one that does not. */
    async updateNodeType(actor: Actor | null, slug: string, input: NodeTypeInput, precondition: Precondition = {}) {
      authorize(actor, 'manageSchema');
      const id = await typeIdOf(slug);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, nodeRepo.nodeTypeVersion(id), precondition);
        const before = await loadTypeById(tx, id);
        const newSlug = input.slug ?? before.slug;
        if (newSlug !== before.slug && (await nodeRepo.findNodeType(tx, newSlug))) throw taken('body.slug', 'A node type with this address exists');
        const schemaId = await schemaIdOf(tx, input.schema);
        const [row] = await tx
          .update(nodeTypes)
          .set({ slug: newSlug, name: input.name, schemaId, ...bumped(nodeTypes, actor) })
          .where(eq(nodeTypes.id, before.id))
          .returning();
        const after = (await nodeRepo.findNodeType(tx, newSlug))!;
        if (schemaId !== before.schemaId) await checkNodesOfType(tx, after);
        await audit(tx, actor, 'nodetype.update', { type: 'nodetype', id: before.id }, { before, after: row });
        return { nodetype: toNodeType(after), nodes: await nodeRepo.countNodesOfType(tx, before.id) };
      });
    },

    /** Only a type no node has. */
    async deleteNodeType(actor: Actor | null, slug: string, precondition: Precondition = {}) {
      authorize(actor, 'manageSchema');
      const id = await typeIdOf(slug);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, nodeRepo.nodeTypeVersion(id), precondition);
        const before = await loadTypeById(tx, id);
        const count = await nodeRepo.countNodesOfType(tx, before.id);
        if (count)
          throw inUse(
            `${plural(count, 'node is', 'nodes are')} of this type`,
            (await nodeRepo.nodesOfType(tx, before.id, NAMED)).map((n) => n.path),
          );
        await tx.delete(nodeTypes).where(eq(nodeTypes.id, before.id));
        await audit(tx, actor, 'nodetype.delete', { type: 'nodetype', id: before.id }, { before });
      });
    },
  };

  /** Every node of the type fits its (new) schema, or a 400 names the first that does not. */
  async function checkNodesOfType(d: Db, type: nodeRepo.NodeTypeWithSchema) {
    const rules = await rulesOf(d, type);
    for (const { path, metadata } of await nodeRepo.nodesOfType(d, type.id)) {
      try {
        validator.check(metadata, rules);
      } catch {
        throw invalidField('body.schema', `The node ${path} does not fit this schema: change its metadata first`);
      }
    }
  }

  const tree = {
    listRoots: () => db.use(async (d) => ({ children: (await nodeRepo.childrenOf(d, null)).map(toNode) })),

    /** Every node's path and title, for a picker of where a node goes. */
    getOutline: async () => ({ nodes: await db.use(nodeRepo.nodeOutline) }),

    getNode: (path: string) => db.use(async (d) => detail(d, await loadNode(d, path))),

    async createNode(actor: Actor | null, input: NodeInput): Promise<NodeResponse> {
      authorize(actor, 'manageSchema');
      return db.transaction(async (tx) => {
        const parent = await parentFor(tx, input.parent, null);
        const path = joinPath(input.parent, input.slug);
        if (await nodeRepo.findNode(tx, path)) throw taken('body.slug', `A node at ${path} exists`);
        const type = await loadType(tx, input.type, 'body.type');
        await checkMetadata(tx, type, input.metadata);
        const position = await nodeRepo.countChildren(tx, parent?.id ?? null);
        const [row] = await tx
          .insert(nodes)
          .values({
            parentId: parent?.id ?? null,
            slug: input.slug,
            path,
            title: input.title,
            description: input.description,
            nodeTypeId: type.id,
            metadata: input.metadata,
            position,
          })
          .returning();
        await audit(tx, actor, 'node.create', { type: 'node', id: row!.id }, { after: row });
        return detail(tx, (await nodeRepo.findNode(tx, path))!);
      });
    },

    /** Changes a node; a new parent or slug moves it with everything below it, in one transaction. */
    async updateNode(actor: Actor | null, key: string, input: NodeInput, precondition: Precondition = {}): Promise<NodeResponse> {
      authorize(actor, 'manageSchema');
      const id = await nodeIdOf(key);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, nodeRepo.nodeVersion(id), precondition);
        const before = (await loadNodeById(tx, id)).node;
        const path = before.path;
        const parent = await parentFor(tx, input.parent, path);
        const newPath = joinPath(input.parent, input.slug);
        if (newPath !== path && (await nodeRepo.findNode(tx, newPath))) throw taken('body.slug', `A node at ${newPath} exists`);
        const type = await loadType(tx, input.type, 'body.type');
        await checkMetadata(tx, type, input.metadata);
        const moved = (parent?.id ?? null) !== before.parentId;
        const position = moved ? await nodeRepo.countChildren(tx, parent?.id ?? null) : before.position;
        const [after] = await tx
          .update(nodes)
          .set({
            parentId: parent?.id ?? null,
            slug: input.slug,
            path: newPath,
            title: input.title,
            description: input.description,
            nodeTypeId: type.id,
            metadata: input.metadata,
            position,
            ...bumped(nodes, actor),
          })
          .where(eq(nodes.id, before.id))
          .returning();
        if (newPath !== path) await nodeRepo.movePaths(tx, path, newPath);
        await audit(tx, actor, 'node.update', { type: 'node', id: before.id }, { before, after });
        return detail(tx, (await nodeRepo.findNode(tx, newPath))!);
      });
    },

    /** Only a node with nothing below it. */
    async deleteNode(actor: Actor | null, path: string, precondition: Precondition = {}): Promise<void> {
      authorize(actor, 'manageSchema');
      const id = await nodeIdOf(path);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, nodeRepo.nodeVersion(id), precondition);
        const { node } = await loadNodeById(tx, id);
        const children = await nodeRepo.childrenOf(tx, node.id);
        if (children.length) {
          const named = children
            .slice(0, NAMED)
            .map((c) => c.node.path)
            .join(', ');
          throw new AppError(
            'CONFLICT',
            `${plural(children.length, 'node sits', 'nodes sit')} inside ${path}: ${named}. Move or delete ${children.length === 1 ? 'it' : 'them'} first.`,
          );
        }
        await tx.delete(nodes).where(eq(nodes.id, node.id));
        await audit(tx, actor, 'node.delete', { type: 'node', id: node.id }, { before: node });
      });
    },
  };

  return { types, tree };
}
