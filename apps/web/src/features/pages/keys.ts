import type { Query } from '@tanstack/react-query';
import { pageKeys as shared } from '../../lib/query-keys';

/** Documentation pages: every key under 'pages' (the page at a path shared with the privacy statement); a page's history apart. */
export const pageKeys = {
  ...shared,
  list: (drafts: boolean) => ['pages', 'list', drafts] as const,
  search: (q: string) => ['pages', 'search', q] as const,
  revisions: (id: string) => ['page-revisions', id] as const,
  revision: (id: string, rid: string | null) => ['page-revision', id, rid] as const,
};

/** Whether a query is the page at `path`, or one below it (`pageKeys.at`). */
export const isPageAtOrBelow = (query: Query, path: string) => {
  const [, at, where] = query.queryKey;
  return at === 'at' && typeof where === 'string' && (where === path || where.startsWith(`${path}/`));
};

/** Whether a query is the page at exactly `path`. */
export const isPageAt = (query: Query, path: string | null) => query.queryKey[1] === 'at' && query.queryKey[2] === path;
