import { z } from 'zod';
import { SlugSchema } from './slug.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';
import { PlausibilityRuleSchema, PlausibilityRulesSchema } from './quality.js';

/*
 * The catalogue's data schema: units of measure, metrics, metadata schemas, object types,
 * node types and the node tree. Read by everyone; changed with manageSchema.
 */

// ---------------------------------------------------------------- units

/** A UCUM code (https://ucum.org): case-sensitive, as UCUM writes it ("Cel", "mg/kg", "[pH]"). */
export const UnitCodeSchema = z.string().trim().min(1).max(60);

export const UnitSchema = z.object({
  code: UnitCodeSchema,
  name: z.string(),
  printSymbol: z.string().describe('How it is printed (°C for Cel); may hold <sup> for powers'),
  property: z.string().describe('What it measures, as UCUM names it (length, mass, temperature…)'),
  builtin: z.boolean().describe('From UCUM’s own table; restored at every start, so not deleted'),
  version: VersionSchema,
});
export type Unit = z.infer<typeof UnitSchema>;

/** GET data/units. */
export const UnitsResponseSchema = z.object({ units: z.array(UnitSchema) });
export type UnitsResponse = z.infer<typeof UnitsResponseSchema>;

/** GET data/units/{code}: the unit and the metrics measured in it. */
export const UnitDetailSchema = z.object({ unit: UnitSchema, metrics: z.array(z.object({ name: z.string(), title: z.string() })) });
export type UnitDetail = z.infer<typeof UnitDetailSchema>;

/** POST data/units; PUT data/units/{code} changes the name, symbol and property. */
export const UnitInputSchema = z.object({
  code: UnitCodeSchema,
  name: z.string().trim().max(200).optional().describe('UCUM’s own name when left out'),
  printSymbol: z.string().trim().max(60).optional(),
  property: z.string().trim().max(100).optional(),
});
export type UnitInput = z.infer<typeof UnitInputSchema>;

/** PUT data/units/{code}: the name, symbol and property, with the version the change is based on. */
export const UnitChangeSchema = UnitInputSchema.omit({ code: true }).extend({ version: BodyVersionSchema });

/** GET data/units/convert?value=&from=&to=. */
export const UnitConversionQuerySchema = z.object({ value: z.coerce.number().finite(), from: UnitCodeSchema, to: UnitCodeSchema });
export const UnitConversionSchema = z.object({ value: z.number(), from: z.string(), to: z.string(), result: z.number() });
export type UnitConversion = z.infer<typeof UnitConversionSchema>;

// ---------------------------------------------------------------- metrics

export const METRIC_TYPES = ['number', 'integer', 'boolean', 'text', 'date', 'category'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** A metric's unique, URL-safe key; also its admin address. */
export const MetricNameSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Use lower-case letters and digits, joined by single dashes or underscores');

export const MetricSchema = z.object({
  name: MetricNameSchema,
  title: z.string(),
  description: z.string(),
  unit: UnitCodeSchema.nullable().describe('A UCUM code'),
  type: z.enum(METRIC_TYPES),
  allowed: z.array(z.string()).describe('The values a category may take'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  rules: z.array(PlausibilityRuleSchema).describe('Plausibility rules its values are checked by on every write (numbers and integers only)'),
  version: VersionSchema,
});
export type Metric = z.infer<typeof MetricSchema>;

/** POST data/metrics; PUT data/metrics/{name}. */
export const MetricInputSchema = z
  .object({
    name: MetricNameSchema,
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    unit: UnitCodeSchema.nullable().default(null),
    type: z.enum(METRIC_TYPES),
    allowed: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    min: z.number().finite().nullable().default(null),
    max: z.number().finite().nullable().default(null),
    rules: PlausibilityRulesSchema,
  })
  .superRefine((m, ctx) => {
    if (m.min !== null && m.max !== null && m.min > m.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: `The minimum (${m.min}) is above the maximum (${m.max})` });
    if (m.type === 'category' && m.allowed.length === 0) ctx.addIssue({ code: 'custom', path: ['allowed'], message: 'A category needs its allowed values' });
    if (m.type !== 'category' && m.allowed.length > 0) ctx.addIssue({ code: 'custom', path: ['allowed'], message: 'Only a category has allowed values' });
    if (new Set(m.allowed).size !== m.allowed.length) ctx.addIssue({ code: 'custom', path: ['allowed'], message: 'An allowed value is given twice' });
    if ((m.min !== null || m.max !== null) && m.type !== 'number' && m.type !== 'integer')
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'Only a number has a minimum and maximum' });
    if (m.rules.length > 0 && m.type !== 'number' && m.type !== 'integer')
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'Only a number or an integer has plausibility rules' });
  });
