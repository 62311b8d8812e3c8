import type { Cell } from './repo.js';

/** How the map's points are grouped on a screen grid, for GET data/map and the vector tiles alike. */

/** Objects come one by one from this zoom on (a city block fills the screen), up to MAX_OBJECTS. */
export const UNCLUSTERED_ZOOM = 16;
/** The most objects answered one by one; beyond, they are clustered even at high zoom. */
export const MAX_OBJECTS = 2000;
/** Clusters of neighbouring cells closer than this share of a cell are merged. */
const MERGE_SHARE = 2 / 3;

/** Longitude and latitude of a point given as a fraction of the Web Mercator world (anchor_x, anchor_y). */
export const lonOf = (x: number) => x * 360 - 180;
export const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** Two cells as one cluster: counts added, positions weighted by count, extents joined. */
export const combine = (a: Cell, b: Cell): Cell => ({
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
export function mergeNeighbours(grid: Cell[], perWorld: number): Cell[] {
  const at = new Map(grid.map((c) => [`${c.cx},${c.cy}`, c]));
  const taken = new Set<Cell>();
  const merged: Cell[] = [];
  for (const cell of [...grid].sort((a, b) => b.n - a.n)) {
    if (taken.has(cell)) continue;
    taken.add(cell);
    let result = cell;
    for (const [dx, dy] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [0, 1],
      [1, 1],
    ] as const) {
      const other = at.get(`${cell.cx + dx},${cell.cy + dy}`);
      if (!other || taken.has(other) || Math.hypot((other.x - cell.x) * perWorld, (other.y - cell.y) * perWorld) >= MERGE_SHARE) continue;
      taken.add(other);
      result = combine(result, other);
    }
    merged.push(result);
  }
  return merged;
}
