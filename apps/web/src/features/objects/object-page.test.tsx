import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Note, ObjectType, Photo } from '@observatory/shared';
import { ApiError } from '../../lib/api-client';
import { objectLoadErrorText } from '../../lib/errors';
import type { ObjectDetail, ObjectListItem } from './api';
import {
  ObjectApiContext,
  useAddNote,
  useNoteActions,
  useObjectChildren,
  useObjectNotes,
  useObjectPage,
  useObjectPhotos,
  usePhotoActions,
  usePhotoState,
  useUploadPhoto,
  type ObjectPageApi,
} from './object-page';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const detail = (name: string, types = ['site']): ObjectDetail =>
  ({
    obj: { id: `${name}-id`, name, title: name.toUpperCase(), types: types.map((slug) => ({ slug, name: slug, marker: 'default' })) },
    doc: null,
    permissions: [],
  }) as unknown as ObjectDetail;
const note = (id: string, content = id): Note => ({
  id,
  author: null,
  content,
  timestamp: '2026-01-01T00:00:00Z',
  created: '2026-01-01T00:00:00Z',
  version: 1,
  permissions: ['edit', 'delete'],
});
const photo = (id: string): Photo => ({
  id,
  image: { id, url: `/u/${id}`, thumbUrl: `/t/${id}` },
  caption: null,
  takenAt: null,
  geo: null,
  object: null,
  author: null,
  createdAt: '',
  version: 1,
  permissions: [],
});
const paged = <K extends string, T>(key: K, items: T[], page: number, count: number, limit: number) => ({
  data: { [key]: items } as Record<K, T[]>,
  pagination: { page, count, limit },
});

/** A fake server: every call answers at once unless a test replaces it. */
function fakes(overrides: Partial<ObjectPageApi> = {}) {
  const api = {
    fetchObject: vi.fn(async (name: string) => detail(name)),
    fetchObjectTypes: vi.fn(
      async () =>
        [
          { slug: 'site', name: 'Site' },
          { slug: 'soil-plot', name: 'Soil plot' },
        ] as ObjectType[],
    ),
    fetchChildren: vi.fn(async (): Promise<ObjectListItem[]> => [{ id: 'c1', name: 'child', title: 'Child' } as ObjectListItem]),
    fetchNotes: vi.fn(async (_name: string, page: number) => paged('notes', [note(`n${page}a`), note(`n${page}b`)], page, 3, 2)),
    addNote: vi.fn(async (_name: string, content: string) => ({ sent: note('new', content) })),
    changeNote: vi.fn(async (_name: string, id: string, content: string) => note(id, content)),
    deleteNote: vi.fn(async () => null),
    fetchPhotos: vi.fn(async (_name: string, page: number) => paged('photos', [photo(`p${page}`)], page, 51, 50)),
    uploadPhoto: vi.fn(async () => ({ sent: photo('up') })),
    changePhoto: vi.fn(async (_name: string, id: string, change: { caption: string | null }) => ({ ...photo(id), caption: change.caption })),
    deletePhoto: vi.fn(async () => null),
    log: vi.fn(),
  };
  // The fakes a test replaces keep the mock type: tests only call mock helpers on the others.
  return Object.assign(api, overrides) as typeof api;
}

/** What ObjectLayout and its tabs ask for, on one page of photos the test can change. */
function usePage(name: string) {
  const page = useObjectPage(name);
  const children = useObjectChildren(name, page.detail, page.ready);
  const notes = useObjectNotes(name, page.ready);
  const [photoPage, showPhotoPage] = useState(1);
  const photos = useObjectPhotos(name, photoPage, page.ready);
  return { ...page, children, notes, photos, photoPage, showPhotoPage };
}

function renderPage(api: ObjectPageApi, name = 'alpha') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ObjectApiContext.Provider value={api}>{children}</ObjectApiContext.Provider>
    </QueryClientProvider>
  );
  const page = renderHook(({ name: shown }) => usePage(shown), { wrapper, initialProps: { name } });
  /** Another hook in the same page (a tab's actions), sharing its cache. */
  const also = <T,>(hook: () => T) => renderHook(hook, { wrapper });
  return { page, also, client };
}

