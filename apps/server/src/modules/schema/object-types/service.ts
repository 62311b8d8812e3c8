import { eq } from 'drizzle-orm';
import type { ObjectType, ObjectTypeInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor } from '../../../authz/authorize.js';
import type { Database, Db } from '../../../db/client.js';
import { objectTypes } from '../../../db/schema/index.js';
import { audit } from '../../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../../lib/errors.js';
import type { TypeSchemas } from '../../../lib/metadata.js';
import { slugify } from '../../../lib/slugs.js';
import { bumped, checkVersion, type Precondition } from '../../../lib/versions.js';
import { toSchema } from '../metadata-schemas/service.js';
import { toMetric } from '../metrics/service.js';
import * as repo from '../repo.js';

type Input = z.output<typeof ObjectTypeInputSchema>;

/** Types with their metrics, schemas and parents embedded, in the spec's shape. */
async function assemble(d: Db, rows: repo.TypeRow[]): Promise<ObjectType[]> {
  const { metricLinks, schemaLinks, parentLinks } = await repo.typeParts(
    d,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    marker: row.marker as ObjectType['marker'],
    parents: parentLinks.filter((l) => l.typeId === row.id).map((l) => l.slug),
    metrics: Object.fromEntries(metricLinks.filter((l) => l.typeId === row.id).map((l) => [l.metric.name, toMetric(l.metric)])),
    metadata_schemas: Object.fromEntries(schemaLinks.filter((l) => l.typeId === row.id).map((l) => [l.schema.slug, toSchema(l.schema)])),
    version: row.version,
  }));
}

/** Whether `parents` of `typeId` lead back to it through the parent links there are. */
function makesLoop(links: { typeId: string; parentId: string }[], typeId: string, parents: string[]): boolean {
  const up = (id: string) => links.filter((l) => l.typeId === id && l.typeId !== typeId).map((l) => l.parentId);
  const seen = new Set<string>();
  const stack = [...parents];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === typeId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...up(id));
  }
  return false;
}

