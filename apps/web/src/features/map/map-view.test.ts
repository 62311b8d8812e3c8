import { describe, expect, it } from 'vitest';
import { AREA_PARAM, clusterDiameter, formatArea, geometryAnchor, geometryBbox, parseArea, requestedTypes, resolveView } from './map-view';

const views = [
  { name: 'properties', title: 'Sites', types: ['property'] },
  {
    name: 'lakes',
    title: 'Lakes',
    types: ['lake'],
    styleUrl: 'https://tiles.example.org/style.json',
    extent: [5, 45, 11, 48] as [number, number, number, number],
  },
];

describe('resolveView', () => {
  it('shows every type on /map itself', () => {
    expect(resolveView(views, undefined)).toEqual({ name: null, title: 'Map', types: [], styleUrl: undefined, extent: null });
  });

  it('takes a configured view with its types, style and extent', () => {
    expect(resolveView(views, 'lakes')).toEqual({
      name: 'lakes',
      title: 'Lakes',
      types: ['lake'],
      styleUrl: 'https://tiles.example.org/style.json',
      extent: [5, 45, 11, 48],
    });
    expect(resolveView(views, 'properties')).toMatchObject({ title: 'Sites', styleUrl: undefined, extent: null });
  });

  it('answers null for a view not configured', () => {
    expect(resolveView(views, 'nowhere')).toBeNull();
  });
});

describe('requestedTypes', () => {
  it('asks for every type when the whole map shows all', () => {
    expect(requestedTypes([], ['property', 'site'], new Set())).toBeUndefined();
  });

  it('leaves out the types switched off', () => {
    expect(requestedTypes([], ['property', 'site', 'soil-plot'], new Set(['site']))).toEqual(['property', 'soil-plot']);
    expect(requestedTypes(['vegetation-plot', 'soil-plot'], [], new Set(['soil-plot']))).toEqual(['vegetation-plot']);
  });

  it('answers an empty list when every type of a view is off', () => {
    expect(requestedTypes(['property'], [], new Set(['property']))).toEqual([]);
  });
});

describe('geometryBbox and geometryAnchor', () => {
  it('a point is its own box and anchor', () => {
    const point = { type: 'Point', coordinates: [8.5, 47.3] };
    expect(geometryBbox(point)).toEqual([8.5, 47.3, 8.5, 47.3]);
    expect(geometryAnchor(point)).toEqual([8.5, 47.3]);
  });

  it('a polygon spans its ring; its anchor is the box centre', () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [8, 47],
          [9, 47],
          [9, 48.5],
          [8, 47],
        ],
      ],
    };
    expect(geometryBbox(polygon)).toEqual([8, 47, 9, 48.5]);
    expect(geometryAnchor(polygon)).toEqual([8.5, 47.75]);
  });

  it('a FeatureCollection spans all its features', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { geometry: { type: 'Point', coordinates: [1, 2] } },
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [3, -4],
              [5, 6],
            ],
          },
        },
      ],
    };
    expect(geometryBbox(collection)).toEqual([1, -4, 5, 6]);
  });

  it('no geometry: no box and no anchor', () => {
    expect(geometryBbox(null)).toBeNull();
    expect(geometryAnchor(undefined)).toBeNull();
  });
});

describe('clusterDiameter', () => {
  it('grows with the count, within bounds', () => {
    expect(clusterDiameter(2)).toBeGreaterThanOrEqual(28);
    expect(clusterDiameter(100)).toBeGreaterThan(clusterDiameter(10));
    expect(clusterDiameter(10_000_000)).toBe(64);
  });
});

describe('an area in the address', () => {
  it('is read back as it was written', () => {
    const area: [number, number, number, number] = [8.4, 47.25, 8.6, 47.35];
    expect(parseArea(`?${AREA_PARAM}=${formatArea(area)}`)).toEqual(area);
    expect(formatArea([8.123456789, 47.1, 8.2, 47.2])).toBe('8.12346,47.1,8.2,47.2');
  });

  it('is none when missing or not a box on the globe', () => {
    for (const search of ['', '?area=', '?area=1,2,3', '?area=a,b,c,d', '?area=8,47,7,48', '?area=8,48,9,47', '?area=-190,0,10,10', '?area=0,-91,10,10'])
      expect(parseArea(search), search).toBeNull();
  });
});
