import { SANDBOX_LIMITS } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { asTimeSeries, bucketsFor } from './SandboxCharts';
import { badBoxIn, boxFromCorners, EMPTY_SANDBOX, filterBody, parseBox, queryBody, sandboxFrom, sandboxHref, sandboxParams } from './sandbox-query';

const from = (qs: string) => sandboxFrom(new URLSearchParams(qs));

describe('the sandbox query in the address', () => {
  it('reads every part, in order, each once', () => {
    const state = from(
      'type=site&type=property&type=site&project=river&metric=chlorophyll-a&f=habitat:river&f=siteCode:a:b&bbox=-10,40,5.5,51&from=2024-01-01T00:00:00.000Z&to=2025-01-01T00:00:00Z&flag=suspect&flag=bad&flag=doubtful&level=released&p=3&n=20&tab=charts',
    );
    expect(state).toEqual({
      types: ['site', 'property'],
      projects: ['river'],
      metrics: ['chlorophyll-a'],
      where: [
        { field: 'habitat', value: 'river' },
        { field: 'siteCode', value: 'a:b' },
      ],
      bbox: [-10, 40, 5.5, 51],
      from: '2024-01-01T00:00:00.000Z',
      to: '2025-01-01T00:00:00Z',
      flags: ['suspect', 'bad'],
      levels: ['released'],
      p: 3,
      n: 20,
      tab: 'charts',
    });
  });

  it('writes one order with the defaults left out, so equal queries are equal addresses', () => {
    const state = from('metric=ndvi&to=2025-01-01T00:00:00.000Z&type=site&n=50&p=1&tab=table&f=habitat:river');
    expect(sandboxParams(state).toString()).toBe('type=site&metric=ndvi&f=habitat%3Ariver&to=2025-01-01T00%3A00%3A00.000Z');
    expect(sandboxHref({ ...state, to: null })).toBe('/sandbox?type=site&metric=ndvi&f=habitat%3Ariver');
    expect(sandboxHref(EMPTY_SANDBOX)).toBe('/sandbox');
    // Read back, it is the same query.
    expect(sandboxFrom(sandboxParams(state))).toEqual(state);
  });

  it('leaves out what the API would refuse, and cuts lists to its limits', () => {
    const many = Array.from({ length: 12 }, (_, i) => `type=t${i}`).join('&');
    const state = from(`${many}&f=no%20field:x&f=:x&f=nofield&bbox=10,0,0,10&from=yesterday&to=2024-13-45T00:00:00Z&p=-2&n=500&tab=nope`);
    expect([state.from, state.to]).toEqual([null, null]);
    expect(state.types).toHaveLength(SANDBOX_LIMITS.types);
    expect(state.where).toEqual([]);
    expect(state.bbox).toBeNull();
    expect(state.p).toBe(1);
    expect(state.n).toBe(SANDBOX_LIMITS.maxPerPage);
    expect(state.tab).toBe('table');
    expect(badBoxIn(new URLSearchParams('bbox=10,0,0,10'))).toBe('10,0,0,10');
    expect(badBoxIn(new URLSearchParams('bbox=0,0,10,10'))).toBeNull();
  });

  it('takes only boxes in range and not inverted', () => {
    expect(parseBox('0,0,10,10')).toEqual([0, 0, 10, 10]);
    for (const bad of ['0,0,10', '0,0,10,x', '-181,0,10,10', '0,-91,10,10', '0,10,10,0', '10,0,0,10', ',,,']) expect(parseBox(bad), bad).toBeNull();
    // Dragged in any order, and on a copy of the world: brought back and clamped.
    expect(boxFromCorners([370, 60], [365, 50])).toEqual([5, 50, 10, 60]);
    expect(boxFromCorners([150, -95], [175, 10])).toEqual([150, -90, 175, 10]);
    expect(boxFromCorners([170, 0], [200, 10])).toEqual([-180, 0, -160, 10]);
  });

  it('sends the filter’s set parts, and the page with the query', () => {
    const state = from('type=site&metric=chlorophyll-a&p=2&from=2024-01-01T00:00:00.000Z');
    expect(filterBody(state)).toEqual({ types: ['site'], metrics: ['chlorophyll-a'], from: '2024-01-01T00:00:00.000Z' });
    expect(filterBody({ ...state, flags: ['good'], levels: ['released'] })).toMatchObject({ flags: ['good'], levels: ['released'] });
    expect(sandboxFrom(sandboxParams({ ...state, flags: ['good', 'missing'] })).flags).toEqual(['good', 'missing']);
    expect(queryBody(state)).toEqual({ types: ['site'], metrics: ['chlorophyll-a'], from: '2024-01-01T00:00:00.000Z', p: 2, n: 50 });
    expect(queryBody(EMPTY_SANDBOX)).toEqual({ p: 1, n: 50 });
  });
});

describe('the sandbox charts', () => {
  it('ask for about a bucket per three pixels, within the API’s bounds', () => {
    expect(bucketsFor(0)).toBe(20);
    expect(bucketsFor(900)).toBe(300);
    expect(bucketsFor(4000)).toBe(SANDBOX_LIMITS.maxBuckets);
  });

  it('draw the buckets as three series: mean, lowest, highest', () => {
    const chart = asTimeSeries({
      metric: { name: 'chlorophyll-a', title: 'Chlorophyll a', unit: 'ug/L', type: 'number' },
      from: '2024-01-01T00:00:00.000Z',
      to: '2024-01-03T00:00:00.000Z',
      objects: 2,
      observations: 3,
      buckets: [
        { time: '2024-01-01T12:00:00.000Z', n: 2, mean: 2, min: 1, max: 3 },
        { time: '2024-01-02T12:00:00.000Z', n: 1, mean: 5, min: 5, max: 5 },
      ],
    });
    expect(chart.unit).toBe('ug/L');
    expect(chart.series.map((s) => s.object.title)).toEqual(['Mean', 'Lowest', 'Highest']);
    expect(chart.series[0]).toEqual({
      object: { name: 'mean', title: 'Mean' },
      times: [Date.parse('2024-01-01T12:00:00Z'), Date.parse('2024-01-02T12:00:00Z')],
      values: [2, 5],
      flagged: [],
    });
    expect(chart.series[2]!.values).toEqual([3, 5]);
  });
});
