import { sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProseMirrorDoc } from '@observatory/shared';
import { assets, institutions, people, versioned } from './people.js';
import { projects } from './projects.js';

/** Any PostGIS geometry in WGS 84; read back with ST_AsGeoJSON (lib/geometry.ts). */
const geometry = customType<{ data: string; driverData: string }>({ dataType: () => 'geometry(Geometry, 4326)' });
/** A plain PostgreSQL box (two corners, double precision). */
const box = customType<{ data: string; driverData: string }>({ dataType: () => 'box' });
/** One point in WGS 84 (an object's anchor on the map). */
const point = customType<{ data: string; driverData: string }>({ dataType: () => 'geometry(Point, 4326)' });

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * Kinds of object (property, site, plot...): a marker style, and (data-schema.ts) the
 * metrics measured on them, the schemas their metadata follows and the types they sit in.
 * The index of types is keyed by name, so names are unique too.
 */
export const objectTypes = pgTable('object_types', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull().unique(),
  /** default | mini | veg | soil */
  marker: text().notNull().default('default'),
  position: integer().notNull().default(0),
  ...versioned,
  ...timestamps,
});

/** A geo-located catalogue entry; `name` is its unique URL key. */
export const objects = pgTable(
  'objects',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull().unique(),
    title: text().notNull(),
    geo: geometry(),
    /**
     * Where the map draws the object: a point on its geometry (inside a polygon, on a line),
     * kept by the database. The map data groups these points on a screen grid.
     */
    anchor: point().generatedAlwaysAs(sql`ST_PointOnSurface(geo)`),
    /**
     * The anchor in Web Mercator as a fraction of the world's width from its top-left
     * corner (0..1; latitudes beyond ±85.0511 at the edge), so the map's screen grid is
     * plain arithmetic on two numbers rather than geometry functions on every row.
     */
    anchorX: doublePrecision().generatedAlwaysAs(sql`(ST_X(ST_PointOnSurface(geo)) + 180) / 360`),
    anchorY: doublePrecision().generatedAlwaysAs(
      sql`(1 - ln(tan(pi() / 4 + radians(greatest(least(ST_Y(ST_PointOnSurface(geo)), 85.05112878), -85.05112878)) / 2)) / pi()) / 2`,
    ),
    /**
     * The geometry's bounding box as a plain box, kept by the database. Its GiST index
     * carries the visibility and id too, so counting the objects in a map box is an
     * index-only scan: a PostGIS geometry index cannot answer without reading each row.
     */
    extent: box().generatedAlwaysAs(sql`box(geo)`),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    parentId: uuid().references((): AnyPgColumn => objects.id, { onDelete: 'set null' }),
    visibility: text().notNull().default('public'),
    doc: jsonb().$type<ProseMirrorDoc>(),
    /** Who changed it last (the "update" of the spec): a person. */
    updatedById: uuid().references(() => people.id, { onDelete: 'set null' }),
    version: versioned.version,
    ...timestamps,
  },
  (t) => [
    index('objects_geo_idx').using('gist', t.geo),
    index('objects_anchor_idx').using('gist', t.anchor),
    // The migration adds INCLUDE (visibility, id), which drizzle cannot declare.
    index('objects_extent_idx').using('gist', t.extent),
    index().on(t.parentId),
    index('objects_title_idx').on(sql`lower(${t.title})`),
    // Metadata equality as containment (metadata @> '{"habitat":"river"}'): the sandbox's filters.
    index('objects_metadata_idx').using('gin', t.metadata.op('jsonb_path_ops')),
  ],
);

export const objectTypeLinks = pgTable(
  'object_type_links',
  {
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    typeId: uuid()
      .notNull()
      .references(() => objectTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.typeId] }), index().on(t.typeId)],
);

/**
 * The public objects counted per map cell, for the vector tiles' low zooms
 * (modules/objects/map/tiles.ts): at each level L, the world is a 2^L by 2^L grid on the
 * anchors' Web Mercator fractions (cx = floor(anchor_x * 2^L)); a tile of zoom z holds the
 * 8 by 8 cells of level z + 3. Counted apart for each combination of types an object has
 * (`types`, sorted; empty for none), so a layer of several types adds the combinations
 * holding any of them and counts an object of two of its types once. Only objects whose
 * visibility is public are counted, so a cell never reveals a hidden one. Sums rather than
 * means, so a change adds or subtracts; the extents only widen (a removed member does not
 * shrink them) until the cell empties and its row goes. Kept by the database's triggers
 * (migration 0038) from mapPoints.
 */
export const mapCells = pgTable(
  'map_cells',
  {
    level: integer().notNull(),
    cx: integer().notNull(),
    cy: integer().notNull(),
    types: uuid().array().notNull(),
    n: integer().notNull(),
    sumX: doublePrecision().notNull(),
    sumY: doublePrecision().notNull(),
    x0: doublePrecision().notNull(),
    y0: doublePrecision().notNull(),
    x1: doublePrecision().notNull(),
    y1: doublePrecision().notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.cx, t.cy, t.types] })],
);

/**
 * Each public object with a place as mapCells counts it now (its types and anchor): a
 * write's trigger compares the object with its row here and moves the counts by the
 * difference, whatever order the triggers of a statement and its cascades run in.
 */
export const mapPoints = pgTable('map_points', {
  objectId: uuid().primaryKey(),
  types: uuid().array().notNull(),
  x: doublePrecision().notNull(),
  y: doublePrecision().notNull(),
});

export const objectProjects = pgTable(
  'object_projects',
  {
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.projectId] }), index().on(t.projectId)],
);

export const objectPeople = pgTable(
  'object_people',
  {
    id: uuid().primaryKey().defaultRandom(),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    role: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [unique().on(t.objectId, t.personId), index().on(t.personId)],
);

export const objectInstitutions = pgTable(
  'object_institutions',
  {
    id: uuid().primaryKey().defaultRandom(),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    role: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [unique().on(t.objectId, t.institutionId), index().on(t.institutionId)],
);

/** The notebook of an object. */
export const notes = pgTable(
  'notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    content: text().notNull(),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    ...timestamps,
  },
  (t) => [index().on(t.objectId, t.timestamp)],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    objectId: uuid().references(() => objects.id, { onDelete: 'set null' }),
    assetId: uuid()
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    caption: text(),
    takenAt: timestamp({ withTimezone: true }),
    geo: geometry(),
    ...versioned,
    ...timestamps,
  },
  (t) => [index().on(t.objectId, t.createdAt), index().on(t.authorId), index().on(t.assetId), index('photos_geo_idx').using('gist', t.geo)],
);
