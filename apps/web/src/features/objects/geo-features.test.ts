import { describe, expect, it } from 'vitest';
import type { GeoJson } from '@observatory/shared';
import { extentOf, fitExtentOf, toFeatures } from './geo-features';

const props = { name: 'a', title: 'A', marker: 'default', role: 'self' as const };

describe('object geometry on the map', () => {
  it('turns a geometry or each member of a FeatureCollection into features', () => {
    expect(toFeatures(null, props)).toEqual([]);
    expect(toFeatures({ type: 'Point', coordinates: [10, 50] }, props)).toEqual([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [10, 50] }, properties: props },
    ]);
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [3, 4],
              [5, 6],
            ],
          },
        },
      ],
    } as GeoJson;
    expect(toFeatures(collection, props).map((f) => f.geometry.type)).toEqual(['Point', 'LineString']);
  });

  it('finds the extent of points, lines and polygons together', () => {
    const features = [
      ...toFeatures({ type: 'Point', coordinates: [10, 50] }, props),
      ...toFeatures(
        {
          type: 'Polygon',
          coordinates: [
            [
              [9, 49],
              [9.5, 49],
              [9.5, 51],
              [9, 49],
            ],
          ],
        },
        props,
      ),
      ...toFeatures(
        {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [11, 48],
                [12, 48],
                [12, 49],
                [11, 48],
              ],
            ],
          ],
        },
        props,
      ),
    ];
    expect(extentOf(features)).toEqual([9, 48, 12, 51]);
    expect(extentOf([])).toBeNull();
  });

  it("fits an object's map to the object itself, not to its far-flung parent and children", () => {
    const features = [
      ...toFeatures(
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 40],
              [20, 40],
              [20, 60],
              [0, 40],
            ],
          ],
        },
        { ...props, role: 'parent' },
      ),
      ...toFeatures({ type: 'Point', coordinates: [10, 50] }, props),
      ...toFeatures({ type: 'Point', coordinates: [15, 55] }, { ...props, role: 'child' }),
    ];
    expect(fitExtentOf(features)).toEqual([10, 50, 10, 50]);
    // An object with no geometry of its own: everything drawn.
    expect(fitExtentOf(features.filter((f) => f.properties.role !== 'self'))).toEqual([0, 40, 20, 60]);
  });
});