/** Object types: a marker, the metrics measured on them, the schemas their metadata follows, the types they sit in. */
export function createObjectTypesService(deps: { db: Database }) {
  const { db } = deps;
  async function load(d: Db, slug: string) {
    const row = await repo.findType(d, slug);
    if (!row) throw notFound('Object type');
    return row;
  }
  /** The id of the type a write changes: its transaction locks the row by id first, then reads it. */
  const idOf = async (slug: string) => (await db.use((d) => load(d, slug))).id;
  async function loadById(d: Db, id: string) {
    const row = await repo.findTypeById(d, id);
    if (!row) throw notFound('Object type');
    return row;
  }

  /** Checks the names, parents, metrics and schemas given, and resolves them to ids. */
  async function resolve(d: Db, input: Input, self: { id: string; slug: string } | null) {
    const sameName = await repo.findTypeByName(d, input.name);
    if (sameName && sameName.id !== self?.id) throw taken('body.name', 'An object type with this name exists');
    const parents = await repo.typesBySlug(d, input.parents);
    const unknownParents = input.parents.filter((s) => !parents.some((p) => p.slug === s));
    if (unknownParents.length) throw invalidField('body.parents', `Unknown object type: ${unknownParents.join(', ')}`);
    if (
      self &&
      (input.parents.includes(self.slug) ||
        makesLoop(
          await repo.allParentLinks(d),
          self.id,
          parents.map((p) => p.id),
        ))
    ) {
      throw invalidField('body.parents', 'These parents make a loop: a type would sit inside itself');
    }
    const found = await repo.metricsByName(d, input.metrics);
    const unknownMetrics = input.metrics.filter((n) => !found.some((m) => m.name === n));
    if (unknownMetrics.length) throw invalidField('body.metrics', `Unknown metric: ${unknownMetrics.join(', ')}`);
    const schemas = await repo.schemasBySlug(d, input.metadata_schemas);
    const unknownSchemas = input.metadata_schemas.filter((s) => !schemas.some((x) => x.slug === s));
    if (unknownSchemas.length) throw invalidField('body.metadata_schemas', `Unknown metadata schema: ${unknownSchemas.join(', ')}`);
    const ids = <T extends { id: string }>(keys: string[], rows: T[], key: (r: T) => string) =>
      [...new Set(keys)].map((k) => rows.find((r) => key(r) === k)!.id);
    return {
      parentIds: ids(input.parents, parents, (p) => p.slug),
      metricIds: ids(input.metrics, found, (m) => m.name),
      schemaIds: ids(input.metadata_schemas, schemas, (s) => s.slug),
    };
  }

  return {
    /** The index by name (GET data/objtypes). */
    async listTypes(): Promise<Record<string, ObjectType>> {
      const types = await db.use(async (d) => assemble(d, await repo.listTypes(d)));
      return Object.fromEntries(types.map((t) => [t.name, t]));
    },

    getType: (slug: string) => db.use(async (d) => (await assemble(d, [await load(d, slug)]))[0]!),

    async createType(actor: Actor | null, input: Input): Promise<ObjectType> {
      authorize(actor, 'manageSchema');
      const slug = input.slug ?? slugify(input.name);
      if (!slug) throw invalidField('body.name', 'Give a name with letters or digits');
      return db.transaction(async (tx) => {
        if (await repo.findType(tx, slug)) throw taken('body.slug', 'An object type with this address exists');
        const parts = await resolve(tx, input, null);
        const position = (await repo.listTypes(tx)).length;
        const [row] = await tx.insert(objectTypes).values({ slug, name: input.name, marker: input.marker, position }).returning();
        await repo.replaceTypeParts(tx, row!.id, parts);
        const created = (await assemble(tx, [row!]))[0]!;
        await audit(tx, actor, 'objtype.create', { type: 'objtype', id: row!.id }, { after: created });
        return created;
      });
    },

    /** Its parents, metrics and schemas are part of it: the one write, and the one new version. */
    async updateType(actor: Actor | null, slug: string, input: Input, precondition: Precondition = {}): Promise<ObjectType> {
      authorize(actor, 'manageSchema');
      const id = await idOf(slug);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.typeVersion(id), precondition);
        const row = await loadById(tx, id);
        const before = (await assemble(tx, [row]))[0]!;
        const newSlug = input.slug ?? row.slug;
        if (newSlug !== row.slug && (await repo.findType(tx, newSlug))) throw taken('body.slug', 'An object type with this address exists');
        const parts = await resolve(tx, input, row);
        const [changed] = await tx
          .update(objectTypes)
          .set({ slug: newSlug, name: input.name, marker: input.marker, ...bumped(objectTypes, actor) })
          .where(eq(objectTypes.id, row.id))
          .returning();
        await repo.replaceTypeParts(tx, row.id, parts);
        const after = (await assemble(tx, [changed!]))[0]!;
        await audit(tx, actor, 'objtype.update', { type: 'objtype', id: row.id }, { before, after });
        return after;
      });
    },

    /** Only a type no object has; the types that could sit inside it lose it as a parent, a new version of each. */
    async deleteType(actor: Actor | null, slug: string, precondition: Precondition = {}): Promise<void> {
      authorize(actor, 'manageSchema');
      const id = await idOf(slug);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.typeVersion(id), precondition);
        const row = await loadById(tx, id);
        const objects = await repo.countObjectsOfType(tx, row.id);
        if (objects)
          throw new AppError(
            'CONFLICT',
            `${objects} object${objects === 1 ? ' is' : 's are'} of the type ${row.name}: give ${objects === 1 ? 'it' : 'them'} another type first`,
          );
        await repo.touchTypes(tx, await repo.childTypeIds(tx, row.id), actor);
        await tx.delete(objectTypes).where(eq(objectTypes.id, row.id));
        await audit(tx, actor, 'objtype.delete', { type: 'objtype', id: row.id }, { before: row });
      });
    },

    /** The types of these slugs that exist. */
    typesBySlug: (slugs: string[]) => db.use((d) => repo.typesBySlug(d, slugs)),

    /** The types of these slugs that exist, each with the schemas its objects' metadata must satisfy. */
    typesWithSchemas: (d: Db, slugs: string[]): Promise<(repo.TypeRow & TypeSchemas)[]> =>
      repo.typesBySlug(d, slugs).then(async (rows) => {
        const { schemaLinks } = await repo.typeParts(
          d,
          rows.map((r) => r.id),
        );
        return rows.map((r) => ({ ...r, schemas: schemaLinks.filter((l) => l.typeId === r.id).map((l) => l.schema.schema) }));
      }),
  };
}
