import { eq } from 'drizzle-orm';
import type { MetadataSchema, MetadataSchemaInput, SchemaImpact } from '@observatory/shared';
import { authorize, type Actor } from '../../../authz/authorize.js';
import { visibleTo } from '../../../authz/visibility.js';
import type { Database, Db } from '../../../db/client.js';
import { metadataSchemas } from '../../../db/schema/index.js';
import { audit } from '../../../lib/audit.js';
import { AppError, inUse, invalidField, notFound, taken } from '../../../lib/errors.js';
import type { MetadataValidator } from '../../../lib/metadata.js';
import { slugify } from '../../../lib/slugs.js';
import { bumped, checkVersion, type Precondition } from '../../../lib/versions.js';
import * as repo from '../repo.js';

export const toSchema = (row: repo.SchemaRow): MetadataSchema => ({ slug: row.slug, title: row.title, version: row.version, schema: row.schema });

/** The most objects an impact check lists by name (it counts them all). */
const LISTED = 50;

/** JSON Schema 2020-12 documents for metadata, versioned; each change is checked against the objects it would govern. */
export function createMetadataSchemasService(deps: { db: Database; validator: MetadataValidator }) {
  const { db, validator } = deps;
  async function load(d: Db, slug: string) {
    const row = await repo.findSchema(d, slug);
    if (!row) throw notFound('Metadata schema');
    return row;
  }
  /** The id of the schema a write changes: its transaction locks the row by id first, then reads it. */
  const idOf = async (slug: string) => (await db.use((d) => load(d, slug))).id;
  async function loadById(d: Db, id: string) {
    const row = await repo.findSchemaById(d, id);
    if (!row) throw notFound('Metadata schema');
    return row;
  }
  const requireValid = (schema: Record<string, unknown>) => {
    const problem = validator.problemOf(schema);
    if (problem) throw invalidField('body.schema', `Not a valid JSON Schema 2020-12: ${problem}`);
  };

  return {
    listSchemas: async () => (await db.use(repo.listSchemas)).map(toSchema),

    getSchema: (slug: string) =>
      db.use(async (d) => {
        const row = await load(d, slug);
        return { schema: toSchema(row), usedBy: await repo.usersOfSchema(d, row.id) };
      }),

    async createSchema(actor: Actor | null, input: MetadataSchemaInput): Promise<MetadataSchema> {
      authorize(actor, 'manageSchema');
      requireValid(input.schema);
      const slug = input.slug ?? slugify(input.title);
      if (!slug) throw invalidField('body.title', 'Give a title with letters or digits');
      return db.transaction(async (tx) => {
        if (await repo.findSchema(tx, slug)) throw taken('body.slug', 'A schema with this address exists');
        const [row] = await tx.insert(metadataSchemas).values({ slug, title: input.title, schema: input.schema }).returning();
        await repo.insertSchemaVersion(tx, row!);
        await audit(tx, actor, 'schema.create', { type: 'schema', id: row!.id }, { after: row });
        return toSchema(row!);
      });
    },

    /**
     * A new version (the schema's version is its resource version: one more, in the
     * write, so two saves never make the same one); the check (`impact`) is the web's to
     * show first, and saving anyway is the user's choice.
     */
    async updateSchema(actor: Actor | null, slug: string, input: Omit<MetadataSchemaInput, 'slug'>, precondition: Precondition = {}): Promise<MetadataSchema> {
      authorize(actor, 'manageSchema');
      requireValid(input.schema);
      const id = await idOf(slug);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.schemaVersion(id), precondition);
        const before = await loadById(tx, id);
        const [row] = await tx
          .update(metadataSchemas)
          .set({ title: input.title, schema: input.schema, ...bumped(metadataSchemas, actor) })
          .where(eq(metadataSchemas.id, before.id))
          .returning();
        await repo.insertSchemaVersion(tx, row!);
        await audit(tx, actor, 'schema.update', { type: 'schema', id: row!.id }, { before, after: row });
        return toSchema(row!);
      });
    },

    /**
     * How many objects of the types that use the schema a new version would refuse, and
     * which: every one is counted (saving affects them all), only those the reader may
     * see are named.
     */
    async checkImpact(actor: Actor | null, slug: string, candidate: Record<string, unknown>): Promise<SchemaImpact> {
      authorize(actor, 'manageSchema');
      requireValid(candidate);
      return db.use(async (d) => {
        const current = await load(d, slug);
        const types = await repo.listTypes(d);
        const { schemaLinks } = await repo.typeParts(
          d,
          types.map((t) => t.id),
        );
        const users = new Set(schemaLinks.filter((l) => l.schema.id === current.id).map((l) => l.typeId));
        const objects = await repo.objectsOfTypes(d, [...users], visibleTo(actor, 'object'));
        const schemasOf = (typeId: string) =>
          schemaLinks.filter((l) => l.typeId === typeId).map((l) => (l.schema.id === current.id ? candidate : l.schema.schema));
        const refused = objects.flatMap((o) => {
          try {
            validator.check(
              o.metadata,
              o.typeIds.map((id) => ({ name: types.find((t) => t.id === id)?.name ?? '', schemas: schemasOf(id) })),
            );
            return [];
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return [
              {
                name: o.name,
                title: o.title,
                visible: o.visible,
                problems: (error.details ?? []).map((p) => `${p.field.replace(/^body\.metadata\./, '')}: ${p.message}`),
              },
            ];
          }
        });
        const named = refused.filter((o) => o.visible);
        return {
          checked: objects.length,
          invalid: refused.length,
          hidden: refused.length - named.length,
          objects: named.slice(0, LISTED).map(({ visible: _, ...o }) => o),
        };
      });
    },

    /** Only a schema no object type or node type follows. */
    async deleteSchema(actor: Actor | null, slug: string, precondition: Precondition = {}): Promise<void> {
      authorize(actor, 'manageSchema');
      const id = await idOf(slug);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.schemaVersion(id), precondition);
        const before = await loadById(tx, id);
        const users = await repo.usersOfSchema(tx, before.id);
        if (users.length)
          throw inUse(
            `This schema is used by ${users.length} type${users.length === 1 ? '' : 's'}`,
            users.map((u) => `${u.name} (${u.kind})`),
          );
        await tx.delete(metadataSchemas).where(eq(metadataSchemas.id, before.id));
        await audit(tx, actor, 'schema.delete', { type: 'schema', id: before.id }, { before });
      });
    },
  };
}
