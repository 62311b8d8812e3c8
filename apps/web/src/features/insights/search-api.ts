import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsResponse } from '@observatory/shared';
import { api, type ApiResponse } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { errorText } from '../../lib/errors';
import { cachedSearchOf, reuseSearch, type LoginState } from './insights-cache';
import { insightKeys } from './keys';
import { insightSearchString, type InsightSearch } from './insights-query';

/**
 * Insights' search, apart from the rest of their API (api.ts): the home page shows recent
 * insights with it and loads nothing else of theirs.
 */

/** An insight's API path: its id or its number. */
export const insightPath = (key: string | number) => `/insights/${encodeURIComponent(String(key))}`;

export type InsightsFetcher = (query: string, signal?: AbortSignal) => Promise<ApiResponse<InsightsResponse>>;

/** GET insights?{query}: `query` is already the API's query string (p only above 1). */
export const fetchInsights: InsightsFetcher = (query, signal) =>
  api.page<InsightsResponse>('/insights', Object.fromEntries(new URLSearchParams(query)), signal);

/** How long a search nobody shows stays in memory (then nothing is loaded, and it is asked again). */
const SEARCH_KEPT_MS = 30 * 60_000;

/**
 * A search's results, cached by query string and login state (spec section 4): reused
 * while the same search is shown again as the same user (staleTime from `reuseSearch`),
 * asked again when a reload is forced (`refetch`), when the login changes (another key)
 * or when nothing is loaded (no data under the key).
 */
export const insightSearchQuery = (query: string, login: LoginState, fetch: InsightsFetcher = fetchInsights) =>
  queryOptions({
    queryKey: insightKeys.search(query, login),
    queryFn: ({ signal }) => fetch(query, signal),
    staleTime: (cached) => (reuseSearch(cachedSearchOf(cached.queryKey, cached.state.data !== undefined), { query, login }) ? Infinity : 0),
    gcTime: SEARCH_KEPT_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The state of a search for a given login: what the search screen and the home page show. */
export function useInsightResults(query: string, login: LoginState, enabled = true, fetch?: InsightsFetcher) {
  const list = useQuery({ ...insightSearchQuery(query, login, fetch), enabled });
  const answer = list.data;
  const results = answer?.data.results ?? [];
  return {
    results,
    /** The query as the server understood it. */
    understood: answer?.data.query ?? null,
    /** The page shown (0: none yet). */
    page: answer ? (answer.pagination?.page ?? 1) : 0,
    total: answer ? (answer.pagination?.count ?? results.length) : 0,
    perPage: answer?.pagination?.limit || 25,
    /** Nothing to show yet. */
    loading: !answer && (list.isFetching || list.isPending),
    busy: list.isFetching,
    /** The answer shown is an older search's while this one loads. */
    stale: list.isPlaceholderData,
    error: list.error ? errorText(list.error) : null,
    /** A reload forced: the server is asked again even for a search in the cache. */
    refresh: () => void list.refetch(),
  };
}

/** A search as the signed-in user (or a visitor), once the session is known. */
export function useInsightSearch(search: InsightSearch) {
  const auth = useCurrentUser();
  return useInsightResults(insightSearchString(search), auth.user?.username ?? null, !auth.isLoading);
}
