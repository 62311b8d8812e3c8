import { and, eq, ne, or } from 'drizzle-orm';
import { MAP_TILES, type Bbox } from '@observatory/shared';
import type { Actor } from '../../../authz/authorize.js';
import { visibleTo } from '../../../authz/visibility.js';
import type { Database, Db } from '../../../db/client.js';
import { objects } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { withinBbox } from '../../../lib/geometry.js';
import type { SchemaService } from '../../schema/index.js';
import * as objectsRepo from '../repo.js';
import { combine, latOf, lonOf, MAX_OBJECTS, mergeNeighbours, UNCLUSTERED_ZOOM } from './grid.js';
import { encodeInNode, encodeInPostgis, TILE_EXTENT, type TileFeature } from './mvt.js';
import * as repo from './repo.js';
import type { Cell, Placed } from './repo.js';

/**
 * GET tiles/{layer}/{z}/{x}/{y}.mvt: the map's objects as vector tiles (docs/architecture.md,
 * "Map tiles"). A tile of zoom z is cut into 8 by 8 cells of 64 pixels, the cells of level
 * z + 3 of one world grid; a cell of one object answers the object, a larger one a cluster.
 * Up to zoom AGGREGATED_MAX_ZOOM the public objects' cells are read from the counts the
 * database keeps (map_cells), so a tile costs the same at any size of catalogue; a
 * signed-in reader's tile adds, counted live, the objects that are not public but theirs to
 * see. Further in, tiles are counted live (a tile covers a few kilometres), and from zoom 16
 * objects come one by one.
 */

/** log2 of the cells along a tile's side: 8 cells of 64 of its 512 pixels. */
const CELL_LEVELS = 3;
const CELLS = 2 ** CELL_LEVELS;
/** The highest zoom whose public cells are stored (levels 3 to 14: migration 0038). */
export const AGGREGATED_MAX_ZOOM = 11;
/** The layer of every type (and of objects of none); any other is one or more type slugs, comma-separated. */
export const EVERY_TYPE = MAP_TILES.everyType;

export interface TileAddress {
  layer: string;
  z: number;
  x: number;
  y: number;
}

/** Longitude and latitude bounds of the tile; the top and bottom rows reach the poles (anchors beyond Web Mercator's edge are drawn at it). */
function tileBox({ z, x, y }: TileAddress): Bbox {
  const n = 2 ** z;
  return [lonOf(x / n), y === n - 1 ? -90 : latOf((y + 1) / n), lonOf((x + 1) / n), y === 0 ? 90 : latOf(y / n)];
}

/** Longitude and latitude bounds of a cell of a level. */
const cellBox = (cx: number, cy: number, perWorld: number): Bbox => [
  lonOf(cx / perWorld),
  latOf((cy + 1) / perWorld),
  lonOf((cx + 1) / perWorld),
  latOf(cy / perWorld),
];

/** The cell of a level a point falls in (the database's arithmetic: migration 0038). */
const cellOf = (v: number, perWorld: number) => Math.min(Math.floor(v * perWorld), perWorld - 1);

/** Cells of the two sources added where they coincide. */
function joined(a: Cell[], b: Cell[]): Cell[] {
  const at = new Map(a.map((c) => [`${c.cx},${c.cy}`, c]));
  for (const c of b) {
    const key = `${c.cx},${c.cy}`;
    const there = at.get(key);
    at.set(key, there ? combine(there, c) : c);
  }
  return [...at.values()];
}

const round = (n: number) => Number(n.toFixed(6));

