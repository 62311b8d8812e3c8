import { describe, expect, it } from 'vitest';
import { changesOf, changesAnything, LOCATION_THRESHOLD, locationChange, tally, type ObjectState } from './stats.js';

const point = (lon: number, lat: number) => ({ type: 'Point' as const, coordinates: [lon, lat] });
const state = (over: Partial<ObjectState> = {}): ObjectState => ({ title: 'Lake', metadata: {}, geo: null, projects: [], types: ['site'], ...over });

describe('locationChange', () => {
  it('counts a move over the threshold, on both sides of it, in either coordinate', () => {
    const at = point(-105.5, 40.0);
    expect(locationChange(at, point(-105.5 + LOCATION_THRESHOLD * 0.9, 40.0))).toBeNull();
    expect(locationChange(at, point(-105.5, 40.0 + LOCATION_THRESHOLD * 1.1))).toBe('changed');
    expect(locationChange(at, point(-105.5 + LOCATION_THRESHOLD * 0.8, 40.0 + LOCATION_THRESHOLD * 0.8))).toBe('changed');
    expect(locationChange(at, point(-105.5 + LOCATION_THRESHOLD * 0.6, 40.0 + LOCATION_THRESHOLD * 0.6))).toBeNull();
  });

  it('counts a location added, removed, or of another kind', () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(locationChange(null, point(1, 2))).toBe('added');
    expect(locationChange(point(1, 2), null)).toBe('removed');
    expect(locationChange(null, null)).toBeNull();
    expect(locationChange(point(0, 0), square)).toBe('changed');
    expect(
      locationChange(square, {
        ...square,
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1.5],
            [0, 0],
          ],
        ],
      }),
    ).toBe('changed');
    expect(locationChange(square, structuredClone(square))).toBeNull();
  });

  it('compares a FeatureCollection feature by feature, and ignores an elevation', () => {
    const collection = (...geometries: { type: 'Point'; coordinates: number[] }[]) => ({
      type: 'FeatureCollection' as const,
      features: geometries.map((geometry) => ({ type: 'Feature' as const, properties: {}, geometry })),
    });
    expect(locationChange(collection(point(1, 2), point(3, 4)), collection(point(1, 2), point(3, 4)))).toBeNull();
    expect(locationChange(collection(point(1, 2), point(3, 4)), collection(point(1, 2), point(3, 5)))).toBe('changed');
    expect(locationChange(collection(point(1, 2)), collection(point(1, 2), point(3, 4)))).toBe('changed');
    expect(locationChange(point(1, 2), { type: 'Point', coordinates: [1, 2, 300] })).toBeNull();
  });
});

describe('changesOf and tally', () => {
  it('count each metadata field added, changed or removed, each project and type added or removed', () => {
    const before = state({ metadata: { a: 1, b: 2, c: 3 }, projects: ['p1', 'p2'], types: ['site'], geo: point(0, 0) });
    const after = state({ metadata: { a: 1, b: 20, d: 4 }, projects: ['p2', 'p3', 'p4'], types: ['site', 'soil-plot'], geo: null });
    expect(changesOf(before, after)).toEqual({
      metadataAdded: 1,
      metadataChanged: 1,
      metadataRemoved: 1,
      locationRemoved: 1,
      projectsAdded: 2,
      projectsRemoved: 1,
      typesAdded: 1,
    });
    expect(changesOf(before, structuredClone(before))).toEqual({});
    expect(changesAnything(before, { ...before, title: 'Pond' })).toBe(true);
    expect(changesAnything(before, structuredClone(before))).toBe(false);
  });

  it('sums the records: created, updated with their changes, unchanged and errors', () => {
    const stats = tally([
      { status: 'ok', operation: 'create', before: null, after: state() },
      { status: 'ok', operation: 'update', before: state({ geo: point(0, 0) }), after: state({ geo: point(0, 1), metadata: { a: 1 } }) },
      { status: 'ok', operation: 'update', before: state(), after: state({ geo: point(3, 4) }) },
      { status: 'ok', operation: 'none', before: state(), after: state() },
      { status: 'error', operation: null, before: null, after: null },
    ]);
    expect(stats).toMatchObject({
      created: 1,
      updated: 2,
      unchanged: 1,
      errors: 1,
      metadataAdded: 1,
      locationChanged: 1,
      locationAdded: 1,
      locationRemoved: 0,
    });
  });
});
