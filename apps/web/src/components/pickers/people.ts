import { queryOptions } from '@tanstack/react-query';
import type { PeopleResponse } from '@observatory/shared';
import { api } from '../../lib/api-client';

export type PersonFound = PeopleResponse['people'][number];

/** People whose name matches what was typed: the first page of `GET people?q=`. */
export const peopleSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['people', 'search', q] as const,
    queryFn: () => api.get<PeopleResponse>('/people', { q, p: 1 }).then((r) => r.people),
  });
