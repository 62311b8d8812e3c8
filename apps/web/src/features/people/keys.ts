import { peopleKeys as shared } from '../../lib/query-keys';

/** People: the shared keys (lib/query-keys) and the directory's pages. */
export const peopleKeys = {
  ...shared,
  list: (q: string, p: number) => ['people', { q, p }] as const,
};
