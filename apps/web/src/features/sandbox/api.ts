import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProjectsResponse, SandboxChartQuery, SandboxChartResponse, SandboxQuery, SandboxQueryResponse } from '@observatory/shared';
import { api, request } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { saveFile } from '../../lib/download';
import { spreadsheetAccept, spreadsheetDownload, spreadsheetParams, type SpreadsheetKey } from '../../lib/spreadsheet-downloads';
import { sandboxKeys } from './keys';
import { retryServerFaults } from '../../lib/errors';

/** An answer for whoever is signed in: what a visitor is answered differs from a member's. */
function useLogin() {
  const auth = useCurrentUser();
  return { login: auth.user?.username ?? null, ready: !auth.isLoading };
}

/**
 * POST sandbox/query: a page of the objects the query finds. Cached by the body and the
 * login; the page shown stays while the next loads. Asked only while `enabled` (a visitor's
 * queries are rate-limited: the page asks for what its open tab shows).
 */
export function useSandboxQuery(body: SandboxQuery, enabled: boolean) {
  const { login, ready } = useLogin();
  return useQuery({
    queryKey: sandboxKeys.query(login, body),
    queryFn: () => api.post<SandboxQueryResponse>('/sandbox/query', body),
    enabled: enabled && ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryServerFaults,
  });
}

/** POST sandbox/chart: one metric over time across the objects the query finds. */
export function useSandboxChart(body: SandboxChartQuery, enabled: boolean) {
  const { login, ready } = useLogin();
  return useQuery({
    queryKey: sandboxKeys.chart(login, body),
    queryFn: () => api.post<SandboxChartResponse>('/sandbox/chart', body),
    enabled: enabled && ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryServerFaults,
  });
}

/** What the sandbox exports: a spreadsheet download, or GeoJSON. */
export type SandboxDownload = SpreadsheetKey | 'geojson';

/** POST sandbox/export?format=: the whole result as a file, fetched with the session (a plain link would be answered as to a visitor). */
export async function downloadExport(body: unknown, download: SandboxDownload): Promise<void> {
  if (download === 'geojson') {
    const { data } = await request<Blob>('POST', '/sandbox/export', { body, query: { format: 'geojson' }, accept: 'application/geo+json', as: 'blob' });
    saveFile(data, 'sandbox.geojson');
    return;
  }
  const query = spreadsheetParams(download);
  const { data } = await request<Blob>('POST', '/sandbox/export', { body, query, accept: spreadsheetAccept(download), as: 'blob' });
  saveFile(data, `sandbox.${spreadsheetDownload(download).extension}`);
}

/** Projects whose title matches `q` (the first page by title when empty), for the project picker. */
export function useProjectChoices(q: string) {
  return useQuery({
    queryKey: sandboxKeys.projects(q),
    queryFn: ({ signal }): Promise<{ slug: string; title: string }[]> =>
      api.get<ProjectsResponse>('/projects', q ? { q } : { sort: 'title' }, signal).then((r) => r.projects.map((p) => ({ slug: p.slug, title: p.title }))),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
