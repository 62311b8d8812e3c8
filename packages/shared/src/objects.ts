import { z } from 'zod';
import { ImageRefSchema } from './assets.js';
import { AuthorInputSchema, TimestampInputSchema } from './authored.js';
import { DocumentSchema, StoredDocumentSchema } from './documents.js';
import { MARKER_STYLES } from './data-schema.js';
import { ExportOptionsShape } from './exports.js';
import { BboxSchema, COORDINATE_LIMITS, ExportGeometrySchema, GeoJsonInputSchema, GeoJsonSchema } from './geo.js';
import { VISIBILITIES } from './projects.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

const RefSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

/** Path segments of the web app under /data that no object may take as its name. */
const RESERVED_OBJECT_NAMES = ['new'];

/** An object's unique name: its URL key (/data/{name}). */
export const ObjectNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, dots, dashes and underscores, starting with a letter or digit')
  .refine((name) => !RESERVED_OBJECT_NAMES.includes(name.toLowerCase()), 'This name is the address of a page (/data/new): choose another');

/** A project of an object; PUT data/obj/{name}/projects/{project} answers the one added. */
export const ObjectProjectRefSchema = z.object({ id: z.uuid(), slug: z.string(), title: z.string() });
const ObjectPersonLinkSchema = z.object({ person: RefSchema, role: z.string().nullable(), position: z.number().int() });
const ObjectInstitutionLinkSchema = z.object({ institution: RefSchema, role: z.string().nullable(), position: z.number().int() });

export const GeoObjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  types: z.array(z.object({ slug: z.string(), name: z.string(), marker: z.enum(MARKER_STYLES) })),
  projects: z.array(ObjectProjectRefSchema),
  parent: z.object({ id: z.uuid(), name: z.string(), title: z.string() }).nullable(),
  people: z.array(ObjectPersonLinkSchema).describe('In order'),
  institutions: z.array(ObjectInstitutionLinkSchema).describe('In order'),
  geo: GeoJsonSchema.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  visibility: z.enum(VISIBILITIES).describe('members: the members of any of its projects'),
  version: VersionSchema,
  update: z.object({ at: z.string(), by: RefSchema.nullable() }).describe('The last change: when and who'),
});
export type GeoObject = z.infer<typeof GeoObjectSchema>;

/** GET, POST and PUT data/obj/{name}, and POST data/obj/{name}/revisions/{rid}/restore: the object, its doc and what the caller may do with it. */
export const ObjectDetailSchema = z.object({ obj: GeoObjectSchema, doc: StoredDocumentSchema.nullable(), permissions: z.array(z.string()) });
export type ObjectDetail = z.infer<typeof ObjectDetailSchema>;

/** PUT and DELETE data/obj/{name}/people/{person}: the object's people after the change. */
export const ObjectPeopleResponseSchema = z.object({ people: z.array(ObjectPersonLinkSchema) });
export type ObjectPeopleResponse = z.infer<typeof ObjectPeopleResponseSchema>;

/** PUT and DELETE data/obj/{name}/institutions/{institution}: the object's institutions after the change. */
export const ObjectInstitutionsResponseSchema = z.object({ institutions: z.array(ObjectInstitutionLinkSchema) });
export type ObjectInstitutionsResponse = z.infer<typeof ObjectInstitutionsResponseSchema>;

/** One row of the catalogue: no metadata, people or institutions; geo only with geo=true. */
export const GeoObjectListItemSchema = GeoObjectSchema.omit({ geo: true, metadata: true, people: true, institutions: true }).extend({
  geo: GeoJsonSchema.nullable().optional().describe('With geo=true'),
});
export type GeoObjectListItem = z.infer<typeof GeoObjectListItemSchema>;

/** GET data/obj as JSON (application/json): a page of the catalogue. */
export const GeoObjectsResponseSchema = z.object({ objects: z.array(GeoObjectListItemSchema) });
export type GeoObjectsResponse = z.infer<typeof GeoObjectsResponseSchema>;

