import { asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { metadataSchemas, nodes, nodeTypes } from '../../../db/schema/index.js';

// Each one's version, for a write's check (lib/versions.ts), by id.
export const nodeTypeVersion = (id: string) => ({ table: nodeTypes, where: eq(nodeTypes.id, id), type: 'nodetype', id, what: 'The node type' });
export const nodeVersion = (id: string) => ({ table: nodes, where: eq(nodes.id, id), type: 'node', id, what: 'The node' });

// ---------------------------------------------------------------- node types

/** Node types with the slug of their schema. */
const nodeTypeColumns = {
  id: nodeTypes.id,
  slug: nodeTypes.slug,
  name: nodeTypes.name,
  schemaId: nodeTypes.schemaId,
  schema: metadataSchemas.slug,
  version: nodeTypes.version,
};
const nodeTypeQuery = (db: Db) => db.select(nodeTypeColumns).from(nodeTypes).leftJoin(metadataSchemas, eq(metadataSchemas.id, nodeTypes.schemaId));
export type NodeTypeWithSchema = Awaited<ReturnType<typeof nodeTypeQuery>>[number];

export const listNodeTypes = (db: Db) => nodeTypeQuery(db).orderBy(asc(nodeTypes.name));
export const findNodeType = async (db: Db, slug: string) => (await nodeTypeQuery(db).where(eq(nodeTypes.slug, slug)))[0] ?? null;
export const findNodeTypeById = async (db: Db, id: string) => (await nodeTypeQuery(db).where(eq(nodeTypes.id, id)))[0] ?? null;
export const countNodesOfType = async (db: Db, typeId: string) => (await db.select({ n: count() }).from(nodes).where(eq(nodes.nodeTypeId, typeId)))[0]!.n;
/** The nodes of a type (the first `limit`), by path, with their metadata. */
export const nodesOfType = (db: Db, typeId: string, limit?: number) => {
  const query = db.select({ path: nodes.path, metadata: nodes.metadata }).from(nodes).where(eq(nodes.nodeTypeId, typeId)).orderBy(asc(nodes.path));
  return limit === undefined ? query : query.limit(limit);
};

// ---------------------------------------------------------------- nodes

/** A node with its type's slug and name. */
const nodeQuery = (db: Db) =>
  db
    .select({ node: nodes, type: { slug: nodeTypes.slug, name: nodeTypes.name, schemaId: nodeTypes.schemaId } })
    .from(nodes)
    .innerJoin(nodeTypes, eq(nodeTypes.id, nodes.nodeTypeId));
export type NodeWithType = Awaited<ReturnType<typeof nodeQuery>>[number];

/** Every node's path and title, by path: the catalogue's outline. */
export const nodeOutline = (db: Db) => db.select({ path: nodes.path, title: nodes.title }).from(nodes).orderBy(asc(nodes.path));
export const findNode = async (db: Db, path: string) => (await nodeQuery(db).where(eq(nodes.path, path)))[0] ?? null;
export const findNodeById = async (db: Db, id: string) => (await nodeQuery(db).where(eq(nodes.id, id)))[0] ?? null;
export const nodesByPath = (db: Db, paths: string[]) =>
  paths.length ? nodeQuery(db).where(inArray(nodes.path, paths)).orderBy(asc(nodes.path)) : Promise.resolve([]);
export const childrenOf = (db: Db, parentId: string | null) =>
  nodeQuery(db)
    .where(parentId ? eq(nodes.parentId, parentId) : isNull(nodes.parentId))
    .orderBy(asc(nodes.position), asc(nodes.title));
export const countChildren = async (db: Db, parentId: string | null) =>
  (
    await db
      .select({ n: count() })
      .from(nodes)
      .where(parentId ? eq(nodes.parentId, parentId) : isNull(nodes.parentId))
  )[0]!.n;

/**
 * Gives every node below `from` the path below `to` instead (a move or rename carries the
 * subtree). Only the node moved is a new version (docs/api.md): those below keep theirs,
 * their address follows their ancestor's.
 */
export async function movePaths(db: Db, from: string, to: string) {
  await db
    .update(nodes)
    .set({ path: sql`${to} || substr(${nodes.path}, ${from.length + 1})` })
    .where(sql`left(${nodes.path}, ${from.length + 1}) = ${`${from}/`}`);
}
