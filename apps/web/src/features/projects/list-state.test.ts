import { describe, expect, it, vi } from 'vitest';
import type { ProjectListItem } from '@observatory/shared';
import { ApiError } from '../../lib/api-client';
import { createProjectList, type Fetcher } from './list-state';

const item = (title: string) => ({ id: crypto.randomUUID(), slug: title.toLowerCase(), title }) as unknown as ProjectListItem;
const answer = (titles: string[], page = 1, count = titles.length, limit = 25) => ({ data: { projects: titles.map(item) }, pagination: { page, count, limit } });

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the project list', () => {
  it('sets busy and clears the error when a search starts; stores list and paging on success', async () => {
    const pending = deferred<Awaited<ReturnType<Fetcher>>>();
    const fetch = vi.fn<Fetcher>().mockRejectedValueOnce(new Error('offline')).mockReturnValueOnce(pending.promise);
    const list = createProjectList(fetch);
    await list.search('', 1);
    expect(list.getState()).toMatchObject({ busy: false, error: 'offline' });
    const running = list.search('pollen', 1);
    expect(list.getState()).toMatchObject({ busy: true, error: null, query: 'pollen' });
    pending.resolve(answer(['Pollen cores'], 1, 30, 10));
    await running;
    expect(list.getState()).toMatchObject({ busy: false, currentPage: 1, totalRows: 30, perPage: 10, projects: [expect.objectContaining({ title: 'Pollen cores' })] });
  });

  it('keeps 25 a page until the server says otherwise', async () => {
    const list = createProjectList(async () => ({ data: { projects: [] }, pagination: null }));
    await list.search('', 1);
    expect(list.getState().perPage).toBe(25);
  });

  it('ends busy and keeps the error text on failure, as the spec words a 404', async () => {
    const list = createProjectList(async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Project not found', 'Project not found');
    });
    await list.search('', 1);
    expect(list.getState()).toMatchObject({ busy: false, error: 'The object you requested could not be found. Project not found' });
    const other = createProjectList(async () => {
      throw new ApiError(500, 'INTERNAL', 'Something went wrong on our side', 'x');
    });
    await other.search('', 1);
    expect(other.getState().error).toBe('Something went wrong on our side');
  });

  it('skips a search for the page already shown unless forced', async () => {
    const fetch = vi.fn<Fetcher>().mockResolvedValue(answer(['A']));
    const list = createProjectList(fetch);
    await list.search('', 1);
    await list.search('', 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await list.search('', 1, { force: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    await list.search('', 2);
    await list.search('b', 2);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('lets the newest search win when answers arrive out of order', async () => {
    const slow = deferred<Awaited<ReturnType<Fetcher>>>();
    const fetch = vi.fn<Fetcher>().mockReturnValueOnce(slow.promise).mockResolvedValueOnce(answer(['New']));
    const list = createProjectList(fetch);
    const first = list.search('old', 1);
    await list.search('new', 1);
    slow.resolve(answer(['Old']));
    await first;
    expect(list.getState().projects.map((p) => p.title)).toEqual(['New']);
  });
});
