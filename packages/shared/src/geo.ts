import { z } from 'zod';

/**
 * Map geometry (SPEC section 3): the GeoJSON (RFC 7946) the API takes and answers.
 *
 * - Kinds: Point, LineString, MultiLineString, Polygon, MultiPolygon, and a FeatureCollection
 *   of Features whose geometries are of those kinds. Nothing else (no MultiPoint,
 *   GeometryCollection or bare Feature).
 * - Positions are [longitude, latitude] in WGS 84. A third number (elevation) is accepted
 *   and dropped when stored: geometries are two-dimensional, so answers have two numbers.
 * - A Feature's `properties` and `id`, and `bbox` members, are ignored; answers carry
 *   `properties: {}`. A legacy `crs` member is accepted only when it names WGS 84
 *   longitude/latitude (CRS84 or EPSG:4326).
 * - Structural checks happen here; the database checks the rest (a self-intersecting ring,
 *   for instance) before anything is stored.
 */

export const GEOMETRY_TYPES = ['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];
export const GEOJSON_TYPES = [...GEOMETRY_TYPES, 'FeatureCollection'] as const;

/** The most degrees a longitude and a latitude are from 0 (WGS 84): the positions' range, also for forms. */
export const COORDINATE_LIMITS = { longitude: 180, latitude: 90 } as const;

const finite = (what: string) => z.number({ error: `${what} must be a finite number` });
const outside = (what: string, limit: number, hint = '') => ({
  error: (issue: { input?: unknown }) => `${what} ${String(issue.input)} is outside [-${limit}, ${limit}]${hint}`,
});
const ORDER_HINT = ' (positions are [longitude, latitude])';

const { longitude: LON, latitude: LAT } = COORDINATE_LIMITS;
const Longitude = finite('Longitude').min(-LON, outside('Longitude', LON)).max(LON, outside('Longitude', LON));
const Latitude = finite('Latitude')
  .min(-LAT, outside('Latitude', LAT, ORDER_HINT))
  .max(LAT, outside('Latitude', LAT, ORDER_HINT));

const POSITION_TEXT = 'A position is [longitude, latitude] or [longitude, latitude, elevation]';

/** [longitude, latitude] or [longitude, latitude, elevation]. */
export const PositionSchema = z.tuple([Longitude, Latitude, finite('Elevation').optional()], {
  error: (issue) => {
    const count = Array.isArray(issue.input) ? issue.input.length : null;
    if (count === null) return POSITION_TEXT;
    return `${POSITION_TEXT}; got ${count} ${count === 1 ? 'number' : 'numbers'}`;
  },
});
export type Position = z.infer<typeof PositionSchema>;

const samePlace = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];
const isPosition = (value: unknown): value is Position => Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number';
const show = (p: Position) => `[${p[0]}, ${p[1]}]`;
const countOf = (input: unknown) => (Array.isArray(input) ? input.length : 0);

const LineStringCoordinates = z.array(PositionSchema, { error: 'Expected a list of positions' }).min(2, {
  error: (issue) => `A LineString needs at least 2 positions; got ${countOf(issue.input)}`,
});

/** A closed ring of at least four positions, the last the same as the first. */
const LinearRing = z.array(PositionSchema, { error: 'Expected a ring: a list of positions' }).superRefine((ring, ctx) => {
  if (!ring.every(isPosition)) return; // the positions' own issues say what is wrong
  if (ring.length < 4) {
    ctx.addIssue({ code: 'custom', message: `A polygon ring needs at least 4 positions, the last the same as the first; got ${ring.length}` });
  } else if (!samePlace(ring[0]!, ring[ring.length - 1]!)) {
    ctx.addIssue({
      code: 'custom',
      message: `A polygon ring must be closed: its last position ${show(ring[ring.length - 1]!)} must equal its first ${show(ring[0]!)}`,
    });
  }
});

const PolygonCoordinates = z.array(LinearRing, { error: 'Expected a list of rings' }).min(1, 'A Polygon needs at least one ring (its outer boundary)');

/** How deeply each kind nests its numbers, and how to say so. */
const NESTING: Record<GeometryType, { depth: number; text: string }> = {
  Point: { depth: 1, text: 'one position [longitude, latitude]' },
  LineString: { depth: 2, text: 'a list of positions' },
  MultiLineString: { depth: 3, text: 'a list of line strings, each a list of positions' },
  Polygon: { depth: 3, text: 'a list of rings, each a list of positions' },
  MultiPolygon: { depth: 4, text: 'a list of polygons, each a list of rings of positions' },
};
const NESTED_LIKE: Record<number, string> = {
  0: 'a single number',
  1: "one position (a Point's coordinates)",
  2: "a list of positions (a LineString's coordinates)",
  3: "a list of lists of positions (a Polygon's or MultiLineString's coordinates)",
  4: "a list of lists of lists of positions (a MultiPolygon's coordinates)",
};