/**
 * An object as a GeoJSON Feature (RFC 7946; docs/api.md, "GeoJSON exports"): the fixed
 * properties in this order, then each metadata field by name under its own name (one
 * named like a fixed property, id, fid, geom or geometry, or starting with metadata_, gets
 * metadata_ before its name).
 */
export const ObjectFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.uuid().describe('The object id'),
  geometry: ExportGeometrySchema.nullable(),
  properties: z.looseObject({
    name: z.string(),
    title: z.string(),
    types: z.array(z.string()).describe('Object type slugs'),
    marker: z.enum(MARKER_STYLES).describe('The marker style of its first type'),
    projects: z.array(z.string()).describe('Slugs of its projects the caller may see'),
    parent: z.string().nullable().describe('The parent’s name, when the caller may see it'),
    visibility: z.enum(VISIBILITIES),
    updated: z.string().describe('When it last changed (ISO 8601)'),
  }),
});

/** GET data/obj with format=geojson (or Accept: application/geo+json): the objects that have a geometry, one Feature each. */
export const GeoObjectFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(ObjectFeatureSchema.extend({ geometry: ExportGeometrySchema })),
});
export type GeoObjectFeatureCollection = z.infer<typeof GeoObjectFeatureCollectionSchema>;

/**
 * A thing an object names (its type, project or parent) as a key, or as GET data/obj/{name}
 * answers it: an object whose slug (a type), id or slug (a project), id or name (a parent)
 * is taken, the rest of it ignored, so the object GET answers may be sent back as it is.
 */
function keyOrAnswered<K extends string>(key: z.ZodString, fields: readonly [K, ...K[]], what: string) {
  const answered = fields.map((field) => z.object({ [field]: field === 'id' ? z.uuid() : key }).transform((o) => (o as Record<K, string>)[field]));
  return z.union([key, ...answered], { error: `Give ${what}` });
}
const TypeKeySchema = keyOrAnswered(z.string().min(1).max(80), ['slug'], 'a type’s slug, or the type as GET answers it ({slug})');
const ProjectKeySchema = keyOrAnswered(z.string().min(1).max(200), ['id', 'slug'], 'a project’s id or slug, or the project as GET answers it ({id})');
const ParentKeySchema = keyOrAnswered(z.string().min(1).max(100), ['id', 'name'], 'the parent’s name or id, or the parent as GET answers it ({id})');

/** An object's own fields, as written (the web's inputs take their limits from here). */
const ObjectFields = z.object({
  name: ObjectNameSchema,
  title: z.string().trim().min(1, 'Give a title').max(300),
  types: z.array(TypeKeySchema).min(1, 'Give the object a type').max(10).describe('Object type slugs, or the types as GET answers them ({slug, …})'),
  projects: z
    .array(ProjectKeySchema)
    .max(50)
    .optional()
    .describe('Project ids or slugs, or the projects as GET answers them ({id, …}); members-only projects the caller cannot see stay'),
  parent: ParentKeySchema.nullable()
    .optional()
    .describe('The parent object: name or id, or the parent as GET answers it ({id, …}); null takes off a parent the caller can see'),
  geo: GeoJsonInputSchema.nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  doc: DocumentSchema.nullable().optional(),
});
/** POST data/obj: the object fields plus its doc. */
export const GeoObjectCreateSchema = ObjectFields;
/**
 * PUT data/obj/{name}: the changed fields plus, when it changed, the doc; or the object as
 * GET answers it (`{...obj, doc}`), its read-only parts (id, people, institutions, update)
 * ignored. Its `version` is the one the edit is based on (as If-Match).
 */
export const GeoObjectUpdateSchema = ObjectFields.partial().extend({ version: BodyVersionSchema });

