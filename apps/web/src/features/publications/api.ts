import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Citation,
  CitationStyle,
  PublicationDetail,
  PublicationExportFormat,
  PublicationInput,
  PublicationsParsed,
  PublicationsResponse,
  Publication,
} from '@observatory/shared';
import { api, apiUrl, type Conditional } from '../../lib/api-client';
import { institutionKeys, peopleKeys, projectKeys } from '../../lib/query-keys';
import { authorLinkMutationKey, publicationKeys } from './keys';
import { retryServerFaults } from '../../lib/errors';
import { conflictOf } from '../../lib/versions';

/** A publication's API path: its id or its slug. */
export const publicationPath = (key: string) => `/pubs/${encodeURIComponent(key)}`;

// The list and its filters

/** The filters of the list, as the address and the API name them (the page apart). */
export const PUBLICATION_FILTERS = ['year', 'type', 'person', 'project'] as const;
export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];
export type PublicationFilters = { q?: string | null } & Partial<Record<PublicationFilter, string | null>>;

/** The search and filters as a query string in one order (the key of the list's cache), empty ones left out. */
export function publicationQuery(filters: PublicationFilters): string {
  const params = new URLSearchParams();
  for (const name of ['q', ...PUBLICATION_FILTERS] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params.toString();
}

/** GET pubs?{query}&p: a page of 25, with the pagination headers. */
export const publicationListQuery = (query: string, page: number) =>
  queryOptions({
    queryKey: publicationKeys.list(query, page),
    queryFn: ({ signal }) =>
      api.page<PublicationsResponse>('/pubs', { ...Object.fromEntries(new URLSearchParams(query)), ...(page > 1 ? { p: page } : {}) }, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePublicationList = (query: string, page: number) => useQuery(publicationListQuery(query, page));

/** GET pubs/years: the years with publications, newest first (the year filter's choices). */
export function usePublicationYears() {
  return useQuery({
    queryKey: publicationKeys.years,
    queryFn: () => api.get<{ years: { year: number; count: number }[] }>('/pubs/years').then((r) => r.years),
    staleTime: 5 * 60_000,
  });
}

/** The file of everything the filters match (BibTeX, RIS or CSL-JSON): public, so a plain link downloads it. */
export const exportHref = (query: string, format: PublicationExportFormat) =>
  apiUrl('/pubs/export', { format, ...Object.fromEntries(new URLSearchParams(query)) });

/** One publication's file. */
export const publicationExportHref = (id: string, format: PublicationExportFormat) => apiUrl(`${publicationPath(id)}/export`, { format });

// One publication

/** 404s show the error screen; nothing is retried. No key: nothing asked. */
export function usePublication(key: string) {
  return useQuery({
    enabled: key !== '',
    queryKey: publicationKeys.detail(key),
    queryFn: () => api.get<PublicationDetail>(publicationPath(key)),
    retry: retryServerFaults,
  });
}

/** The publication formatted in a style: asked again when the publication changed. */
export function useCitation(publication: Pick<Publication, 'id' | 'updatedAt'>, style: CitationStyle) {
  return useQuery({
    queryKey: publicationKeys.citation(publication.id, style, publication.updatedAt),
    queryFn: () => api.get<Citation>(`${publicationPath(publication.id)}/citation`, { style }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: retryServerFaults,
  });
}

/** A project's, a person's and a partner's pages list their publications. */
const PAGES_LISTING_PUBLICATIONS = [projectKeys.details, peopleKeys.details, institutionKeys.details];

/**
 * After a publication is written: its lists, its page, its citations, and the pages that
 * list publications (a project's, a person's, a partner's) are asked again.
 */
export function refreshPublications(client: QueryClient) {
  const roots = [publicationKeys.all, publicationKeys.details, publicationKeys.citations, ...PAGES_LISTING_PUBLICATIONS];
  for (const root of roots) void client.invalidateQueries({ queryKey: root });
}

/** The fields as the API takes them (PUT: only those that changed). */
export type PublicationBody = { publication: Partial<PublicationInput> };

/**
 * Add a publication (no id) or change one (based on the version its form started from:
 * `conditional`, its If-Match); the detail is kept under its slug and id.
 */
export function useSavePublication(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...body }: PublicationBody & { conditional?: Conditional }) =>
      id ? api.put<PublicationDetail>(publicationPath(id), body, conditional) : api.post<PublicationDetail>('/pubs', body),
    // Refused as changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: publicationKeys.details });
    },
    onSuccess: (saved) => {
      refreshPublications(client);
      client.setQueryData(publicationKeys.detail(saved.publication.slug), saved);
      client.setQueryData(publicationKeys.detail(saved.publication.id), saved);
    },
  });
}

export function useDeletePublication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: number }) => api.del(publicationPath(id), { version }),
    // The deleted one's own page is left to expire: asking for it again while it is shown would be a 404.
    onSuccess: () => {
      for (const root of [publicationKeys.all, ...PAGES_LISTING_PUBLICATIONS]) void client.invalidateQueries({ queryKey: root });
    },
  });
}

// A paste of BibTeX, RIS or CSL-JSON

export type PasteFormat = 'auto' | 'bibtex' | 'ris' | 'csl';

/** POST pubs/parse: the paste read into entries; nothing saved. */
export function useParsePublications() {
  return useMutation({ mutationFn: (input: { text: string; format: PasteFormat }) => api.post<PublicationsParsed>('/pubs/parse', input) });
}

/** POST pubs/import: the entries chosen, saved all at once (or none). */
export function useImportPublications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (publications: PublicationInput[]) =>
      api.post<{ publications: { id: string; slug: string; title: string }[] }>('/pubs/import', { publications }),
    onSuccess: () => refreshPublications(client),
  });
}

// The signed-in person's authorship

/** The signed-in user's person: shared with /me's photos, so it lives in lib/. */
export { useMyPerson } from '../../lib/my-person';

/** GET pubs/suggestions: publications naming the signed-in person, waiting for them to confirm. */
export function usePublicationSuggestions() {
  return useQuery({ queryKey: publicationKeys.suggestions, queryFn: () => api.get<PublicationsResponse>('/pubs/suggestions').then((r) => r.publications) });
}

/** Confirm (PUT) or decline (DELETE) a person's link among a publication's authors; it leaves the suggestions at once. */
export function useAuthorLink() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: authorLinkMutationKey,
    mutationFn: ({ publication, person, confirm }: { publication: string; person: string; confirm: boolean }) => {
      const path = `${publicationPath(publication)}/authors/${encodeURIComponent(person)}`;
      return confirm ? api.put<PublicationDetail>(path) : api.del(path);
    },
    onSuccess: (_answer, { publication }) => {
      client.setQueryData<Publication[]>(publicationKeys.suggestions, (old) => old?.filter((p) => p.id !== publication));
      refreshPublications(client);
    },
  });
}
