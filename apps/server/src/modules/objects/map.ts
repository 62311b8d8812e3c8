import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MapDataSchema, MapQuerySchema, type Bbox, type MapData } from '@observatory/shared';
import type { Actor } from '../../authz/authorize';
import { rowsOf, type Database, type Db } from '../../db/client';
import { objectProjects, objects, objectTypeLinks } from '../../db/schema';
import { withinBbox } from '../../lib/geometry';
import { findVisible } from '../../authz/lookup';
import { visibleTo } from '../../authz/visibility';
import * as repo from './repo';

/**
 * GET data/map: the objects of one map view, grouped on the server on a grid of
 * screen-sized cells (docs/architecture.md, "Map data"). The same SQL runs on PGlite
 * and on a PostgreSQL server: PGlite's PostGIS has no protobuf, so no ST_AsMVT.
 */

/** A MapLibre world is 512 pixels wide at zoom 0. */
const TILE_PX = 512;
/** Objects closer than about this on screen are drawn as one cluster. */
const CELL_PX = 60;
/** From this zoom on, objects are answered one by one (a city block fills the screen). */
export const UNCLUSTERED_ZOOM = 16;
/** The most objects answered one by one; beyond, they are clustered even at high zoom. */
export const MAX_OBJECTS = 2000;
/** Cells widen when a box is so large for its zoom that it would hold more of them. */
export const MAX_CELLS = 4000;
/** Web Mercator's edge: latitudes beyond are drawn at it. */
const MAX_LAT = 85.05112878;
/** Decimals of answered coordinates: about 10 cm, as much as a marker needs. */
const DECIMALS = 6;

const round = (n: number) => Number(n.toFixed(DECIMALS));

/** Pixel position in the whole world at the zoom (0,0 top left), as MapLibre projects it. */
function worldPixels(lon: number, lat: number, worldPx: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [((lon + 180) / 360) * worldPx, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * worldPx];
}

/** The cell size in world pixels: CELL_PX, or wider when the box would hold more than MAX_CELLS cells. */
export function cellPixels(bbox: Bbox, zoom: number): number {
  const worldPx = TILE_PX * 2 ** zoom;
  const [x0, y0] = worldPixels(bbox[0], bbox[3], worldPx);
  const [x1, y1] = worldPixels(bbox[2], bbox[1], worldPx);
  return Math.max(CELL_PX, Math.sqrt(((x1 - x0) * (y1 - y0)) / MAX_CELLS));
}

interface Filters {
  bbox: Bbox;
  /** Type ids; undefined: every type. */
  typeIds: string[] | undefined;
  /** undefined: every project. */
  projectId: string | undefined;
}

/** Objects with an anchor in the box that the viewer may see, of the types and project asked for. */
function shownWhere(f: Filters, visible: SQL | undefined): SQL {
  return and(
    withinBbox(objects.anchor, f.bbox),
    visible,
    f.typeIds
      ? sql`exists (select 1 from ${objectTypeLinks} where ${objectTypeLinks.objectId} = ${objects.id} and ${objectTypeLinks.typeId} in (${sql.join(
          f.typeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`
      : undefined,
    f.projectId ? sql`exists (select 1 from ${objectProjects} where ${objectProjects.objectId} = ${objects.id} and ${objectProjects.projectId} = ${f.projectId}::uuid)` : undefined,
  )!;
}

/**
 * One grid cell (or neighbouring cells merged): how many objects, their mean position and
 * their extent, in Web Mercator fractions of the world (y grows southwards), one member's
 * id, and the cell's place in the grid.
 */
interface Cell {
  n: number;
  x: number;
  y: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  id: string;
  cx: number;
  cy: number;
}
/** Clusters of neighbouring cells closer than this share of a cell are merged. */
const MERGE_SHARE = 2 / 3;