export const GeoObjectsQuerySchema = z.strictObject({
  parent: z.string().min(1).max(100).optional().describe('Children of this object (name or id)'),
  type: z.string().min(1).max(80).optional().describe('Object type slug'),
  project: z.string().min(1).max(200).optional().describe('Project id or slug'),
  person: z.string().min(1).max(100).optional().describe('Objects listing this person (id or slug)'),
  institution: z.string().min(1).max(100).optional().describe('Objects listing this institution (id or slug)'),
  q: z.string().trim().max(200).optional().describe('Search in names and titles'),
  bbox: BboxSchema.optional(),
  geo: z.enum(['true', 'false']).optional().describe('Include each object’s geometry'),
  format: z
    .enum(['json', 'geojson', 'csv', 'xlsx'])
    .optional()
    .describe(
      'geojson: a FeatureCollection (or send Accept: application/geo+json); csv or xlsx: a spreadsheet of the same query, its columns as docs/api.md lists them',
    ),
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Page size (the children request uses 100); not with all'),
  p: z.coerce.number().int().min(1).max(1_000_000).optional().describe('Page, from 1 (the first when absent); not with all'),
  all: z
    .enum(['1', 'true'])
    .optional()
    .describe(
      'With format=geojson, csv or xlsx: every object of the query (no page, no pagination headers), streamed as it is read, by id. Visitors may start 10 a minute (429 with Retry-After)',
    ),
  ...ExportOptionsShape,
});

/** GET data/obj/{name}: the JSON detail, or the object as one GeoJSON Feature. */
export const ObjectDetailQuerySchema = z.strictObject({
  format: z.enum(['json', 'geojson']).optional().describe('geojson: the object as a GeoJSON Feature (or send Accept: application/geo+json)'),
});

/**
 * GET data/map: what the map draws for one view of the world. Objects are clustered on
 * the server on a screen-sized grid, so the answer stays small whatever the number of
 * objects, and carries no metadata.
 */
export const MapQuerySchema = z.object({
  bbox: BboxSchema,
  zoom: z.coerce.number().min(0).max(24).describe('The map’s zoom level (MapLibre, 512-pixel tiles)'),
  types: z.string().max(2000).optional().describe('Comma-separated object type slugs; every type when absent'),
  project: z.string().min(1).max(200).optional().describe('Project id or slug'),
});

/** The deepest zoom a vector tile is cut for; MapLibre scales the last tiles further in. */
export const MAX_TILE_ZOOM = 22;

/** GET tiles/{layer}/{z}/{x}/{y}.mvt: one vector tile of the map (x and y within the zoom's 2^z by 2^z tiles). */
export const TileParamsSchema = z
  .object({
    layer: z.string().min(1).max(2000).describe('`objects` for every type, or object type slugs, comma-separated (an object of several counts once)'),
    z: z.coerce.number().int().min(0).max(MAX_TILE_ZOOM).describe('Zoom level (512-pixel tiles, as MapLibre draws them)'),
    x: z.coerce.number().int().min(0).describe('Column, from the antimeridian eastwards'),
    y: z.coerce.number().int().min(0).describe('Row, from the north'),
  })
  .superRefine((tile, ctx) => {
    for (const axis of ['x', 'y'] as const) {
      if (tile[axis] >= 2 ** tile.z) ctx.addIssue({ code: 'custom', path: [axis], message: `At zoom ${tile.z}, at most ${2 ** tile.z - 1}` });
    }
  });

const LonLatSchema = z.tuple([z.number(), z.number()]);
/** Several objects drawn as one circle; zoom to its bbox to see them apart. */
export const MapClusterSchema = z.object({
  cluster: z.literal(true),
  count: z.number().int().min(2),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
/** One object, drawn in its first type's marker style at a point on its geometry. */
export const MapObjectSchema = z.object({
  cluster: z.literal(false),
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  marker: z.enum(MARKER_STYLES),
  types: z.array(z.string()),
});
export const MapDataSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: LonLatSchema }),
      properties: z.discriminatedUnion('cluster', [MapClusterSchema, MapObjectSchema]),
    }),
  ),
});
export type MapData = z.infer<typeof MapDataSchema>;
export type MapFeatureProperties = MapData['features'][number]['properties'];

