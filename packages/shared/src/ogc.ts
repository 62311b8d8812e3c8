import { z } from 'zod';

/**
 * OGC API - Features (Part 1 Core, GeoJSON; Part 3 filtering) under /api/v1/ogc: the
 * catalogue's objects as one collection per object type and one of all. docs/ogc.md.
 */

/** The most features one page of items holds; a larger limit is answered with this many. */
export const OGC_MAX_LIMIT = 10_000;
/** Features a page of items holds when no limit is asked for. */
export const OGC_DEFAULT_LIMIT = 100;

export const OgcLinkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
});
export type OgcLink = z.infer<typeof OgcLinkSchema>;

/** f=json or f=geojson: the only encoding served (GeoJSON; JSON for the other resources). */
const FormatSchema = z.enum(['json', 'geojson']).optional().describe('The encoding: JSON (GeoJSON for features), the only one served');

export const OgcFormatQuerySchema = z.object({ f: FormatSchema });

export const OgcLandingSchema = z.object({ title: z.string(), description: z.string(), links: z.array(OgcLinkSchema) });

export const OgcConformanceSchema = z.object({ conformsTo: z.array(z.string()) });

export const OgcCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  itemType: z.literal('feature'),
  crs: z.array(z.string()),
  extent: z.object({
    spatial: z.object({ bbox: z.array(z.array(z.number())), crs: z.string() }),
    temporal: z.object({ interval: z.array(z.array(z.string().nullable())), trs: z.string() }).describe('Over the objects’ last change'),
  }),
  links: z.array(OgcLinkSchema),
});
export type OgcCollection = z.infer<typeof OgcCollectionSchema>;

export const OgcCollectionsSchema = z.object({ collections: z.array(OgcCollectionSchema), links: z.array(OgcLinkSchema) });

export const OgcCollectionParams = z.object({ collectionId: z.string().min(1).max(100).describe('`objects`, or an object type’s slug') });
export const OgcFeatureParams = OgcCollectionParams.extend({ featureId: z.string().min(1).max(100).describe('The object’s id (or name)') });

export const OgcItemsQuerySchema = z.object({
  f: FormatSchema,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Features a page holds: ${OGC_DEFAULT_LIMIT} unless asked; at most ${OGC_MAX_LIMIT} (a larger limit is answered with that many)`),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).optional().describe('Features skipped before the page (the next and prev links carry it)'),
  bbox: z.string().optional().describe('minLon,minLat,maxLon,maxLat in CRS84: features whose extent overlaps it'),
  'bbox-crs': z.string().optional().describe('Only http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
  datetime: z.string().optional().describe('An instant or interval (`a/b`, `../b`, `a/..`) over the objects’ last change: objects have no time of their own'),
  filter: z.string().optional().describe('A CQL2 text expression over the collection’s queryables'),
  'filter-lang': z.string().optional().describe('Only cql2-text'),
  'filter-crs': z.string().optional().describe('Only http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
  crs: z.string().optional().describe('The CRS of the answer: only http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
});

const FeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.unknown(),
  properties: z.record(z.string(), z.unknown()),
  links: z.array(OgcLinkSchema).optional(),
});

export const OgcFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(FeatureSchema),
  numberMatched: z.number().int().describe('Features the reader may see that match'),
  numberReturned: z.number().int(),
  timeStamp: z.string(),
  links: z.array(OgcLinkSchema),
});

export const OgcFeatureSchema = FeatureSchema;

/** A JSON Schema 2020-12 document: `properties` by the names features give them (its `$id` and `$schema` keys are not described, as a schema would take them for its own). */
/** GET ogc/api: the OGC API's own OpenAPI 3.0 definition, paths relative to the OGC root. */
export const OgcOpenApiSchema = z.record(z.string(), z.unknown()).describe('An OpenAPI 3.0 document');

export const OgcQueryablesSchema = z.record(z.string(), z.unknown()).describe('JSON Schema of the queryables: type object, properties by name');
