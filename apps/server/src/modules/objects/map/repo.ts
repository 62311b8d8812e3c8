import { and, sql, type SQL } from 'drizzle-orm';
import type { Bbox } from '@observatory/shared';
import { rowsOf, type Db } from '../../../db/client.js';
import { mapCells, objects } from '../../../db/schema/index.js';
import { withinBbox } from '../../../lib/geometry.js';

/** Objects with an anchor in the box, among those `where` (the catalogue's filter) lets through. */
export const anchoredWithin = (bbox: Bbox, where: SQL | undefined): SQL => and(withinBbox(objects.anchor, bbox), where)!;

/**
 * One grid cell (or neighbouring cells merged): how many objects, their mean position and
 * their extent, in Web Mercator fractions of the world (y grows southwards), one member's
 * id, and the cell's place in the grid.
 */
export interface Cell {
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
/**
 * Groups the shown objects by grid cell, on the Web Mercator position the database keeps
 * for each anchor (anchor_x, anchor_y: plain numbers, no geometry read per row). The grid
 * starts at the world's corner, so panning does not move clusters. A cluster stands at
 * its members' mean position on screen.
 */
export async function cells(d: Db, where: SQL, perWorld: number): Promise<Cell[]> {
  const result = await d.execute(sql`
    select count(*)::int as n, avg(${objects.anchorX}) as x, avg(${objects.anchorY}) as y,
      min(${objects.anchorX}) as x0, max(${objects.anchorY}) as y0, max(${objects.anchorX}) as x1, min(${objects.anchorY}) as y1,
      min(${objects.id}::text) as id, least(floor(${objects.anchorX} * ${perWorld}::float8), ${Math.ceil(perWorld) - 1}::float8) as cx,
      least(floor(${objects.anchorY} * ${perWorld}::float8), ${Math.ceil(perWorld) - 1}::float8) as cy
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

/** Up to `limit` shown objects with their anchors, by title. */
export async function singles(d: Db, where: SQL, limit: number): Promise<{ id: string; lon: number; lat: number }[]> {
  const result = await d.execute(sql`
    select ${objects.id} as id, ST_X(${objects.anchor}) as lon, ST_Y(${objects.anchor}) as lat
    from ${objects} where ${where} order by lower(${objects.title}), ${objects.id} limit ${limit}`);
  return rowsOf<{ id: string; lon: number; lat: number }>(result).map((r) => ({ id: r.id, lon: Number(r.lon), lat: Number(r.lat) }));
}

/** A PostgreSQL array of parameters. */
const arrayOf = (values: (string | number)[], type: 'int' | 'uuid') =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

/**
 * The public objects counted in the cells of a level (db/schema/objects.ts, mapCells), for
 * the `span` by `span` cells from (cx0, cy0), of any of the types given (undefined: of
 * every type, and of none): members' mean and extent as in `cells`; the id is left empty
 * (a count does not say which object it is).
 */
export async function storedCells(d: Db, typeIds: string[] | undefined, level: number, [cx0, cy0]: [number, number], span: number): Promise<Cell[]> {
  const columns = Array.from({ length: span }, (_, i) => cx0 + i);
  const rows = await d
    .select({
      cx: mapCells.cx,
      cy: mapCells.cy,
      n: sql<number>`sum(${mapCells.n})::int`,
      sumX: sql<number>`sum(${mapCells.sumX})`,
      sumY: sql<number>`sum(${mapCells.sumY})`,
      x0: sql<number>`min(${mapCells.x0})`,
      y0: sql<number>`min(${mapCells.y0})`,
      x1: sql<number>`max(${mapCells.x1})`,
      y1: sql<number>`max(${mapCells.y1})`,
    })
    .from(mapCells)
    .where(
      and(
        // One index range per column of cells: (level, cx, cy) leads the key.
        sql`${mapCells.level} = ${level} and ${mapCells.cx} = any(${arrayOf(columns, 'int')})`,
        sql`${mapCells.cy} between ${cy0} and ${cy0 + span - 1}`,
        typeIds ? sql`${mapCells.types} && ${arrayOf(typeIds, 'uuid')}` : undefined,
      ),
    )
    .groupBy(mapCells.cx, mapCells.cy);
  return rows.map((r) => {
    const [n, sumX, sumY] = [Number(r.n), Number(r.sumX), Number(r.sumY)];
    return { n, x: sumX / n, y: sumY / n, x0: Number(r.x0), y0: Number(r.y1), x1: Number(r.x1), y1: Number(r.y0), id: '', cx: r.cx, cy: r.cy };
  });
}

/** A placed object: its id and its anchor in Web Mercator fractions of the world. */
export interface Placed {
  id: string;
  x: number;
  y: number;
}

/** Up to `limit` of the objects `where` lets through, with their anchors, by title. */
export async function placed(d: Db, where: SQL, limit: number): Promise<Placed[]> {
  const result = await d.execute(sql`
    select ${objects.id} as id, ${objects.anchorX} as x, ${objects.anchorY} as y
    from ${objects} where ${where} order by lower(${objects.title}), ${objects.id} limit ${limit}`);
  return rowsOf<{ id: string; x: number; y: number }>(result).map((r) => ({ id: r.id, x: Number(r.x), y: Number(r.y) }));
}