/** PUT data/obj/{id}/people/{personId} (and institutions): the link, or only {position} to reorder. */
export const ObjectLinkInputSchema = z.union([
  z.object({ position: z.number().int().min(0).max(10_000) }).strict(),
  z.object({ role: z.string().trim().max(200).nullable().optional(), position: z.number().int().min(0).max(10_000).optional() }),
]);

export const NoteSchema = z.object({
  id: z.uuid(),
  author: RefSchema.nullable(),
  content: z.string(),
  timestamp: z.string().describe('When it was written: the time its body gave (say, written offline), else when it was stored'),
  created: z.string().describe('When the server stored it'),
  version: VersionSchema,
  permissions: z.array(z.string()).describe('edit and delete for its author and the object’s editors'),
});
export type Note = z.infer<typeof NoteSchema>;
/** GET data/obj/{name}/notes: a page of notes, newest first. */
export const NotesResponseSchema = z.object({ notes: z.array(NoteSchema) });
export type NotesResponse = z.infer<typeof NotesResponseSchema>;
/**
 * POST data/obj/{name}/notes and PUT …/notes/{id}: the spec's author, content and timestamp.
 * The author is the caller (a change keeps the note's): the body may name them, no one else.
 */
export const NoteInputSchema = z.object({
  content: z.string().trim().min(1, 'Write something').max(20_000),
  author: AuthorInputSchema,
  timestamp: TimestampInputSchema,
});
/** PUT data/obj/{name}/notes/{id}: the note as written, and the version the edit is based on (as If-Match). */
export const NoteChangeSchema = NoteInputSchema.extend({ version: BodyVersionSchema });

export const PhotoSchema = z.object({
  id: z.uuid(),
  image: ImageRefSchema,
  caption: z.string().nullable(),
  takenAt: z.string().nullable().describe('From the photo’s EXIF, when it has one'),
  geo: z
    .object({ type: z.literal('Point'), coordinates: z.array(z.number()) })
    .nullable()
    .describe('The EXIF GPS position, offered as the photo’s location; answered only to those who may edit the object (null to others)'),
  object: z.object({ id: z.uuid(), name: z.string(), title: z.string() }).nullable(),
  author: RefSchema.nullable(),
  createdAt: z.string(),
  version: VersionSchema,
  permissions: z.array(z.string()),
});
export type Photo = z.infer<typeof PhotoSchema>;
/** GET data/obj/{name}/photos: a page of photos, newest first. */
export const PhotosResponseSchema = z.object({ photos: z.array(PhotoSchema) });
export type PhotosResponse = z.infer<typeof PhotosResponseSchema>;
/**
 * POST data/obj/{name}/photos: form fields before the file, all optional. Where and when the
 * device says the photo was taken (a phone's position and clock, recorded offline and sent
 * later): used when the photo's own EXIF has no GPS or no time.
 */
export const PhotoUploadFieldsSchema = z
  .object({
    lon: z.coerce.number().min(-COORDINATE_LIMITS.longitude).max(COORDINATE_LIMITS.longitude).optional().describe('Longitude in degrees (WGS 84)'),
    lat: z.coerce.number().min(-COORDINATE_LIMITS.latitude).max(COORDINATE_LIMITS.latitude).optional().describe('Latitude in degrees (WGS 84)'),
    takenAt: z.iso.datetime({ offset: true }).optional().describe('When it was taken (ISO 8601)'),
  })
  .refine((f) => (f.lon === undefined) === (f.lat === undefined), { message: 'Give both lon and lat, or neither', path: ['lat'] });
export type PhotoUploadFields = z.infer<typeof PhotoUploadFieldsSchema>;
export const PhotoChangeSchema = z.object({
  caption: z.string().trim().max(2000).nullable().optional(),
  object: z.string().min(1).max(100).optional().describe('Move the photo to another object (name or id)'),
  version: BodyVersionSchema,
});
