import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { InsightResult } from '@observatory/shared';
import { ApiError } from '../../lib/api-client';
import { useInsightResults, type InsightsFetcher } from './search-api';
import { reuseSearch } from './insights-cache';

describe('the insights search cache rule', () => {
  const cached = { query: 'q=soil', login: 'ada', loaded: true };

  it('reuses the results of the same query string and login', () => {
    expect(reuseSearch(cached, { query: 'q=soil', login: 'ada' })).toBe(true);
    expect(reuseSearch({ ...cached, login: null }, { query: 'q=soil', login: null })).toBe(true);
  });

  it('loads again when a reload is forced', () => {
    expect(reuseSearch(cached, { query: 'q=soil', login: 'ada', force: true })).toBe(false);
  });

  it('loads again when the login state changed', () => {
    expect(reuseSearch(cached, { query: 'q=soil', login: null })).toBe(false);
    expect(reuseSearch(cached, { query: 'q=soil', login: 'grace' })).toBe(false);
    expect(reuseSearch({ ...cached, login: null }, { query: 'q=soil', login: 'ada' })).toBe(false);
  });

  it('loads when nothing is loaded', () => {
    expect(reuseSearch(null, { query: 'q=soil', login: 'ada' })).toBe(false);
    expect(reuseSearch(undefined, { query: 'q=soil', login: 'ada' })).toBe(false);
    expect(reuseSearch({ ...cached, loaded: false }, { query: 'q=soil', login: 'ada' })).toBe(false);
  });

  it('does not reuse another query’s results', () => {
    expect(reuseSearch(cached, { query: 'q=soil&p=2', login: 'ada' })).toBe(false);
  });
});

const result = (title: string) => ({ id: title, num: 1, title, snippet: '', highlights: [] }) as unknown as InsightResult;
const answer = (titles: string[]) => ({ data: { results: titles.map(result), query: {} }, pagination: { page: 1, count: titles.length, limit: 25 } });

function renderSearch(fetch: InsightsFetcher, initial: { query: string; login: string | null }) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ query, login }) => useInsightResults(query, login, true, fetch), { wrapper, initialProps: initial });
}

describe('the insights search in TanStack Query', () => {
  it('reuses a search shown before, asks again on Refresh and when the login changes', async () => {
    const fetch = vi.fn<InsightsFetcher>(async (query) => answer([query || 'all']));
    const { result, rerender } = renderSearch(fetch, { query: 'q=soil', login: null });
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['q=soil']));
    rerender({ query: 'q=moss', login: null });
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['q=moss']));
    // Back to the first search: the cache answers, the server is not asked.
    rerender({ query: 'q=soil', login: null });
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['q=soil']));
    expect(fetch).toHaveBeenCalledTimes(2);

    // A forced reload asks again.
    act(() => result.current.refresh());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));

    // Signed in: the same query string is asked again, as that user.
    rerender({ query: 'q=soil', login: 'ada' });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(fetch.mock.calls.map(([q]) => q)).toEqual(['q=soil', 'q=moss', 'q=soil', 'q=soil']);
  });

  it('asks again for a search that loaded nothing (it failed)', async () => {
    const fetch = vi
      .fn<InsightsFetcher>()
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Down', 'Down'))
      .mockResolvedValue(answer(['Peat']));
    const { result, rerender } = renderSearch(fetch, { query: 'q=peat', login: null });
    await waitFor(() => expect(result.current.error).toBe('Down'));
    rerender({ query: 'q=other', login: null });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    rerender({ query: 'q=peat', login: null });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['Peat']));
  });
});