describe('loading an object', () => {
  it('loads the object, then its types, then photos, notes from page 1 and children together; the types come once for every object', async () => {
    const order: string[] = [];
    const slowTypes = deferred<ObjectType[]>();
    const api = fakes({ fetchObjectTypes: vi.fn(() => (order.push('types'), slowTypes.promise)) });
    for (const key of ['fetchObject', 'fetchPhotos', 'fetchNotes', 'fetchChildren'] as const) {
      const real = api[key] as (...a: unknown[]) => unknown;
      (api as Record<string, unknown>)[key] = vi.fn((...args: unknown[]) => (order.push(key), real(...args)));
    }
    const { page } = renderPage(api);
    await waitFor(() => expect(order).toEqual(['fetchObject', 'types']));
    expect(page.result.current.ready).toBe(false);
    act(() => slowTypes.resolve([{ slug: 'site', name: 'Site' }] as ObjectType[]));
    await waitFor(() => expect(page.result.current.photos.items).toHaveLength(1));
    expect(order.slice(2).sort()).toEqual(['fetchChildren', 'fetchNotes', 'fetchPhotos']);
    expect(page.result.current).toMatchObject({
      types: { site: { name: 'Site' } },
      children: { items: [expect.objectContaining({ name: 'child' })] },
      notes: { total: 3 },
    });

    // Another object: its photos, notes and children follow the object at once (the types are known).
    order.length = 0;
    page.rerender({ name: 'beta' });
    await waitFor(() => expect(page.result.current.children.items).toHaveLength(1));
    expect(order[0]).toBe('fetchObject');
    expect(order).not.toContain('types');
    expect(page.result.current.detail?.obj.name).toBe('beta');
  });

  it('takes several types from one list of all types; a type missing from it is only logged', async () => {
    const api = fakes({ fetchObject: vi.fn(async (name: string) => detail(name, ['site', 'soil-plot', 'gone'])) });
    const { page } = renderPage(api);
    await waitFor(() => expect(page.result.current.ready).toBe(true));
    expect(Object.keys(page.result.current.types).sort()).toEqual(['site', 'soil-plot']);
    expect(api.fetchObjectTypes).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.log).toHaveBeenCalledWith('The object type gone is not among the object types', null));
  });

  it('goes on without types when their list fails to load, and logs it', async () => {
    const api = fakes({ fetchObjectTypes: vi.fn(async () => Promise.reject(new ApiError(500, 'INTERNAL', 'boom', 'boom'))) });
    const { page } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.loaded).toBe(true));
    expect(page.result.current.types).toEqual({});
    expect(api.log).toHaveBeenCalledWith('The object types could not be loaded', expect.any(ApiError));
  });

  it('keeps the error of a failed load, worded as the spec says for a 404, and asks for nothing else', async () => {
    const api = fakes({ fetchObject: vi.fn(async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Object not found', 'Object not found'))) });
    const { page } = renderPage(api);
    await waitFor(() => expect(page.result.current.object.error).toBeTruthy());
    expect(objectLoadErrorText(page.result.current.object.error)).toBe('The object you requested could not be found. Object not found');
    expect(api.fetchNotes).not.toHaveBeenCalled();
    expect(api.fetchPhotos).not.toHaveBeenCalled();
  });
});

describe('notes', () => {
  it('append page by page, a note pushed to the next page by a new one showing once', async () => {
    const api = fakes({
      fetchNotes: vi.fn(async (_name: string, p: number) =>
        p === 1 ? paged('notes', [note('a'), note('b')], 1, 3, 2) : paged('notes', [note('b'), note('c')], 2, 3, 2),
      ),
    });
    const { page } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.items.map((n) => n.id)).toEqual(['a', 'b']));
    expect(page.result.current.notes).toMatchObject({ total: 3, hasMore: true });
    act(() => page.result.current.notes.loadMore());
    await waitFor(() => expect(page.result.current.notes.items.map((n) => n.id)).toEqual(['a', 'b', 'c']));
    expect(page.result.current.notes.hasMore).toBe(false);
  });

  it('a new note goes to the top and the count rises by one; one that fails keeps the error and changes nothing', async () => {
    const api = fakes();
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.total).toBe(3));
    const add = also(() => useAddNote('alpha', 'Alpha'));
    await act(() => add.result.current.mutateAsync('Snow on the slope'));
    await waitFor(() => expect(page.result.current.notes.items[0]).toMatchObject({ id: 'new', content: 'Snow on the slope' }));
    expect(page.result.current.notes.total).toBe(4);

    api.addNote.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Disk full', 'Disk full'));
    await act(() => add.result.current.mutateAsync('Lost?').catch(() => null));
    await waitFor(() => expect(add.result.current.error).toBeTruthy());
    expect(page.result.current.notes.total).toBe(4);
    expect(page.result.current.notes.items.map((n) => n.content)).not.toContain('Lost?');
  });

  it('a note is busy while saved, then replaced by the server result; a failed save or delete keeps the error and ends busy', async () => {
    const pending = deferred<Note>();
    const api = fakes({ changeNote: vi.fn(() => pending.promise) });
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.loaded).toBe(true));
    const actions = also(() => useNoteActions('alpha', 'n1a'));
    act(() => actions.result.current.save.mutate({ content: 'changed' }));
    await waitFor(() => expect(actions.result.current.busy).toBe(true));
    act(() => pending.resolve(note('n1a', 'changed')));
    await waitFor(() => expect(page.result.current.notes.items[0]).toMatchObject({ id: 'n1a', content: 'changed' }));
    expect(actions.result.current).toMatchObject({ busy: false, error: null });

    api.changeNote.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'Changed meanwhile', 'Changed meanwhile'));
    act(() => actions.result.current.save.mutate({ content: 'again' }));
    await waitFor(() => expect(actions.result.current).toMatchObject({ busy: false, error: 'Changed meanwhile' }));
    api.deleteNote.mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'Not yours', 'Not yours'));
    act(() => actions.result.current.remove.mutate());
    await waitFor(() => expect(actions.result.current).toMatchObject({ busy: false, error: 'Not yours' }));
    expect(page.result.current.notes.items[0]).toMatchObject({ id: 'n1a', content: 'changed' });
  });

  it('a deleted note is busy, then removed, and the count falls by one', async () => {
    const pending = deferred<null>();
    const api = fakes({ deleteNote: vi.fn(() => pending.promise) });
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.total).toBe(3));
    const actions = also(() => useNoteActions('alpha', 'n1b'));
    act(() => actions.result.current.remove.mutate());
    await waitFor(() => expect(actions.result.current.busy).toBe(true));
    act(() => pending.resolve(null));
    await waitFor(() => expect(page.result.current.notes.items.map((n) => n.id)).toEqual(['n1a']));
    expect(page.result.current.notes.total).toBe(2);
  });

  it('a page that fails to load keeps the notes shown and the error', async () => {
    const api = fakes();
    const { page } = renderPage(api);
    await waitFor(() => expect(page.result.current.notes.items).toHaveLength(2));
    api.fetchNotes.mockRejectedValueOnce(new ApiError(503, 'UNAVAILABLE', 'The database is busy', 'busy'));
    act(() => page.result.current.notes.loadMore());
    await waitFor(() => expect(page.result.current.notes.error).toBe('The database is busy'));
    expect(page.result.current.notes.items.map((n) => n.id)).toEqual(['n1a', 'n1b']);
  });
});