/**
 * How deeply numbers sit in `value`, following first elements. `exact` is false when the
 * chain ends early in an empty list; null when it ends in something that is not a number
 * (the structural checks then name that place).
 */
function nestingOf(value: unknown): { depth: number; exact: boolean } | null {
  let depth = 0;
  let current = value;
  while (Array.isArray(current)) {
    depth++;
    if (current.length === 0) return { depth, exact: false };
    current = current[0];
  }
  return typeof current === 'number' ? { depth, exact: true } : null;
}

/** Coordinates of one kind: wrong nesting is refused with one message saying what was expected. */
function checkNesting<T extends z.ZodType>(type: GeometryType, schema: T) {
  const expected = NESTING[type];
  return z.preprocess((value, ctx) => {
    const found = nestingOf(value);
    if (found && (found.exact ? found.depth !== expected.depth : found.depth > expected.depth)) {
      const like = NESTED_LIKE[found.depth] ?? `lists nested ${found.depth} deep`;
      ctx.addIssue({ code: 'custom', message: `A ${type}'s coordinates are ${expected.text}; got ${like}` });
    }
    return value;
  }, schema);
}

const COORDINATES = {
  Point: PositionSchema,
  LineString: LineStringCoordinates,
  MultiLineString: z.array(LineStringCoordinates, { error: 'Expected a list of line strings' }).min(1, 'A MultiLineString needs at least one line string'),
  Polygon: PolygonCoordinates,
  MultiPolygon: z.array(PolygonCoordinates, { error: 'Expected a list of polygons' }).min(1, 'A MultiPolygon needs at least one polygon'),
};

/** One schema per kind: with the nesting check for input, without it (no transform) for answers. */
function geometrySchemas(input: boolean) {
  const kind = <T extends GeometryType>(type: T) =>
    z.object({ type: z.literal(type), coordinates: input ? checkNesting(type, COORDINATES[type]) : COORDINATES[type] });
  return [kind('Point'), kind('LineString'), kind('MultiLineString'), kind('Polygon'), kind('MultiPolygon')] as const;
}

/** Says what a `type` should have been. */
function typeError(allowed: readonly string[], what: string) {
  const list = allowed.join(', ');
  return (issue: { code?: string; input?: unknown }) => {
    if (issue.code === 'invalid_type') return `Expected ${what === 'geometry' ? 'a geometry' : what}: an object with "type" one of ${list}`;
    if (issue.code !== 'invalid_union') return undefined;
    const type = (issue.input as { type?: unknown } | null | undefined)?.type;
    if (type === undefined) return `Missing "type": expected one of ${list}`;
    if (type === 'Feature' && allowed.includes('FeatureCollection')) {
      return `A single Feature is not accepted: send its geometry, or a FeatureCollection; "type" must be one of ${list}`;
    }
    return `Unknown ${what} type ${JSON.stringify(type)}: expected one of ${list}`;
  };
}

const geometryUnion = (input: boolean) => z.discriminatedUnion('type', geometrySchemas(input), { error: typeError(GEOMETRY_TYPES, 'geometry') });

/** One geometry of the five kinds, as answered. */
export const GeometrySchema = geometryUnion(false);
export type Geometry = z.infer<typeof GeometrySchema>;
// A component of its own in the OpenAPI document: inlined in every answer that holds one, its
// nesting went past what GDAL's JSON reader takes (32 levels).
z.globalRegistry.add(GeometrySchema, { id: 'Geometry' });

const featureCollection = (input: boolean) =>
  z.object({
    type: z.literal('FeatureCollection'),
    features: z
      .array(
        z.object({
          type: z.literal('Feature', { error: 'Each member of "features" must have "type": "Feature"' }),
          // Dropped: taken as anything (or nothing), answered as {}.
          properties: input
            ? z
                .unknown()
                .optional()
                .transform((): Record<string, never> => ({}))
            : z.object({}),
          geometry: input ? geometryUnion(true) : GeometrySchema,
        }),
        { error: 'Expected "features": a list of Features' },
      )
      .min(1, 'A FeatureCollection needs at least one feature'),
  });