export type MetricInput = z.input<typeof MetricInputSchema>;

/** PUT data/metrics/{name}: the metric, with the version the change is based on. */
export const MetricChangeSchema = MetricInputSchema.safeExtend({ version: BodyVersionSchema });

export const MetricResponseSchema = z.object({ metric: MetricSchema });
export const MetricsResponseSchema = z.object({ metrics: z.array(MetricSchema) });

/** Where a metric, schema or type is used: what a refused delete names. */
export const UsageSchema = z.object({ kind: z.string(), slug: z.string(), name: z.string() });

// ---------------------------------------------------------------- metadata schemas

export const MetadataSchemaSchema = z.object({
  slug: SlugSchema,
  title: z.string(),
  version: VersionSchema.describe('Each change is a new version, and every version is kept'),
  schema: z.record(z.string(), z.unknown()).describe('A JSON Schema 2020-12 document for an object’s (or node’s) metadata'),
});
export type MetadataSchema = z.infer<typeof MetadataSchemaSchema>;

/** POST data/schema (slug from the title when left out); PUT data/schema/{slug} makes a new version. */
export const MetadataSchemaInputSchema = z.object({
  slug: SlugSchema.optional(),
  title: z.string().trim().min(1).max(200),
  schema: z.record(z.string(), z.unknown()),
});
export type MetadataSchemaInput = z.infer<typeof MetadataSchemaInputSchema>;

/** PUT data/schema/{slug}: a new version, stating the version it is based on. */
export const MetadataSchemaChangeSchema = MetadataSchemaInputSchema.omit({ slug: true }).extend({ version: BodyVersionSchema });

export const MetadataSchemaResponseSchema = z.object({ schema: MetadataSchemaSchema, usedBy: z.array(UsageSchema) });
export type MetadataSchemaResponse = z.infer<typeof MetadataSchemaResponseSchema>;
export const MetadataSchemasResponseSchema = z.object({ schemas: z.array(MetadataSchemaSchema) });

/** POST data/schema/{slug}/check: what saving this schema would do to the objects of the types that use it. */
export const SchemaImpactSchema = z.object({
  checked: z.number().int().describe('Objects of the types that use the schema'),
  invalid: z.number().int().describe('How many of them the new schema would refuse'),
  hidden: z.number().int().describe('How many of those the caller may not see: counted, not named'),
  objects: z
    .array(z.object({ name: z.string(), title: z.string(), problems: z.array(z.string()) }))
    .describe('The first 50 of the refused ones the caller may see, with what is wrong'),
});
export type SchemaImpact = z.infer<typeof SchemaImpactSchema>;

// ---------------------------------------------------------------- object types

export const MARKER_STYLES = ['default', 'mini', 'veg', 'soil'] as const;

/** One type with its metrics and schemas embedded (spec: Object type). */
export const ObjectTypeSchema = z.object({
  id: z.uuid(),
  slug: SlugSchema,
  name: z.string(),
  marker: z.enum(MARKER_STYLES),
  parents: z.array(z.string()).describe('Slugs of the types an object of this type may sit inside'),
  metrics: z.record(z.string(), MetricSchema).describe('By name, in order'),
  metadata_schemas: z.record(z.string(), MetadataSchemaSchema).describe('By slug, in order: an object’s metadata must satisfy all of them'),
  version: VersionSchema,
});
export type ObjectType = z.infer<typeof ObjectTypeSchema>;

/** GET data/objtypes: the index by name. */
export const ObjectTypesResponseSchema = z.object({ objtypes: z.record(z.string(), ObjectTypeSchema) });
export type ObjectTypesResponse = z.infer<typeof ObjectTypesResponseSchema>;

/** GET data/objtypes/{slug}. */
export const ObjectTypeResponseSchema = z.object({ objtype: ObjectTypeSchema });
export type ObjectTypeResponse = z.infer<typeof ObjectTypeResponseSchema>;

