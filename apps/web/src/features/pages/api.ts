import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  PageChange,
  PageCreate,
  PageDetail,
  PageMove,
  PageSearchResponse,
  PagesResponse,
  PageSummary,
  RevisionDetail,
  RevisionsResponse,
} from '@observatory/shared';
import { api, type Conditional } from '../../lib/api-client';
import { isPageAt, isPageAtOrBelow, pageKeys } from './keys';
import { retryServerFaults } from '../../lib/errors';
import { conflictOf } from '../../lib/versions';

/** GET pages: the published pages, or with `drafts` also the drafts (managePages), in tree order. */
export function usePages(drafts = false) {
  return useQuery({
    queryKey: pageKeys.list(drafts),
    queryFn: () => api.get<PagesResponse>('/pages', { drafts: drafts ? 'true' : 'false' }).then((r) => r.pages),
    retry: retryServerFaults,
  });
}

/** GET pages/at/{path}: a 404 (missing, or a draft for a reader) shows the Not Found screen. No path: nothing asked. */
export function usePageAt(path: string) {
  // Each segment encoded: a path from the address never reaches another endpoint (`..%2F`).
  const url = `/pages/at/${path.split('/').map(encodeURIComponent).join('/')}`;
  return useQuery({ enabled: path !== '', queryKey: pageKeys.at(path), queryFn: () => api.get<PageDetail>(url), retry: retryServerFaults });
}

/** Typed this many letters, the search asks the server. */
export const SEARCH_MIN_LETTERS = 2;

/** GET pages/search: published pages matching the words, best first (nothing asked for fewer than two letters). */
export function usePageSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: pageKeys.search(q),
      queryFn: ({ signal }) => api.get<PageSearchResponse>('/pages/search', { q }, signal),
      enabled: q.length >= SEARCH_MIN_LETTERS,
      // The last answer stays while the next words are asked about.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      retry: false,
    }),
  );
}

/**
 * After a write: every list, search and page is stale, except the pages at and below `gone`
 * (a page moved or deleted, still on screen until its screen goes: asked again, it would
 * be a 404) and the page at `fresh` (just answered).
 */
function forgetPages(client: QueryClient, { gone = null, fresh = null }: { gone?: string | null; fresh?: string | null }) {
  void client.invalidateQueries({
    queryKey: pageKeys.all,
    predicate: (query) => !(gone !== null && isPageAtOrBelow(query, gone)) && !isPageAt(query, fresh),
  });
}

/** A page just answered by the server: kept under its path, its history and every other page query stale. */
function remember(client: QueryClient, detail: PageDetail, gone: string | null = null) {
  client.setQueryData(pageKeys.at(detail.page.path), detail);
  forgetPages(client, { gone, fresh: detail.page.path });
  void client.invalidateQueries({ queryKey: pageKeys.revisions(detail.page.id) });
}

/** POST pages (managePages). */
export function useCreatePage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: PageCreate) => api.post<PageDetail>('/pages', input), onSuccess: (created) => remember(client, created) });
}

/**
 * PUT pages/{id}: the fields changed, based on the version the form started from
 * (`conditional`: its If-Match); a changed text becomes a revision. Refused as changed
 * meanwhile (412), the pages are asked again: the conflict dialog compares the current one.
 */
export function useSavePage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...change }: PageChange & { conditional?: Conditional }) => api.put<PageDetail>(`/pages/${id}`, change, conditional),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: pageKeys.all });
    },
    onSuccess: (saved) => remember(client, saved),
  });
}

/** POST pages/{id}/move: the page and every page below it to a new path. */
export function useMovePage(id: string, from: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (move: PageMove) => api.post<PageDetail>(`/pages/${id}/move`, move), onSuccess: (moved) => remember(client, moved, from) });
}

/** POST pages/{id}/move to its own path: a new place among its siblings (0 first), which are numbered again. */
export function useReorderPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ page, position }: { page: PageSummary; position: number }) =>
      api.post<PageDetail>(`/pages/${page.id}/move`, { path: page.path, position } satisfies PageMove),
    onSuccess: (moved) => remember(client, moved),
  });
}

/** DELETE pages/{id} (of the version shown): refused (409) while pages are below it. */
export function useDeletePage(id: string, path: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (version?: number) => api.del(`/pages/${id}`, { version }), onSuccess: () => forgetPages(client, { gone: path }) });
}

// The history of a page's text (managePages)

const revisionsPath = (id: string) => `/pages/${id}/revisions`;

export function usePageRevisions(id: string) {
  return useQuery({ queryKey: pageKeys.revisions(id), queryFn: () => api.get<RevisionsResponse>(revisionsPath(id)).then((r) => r.revisions) });
}

/** One saved version of a page's text (none while `rid` is null). */
export const pageRevisionQuery = (id: string, rid: string | null) =>
  queryOptions({ queryKey: pageKeys.revision(id, rid), queryFn: () => api.get<RevisionDetail>(`${revisionsPath(id)}/${rid}`), enabled: !!rid });

export function useRestorePageRevision(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rid: string) => api.post<PageDetail>(`${revisionsPath(id)}/${rid}/restore`),
    onSuccess: (restored) => remember(client, restored),
  });
}