/** A FeatureCollection as answered: each feature has its geometry and `properties: {}`. */
export const FeatureCollectionSchema = featureCollection(false);
export type FeatureCollection = z.infer<typeof FeatureCollectionSchema>;
export type Feature = FeatureCollection['features'][number];

/** Names of WGS 84 longitude/latitude in a legacy (2008 GeoJSON) `crs` member. */
const WGS84_NAMES = new Set(['urn:ogc:def:crs:ogc:1.3:crs84', 'urn:ogc:def:crs:ogc::crs84', 'epsg:4326', 'urn:ogc:def:crs:epsg::4326']);

const DESCRIPTION =
  'GeoJSON in WGS 84, positions [longitude, latitude]: a Point, LineString, MultiLineString, Polygon or MultiPolygon, or a FeatureCollection of those';

/**
 * The map geometry the API takes: one of the five kinds, or a FeatureCollection of them.
 * Use it for request bodies; answers use GeoJsonSchema (this one transforms, and a
 * transform cannot serialise a response).
 */
export const GeoJsonInputSchema = z
  .preprocess(
    (value, ctx) => {
      const crs = (value as { crs?: unknown } | null | undefined)?.crs;
      if (crs === undefined || crs === null) return value;
      const name = (crs as { properties?: { name?: unknown } }).properties?.name;
      if (typeof name !== 'string' || !WGS84_NAMES.has(name.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['crs'],
          message: `Only WGS 84 longitude/latitude coordinates are accepted (omit "crs"); got ${JSON.stringify(name ?? crs)}`,
        });
      }
      return value;
    },
    z.discriminatedUnion('type', [...geometrySchemas(true), featureCollection(true)], { error: typeError(GEOJSON_TYPES, 'GeoJSON') }),
  )
  .describe(`${DESCRIPTION}. An elevation (third number) is accepted and dropped; feature properties are dropped.`);
export type GeoJsonInput = z.output<typeof GeoJsonInputSchema>;

/** The map geometry as answered: two numbers per position, features with `properties: {}`. */
export const GeoJsonSchema = z
  .discriminatedUnion('type', [...geometrySchemas(false), FeatureCollectionSchema])
  .describe(`${DESCRIPTION}. Positions have two numbers; features have "properties": {}.`);
export type GeoJson = z.infer<typeof GeoJsonSchema>;

/**
 * A geometry as a GeoJSON export writes it (RFC 7946): one of the five kinds, or a
 * GeometryCollection of them (a stored FeatureCollection), polygon rings by the
 * right-hand rule (exterior counter-clockwise, holes clockwise).
 */
export const ExportGeometrySchema = z
  .union([GeometrySchema, z.object({ type: z.literal('GeometryCollection'), geometries: z.array(GeometrySchema) })])
  .describe(
    'RFC 7946 GeoJSON geometry: a Point, LineString, MultiLineString, Polygon or MultiPolygon, or a GeometryCollection of those (an object drawn as several features); rings by the right-hand rule',
  );

/** [minLon, minLat, maxLon, maxLat]. */
export type Bbox = [number, number, number, number];
const BBOX_NAMES = ['minLon', 'minLat', 'maxLon', 'maxLat'] as const;

/**
 * A bounding box as a query-string value: "minLon,minLat,maxLon,maxLat" in WGS 84, parsed
 * into four numbers. A box crossing the antimeridian (minLon > maxLon) is not accepted.
 */
export const BboxSchema = z
  .string()
  .transform((text, ctx): Bbox => {
    const parts = text.split(',').map((part) => part.trim());
    const numbers = parts.map((part) => (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(part) ? Number(part) : NaN));
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (parts.length !== 4 || numbers.some((n) => !Number.isFinite(n))) {
      return fail(`A bounding box is four numbers "minLon,minLat,maxLon,maxLat"; got ${JSON.stringify(text)}`);
    }
    const box = numbers as Bbox;
    for (const [i, value] of box.entries()) {
      const limit = i % 2 === 0 ? LON : LAT;
      if (Math.abs(value) > limit) return fail(`${BBOX_NAMES[i]} ${value} is outside [-${limit}, ${limit}]`);
    }
    if (box[0] > box[2]) return fail(`minLon ${box[0]} is greater than maxLon ${box[2]} (a box crossing the antimeridian is not accepted: send two)`);
    if (box[1] > box[3]) return fail(`minLat ${box[1]} is greater than maxLat ${box[3]}`);
    return box;
  })
  .describe('Bounding box "minLon,minLat,maxLon,maxLat" in WGS 84 degrees, e.g. "5.9,45.8,10.5,47.8"');
