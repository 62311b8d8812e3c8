import type { z } from 'zod';
import type { Bbox, MapData, MapQuerySchema } from '@observatory/shared';
import type { Actor } from '../../../authz/authorize.js';
import { findVisible } from '../../../authz/lookup.js';
import { visibleTo } from '../../../authz/visibility.js';
import type { Database, Db } from '../../../db/client.js';
import { feature } from '../../../lib/geojson.js';
import type { SchemaService } from '../../schema/index.js';
import * as objectsRepo from '../repo.js';
import * as repo from './repo.js';
import { latOf, lonOf, MAX_OBJECTS, mergeNeighbours, UNCLUSTERED_ZOOM } from './grid.js';
import { createTileService } from './tiles.js';
import type { Cell } from './repo.js';

/**
 * GET data/map: the objects of one map view, grouped on the server on a grid of
 * screen-sized cells (docs/architecture.md, "Map data"). The same SQL runs on PGlite
 * and on a PostgreSQL server: PGlite's PostGIS has no protobuf, so no ST_AsMVT.
 */

/** A MapLibre world is 512 pixels wide at zoom 0. */
const TILE_PX = 512;
/** Objects closer than about this on screen are drawn as one cluster. */
export const CELL_PX = 60;
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

type Feature = MapData['features'][number];
const pointAt = (lon: number, lat: number): Feature['geometry'] => ({ type: 'Point', coordinates: [round(lon), round(lat)] });

/** A point of the map written by the one GeoJSON serializer (lib/geojson.ts), as every GeoJSON answer is. */
const mapFeature = (geometry: Feature['geometry'], properties: Feature['properties']): Feature => feature({ geo: geometry, properties }) as Feature;

/** Features for single objects: name, title, types and the first type's marker (types come ordered by position). */
async function objectFeatures(d: Db, placed: { id: string; lon: number; lat: number }[]): Promise<Feature[]> {
  const ids = placed.map((p) => p.id);
  // The ids come from a query that already kept to what the reader may see.
  const [names, types] = [await objectsRepo.namesOf(d, ids, undefined), await objectsRepo.typesOf(d, ids)];
  const byId = new Map(names.map((n) => [n.id, n]));
  return placed.map(({ id, lon, lat }) => {
    const own = types.filter((t) => t.objectId === id);
    const { name, title } = byId.get(id)!;
    const marker = (own[0]?.marker ?? 'default') as 'default';
    return mapFeature(pointAt(lon, lat), { cluster: false, id, name, title, marker, types: own.map((t) => t.slug) });
  });
}

const clusterFeature = (c: Cell): Feature =>
  mapFeature(pointAt(lonOf(c.x), latOf(c.y)), {
    cluster: true,
    count: c.n,
    bbox: [round(lonOf(c.x0)), round(latOf(c.y0)), round(lonOf(c.x1)), round(latOf(c.y1))],
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

/** The map of the catalogue: what GET data/map draws for a view. */
export function createMapService(deps: { db: Database; schema: SchemaService }) {
  const { db, schema } = deps;

  /** The catalogue's filters the query's type slugs and project key stand for; null when nothing can match. */
  async function filtersOf(d: Db, actor: Actor | null, query: MapQuery): Promise<objectsRepo.ObjectFilters | null> {
    const slugs = typeSlugs(query.types);
    const typeIds = slugs && (await schema.types.typesBySlug(slugs)).map((t) => t.id);
    // A project the reader may not see is one that does not exist.
    const projectId = query.project ? (await findVisible(d, actor, 'project', query.project))?.id : undefined;
    if ((typeIds && typeIds.length === 0) || (query.project && !projectId)) return null;
    return { typeIds, projectId };
  }

  return {
    ...createTileService(deps),

    /** The map data of one view as the actor may see it. */
    async getMapView(actor: Actor | null, query: MapQuery): Promise<MapData> {
      return db.use(async (d) => {
        const filters = await filtersOf(d, actor, query);
        if (!filters) return { type: 'FeatureCollection', features: [] };
        const where = repo.anchoredWithin(query.bbox, objectsRepo.objectFilter(filters, visibleTo(actor, 'object')));
        if (query.zoom >= UNCLUSTERED_ZOOM) {
          const found = await repo.singles(d, where, MAX_OBJECTS + 1);
          if (found.length <= MAX_OBJECTS) return { type: 'FeatureCollection', features: await objectFeatures(d, found) };
        }
        const perWorld = (TILE_PX * 2 ** query.zoom) / cellPixels(query.bbox, query.zoom);
        const grid = mergeNeighbours(await repo.cells(d, where, perWorld), perWorld);
        const lone = grid.filter((c) => c.n === 1).map((c) => ({ id: c.id, lon: lonOf(c.x), lat: latOf(c.y) }));
        const features = [...grid.filter((c) => c.n > 1).map(clusterFeature), ...(await objectFeatures(d, lone))];
        return { type: 'FeatureCollection', features };
      });
    },
  };
}