describe('photos', () => {
  it('an upload shows its progress, then page 1 again, asked for afresh', async () => {
    const api = fakes({
      uploadPhoto: vi.fn(async (_name: string, _file: File, onProgress?: (f: number) => void) => (onProgress?.(0.5), { sent: photo('up') })),
    });
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.photos.page).toBe(1));
    act(() => page.result.current.showPhotoPage(2));
    await waitFor(() => expect(page.result.current.photos.page).toBe(2));
    const progress: number[] = [];
    const upload = also(() =>
      useUploadPhoto(
        'alpha',
        (f) => progress.push(f),
        (p) => page.result.current.showPhotoPage(p),
      ),
    );
    const asked = api.fetchPhotos.mock.calls.filter(([, p]) => p === 1).length;
    await act(() => upload.result.current.mutateAsync(new File(['x'], 'x.png')));
    await waitFor(() => expect(page.result.current.photos.page).toBe(1));
    expect(progress).toEqual([0.5]);
    await waitFor(() => expect(api.fetchPhotos.mock.calls.filter(([, p]) => p === 1).length).toBe(asked + 1));
  });

  it('a deletion shows the page again, or the one before when it was the last photo on it', async () => {
    const api = fakes();
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.photos.page).toBe(1));
    act(() => page.result.current.showPhotoPage(2));
    await waitFor(() => expect(page.result.current.photos.items.map((p) => p.id)).toEqual(['p2']));
    const shown = page.result.current.photos;
    const actions = also(() => usePhotoActions('alpha', 'p2', { page: shown.page, count: shown.items.length }, (p) => page.result.current.showPhotoPage(p)));
    await act(() => actions.result.current.remove.mutateAsync());
    await waitFor(() => expect(page.result.current.photoPage).toBe(1));
    expect(api.deletePhoto).toHaveBeenCalledWith('alpha', 'p2', undefined);
  });

  it('a photo is busy while its caption is saved, then replaced; a failure keeps the error on it', async () => {
    const pending = deferred<Photo>();
    const api = fakes({ changePhoto: vi.fn(() => pending.promise) });
    const { page, also } = renderPage(api);
    await waitFor(() => expect(page.result.current.photos.items).toHaveLength(1));
    const actions = also(() => ({ ...usePhotoActions('alpha', 'p1', { page: 1, count: 1 }, () => {}), state: usePhotoState('p1') }));
    act(() => actions.result.current.caption.mutate({ caption: 'The ridge' }));
    await waitFor(() => expect(actions.result.current.state.busy).toBe(true));
    act(() => pending.resolve({ ...photo('p1'), caption: 'The ridge' }));
    await waitFor(() => expect(page.result.current.photos.items[0]?.caption).toBe('The ridge'));
    expect(actions.result.current.state).toEqual({ busy: false, error: null });

    api.deletePhoto.mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'Not yours', 'Not yours'));
    await act(() => actions.result.current.remove.mutateAsync().catch(() => null));
    await waitFor(() => expect(actions.result.current.state).toEqual({ busy: false, error: 'Not yours' }));
    expect(page.result.current.photos.items).toHaveLength(1);
  });
});
