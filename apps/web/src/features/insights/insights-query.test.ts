import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchInsights } from './search-api';
import { insightSearchFrom, insightSearchHref, insightSearchParams, insightSearchString, defaultSort } from './insights-query';

afterEach(() => vi.unstubAllGlobals());

describe('the insights query as search parameters', () => {
  it('sends p only when the page is above 1', () => {
    expect(insightSearchParams({ q: 'soil' }).has('p')).toBe(false);
    expect(insightSearchParams({ p: 1, q: 'soil' }).has('p')).toBe(false);
    expect(insightSearchParams({ p: 0 }).has('p')).toBe(false);
    expect(insightSearchParams({ p: -3 }).has('p')).toBe(false);
    expect(insightSearchParams({ p: 2 }).get('p')).toBe('2');
    expect(insightSearchString({ p: 1 })).toBe('');
    expect(insightSearchString({ p: 3, q: 'soil' })).toBe('p=3&q=soil');
  });

  it('writes the keys in one order and leaves empty ones out, so equal searches are equal strings', () => {
    const a = insightSearchString({ v: 'members', s: 'oldest', t: 'hydro', u: 'ada', o: 'plot-7', tag: 'rain', q: ' "peat bog" -fire ', p: 4 });
    const b = insightSearchString({ q: '"peat bog" -fire', tag: 'rain', o: 'plot-7', u: 'ada', t: 'hydro', s: 'oldest', v: 'members', p: 4 });
    expect(a).toBe(b);
    expect([...new URLSearchParams(a).keys()]).toEqual(['p', 'q', 'tag', 'o', 'u', 't', 's', 'v']);
    expect(insightSearchString({ q: '  ', tag: '' })).toBe('');
  });

  it('reads a search from an address: a page below 2 and unknown sorts and visibilities are dropped', () => {
    expect(insightSearchFrom(new URLSearchParams('p=1&q=moss&s=newest&v=public'))).toEqual({ q: 'moss', s: 'newest', v: 'public' });
    expect(insightSearchFrom(new URLSearchParams('p=5&s=loudest&v=secret&tag=soil'))).toEqual({ p: 5, tag: 'soil' });
    expect(insightSearchFrom(new URLSearchParams('p=abc'))).toEqual({});
    const round = { p: 2, q: 'x', tag: 'y', o: 'o', u: 'u', t: 't', s: 'discussed', v: 'signed-in' } as const;
    expect(insightSearchFrom(insightSearchParams(round))).toEqual(round);
  });

  it('links to a search, with no "?" for none', () => {
    expect(insightSearchHref({})).toBe('/insights');
    expect(insightSearchHref({ tag: 'soil moisture' })).toBe('/insights?tag=soil+moisture');
  });

  it('sorts by relevance with a text, else newest first', () => {
    expect(defaultSort({ q: 'moss' })).toBe('relevance');
    expect(defaultSort({ q: ' ' })).toBe('newest');
    expect(defaultSort({})).toBe('newest');
  });

  it('asks GET /insights with p only above 1', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ results: [], query: {} }), {
          headers: { 'content-type': 'application/json', 'pagination-page': '1', 'pagination-count': '0', 'pagination-limit': '25' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await fetchInsights(insightSearchString({ p: 1, q: 'soil' }));
    await fetchInsights(insightSearchString({ p: 2, q: 'soil' }));
    const urls = (fetchMock.mock.calls as unknown as [string][]).map(([url]) => String(url));
    expect(urls).toEqual(['/api/v1/insights?q=soil', '/api/v1/insights?p=2&q=soil']);
  });
});
