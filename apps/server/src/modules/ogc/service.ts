import { and, type SQL } from 'drizzle-orm';
import type { OgcCollection } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { extentOverlaps } from '../../lib/geometry.js';
import { objects as objectsTable } from '../../db/schema/index.js';
import { objectFeature, type ObjectsService } from '../objects/index.js';
import type { SchemaService } from '../schema/index.js';
import { propertyEqualities } from './filter.js';
import { CRS84, datetimeCondition, parseBbox } from './params.js';
import { queryablesOf, type Queryable } from './queryables.js';
import * as repo from './repo.js';

/** The collection of every object; the others are the object types, by slug. */
const ALL_OBJECTS = 'objects';

interface CollectionDef {
  id: string;
  title: string;
  description: string;
  /** The type whose objects it holds; null for all of them. */
  typeId: string | null;
  /** The type's metadata schemas: its features' properties beside the fixed ones. */
  schemas: Record<string, unknown>[] | null;
}

interface ItemsQuery {
  limit: number;
  offset: number;
  bbox?: string | undefined;
  datetime?: string | undefined;
  /** A condition on the objects table the filter parameter made (filter.ts). */
  filter?: ((queryables: Map<string, Queryable>) => SQL) | undefined;
  /** The parameters beyond the standard's: each a queryable's name and the value it must equal. */
  properties?: [string, string][];
}

type Featured = Parameters<typeof objectFeature>[0];

/** OGC API - Features over the catalogue: its collections, their extents and queryables, their items as the objects API shows them to the reader. */
export function createOgcService(deps: { db: Database; objects: ObjectsService; schema: SchemaService }) {
  const { db, objects, schema } = deps;

  async function collections(): Promise<CollectionDef[]> {
    const types = Object.values(await schema.types.listTypes());
    const all: CollectionDef = {
      id: ALL_OBJECTS,
      title: 'Objects',
      description: 'Every object of the catalogue, with the properties all objects have',
      typeId: null,
      schemas: null,
    };
    return [
      all,
      ...types
        .filter((t) => t.slug !== ALL_OBJECTS)
        .map((t) => ({
          id: t.slug,
          title: t.name,
          description: `Objects of type ${t.name}, each metadata field its own property`,
          typeId: t.id,
          schemas: Object.values(t.metadata_schemas).map((s) => s.schema),
        })),
    ];
  }

  async function collection(id: string): Promise<CollectionDef> {
    const found = (await collections()).find((c) => c.id === id);
    if (!found) throw notFound('Collection');
    return found;
  }

  function described(def: CollectionDef, extent: repo.Extent | undefined): Omit<OgcCollection, 'links'> {
    return {
      id: def.id,
      title: def.title,
      description: def.description,
      itemType: 'feature',
      crs: [CRS84],
      extent: {
        spatial: { bbox: [extent?.bbox ?? [-180, -90, 180, 90]], crs: CRS84 },
        temporal: { interval: [[extent?.first ?? null, extent?.last ?? null]], trs: 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian' },
      },
    };
  }

  /** A feature as the collection shows it: the type's collection with its metadata fields, all objects' with the fixed properties only. */
  const featureOf = (def: CollectionDef, o: Featured) => objectFeature(def.typeId ? o : { ...o, metadata: {} });

  return {
    /** Every collection with its extent over the objects the reader may see. */
    async listCollections(actor: Actor | null) {
      const [defs, extents] = await Promise.all([collections(), db.use((d) => repo.extents(d, visibleTo(actor, 'object')))]);
      return defs.map((def) =>
        described(
          def,
          extents.find((e) => e.typeId === def.typeId),
        ),
      );
    },

    async getCollection(actor: Actor | null, id: string) {
      const def = await collection(id);
      const extents = await db.use((d) => repo.extents(d, visibleTo(actor, 'object')));
      return described(
        def,
        extents.find((e) => e.typeId === def.typeId),
      );
    },

    /** Every collection with its queryables (what the OGC API's OpenAPI definition lists). */
    async listQueryables() {
      return (await collections()).map((def) => ({ def, queryables: queryablesOf(def.schemas) }));
    },

    /** The collection's queryables: the names its features' properties have, typed. */
    async getQueryables(id: string) {
      const def = await collection(id);
      return { def, queryables: queryablesOf(def.schemas) };
    },

    /** A page of the collection's features the reader may see, by title, and how many there are. */
    async listItems(actor: Actor | null, id: string, query: ItemsQuery) {
      const def = await collection(id);
      const queryables = queryablesOf(def.schemas);
      const where = and(
        propertyEqualities(query.properties ?? [], queryables),
        query.bbox ? extentOverlaps(objectsTable.extent, parseBbox(query.bbox)) : undefined,
        query.datetime ? datetimeCondition(query.datetime) : undefined,
        query.filter ? query.filter(queryables) : undefined,
      );
      const page = await objects.listFeatures(actor, { typeId: def.typeId ?? undefined, where, page: { limit: query.limit, offset: query.offset } });
      return { features: page.objects.map((o) => featureOf(def, o)), total: page.total };
    },

    /** One feature: 404 when the reader may not see the object (as its detail) or it is not of the collection's type. */
    async getItem(actor: Actor | null, id: string, featureId: string) {
      const def = await collection(id);
      const { obj } = await objects.getObject(actor, featureId);
      if (def.typeId && !obj.types.some((t) => t.slug === def.id)) throw notFound('Feature');
      return featureOf(def, obj);
    },
  };
}