/** Longitude and latitude of a point given as a fraction of the Web Mercator world (anchor_x, anchor_y). */
const lonOf = (x: number) => x * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * Groups the shown objects by grid cell, on the Web Mercator position the database keeps
 * for each anchor (anchor_x, anchor_y: plain numbers, no geometry read per row). The grid
 * starts at the world's corner, so panning does not move clusters. A cluster stands at
 * its members' mean position on screen.
 */
async function cells(d: Db, where: SQL, perWorld: number): Promise<Cell[]> {
  const result = await d.execute(sql`
    select count(*)::int as n, avg(${objects.anchorX}) as x, avg(${objects.anchorY}) as y,
      min(${objects.anchorX}) as x0, max(${objects.anchorY}) as y0, max(${objects.anchorX}) as x1, min(${objects.anchorY}) as y1,
      min(${objects.id}::text) as id, floor(${objects.anchorX} * ${perWorld}::float8) as cx, floor(${objects.anchorY} * ${perWorld}::float8) as cy
    from ${objects} where ${where}
    group by cx, cy
    order by 1 desc, 2, 3`);
  return rowsOf<Record<keyof Cell, number | string>>(result).map((r) => ({
    n: Number(r.n),
    x: Number(r.x),
    y: Number(r.y),
    x0: Number(r.x0),
    y0: Number(r.y0),
    x1: Number(r.x1),
    y1: Number(r.y1),
    id: String(r.id),
    cx: Number(r.cx),
    cy: Number(r.cy),
  }));
}

/** Two cells as one cluster: counts added, positions weighted by count, extents joined. */
const combine = (a: Cell, b: Cell): Cell => ({
  ...a,
  n: a.n + b.n,
  x: (a.x * a.n + b.x * b.n) / (a.n + b.n),
  y: (a.y * a.n + b.y * b.n) / (a.n + b.n),
  x0: Math.min(a.x0, b.x0),
  y0: Math.max(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.min(a.y1, b.y1),
});

/**
 * A grid cuts a town that straddles a cell boundary into circles drawn on top of each
 * other: the largest cells, in turn, take in neighbouring ones whose mean lies within
 * MERGE_SHARE of a cell of theirs on screen.
 */
function mergeNeighbours(grid: Cell[], perWorld: number): Cell[] {
  const at = new Map(grid.map((c) => [`${c.cx},${c.cy}`, c]));
  const taken = new Set<Cell>();
  const merged: Cell[] = [];
  for (const cell of [...grid].sort((a, b) => b.n - a.n)) {
    if (taken.has(cell)) continue;
    taken.add(cell);
    let result = cell;
    for (const [dx, dy] of [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]] as const) {
      const other = at.get(`${cell.cx + dx},${cell.cy + dy}`);
      if (!other || taken.has(other) || Math.hypot((other.x - cell.x) * perWorld, (other.y - cell.y) * perWorld) >= MERGE_SHARE) continue;
      taken.add(other);
      result = combine(result, other);
    }
    merged.push(result);
  }
  return merged;
}

/** Up to `limit` shown objects with their anchors, by title. */
async function singles(d: Db, where: SQL, limit: number): Promise<{ id: string; lon: number; lat: number }[]> {
  const result = await d.execute(sql`
    select ${objects.id} as id, ST_X(${objects.anchor}) as lon, ST_Y(${objects.anchor}) as lat
    from ${objects} where ${where} order by lower(${objects.title}), ${objects.id} limit ${limit}`);
  return rowsOf<{ id: string; lon: number; lat: number }>(result).map((r) => ({ id: r.id, lon: Number(r.lon), lat: Number(r.lat) }));
}

type Feature = MapData['features'][number];
const pointAt = (lon: number, lat: number): Feature['geometry'] => ({ type: 'Point', coordinates: [round(lon), round(lat)] });

