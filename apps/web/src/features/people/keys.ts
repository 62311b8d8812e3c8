import { peopleKeys as shared } from '../../lib/query-keys';

/** People: the shared keys (lib/query-keys) and the directory's pages. */
export const peopleKeys = {
  ...shared,
  list: (q: string, p: number) => ['people', { q, p }] as const,
  bioRevisions: (slug: string) => ['person-bio-revisions', slug] as const,
  bioRevision: (slug: string, rid: string | null) => ['person-bio-revision', slug, rid] as const,
};