/** POST data/objtypes; PUT data/objtypes/{slug}. Metrics by name and schemas by slug, in order. */
export const ObjectTypeInputSchema = z.object({
  slug: SlugSchema.optional(),
  name: z.string().trim().min(1).max(100),
  marker: z.enum(MARKER_STYLES).default('default'),
  parents: z.array(SlugSchema).max(50).default([]),
  metrics: z.array(MetricNameSchema).max(200).default([]),
  metadata_schemas: z.array(SlugSchema).max(50).default([]),
});
export type ObjectTypeInput = z.input<typeof ObjectTypeInputSchema>;

/** PUT data/objtypes/{slug}: the type, with the version the change is based on. */
export const ObjectTypeChangeSchema = ObjectTypeInputSchema.extend({ version: BodyVersionSchema });

/** A type's schemas in order, for a form or a check (allOf). */
export const schemasOf = (type: Pick<ObjectType, 'metadata_schemas'>) => Object.values(type.metadata_schemas).map((s) => s.schema);

// ---------------------------------------------------------------- nodes

export const NodeTypeSchema = z.object({
  slug: SlugSchema,
  name: z.string(),
  schema: SlugSchema.nullable().describe('The metadata schema of its nodes'),
  version: VersionSchema,
});
export type NodeType = z.infer<typeof NodeTypeSchema>;
export const NodeTypeInputSchema = z.object({
  slug: SlugSchema.optional(),
  name: z.string().trim().min(1).max(100),
  schema: SlugSchema.nullable().default(null),
});
/** PUT data/nodetypes/{slug}: the node type, with the version the change is based on. */
export const NodeTypeChangeSchema = NodeTypeInputSchema.extend({ version: BodyVersionSchema });
export const NodeTypesResponseSchema = z.object({ nodetypes: z.array(NodeTypeSchema) });
export const NodeTypeResponseSchema = z.object({ nodetype: NodeTypeSchema, nodes: z.number().int().describe('How many nodes are of this type') });

/** Segments the web's node pages use for themselves. */
export const RESERVED_NODE_SEGMENTS = ['new', 'edit'];

/** One segment of a node path: a slug that is not a page of its own. */
export const NodeSegmentSchema = SlugSchema.refine((s) => !RESERVED_NODE_SEGMENTS.includes(s), 'This segment is reserved for a page: choose another');

/** A node's address: slugs joined by "/" (soil/chemistry/carbon). */
export const NodePathSchema = z
  .string()
  .max(500)
  .superRefine((path, ctx) => {
    const segments = path.split('/');
    segments.forEach((segment, i) => {
      if (!segment) ctx.addIssue({ code: 'custom', message: `Segment ${i + 1} of the path is empty` });
      else {
        const parsed = NodeSegmentSchema.safeParse(segment);
        if (!parsed.success) ctx.addIssue({ code: 'custom', message: `“${segment}”: ${parsed.error.issues[0]!.message}` });
      }
    });
  });

export const NodeSchema = z.object({
  path: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.object({ slug: z.string(), name: z.string() }),
  version: VersionSchema,
});
export type CatalogueNode = z.infer<typeof NodeSchema>;

/** GET data/node/{path} (spec: Node). */
export const NodeResponseSchema = z.object({
  node: NodeSchema,
  ancestors: z.array(z.object({ path: z.string(), title: z.string() })).describe('From the root down, for breadcrumbs'),
  children: z.array(NodeSchema),
  metadata: z.record(z.string(), z.unknown()),
  schema: MetadataSchemaSchema.nullable(),
});
export type NodeResponse = z.infer<typeof NodeResponseSchema>;

/** GET data/node: the roots of the tree. */
export const NodeRootsResponseSchema = z.object({ children: z.array(NodeSchema) });

/** GET data/nodes: every node's path and title, by path (the outline a picker offers). */
export const NodeOutlineResponseSchema = z.object({ nodes: z.array(z.object({ path: z.string(), title: z.string() })) });
export type NodeOutline = z.infer<typeof NodeOutlineResponseSchema>['nodes'];

/** POST data/node; PUT data/node/{path} (a new parent moves it, with everything below). */
export const NodeInputSchema = z.object({
  parent: NodePathSchema.nullable().default(null).describe('The path of the node it sits in; null at the root'),
  slug: NodeSegmentSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).default(''),
  type: SlugSchema,
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type NodeInput = z.input<typeof NodeInputSchema>;

/** PUT data/node/{path}: the node, with the version the change is based on. */
export const NodeChangeSchema = NodeInputSchema.extend({ version: BodyVersionSchema });
