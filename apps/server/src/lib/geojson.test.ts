import { describe, expect, it } from 'vitest';
import type { Position } from '@observatory/shared';
import { exportGeometry, feature, featureCollectionText, flatProperties, withRightHandRule, type ExportFeature } from './geojson.js';

/** Twice the signed area: positive for a counter-clockwise ring. */
const area = (ring: Position[]) => ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0] * p[1] - p[0] * ring[i]![1], 0);

const clockwise: Position[] = [
  [0, 0],
  [0, 4],
  [4, 4],
  [4, 0],
  [0, 0],
];
const counterClockwise = [...clockwise].reverse();
const hole: Position[] = [
  [1, 1],
  [2, 1],
  [2, 2],
  [1, 2],
  [1, 1],
]; // counter-clockwise: wrong for a hole

describe('ring orientation (right-hand rule)', () => {
  it('turns a clockwise exterior ring counter-clockwise and a counter-clockwise hole clockwise', () => {
    const polygon = withRightHandRule({ type: 'Polygon', coordinates: [clockwise, hole] });
    expect(area(polygon.coordinates[0]!)).toBeGreaterThan(0);
    expect(area(polygon.coordinates[1]!)).toBeLessThan(0);
    expect(polygon.coordinates[0]).toEqual(counterClockwise);
    // The same positions, the same first and last: only the direction changes.
    expect(polygon.coordinates[1]![0]).toEqual([1, 1]);
    expect(polygon.coordinates[1]!.at(-1)).toEqual([1, 1]);
  });

  it('leaves rings that already follow it as they are, and does not change what it was given', () => {
    const given = { type: 'Polygon' as const, coordinates: [counterClockwise, [...hole].reverse()] };
    const copy = structuredClone(given);
    expect(withRightHandRule(given)).toEqual(copy);
    const wrong = { type: 'Polygon' as const, coordinates: [clockwise] };
    withRightHandRule(wrong);
    expect(wrong.coordinates[0]).toEqual(clockwise);
  });

  it('orients every polygon of a MultiPolygon and of a collection; other kinds pass unchanged', () => {
    const multi = withRightHandRule({ type: 'MultiPolygon', coordinates: [[clockwise], [counterClockwise]] });
    expect(multi.coordinates.map((p) => Math.sign(area(p[0]!)))).toEqual([1, 1]);
    const line = { type: 'LineString' as const, coordinates: clockwise };
    expect(withRightHandRule(line)).toBe(line);
    const collection = withRightHandRule({ type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [clockwise] }, line] });
    expect(area((collection.geometries[0] as { coordinates: Position[][] }).coordinates[0]!)).toBeGreaterThan(0);
    expect(collection.geometries[1]).toBe(line);
  });
});

describe('exportGeometry', () => {
  it('writes a FeatureCollection as a GeometryCollection of its features’ geometries, in order, rings oriented', () => {
    const geometry = exportGeometry({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8, 47] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [clockwise] } },
      ],
    });
    expect(geometry).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [8, 47] },
        { type: 'Polygon', coordinates: [counterClockwise] },
      ],
    });
  });

  it('takes PostGIS’s GeometryCollection too, and answers null for no geometry', () => {
    expect(exportGeometry({ type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [clockwise] }] })).toEqual({
      type: 'GeometryCollection',
      geometries: [{ type: 'Polygon', coordinates: [counterClockwise] }],
    });
    expect(exportGeometry(null)).toBeNull();
    expect(exportGeometry(undefined)).toBeNull();
  });
});

describe('flat properties', () => {
  const fixed = { name: 'plot-1', title: 'Plot 1', types: ['site'] };

  it('writes each metadata field under its own name after the fixed ones, by name, numbers as numbers', () => {
    const properties = flatProperties(fixed, { depth: 12.5, area: 3, habitat: 'river', wet: true, none: null, tags: ['a'] });
    expect(Object.keys(properties)).toEqual(['name', 'title', 'types', 'area', 'depth', 'habitat', 'none', 'tags', 'wet']);
    expect(properties).toMatchObject({ area: 3, depth: 12.5, wet: true, none: null, tags: ['a'] });
    expect(typeof properties.depth).toBe('number');
  });

  it('puts metadata_ before a field that clashes with a fixed property, a format’s own name or a summary, whatever its case', () => {
    const properties = flatProperties(fixed, { name: 'other', Title: 'T', ID: 7, fid: 1, geom: 'x', depth_mean: 1, area: 2 }, { summaries: { depth_mean: 4 } });
    expect(properties).toEqual({
      ...fixed,
      area: 2,
      metadata_depth_mean: 1,
      metadata_fid: 1,
      metadata_geom: 'x',
      metadata_ID: 7,
      metadata_name: 'other',
      metadata_Title: 'T',
      depth_mean: 4,
    });
  });

  it('puts the prefix before a field already starting with it, so no two fields share a name', () => {
    const properties = flatProperties(fixed, { name: 1, metadata_name: 2, Metadata_x: 3 });
    expect(properties).toEqual({ ...fixed, metadata_name: 1, metadata_metadata_name: 2, metadata_Metadata_x: 3 });
  });

  it('follows the fields given, leaving out those an object lacks, then the summaries', () => {
    const properties = flatProperties(fixed, { b: 1, a: 2, c: 3 }, { fields: ['c', 'missing', 'a'], summaries: { t_count: 2, t_mean: 1.5 } });
    expect(Object.keys(properties)).toEqual(['name', 'title', 'types', 'c', 'a', 't_count', 't_mean']);
  });
});

describe('feature and its collection text', () => {
  const named = () => ({ name: 'n' });

  it('puts the id beside the geometry, never among the properties', () => {
    const f = feature({ id: 'abc', geo: { type: 'Point', coordinates: [1, 2] }, properties: named(), metadata: { id: 'theirs' } });
    expect(f).toEqual({ type: 'Feature', id: 'abc', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'n', metadata_id: 'theirs' } });
    expect(feature({ geo: null, properties: named() })).toEqual({ type: 'Feature', geometry: null, properties: { name: 'n' } });
  });

  it('writes a FeatureCollection a batch at a time, one feature a line, empty batches skipped', async () => {
    const one = feature({ geo: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'a' } });
    const two = feature({ geo: null, properties: { name: 'b' } });
    async function* batches(): AsyncGenerator<ExportFeature[]> {
      yield [];
      yield [one];
      yield [two, one];
    }
    const pieces: string[] = [];
    for await (const piece of featureCollectionText(batches())) pieces.push(piece);
    const text = pieces.join('');
    expect(JSON.parse(text)).toEqual({ type: 'FeatureCollection', features: [one, two, one] });
    expect(text.split('\n').filter((line) => line.includes('"Feature"'))).toHaveLength(3);
    let empty = '';
    for await (const piece of featureCollectionText([])) empty += piece;
    expect(JSON.parse(empty)).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
