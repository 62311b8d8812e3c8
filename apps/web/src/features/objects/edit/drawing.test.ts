import { describe, expect, it } from 'vitest';
import {
  addVertex,
  boundsOf,
  canFinish,
  describeGeometry,
  finishDrawing,
  fromGeoJson,
  moveVertex,
  previewGeoJson,
  roundPosition,
  startDrawing,
  toGeoJson,
  undoVertex,
  type Drawing,
} from './drawing';

const drawn = (mode: Drawing['mode'], ...vertices: [number, number][]) => vertices.reduce(addVertex, startDrawing(mode));

describe('drawing a geometry', () => {
  it('adds vertices in order; a point moves to the last click and is finished at once', () => {
    expect(drawn('LineString', [1, 2], [3, 4]).vertices).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(drawn('Point', [1, 2], [5, 6])).toEqual({ mode: 'Point', vertices: [[5, 6]], finished: true });
  });

  it('moves a dragged vertex and ignores an index that is not there', () => {
    const line = drawn('LineString', [1, 2], [3, 4]);
    expect(moveVertex(line, 1, [9, 9]).vertices).toEqual([
      [1, 2],
      [9, 9],
    ]);
    expect(moveVertex(line, 5, [9, 9])).toBe(line);
  });

  it('undoes the last point, and a finished shape can then be drawn on again', () => {
    const polygon = finishDrawing(drawn('Polygon', [0, 0], [1, 0], [1, 1]));
    expect(polygon.finished).toBe(true);
    expect(addVertex(polygon, [5, 5])).toBe(polygon);
    const undone = undoVertex(polygon);
    expect(undone).toEqual({
      mode: 'Polygon',
      vertices: [
        [0, 0],
        [1, 0],
      ],
      finished: false,
    });
    expect(addVertex(undone, [0, 1]).vertices).toHaveLength(3);
    expect(undoVertex(startDrawing('LineString')).vertices).toEqual([]);
  });

  it('finishes only with enough vertices: 1 for a point, 2 for a line, 3 for a polygon', () => {
    expect(canFinish(drawn('LineString', [0, 0]))).toBe(false);
    expect(finishDrawing(drawn('LineString', [0, 0])).finished).toBe(false);
    expect(canFinish(drawn('Polygon', [0, 0], [1, 0]))).toBe(false);
    expect(canFinish(drawn('Polygon', [0, 0], [1, 0], [1, 1]))).toBe(true);
    expect(toGeoJson(drawn('Polygon', [0, 0], [1, 0]))).toBeNull();
  });

  it('makes GeoJSON: a point, a line, and a polygon whose ring is closed by repeating its first vertex', () => {
    expect(toGeoJson(drawn('Point', [7.1, 46.2]))).toEqual({ type: 'Point', coordinates: [7.1, 46.2] });
    expect(toGeoJson(drawn('LineString', [0, 0], [1, 1]))).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    const polygon = toGeoJson(finishDrawing(drawn('Polygon', [0, 0], [1, 0], [1, 1], [0, 1])));
    expect(polygon).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
    });
  });

  it('does not close a ring twice when the last click was on the first vertex', () => {
    expect(toGeoJson(drawn('Polygon', [0, 0], [1, 0], [1, 1], [0, 0]))).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(toGeoJson(drawn('Polygon', [0, 0], [1, 0], [0, 0]))).toBeNull();
  });

  it('opens saved simple geometries for editing (the ring without its closing position) and refuses multi-part ones', () => {
    expect(
      fromGeoJson({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toEqual({
      mode: 'Polygon',
      vertices: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      finished: true,
    });
    expect(fromGeoJson({ type: 'Point', coordinates: [3, 4] })).toEqual({ mode: 'Point', vertices: [[3, 4]], finished: true });
    expect(
      fromGeoJson({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      })?.mode,
    ).toBe('LineString');
    const ring = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 0],
    ] as [number, number][];
    expect(fromGeoJson({ type: 'Polygon', coordinates: [ring, ring] })).toBeNull();
    expect(fromGeoJson({ type: 'MultiPolygon', coordinates: [[ring]] })).toBeNull();
    expect(
      fromGeoJson({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } }] }),
    ).toBeNull();
    expect(fromGeoJson(null)).toBeNull();
  });

  it('round-trips: a saved polygon edited by dragging comes back closed', () => {
    const drawing = fromGeoJson({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    })!;
    expect(toGeoJson(moveVertex(drawing, 0, [-1, -1]))).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-1, -1],
          [1, 0],
          [1, 1],
          [-1, -1],
        ],
      ],
    });
  });

  it('previews an unfinished drawing as a line, a polygon closed back to its start', () => {
    expect(previewGeoJson(drawn('Polygon', [0, 0]))).toBeNull();
    expect(previewGeoJson(drawn('Polygon', [0, 0], [1, 0], [1, 1]))).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    });
    expect(previewGeoJson(drawn('LineString', [0, 0], [1, 0]))).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 0],
      ],
    });
  });

  it('rounds clicked positions to 7 decimals', () => {
    expect(roundPosition([7.451171875000455, -54.274231866458])).toEqual([7.4511719, -54.2742319]);
  });

  it('describes geometries in words and finds their bounds', () => {
    expect(describeGeometry(null)).toBe('No geometry yet.');
    expect(
      describeGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toBe('A polygon of 3 corners.');
    expect(
      describeGeometry({
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      }),
    ).toBe('1 line (a MultiLineString).');
    expect(
      boundsOf({
        type: 'LineString',
        coordinates: [
          [5, 1],
          [-2, 8],
        ],
      }),
    ).toEqual([-2, 1, 5, 8]);
    expect(boundsOf({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [3, 4] } }] })).toEqual([
      3, 4, 3, 4,
    ]);
  });
});
