import { queryOptions } from '@tanstack/react-query';
import type { PeopleResponse } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { peopleKeys } from '../../lib/query-keys';

export type PersonFound = PeopleResponse['people'][number];

/** People whose name matches what was typed: the first page of `GET people?q=`. */
export const peopleSearchQuery = (q: string) =>
  queryOptions({
    queryKey: peopleKeys.search(q),
    queryFn: () => api.get<PeopleResponse>('/people', { q, p: 1 }).then((r) => r.people),
  });
