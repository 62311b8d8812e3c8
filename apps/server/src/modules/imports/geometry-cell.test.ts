import { describe, expect, it } from 'vitest';
import { applyHumanMessages } from '@observatory/shared';
import { geometryOfCell } from './geometry-cell.js';

applyHumanMessages();

describe('geometryOfCell', () => {
  const square = [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ];

  it('reads GeoJSON text: a geometry, a Feature’s geometry, a FeatureCollection', () => {
    expect(geometryOfCell(JSON.stringify({ type: 'Polygon', coordinates: square }))).toEqual({ geo: { type: 'Polygon', coordinates: square } });
    expect(geometryOfCell(` {"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":[-105.5,40.1,2300]}} `)).toEqual({
      geo: { type: 'Point', coordinates: [-105.5, 40.1, 2300] },
    });
    const collection = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }] };
    expect(geometryOfCell(JSON.stringify(collection))).toEqual({ geo: collection });
  });

  it('reads WKT of every kind, with Z, M or SRID=4326', () => {
    expect(geometryOfCell('POINT (-105.546 40.059)')).toEqual({ geo: { type: 'Point', coordinates: [-105.546, 40.059] } });
    expect(geometryOfCell('point z(1 2 3)')).toEqual({ geo: { type: 'Point', coordinates: [1, 2] } });
    expect(geometryOfCell('SRID=4326;LINESTRING(0 0, 1 1.5e0)')).toEqual({
      geo: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1.5],
        ],
      },
    });
    expect(geometryOfCell('POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))')).toEqual({ geo: { type: 'Polygon', coordinates: square } });
    expect(geometryOfCell('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 1, 0 0)), ((10 10, 11 10, 11 11, 10 10)))')).toMatchObject({
      geo: {
        type: 'MultiPolygon',
        coordinates: [
          square,
          [
            [
              [10, 10],
              [11, 10],
              [11, 11],
              [10, 10],
            ],
          ],
        ],
      },
    });
    expect(geometryOfCell('MULTILINESTRING ZM ((0 0 1 2, 1 1 1 2))')).toEqual({
      geo: {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
    });
    expect(geometryOfCell('GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))')).toEqual({
      geo: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'LineString',
              coordinates: [
                [0, 0],
                [1, 1],
              ],
            },
          },
        ],
      },
    });
  });

  it('says why a cell is neither GeoJSON nor WKT, or not a geometry the catalogue takes', () => {
    const error = (cell: string) => (geometryOfCell(cell) as { error: string }).error;
    expect(error('somewhere near the lake')).toBe('“somewhere near the lake” is neither GeoJSON nor WKT: “somewhere” is not a WKT geometry type');
    expect(error('POINT (1)')).toBe('“POINT (1)” is neither GeoJSON nor WKT: a position has 1 numbers (2 to 4)');
    expect(error('POLYGON ((0 0, 1 0, 1 1, 0 0)')).toMatch(/it ends too early/);
    expect(error('POINT EMPTY')).toMatch(/POINT EMPTY is no location/);
    expect(error('POINT (1 2) x')).toMatch(/“x” after the end/);
    expect(error('SRID=3857;POINT (1 2)')).toMatch(/SRID 3857/);
    expect(error('{"type": "Polygon", ')).toMatch(/is not GeoJSON/);
    expect(error('{"type":"Point","coordinates":[200,10]}')).toMatch(/^Not a geometry the catalogue takes: /);
    expect(error('POLYGON ((0 0, 1 0, 0 0))')).toMatch(/^Not a geometry the catalogue takes: /);
    expect(error('x'.repeat(100))).toMatch(/^“x{40}…” is neither/);
  });
});
