import { z } from 'zod';
import { GeoJsonInputSchema } from './geo.js';
import { ObservationValueSchema } from './measured.js';
import { ObjectNameSchema } from './objects.js';

/**
 * OGC SensorThings API 1.1 (Sensing) under /api/v1/sta/v1.1: the query options a read takes
 * (checked by the server's OData parser, which names the position of a mistake) and the
 * answers' outer shapes; the entities inside are the standard's (docs/sensorthings.md).
 */

/** Where the API is, after the API root. */
export const STA_PATH = '/sta/v1.1';

export const StaQuerySchema = z.object({
  $filter: z.string().optional().describe('An OData condition, e.g. `result gt 5 and phenomenonTime ge 2024-01-01T00:00:00Z`'),
  $expand: z.string().optional().describe('Navigations to include, each with its own options: `Datastreams($top=1;$expand=Observations)`'),
  $select: z.string().optional().describe('The properties to answer, comma-separated'),
  $orderby: z.string().optional().describe('Expressions to sort by, each `asc` or `desc`'),
  $top: z.string().optional().describe('The most entities of a page'),
  $skip: z.string().optional().describe('Entities to skip'),
  $count: z.string().optional().describe('`true`: answer how many entities match, in @iot.count'),
});

export const StaLandingSchema = z.object({
  value: z.array(z.object({ name: z.string(), url: z.string() })),
  serverSettings: z.object({ conformance: z.array(z.string()) }),
});

/** An entity, a collection of them (`value`, `@iot.count`, `@iot.nextLink`), a property or links: the standard's JSON. */
export const StaAnswerSchema = z.record(z.string(), z.unknown());

export const StaPathParams = z.object({ '*': z.string() });

/** A link to an entity that exists: `{"@iot.id": …}`. */
export const StaIdRefSchema = z.object({ '@iot.id': z.union([z.string().min(1).max(300), z.number()]).transform(String) });

/** POST Sensors: a project's instrument (`properties.project`: the project, id or slug; edit on it). */
export const StaSensorSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(300),
  description: z.string().max(10_000).default(''),
  encodingType: z.string().max(200).default('text/html'),
  metadata: z.string().max(10_000).default(''),
  properties: z.object({ project: z.string().min(1).max(200).describe('The project (id or slug) it belongs to') }),
});

/** A Sensor made inside its Datastream (a deep insert): it belongs to the datastream's project. */
export const StaInlineSensorSchema = StaSensorSchema.omit({ properties: true });

/** A related entity in a create: a link to one that exists (`{"@iot.id": …}`), or a new one inline (a deep insert), checked as its own POST checks it. */
const relatedSchema = (what: string) => z.record(z.string(), z.unknown()).describe(`A link {"@iot.id": …} to an existing ${what}, or a new one inline`);

/** POST Things: an object, its Location (one, GeoJSON) its geometry. */
export const StaThingSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(300).describe('The object’s title'),
  description: z.string().max(10_000).optional().describe('Not kept: a Thing’s description is its types'),
  properties: z
    .object({
      key: ObjectNameSchema.optional().describe('The object’s name (its address); made from the name when not given'),
      types: z.array(z.string().min(1).max(80)).min(1).max(10).optional().describe('Object type slugs (default: site)'),
      project: z.string().min(1).max(200).optional().describe('A project (id or slug) it belongs to'),
      metadata: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  Locations: z
    .array(
      z.object({
        name: z.string().max(300).optional(),
        description: z.string().max(10_000).optional(),
        encodingType: z.string().max(100).optional(),
        location: GeoJsonInputSchema,
      }),
    )
    .max(1, 'A thing has one location: its geometry')
    .optional(),
  Datastreams: z
    .array(z.record(z.string(), z.unknown()))
    .max(100)
    .optional()
    .describe('New datastreams of the thing (a deep insert), each as POST Datastreams takes it'),
});

/** POST Datastreams: a metric (ObservedProperty) on an object (Thing) in a data table (`properties.dataTable`). */
export const StaDatastreamSchema = z.object({
  name: z.string().max(300).optional(),
  description: z.string().max(10_000).optional(),
  unitOfMeasurement: z.object({ name: z.string().nullish(), symbol: z.string().nullish(), definition: z.string().nullish() }).optional(),
  observationType: z.string().max(300).optional(),
  Thing: relatedSchema('Thing').optional(),
  ObservedProperty: StaIdRefSchema.describe('A metric, by its name: observed properties are the catalogue’s metrics, made by its schema managers'),
  Sensor: relatedSchema('Sensor of the project').nullable().optional(),
  properties: z.object({ dataTable: z.string().min(1).max(100).describe('The data table’s id') }),
});

/** POST Observations: a value of a datastream at a time (now when not given). */
export const StaObservationSchema = z.object({
  phenomenonTime: z.string().max(100).optional(),
  result: ObservationValueSchema,
  resultTime: z.string().max(100).nullish(),
  Datastream: StaIdRefSchema.optional(),
  FeatureOfInterest: StaIdRefSchema.optional(),
  parameters: z.object({ note: z.string().max(10_000).optional() }).nullish(),
  resultQuality: z.unknown().optional().describe('Not taken: quality flags are set by the metric’s rules and by review'),
});

/** POST CreateObservations (the Data Array extension): values of datastreams as rows of components. */
export const StaDataArraySchema = z
  .array(
    z.object({
      Datastream: StaIdRefSchema,
      components: z.array(z.string().max(100)).min(2).max(10),
      'dataArray@iot.count': z.number().optional(),
      dataArray: z.array(z.array(z.unknown()).max(10)).max(100_000),
    }),
  )
  .min(1)
  .max(10_000);

/** PATCH: the properties given change; links to other entities are not changed inline. */
export const StaPatchSchemas = {
  Sensors: StaSensorSchema.omit({ properties: true }).partial().strict(),
  Things: z
    .object({
      name: StaThingSchema.shape.name.optional(),
      description: z.string().optional(),
      properties: z.object({ metadata: z.record(z.string(), z.unknown()) }).optional(),
    })
    .strict(),
  Locations: z
    .object({ name: z.string().optional(), description: z.string().optional(), encodingType: z.string().optional(), location: GeoJsonInputSchema })
    .strict(),
  Datastreams: z
    .object({ name: z.string().max(300).optional(), description: z.string().max(10_000).optional(), Sensor: StaIdRefSchema.nullable().optional() })
    .strict(),
  Observations: z.object({ result: ObservationValueSchema.optional(), parameters: z.object({ note: z.string().max(10_000).optional() }).nullish() }).strict(),
};

/** What a POST answers: the entity made (its address in Location), or for CreateObservations the new observations' addresses in order. */
export const StaCreatedSchema = z.union([StaAnswerSchema, z.array(z.string())]);

/** What a DELETE answers: an empty object (the standard's clients expect 200). */
export const StaDeletedSchema = z.object({});
