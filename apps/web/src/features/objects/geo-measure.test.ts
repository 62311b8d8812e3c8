import { readFileSync } from 'node:fs';
import { GeoJsonInputSchema, type GeoJson } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { formatArea, formatLength, latLon, locationFacts, locationSentence } from './geo-measure';

// NEON's eco-climatic domains (apps/server/test/fixtures/README.md): real polygons of a continent's size. Tests run from the repository's root.
const domains = GeoJsonInputSchema.parse(JSON.parse(readFileSync('apps/server/test/fixtures/neon_domains.geojson', 'utf8')));

describe('locationFacts', () => {
  it('gives a point its latitude and longitude and no area or extent', () => {
    const facts = locationFacts({ type: 'Point', coordinates: [18.81551, 68.35413] });
    expect(facts.point).toEqual([18.81551, 68.35413]);
    expect(latLon(facts.point!)).toBe('68.35413, 18.81551');
    expect(facts).toMatchObject({ area: null, length: null, extent: null });
  });

  it('measures a square degree at the equator as the sphere has it (R² · Δλ · Δsin φ)', () => {
    const square: GeoJson = {
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
    };
    const expected = 6_378_137 ** 2 * (Math.PI / 180) * Math.sin(Math.PI / 180);
    const facts = locationFacts(square);
    expect(facts.area! / expected).toBeCloseTo(1, 6);
    expect(formatArea(facts.area!)).toBe('12,391 km²');
    // One degree along the equator and along a meridian: 111.3 km, shown to the kilometre above 100 km.
    expect(formatLength(facts.extent!.width)).toBe('111 km');
    expect(formatLength(facts.extent!.height)).toBe('111 km');
    expect(facts.centre).toEqual([0.5, 0.5]);
  });

  it('takes a hole away from its polygon', () => {
    const outer = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const hole = [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.75, 0.75],
      [0.25, 0.75],
      [0.25, 0.25],
    ];
    const whole = locationFacts({ type: 'Polygon', coordinates: [outer] }).area!;
    expect(locationFacts({ type: 'Polygon', coordinates: [outer, hole] }).area! / whole).toBeCloseTo(0.75, 3);
  });

  it("finds a real domain's area within 0.2 % of PostGIS's on the spheroid (432,110 km² for NEON's Northeast)", () => {
    const northeast = domains.type === 'FeatureCollection' ? domains.features[0]!.geometry : domains;
    const area = locationFacts(northeast).area!;
    expect(Math.abs(area / 1e6 / 432_110.5 - 1)).toBeLessThan(0.002);
  });

  it('adds up every polygon of a collection and spans their extent', () => {
    const facts = locationFacts(domains);
    expect(facts.area).toBeGreaterThan(0);
    expect(facts.point).toBeNull();
    expect(facts.extent).toMatchObject({ west: expect.closeTo(-168.12, 1), north: expect.closeTo(71.41, 1) });
  });

  it('measures a line along the ground', () => {
    const facts = locationFacts({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
    });
    expect(formatLength(facts.length!)).toBe('223 km');
    expect(facts.area).toBeNull();
  });
});

describe('formatArea and formatLength', () => {
  it('reads in m², ha or km², and m or km', () => {
    expect(formatArea(420)).toBe('420 m²');
    expect(formatArea(123_456)).toBe('12.35 ha');
    expect(formatArea(45_600_000)).toBe('45.6 km²');
    expect(formatLength(12.4)).toBe('12 m');
    expect(formatLength(1530)).toBe('1.53 km');
  });
});

describe('locationSentence', () => {
  it('says where a point is, with its hemispheres', () => {
    expect(locationSentence(locationFacts({ type: 'Point', coordinates: [18.81551, 68.35413] }))).toBe('A point at 68.35413° N, 18.81551° E.');
    expect(locationSentence(locationFacts({ type: 'Point', coordinates: [-70.3, -33.4] }))).toBe('A point at 33.40000° S, 70.30000° W.');
  });

  it('gives an area its size, centre and extent, and a line its length', () => {
    const square: GeoJson = {
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
    };
    expect(locationSentence(locationFacts(square))).toBe('An area of 12,391 km² around 0.50000° N, 0.50000° E, 111 km east–west by 111 km north–south.');
    expect(
      locationSentence(
        locationFacts({
          type: 'LineString',
          coordinates: [
            [0, 0],
            [0, 1],
          ],
        }),
      ),
    ).toBe('A line 111 km long around 0.50000° N, 0.00000° E, 0 m east–west by 111 km north–south.');
  });
});
