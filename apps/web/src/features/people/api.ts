import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invitation, Person, PersonListItemSchema, ProseMirrorDoc } from '@observatory/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type PersonListItem = z.infer<typeof PersonListItemSchema>;
export interface PersonProfile {
  person: Person;
  permissions: string[];
  bio: ProseMirrorDoc | null;
  invitation: Invitation | null;
  projects: unknown[];
  publications: unknown[];
}

export function usePeople(q: string, p: number) {
  return useQuery({
    queryKey: ['people', { q, p }],
    queryFn: ({ signal }) => api.page<{ people: PersonListItem[] }>('/people', { q: q || undefined, p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(slug: string) {
  return useQuery({ queryKey: ['person', slug], queryFn: () => api.get<PersonProfile>(`/people/${encodeURIComponent(slug)}`) });
}
