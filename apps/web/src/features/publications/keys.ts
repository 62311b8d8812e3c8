import { publicationKeys as shared } from '../../lib/query-keys';

/** Publications: the shared keys (lib/query-keys) and the catalogue's own. */
export const publicationKeys = {
  ...shared,
  /** A page of the list: `query` is its filters as a query string. */
  list: (query: string, page: number) => ['pubs', 'list', query, page] as const,
  years: ['pubs', 'years'] as const,
  /** The publications waiting for the signed-in person to confirm them. */
  suggestions: ['pubs', 'suggestions'] as const,
  /** The publication formatted in a style, as it was when `updatedAt`. */
  citation: (id: string, style: string, updatedAt: string) => ['pub-citation', id, style, updatedAt] as const,
};

/** The key of every confirm or decline of an authorship under way (its variables name the publication). */
export const authorLinkMutationKey = ['pub-author-link'] as const;
