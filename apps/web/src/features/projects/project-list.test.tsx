import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectListItem } from '@observatory/shared';
import { ApiError } from '../../lib/api-client';
import { useProjectList, type ProjectsFetcher } from './api';

const item = (title: string) => ({ id: crypto.randomUUID(), slug: title.toLowerCase(), title }) as unknown as ProjectListItem;
const answer = (titles: string[], page = 1, count = titles.length, limit = 25) => ({
  data: { projects: titles.map(item) },
  pagination: { page, count, limit },
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/** The hook as the catalogue page uses it, with its own query cache. */
function renderList(fetch: ProjectsFetcher, initial: { query: string; page: number } = { query: '', page: 1 }) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ query, page }) => useProjectList(query, page, fetch), { wrapper, initialProps: initial });
}

describe('the project list', () => {
  it('is busy while a search runs and clears the error; stores list and paging on success', async () => {
    const pending = deferred<Awaited<ReturnType<ProjectsFetcher>>>();
    const fetch = vi.fn<ProjectsFetcher>().mockRejectedValueOnce(new Error('offline')).mockReturnValueOnce(pending.promise);
    const { result, rerender } = renderList(fetch);
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, error: 'offline' }));
    rerender({ query: 'q=pollen', page: 1 });
    await waitFor(() => expect(result.current).toMatchObject({ busy: true, error: null }));
    act(() => pending.resolve(answer(['Pollen cores'], 1, 30, 10)));
    await waitFor(() =>
      expect(result.current).toMatchObject({
        busy: false,
        currentPage: 1,
        totalRows: 30,
        perPage: 10,
        projects: [expect.objectContaining({ title: 'Pollen cores' })],
      }),
    );
  });

  it('keeps 25 a page until the server says otherwise', async () => {
    const { result } = renderList(async () => ({ data: { projects: [] }, pagination: null }));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current).toMatchObject({ perPage: 25, currentPage: 1, projects: [] });
  });

  it('ends busy and keeps the error text on failure, as the spec words a 404', async () => {
    const { result } = renderList(async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Project not found', 'Project not found');
    });
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, error: 'The object you requested could not be found. Project not found' }));
    const other = renderList(async () => {
      throw new ApiError(500, 'INTERNAL', 'Something went wrong on our side', 'x');
    });
    await waitFor(() => expect(other.result.current.error).toBe('Something went wrong on our side'));
  });

  it('does not ask again for the page already shown unless retried', async () => {
    const fetch = vi.fn<ProjectsFetcher>().mockResolvedValue(answer(['A']));
    const { result, rerender } = renderList(fetch);
    await waitFor(() => expect(result.current.busy).toBe(false));
    rerender({ query: '', page: 1 });
    rerender({ query: 'q=b', page: 1 });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    rerender({ query: '', page: 1 });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(2);
    act(() => result.current.retry());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
  });

  it('shows the newest search when answers arrive out of order, and the old page while the next loads', async () => {
    const slow = deferred<Awaited<ReturnType<ProjectsFetcher>>>();
    const next = deferred<Awaited<ReturnType<ProjectsFetcher>>>();
    const second = deferred<Awaited<ReturnType<ProjectsFetcher>>>();
    const fetch = vi.fn<ProjectsFetcher>().mockReturnValueOnce(slow.promise).mockReturnValueOnce(next.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderList(fetch, { query: 'q=old', page: 1 });
    rerender({ query: 'q=new', page: 1 });
    act(() => slow.resolve(answer(['Old'])));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(result.current.projects.map((p) => p.title)).not.toEqual(['Old']);
    act(() => next.resolve(answer(['New'])));
    await waitFor(() => expect(result.current.projects.map((p) => p.title)).toEqual(['New']));

    rerender({ query: 'q=new', page: 2 });
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(result.current).toMatchObject({ currentPage: 1, projects: [expect.objectContaining({ title: 'New' })] });
    act(() => second.resolve(answer(['Newer'], 2, 26)));
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, currentPage: 2, projects: [expect.objectContaining({ title: 'Newer' })] }));
  });
});
