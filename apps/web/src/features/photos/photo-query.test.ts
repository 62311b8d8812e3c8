import { describe, expect, it } from 'vitest';
import { boxPolygon } from '../../lib/bbox';
import {
  badBboxIn,
  boxFromCorners,
  formatBbox,
  isFiltered,
  parseBbox,
  photoApiQuery,
  photoSearchFrom,
  photoSearchHref,
  photoSearchParams,
} from './photo-query';

describe('a box in the address', () => {
  it('reads west,south,east,north and writes it back the same, with five decimals at most', () => {
    expect(parseBbox('18.6,68.25,19.05,68.45')).toEqual([18.6, 68.25, 19.05, 68.45]);
    expect(parseBbox('-149.7,68.6,-149.5,68.7')).toEqual([-149.7, 68.6, -149.5, 68.7]);
    expect(formatBbox([18.6, 68.25, 19.05, 68.45])).toBe('18.6,68.25,19.05,68.45');
    expect(formatBbox([18.123456789, -0.000001, 19, 68.999999])).toBe('18.12346,0,19,69');
    expect(formatBbox(parseBbox('5,45,10,47')!)).toBe('5,45,10,47');
  });

  it('refuses what the API refuses: not four numbers, out of range, or edges the wrong way round', () => {
    for (const bad of [
      '',
      '1,2,3',
      '1,2,3,4,5',
      'a,b,c,d',
      '1e3,2,3,4',
      '1, 2,3,4',
      '-181,0,0,1',
      '0,-91,1,0',
      '0,0,181,1',
      '0,0,1,91',
      '10,0,5,1',
      '0,10,1,5',
    ]) {
      expect(parseBbox(bad), bad).toBeNull();
    }
    expect(parseBbox(null)).toBeNull();
    expect(parseBbox('-180,-90,180,90')).toEqual([-180, -90, 180, 90]);
  });

  it('is spanned by two dragged corners in any order, back in -180…180 from a copy of the world, clamped at its edges', () => {
    expect(boxFromCorners([19.05, 68.25], [18.6, 68.45])).toEqual([18.6, 68.25, 19.05, 68.45]);
    // Drawn on the world's copy to the east.
    expect(boxFromCorners([378.6, 68.25], [379.05, 68.45])).toEqual([18.6, 68.25, 19.05, 68.45]);
    // Across the antimeridian: it stops at it (the API takes no box across it), keeping its larger part.
    expect(boxFromCorners([170, 10], [185, 20])).toEqual([170, 10, 180, 20]);
    expect(boxFromCorners([175, 10], [195, 20])).toEqual([-180, 10, -165, 20]);
    expect(boxFromCorners([-200, -95], [200, 95])).toEqual([-180, -90, 180, 90]);
    expect(boxFromCorners([1.0000049, 2], [3.123456, 4])).toEqual([1, 2, 3.12346, 4]);
  });

  it('is drawn as a closed polygon', () => {
    expect(boxPolygon([1, 2, 3, 4]).geometry.coordinates).toEqual([
      [
        [1, 2],
        [3, 2],
        [3, 4],
        [1, 4],
        [1, 2],
      ],
    ]);
  });
});

describe('the address and the search', () => {
  it('reads every filter, the page and its size from the address', () => {
    const search = photoSearchFrom(new URLSearchParams('q=+birch+&person=ada&type=site&from=2024-05-01&to=2024-09-30&bbox=18.6,68.25,19.05,68.45&p=3&n=20'));
    expect(search).toEqual({ q: 'birch', person: 'ada', type: 'site', from: '2024-05-01', to: '2024-09-30', bbox: '18.6,68.25,19.05,68.45', p: 3, n: 20 });
    expect(isFiltered(search)).toBe(true);
  });

  it('leaves out a first page, the default size, a size or page that is no number, and a box the API would refuse', () => {
    const params = new URLSearchParams('p=1&n=10&bbox=10,0,5,1&q=');
    expect(photoSearchFrom(params)).toEqual({});
    expect(badBboxIn(params)).toBe('10,0,5,1');
    expect(badBboxIn(new URLSearchParams('bbox=5,0,10,1'))).toBeNull();
    expect(photoSearchFrom(new URLSearchParams('p=x&n=0'))).toEqual({});
    expect(photoSearchFrom(new URLSearchParams('n=500'))).toEqual({ n: 100 });
    expect(isFiltered(photoSearchFrom(new URLSearchParams('p=2&n=20')))).toBe(false);
  });

  it('passes dates on as typed: a reversed range is the server’s to name', () => {
    expect(photoSearchFrom(new URLSearchParams('from=2024-09-30&to=2024-05-01'))).toEqual({ from: '2024-09-30', to: '2024-05-01' });
    expect(photoApiQuery({ from: '2024-09-30', to: '2024-05-01' })).toBe('from=2024-09-30&to=2024-05-01&p=1&n=10');
  });

  it('writes the address in one order with the defaults left out, and always asks the API with p and n', () => {
    const search = { n: 10, p: 1, bbox: '1,2,3,4', to: '2024-12-31', from: '2024-01-01', type: 'site', person: 'ada', q: 'moss' };
    expect(photoSearchParams(search).toString()).toBe('q=moss&person=ada&type=site&from=2024-01-01&to=2024-12-31&bbox=1%2C2%2C3%2C4');
    expect(photoApiQuery({})).toBe('p=1&n=10');
    expect(photoApiQuery({ q: 'moss', p: 2, n: 50 })).toBe('q=moss&p=2&n=50');
    // The address round-trips.
    const back = photoSearchFrom(photoSearchParams({ ...search, p: 4, n: 20 }));
    expect(back).toEqual({ ...search, p: 4, n: 20 });
  });

  it('links the grid and the viewer over the same search', () => {
    expect(photoSearchHref({})).toBe('/photos');
    expect(photoSearchHref({ q: 'moss', p: 2 })).toBe('/photos?q=moss&p=2');
    expect(photoSearchHref({ q: 'moss', p: 2 }, 'a1')).toBe('/photos/a1?q=moss&p=2');
  });
});
