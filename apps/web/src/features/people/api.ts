import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstitutionsResponse, PeopleResponse, PersonDetail, PersonProfile, ProseMirrorDoc, RevisionDetail, RevisionsResponse } from '@observatory/shared';
import { api, type Conditional } from '../../lib/api-client';
import { institutionKeys } from '../../lib/query-keys';
import { conflictOf } from '../../lib/versions';
import { peopleKeys } from './keys';

export type { PersonProfile };

export function usePeople(q: string, p: number) {
  return useQuery({
    queryKey: peopleKeys.list(q, p),
    queryFn: ({ signal }) => api.page<PeopleResponse>('/people', { q: q || undefined, p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(slug: string) {
  return useQuery({ queryKey: peopleKeys.detail(slug), queryFn: () => api.get<PersonProfile>(`/people/${encodeURIComponent(slug)}`) });
}

const personPath = (slug: string) => `/people/${encodeURIComponent(slug)}`;

/** A change based on the version its form started from (`conditional`: its If-Match). */
export function useUpdatePerson(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: { name: string; orcid: string | null; bio: ProseMirrorDoc | null; conditional?: Conditional }) =>
      api.put<PersonDetail>(personPath(slug), input, conditional),
    // Refused as changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: peopleKeys.detail(slug) });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.bioRevisions(slug) });
      return client.invalidateQueries({ queryKey: peopleKeys.detail(slug) });
    },
  });
}

// Revisions of a person's bio (the person and managePeople only)

const bioRevisionsPath = (slug: string) => `${personPath(slug)}/revisions`;

export function useBioRevisions(slug: string) {
  return useQuery({ queryKey: peopleKeys.bioRevisions(slug), queryFn: () => api.get<RevisionsResponse>(bioRevisionsPath(slug)).then((r) => r.revisions) });
}

export const bioRevisionQuery = (slug: string, rid: string | null) =>
  queryOptions({ queryKey: peopleKeys.bioRevision(slug, rid), queryFn: () => api.get<RevisionDetail>(`${bioRevisionsPath(slug)}/${rid}`), enabled: !!rid });

/** Makes an older bio current again: a new revision, and the profile as it now reads. */
export function useRestoreBioRevision(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rid: string) => api.post<PersonDetail>(`${bioRevisionsPath(slug)}/${rid}/restore`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.bioRevisions(slug) });
      return client.invalidateQueries({ queryKey: peopleKeys.detail(slug) });
    },
  });
}

export function useAffiliationMutations(slug: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: peopleKeys.detail(slug) });
  return {
    put: useMutation({
      mutationFn: (input: { institution: string; title?: string | null; primary?: boolean }) =>
        api.put(`${personPath(slug)}/affiliations/${encodeURIComponent(input.institution)}`, { title: input.title, primary: input.primary }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (institution: string) => api.del(`${personPath(slug)}/affiliations/${encodeURIComponent(institution)}`),
      onSuccess: refresh,
    }),
  };
}

/** Institutions to pick from (the same cached answer the partners pages use). */
export function useInstitutionChoices() {
  return useQuery({
    queryKey: institutionKeys.all,
    queryFn: () => api.get<InstitutionsResponse>('/institutions'),
    select: (data) => data.institutions.map((i) => ({ value: i.slug, label: i.name })),
  });
}

export function useAddPerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; orcid: string | null; bio: ProseMirrorDoc | null }) => api.post<PersonDetail>('/people', input),
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