/** The vector tiles of the map. */
export function createTileService(deps: { db: Database; schema: SchemaService }) {
  const { db, schema } = deps;
  const encode = db.kind === 'server' ? encodeInPostgis : async (_d: Db, features: TileFeature[]) => encodeInNode(features);

  /** The types of a layer: undefined for every type; a slug that is no type makes the layer unknown. */
  async function typesOf(layer: string): Promise<string[] | undefined> {
    if (layer === EVERY_TYPE) return undefined;
    const slugs = [...new Set(layer.split(','))];
    const types = await schema.types.typesBySlug(slugs);
    if (types.length !== slugs.length) throw notFound('Layer');
    return types.map((t) => t.id);
  }

  /** The one public object in each stored cell counted 1 (a count does not name it). */
  async function named(d: Db, cells: Cell[], perWorld: number, typeIds: string[] | undefined): Promise<Cell[]> {
    const unnamed = cells.filter((c) => c.n === 1 && !c.id);
    if (!unnamed.length) return cells;
    const inCells = or(...unnamed.map((c) => withinBbox(objects.anchor, cellBox(c.cx, c.cy, perWorld))));
    const found = await repo.placed(d, and(objectsRepo.objectFilter({ typeIds }, eq(objects.visibility, 'public')), inCells)!, unnamed.length * 2);
    const byCell = new Map(found.map((p) => [`${cellOf(p.x, perWorld)},${cellOf(p.y, perWorld)}`, p]));
    return cells.flatMap((c) => {
      if (c.n !== 1 || c.id) return [c];
      const p = byCell.get(`${c.cx},${c.cy}`);
      // Gone since it was counted: the next tile will not count it either.
      return p ? [{ ...c, id: p.id, x: p.x, y: p.y }] : [];
    });
  }

  /** The cells of the tile as the actor may see them, neighbours merged. */
  async function cellsOf(d: Db, actor: Actor | null, tile: TileAddress, typeIds: string[] | undefined): Promise<Cell[]> {
    const perWorld = 2 ** (tile.z + CELL_LEVELS);
    const filters = { typeIds };
    const inTile = (c: Cell) => Math.floor(c.cx / CELLS) === tile.x && Math.floor(c.cy / CELLS) === tile.y;
    const counted = (visible: ReturnType<typeof visibleTo>) =>
      repo
        .cells(d, and(withinBbox(objects.anchor, tileBox(tile)), objectsRepo.objectFilter(filters, visible))!, perWorld)
        .then((cells) => cells.filter(inTile));
    if (tile.z > AGGREGATED_MAX_ZOOM) return mergeNeighbours(await counted(visibleTo(actor, 'object')), perWorld);
    const stored = await repo.storedCells(d, typeIds, tile.z + CELL_LEVELS, [tile.x * CELLS, tile.y * CELLS], CELLS);
    // What the reader sees beyond the public, counted for them alone.
    const theirs = actor ? await counted(and(ne(objects.visibility, 'public'), visibleTo(actor, 'object'))) : [];
    return named(d, mergeNeighbours(joined(stored, theirs), perWorld), perWorld, typeIds);
  }

  /** Objects one by one with what a marker and its popup show. */
  async function objectFeatures(d: Db, placed: Placed[], at: (p: Placed) => [number, number]): Promise<TileFeature[]> {
    const ids = placed.map((p) => p.id);
    // The ids come from a query that already kept to what the reader may see.
    const [names, types] = [await objectsRepo.namesOf(d, ids, undefined), await objectsRepo.typesOf(d, ids)];
    const byId = new Map(names.map((n) => [n.id, n]));
    return placed.flatMap((p) => {
      const object = byId.get(p.id);
      if (!object) return [];
      const own = types.filter((t) => t.objectId === p.id);
      const [x, y] = at(p);
      const properties = {
        cluster: false,
        id: p.id,
        name: object.name,
        title: object.title,
        marker: own[0]?.marker ?? 'default',
        types: JSON.stringify(own.map((t) => t.slug)),
      };
      return [{ x, y, properties }];
    });
  }

  /** The features of a tile as the actor may see it. */
  async function featuresOf(d: Db, actor: Actor | null, tile: TileAddress, typeIds: string[] | undefined): Promise<TileFeature[]> {
    const scale = 2 ** tile.z;
    const at = (p: { x: number; y: number }): [number, number] => [
      Math.round((p.x * scale - tile.x) * TILE_EXTENT),
      Math.round((p.y * scale - tile.y) * TILE_EXTENT),
    ];
    if (tile.z >= UNCLUSTERED_ZOOM) {
      const visible = objectsRepo.objectFilter({ typeIds }, visibleTo(actor, 'object'));
      const found = await repo.placed(d, and(withinBbox(objects.anchor, tileBox(tile)), visible)!, MAX_OBJECTS + 1);
      const own = found.filter((p) => cellOf(p.x, scale) === tile.x && cellOf(p.y, scale) === tile.y);
      if (found.length <= MAX_OBJECTS) return objectFeatures(d, own, at);
    }
    const cells = await cellsOf(d, actor, tile, typeIds);
    const clusters = cells
      .filter((c) => c.n > 1)
      .map((c) => {
        const [x, y] = at(c);
        return {
          x,
          y,
          properties: { cluster: true, count: c.n, west: round(lonOf(c.x0)), south: round(latOf(c.y0)), east: round(lonOf(c.x1)), north: round(latOf(c.y1)) },
        };
      });
    const singles = cells.filter((c) => c.n === 1).map((c) => ({ id: c.id, x: c.x, y: c.y }));
    return [...clusters, ...(await objectFeatures(d, singles, at))];
  }

  return {
    /** One tile's bytes (empty when it holds nothing the actor may see); a layer naming a type that does not exist is not found. */
    async getTile(actor: Actor | null, tile: TileAddress): Promise<Uint8Array> {
      const typeIds = await typesOf(tile.layer);
      return db.use(async (d) => {
        const features = await featuresOf(d, actor, tile, typeIds);
        return features.length ? encode(d, features) : new Uint8Array();
      });
    },
  };
}
