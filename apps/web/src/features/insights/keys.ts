import { teamKeys } from '../../lib/query-keys';

/**
 * Insights: searches (by login state and query string: insights-cache.ts reads them back),
 * the tags, one insight (by its number or its id), its text's history and its comments.
 */
export const insightKeys = {
  /** Every search: forgotten after any insight is written. */
  searches: ['insights', 'search'] as const,
  /** `login`: the signed-in user's name, or null for a visitor (insights-cache's LoginState). */
  search: (query: string, login: string | null) => ['insights', 'search', login, query] as const,
  tags: ['insight-tags'] as const,
  details: ['insight'] as const,
  detail: (key: string) => ['insight', key] as const,
  revisions: (id: string) => ['insight-revisions', id] as const,
  revision: (id: string, rid: string | null) => ['insight-revision', id, rid] as const,
  comments: (insightId: string) => ['insight-comments', insightId] as const,
  /** The teams the signed-in user belongs to (an insight's team is one of them). */
  myTeams: teamKeys.mine,
};