/** Features for single objects: name, title, types and the first type's marker (types come ordered by position). */
async function objectFeatures(d: Db, placed: { id: string; lon: number; lat: number }[]): Promise<Feature[]> {
  const ids = placed.map((p) => p.id);
  // The ids come from a query that already kept to what the reader may see.
  const [names, types] = [await repo.namesOf(d, ids, undefined), await repo.typesOf(d, ids)];
  const byId = new Map(names.map((n) => [n.id, n]));
  return placed.map(({ id, lon, lat }) => {
    const own = types.filter((t) => t.objectId === id);
    const { name, title } = byId.get(id)!;
    const marker = (own[0]?.marker ?? 'default') as 'default';
    return { type: 'Feature', geometry: pointAt(lon, lat), properties: { cluster: false, id, name, title, marker, types: own.map((t) => t.slug) } };
  });
}

const clusterFeature = (c: Cell): Feature => ({
  type: 'Feature',
  geometry: pointAt(lonOf(c.x), latOf(c.y)),
  properties: { cluster: true, count: c.n, bbox: [round(lonOf(c.x0)), round(latOf(c.y0)), round(lonOf(c.x1)), round(latOf(c.y1))] },
});

type MapQuery = z.output<typeof MapQuerySchema>;

/** Type slugs of the query: undefined for every type, [] for none. */
const typeSlugs = (types: string | undefined) =>
  types === undefined
    ? undefined
    : types
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

export function createMapData(db: Database) {
  /** The ids the query's type slugs and project key stand for; null when nothing can match. */
  async function filtersOf(d: Db, actor: Actor | null, query: MapQuery): Promise<Filters | null> {
    const slugs = typeSlugs(query.types);
    const typeIds = slugs && (await repo.typesBySlug(d, slugs)).map((t) => t.id);
    // A project the reader may not see is one that does not exist.
    const projectId = query.project ? (await findVisible(d, actor, 'project', query.project))?.id : undefined;
    if ((typeIds && typeIds.length === 0) || (query.project && !projectId)) return null;
    return { bbox: query.bbox, typeIds, projectId };
  }

  return {
    /** The map data of one view as the actor may see it. */
    async view(actor: Actor | null, query: MapQuery): Promise<MapData> {
      return db.use(async (d) => {
        const filters = await filtersOf(d, actor, query);
        if (!filters) return { type: 'FeatureCollection', features: [] };
        const where = shownWhere(filters, visibleTo(actor, 'object'));
        if (query.zoom >= UNCLUSTERED_ZOOM) {
          const found = await singles(d, where, MAX_OBJECTS + 1);
          if (found.length <= MAX_OBJECTS) return { type: 'FeatureCollection', features: await objectFeatures(d, found) };
        }
        const perWorld = (TILE_PX * 2 ** query.zoom) / cellPixels(query.bbox, query.zoom);
        const grid = mergeNeighbours(await cells(d, where, perWorld), perWorld);
        const lone = grid.filter((c) => c.n === 1).map((c) => ({ id: c.id, lon: lonOf(c.x), lat: latOf(c.y) }));
        const features = [...grid.filter((c) => c.n > 1).map(clusterFeature), ...(await objectFeatures(d, lone))];
        return { type: 'FeatureCollection', features };
      });
    },
  };
}

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const mapData = createMapData(app.database);
  app.get(
    '/data/map',
    {
      schema: {
        tags: ['objects'],
        summary: 'What the map draws for a view: clusters and single objects as GeoJSON points (no metadata)',
        description: `Objects are grouped on a grid of about ${CELL_PX}-pixel cells at the given zoom; a cell of one object answers the object. From zoom ${UNCLUSTERED_ZOOM}, objects come one by one, up to ${MAX_OBJECTS} (more are clustered). Members-only objects count only for their members.`,
        querystring: MapQuerySchema,
        response: { 200: MapDataSchema },
      },
    },
    async (request, reply) => {
      reply.type('application/geo+json');
      return mapData.view(request.actor, request.query);
    },
  );
};
