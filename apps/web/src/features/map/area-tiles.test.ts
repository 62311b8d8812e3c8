import { describe, expect, it } from 'vitest';
import { tilesAt, tilesCovering } from './area-tiles';

// Zürich (8.54° E, 47.37° N): tile 8/134/89 on the web-mercator grid (as openstreetmap.org numbers it).
const ZURICH: [number, number, number, number] = [8.53, 47.36, 8.55, 47.38];

describe('tilesAt', () => {
  it('finds the tile a place lies in', () => {
    expect(tilesAt(ZURICH, 8)).toEqual([{ z: 8, x: 134, y: 89 }]);
    expect(tilesAt(ZURICH, 0)).toEqual([{ z: 0, x: 0, y: 0 }]);
  });

  it('covers a box row by row, and keeps to the grid at its edges', () => {
    expect(tilesAt([-180, -90, 180, 90], 1)).toEqual([
      { z: 1, x: 0, y: 0 },
      { z: 1, x: 1, y: 0 },
      { z: 1, x: 0, y: 1 },
      { z: 1, x: 1, y: 1 },
    ]);
    expect(tilesAt([-200, -95, 200, 95], 2)).toHaveLength(16);
  });
});

describe('tilesCovering', () => {
  it('takes every zoom down to the deepest asked for while they fit', () => {
    const { tiles, deepest } = tilesCovering(ZURICH, 12, 1000);
    expect(deepest).toBe(12);
    expect(tiles.filter((t) => t.z === 0)).toHaveLength(1);
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
  });

  it('stops at the last whole zoom within the limit', () => {
    const world: [number, number, number, number] = [-180, -85, 180, 85];
    // 1 + 4 + 16 tiles fit in 30; zoom 3's 64 do not.
    expect(tilesCovering(world, 6, 30)).toEqual({ tiles: expect.any(Array), deepest: 2 });
    expect(tilesCovering(world, 6, 30).tiles).toHaveLength(21);
  });
});
