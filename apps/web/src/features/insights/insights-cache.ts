/**
 * The insights search cache (spec section 4): results are kept by query string and login
 * state, and reused unless a reload is forced, the login state changed, or nothing is
 * loaded. The rule is this pure function; `insightSearchQuery` (api.ts) wires it into
 * TanStack Query, whose key holds the query string and the signed-in user.
 */
import type { insightKeys } from './keys';

/** Who is asking: a signed-in user's name, or null for a visitor. */
export type LoginState = string | null;

/** What the cache holds for a search, when it holds anything. */
export interface CachedSearch {
  query: string;
  login: LoginState;
  /** Whether results were loaded (an error or a search under way loads nothing). */
  loaded: boolean;
}

/** The search about to be shown. */
export interface WantedSearch {
  query: string;
  login: LoginState;
  /** A reload asked for (the Refresh button). */
  force?: boolean;
}

/** Whether the cached results may be shown as they are, without asking the server. */
export function reuseSearch(cached: CachedSearch | null | undefined, wanted: WantedSearch): boolean {
  if (!cached || !cached.loaded) return false;
  if (wanted.force) return false;
  if (cached.login !== wanted.login) return false;
  return cached.query === wanted.query;
}

/** The query key of a search: the login state and the query string (`insightKeys.search`). */
export type InsightSearchKey = ReturnType<typeof insightKeys.search>;

/** What the cache holds under a key, as the rule reads it. */
export const cachedSearchOf = (key: InsightSearchKey, loaded: boolean): CachedSearch => ({ query: key[3], login: key[2], loaded });
