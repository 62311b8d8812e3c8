import { describe, expect, it, vi } from 'vitest';
import type { Note, ObjectType, Photo } from '@observatory/shared';
import { ApiError } from '../../lib/api-client';
import type { ObjectDetail, ObjectListItem } from './api';
import { createObjectStore, type ObjectStoreDeps } from './object-store';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const detail = (name: string, types = ['site']): ObjectDetail =>
  ({ obj: { id: `${name}-id`, name, title: name.toUpperCase(), types: types.map((slug) => ({ slug, name: slug, marker: 'default' })) }, doc: null, permissions: [] }) as unknown as ObjectDetail;
const note = (id: string, content = id): Note => ({ id, author: null, content, timestamp: '2026-01-01T00:00:00Z', permissions: ['edit', 'delete'] });
const photo = (id: string): Photo => ({ id, image: { id, url: `/u/${id}`, thumbUrl: `/t/${id}` }, caption: null, takenAt: null, geo: null, object: null, author: null, createdAt: '', permissions: [] });
const paged = <K extends string, T>(key: K, items: T[], page: number, count: number, limit: number) => ({ data: { [key]: items } as Record<K, T[]>, pagination: { page, count, limit } });

/** A fake server: every call answers at once unless a test replaces it. */
function fakes(overrides: Partial<ObjectStoreDeps> = {}) {
  const deps = {
    fetchObject: vi.fn(async (name: string) => detail(name)),
    fetchObjectTypes: vi.fn(async () => [{ slug: 'site', name: 'Site' }, { slug: 'soil-plot', name: 'Soil plot' }] as ObjectType[]),
    fetchChildren: vi.fn(async (): Promise<ObjectListItem[]> => [{ id: 'c1', name: 'child', title: 'Child' } as ObjectListItem]),
    fetchNotes: vi.fn(async (_name: string, page: number) => paged('notes', [note(`n${page}a`), note(`n${page}b`)], page, 3, 2)),
    addNote: vi.fn(async (_name: string, content: string) => note('new', content)),
    changeNote: vi.fn(async (_name: string, id: string, content: string) => note(id, content)),
    deleteNote: vi.fn(async () => null),
    fetchPhotos: vi.fn(async (_name: string, page: number) => paged('photos', [photo(`p${page}`)], page, 51, 50)),
    uploadPhoto: vi.fn(async () => photo('up')),
    changePhoto: vi.fn(async (_name: string, id: string, change: { caption: string | null }) => ({ ...photo(id), caption: change.caption })),
    deletePhoto: vi.fn(async () => null),
    log: vi.fn(),
  };
  // The fakes a test replaces keep the mock type: tests only call mock helpers on the others.
  return Object.assign(deps, overrides) as typeof deps;
}

describe('loading an object', () => {
  it('clears photos and children, loads its types, then photos, notes from page 1 and children in parallel', async () => {
    const order: string[] = [];
    const deps = fakes();
    for (const key of ['fetchPhotos', 'fetchNotes', 'fetchChildren'] as const) {
      const real = deps[key] as (...a: unknown[]) => unknown;
      (deps as Record<string, unknown>)[key] = vi.fn((...args: unknown[]) => (order.push(key), real(...args)));
    }
    const store = createObjectStore(deps);
    await store.load('alpha');
    expect(store.getState().photos.items).toHaveLength(1);

    // A second object: photos and children go at once; nothing else is asked before its type answers.
    const slowType = deferred<ObjectType[]>();
    deps.fetchObjectTypes.mockImplementation(() => (order.push('type'), slowType.promise));
    order.length = 0;
    const loading = store.load('beta');
    expect(store.getState()).toMatchObject({ name: 'beta', loading: true, photos: { items: [], page: 0 }, children: { items: [] } });
    await vi.waitFor(() => expect(order).toEqual(['type']));
    slowType.resolve([{ slug: 'site', name: 'Site' }] as ObjectType[]);
    await loading;
    expect(order.slice(1).sort()).toEqual(['fetchChildren', 'fetchNotes', 'fetchPhotos']);
    expect(deps.fetchNotes).toHaveBeenLastCalledWith('beta', 1);
    expect(deps.fetchChildren).toHaveBeenLastCalledWith('beta-id');
    expect(store.getState()).toMatchObject({ loading: false, types: { site: { name: 'Site' } }, children: { items: [{ name: 'child' }] }, notes: { page: 1, total: 3 }, photos: { page: 1, total: 51 } });
  });

  it('takes several types from one list of all types; a type missing from it is only logged', async () => {
    const deps = fakes({
      fetchObject: vi.fn(async (name: string) => detail(name, ['site', 'soil-plot', 'gone'])),
    });
    const store = createObjectStore(deps);
    await store.load('alpha');
    expect(deps.fetchObjectTypes).toHaveBeenCalledTimes(1);
    expect(deps.log).toHaveBeenCalledWith(expect.stringContaining('gone'), null);
    expect(store.getState()).toMatchObject({ loadError: null, types: { site: { name: 'Site' }, 'soil-plot': { name: 'Soil plot' } }, notes: { page: 1 }, photos: { page: 1 } });
    expect(store.getState().types.gone).toBeUndefined();
  });

  it('goes on without types when their list fails to load, and logs it', async () => {
    const deps = fakes({ fetchObjectTypes: vi.fn(async () => Promise.reject(new ApiError(500, 'INTERNAL', 'boom', 'boom'))) });
    const store = createObjectStore(deps);
    await store.load('alpha');
    expect(deps.log).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(ApiError));
    expect(store.getState()).toMatchObject({ loadError: null, types: {}, notes: { page: 1 }, photos: { page: 1 } });
  });

  it('keeps the error of a failed load, worded as the spec says for a 404', async () => {
    const deps = fakes({ fetchObject: vi.fn(async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Object not found', 'Object not found'))) });
    const store = createObjectStore(deps);
    await store.load('missing');
    expect(store.getState()).toMatchObject({ loading: false, detail: null });
    expect(store.loadErrorText()).toBe('The object you requested could not be found. Object not found');
    expect(deps.fetchNotes).not.toHaveBeenCalled();
  });

  it('drops the answers for an object no longer shown', async () => {
    const slow = deferred<ObjectDetail>();
    const deps = fakes({ fetchObject: vi.fn((name: string) => (name === 'old' ? slow.promise : Promise.resolve(detail(name)))) });
    const store = createObjectStore(deps);
    const first = store.load('old');
    await store.load('new');
    slow.resolve(detail('old'));
    await first;
    expect(store.getState().detail?.obj.name).toBe('new');
  });
});

describe('notes', () => {
  it('append page by page', async () => {
    const store = createObjectStore(fakes());
    await store.load('alpha');
    expect(store.getState().notes.items.map((n) => n.id)).toEqual(['n1a', 'n1b']);
    const more = store.loadMoreNotes();
    expect(store.getState().notes.busy).toBe(true);
    await more;
    expect(store.getState().notes).toMatchObject({ page: 2, total: 3, busy: false });
    expect(store.getState().notes.items.map((n) => n.id)).toEqual(['n1a', 'n1b', 'n2a', 'n2b']);
  });

  it('a new note goes to the top and the count rises by one', async () => {
    const answer = deferred<Note>();
    const deps = fakes({ addNote: vi.fn(() => answer.promise) });
    const store = createObjectStore(deps);
    await store.load('alpha');
    const adding = store.addNote('Fence repaired');
    expect(store.getState().newNote).toEqual({ busy: true, error: null });
    answer.resolve(note('new', 'Fence repaired'));
    expect(await adding).toBe(true);
    expect(store.getState().notes.items[0]).toMatchObject({ id: 'new', content: 'Fence repaired', busy: false });
    expect(store.getState().notes.total).toBe(4);
    expect(store.getState().newNote).toEqual({ busy: false, error: null });
  });

  it('a note saved after the user moved to another object does not land in that one', async () => {
    const saving = deferred<Note>();
    const deps = fakes({ addNote: vi.fn(() => saving.promise) });
    const store = createObjectStore(deps);
    await store.load('alpha');
    const adding = store.addNote('for alpha');
    await store.load('beta');
    const before = store.getState().notes;
    saving.resolve(note('late', 'for alpha'));
    expect(await adding).toBe(true);
    expect(store.getState().notes).toEqual(before);
    expect(store.getState().newNote.busy).toBe(false);
  });

  it('a new note that fails keeps the error and changes nothing', async () => {
    const store = createObjectStore(fakes({ addNote: vi.fn(async () => Promise.reject(new ApiError(403, 'FORBIDDEN', 'Not allowed', 'Not allowed'))) }));
    await store.load('alpha');
    expect(await store.addNote('x')).toBe(false);
    expect(store.getState().newNote).toEqual({ busy: false, error: 'Not allowed' });
    expect(store.getState().notes.total).toBe(3);
  });

  it('a note is busy while saved, then replaced by the server result', async () => {
    const answer = deferred<Note>();
    const store = createObjectStore(fakes({ changeNote: vi.fn(() => answer.promise) }));
    await store.load('alpha');
    const saving = store.saveNote('n1b', 'Changed');
    expect(store.getState().notes.items[1]).toMatchObject({ id: 'n1b', busy: true, error: null });
    answer.resolve({ ...note('n1b', 'Changed (server)') });
    await saving;
    expect(store.getState().notes.items[1]).toMatchObject({ id: 'n1b', content: 'Changed (server)', busy: false, error: null });
  });

  it('a note that fails to save or delete gets the error and is no longer busy', async () => {
    const refuse = async () => Promise.reject(new ApiError(403, 'FORBIDDEN', 'Only its author may', 'x'));
    const store = createObjectStore(fakes({ changeNote: vi.fn(refuse), deleteNote: vi.fn(refuse) }));
    await store.load('alpha');
    expect(await store.saveNote('n1a', 'x')).toBe(false);
    expect(store.getState().notes.items[0]).toMatchObject({ id: 'n1a', content: 'n1a', busy: false, error: 'Only its author may' });
    expect(await store.deleteNote('n1a')).toBe(false);
    expect(store.getState().notes.items[0]).toMatchObject({ busy: false, error: 'Only its author may' });
    expect(store.getState().notes.total).toBe(3);
  });

  it('a deleted note is busy, then removed, and the count falls by one', async () => {
    const answer = deferred<null>();
    const store = createObjectStore(fakes({ deleteNote: vi.fn(() => answer.promise) }));
    await store.load('alpha');
    const deleting = store.deleteNote('n1a');
    expect(store.getState().notes.items[0]).toMatchObject({ id: 'n1a', busy: true });
    answer.resolve(null);
    await deleting;
    expect(store.getState().notes.items.map((n) => n.id)).toEqual(['n1b']);
    expect(store.getState().notes.total).toBe(2);
  });

  it('a page that fails to load keeps the notes shown and the error', async () => {
    const deps = fakes();
    const store = createObjectStore(deps);
    await store.load('alpha');
    deps.fetchNotes.mockRejectedValueOnce(new ApiError(null, null, null, 'Request Failed'));
    await store.loadMoreNotes();
    expect(store.getState().notes).toMatchObject({ busy: false, error: 'Request Failed', page: 1 });
    expect(store.getState().notes.items).toHaveLength(2);
  });
});

describe('photos', () => {
  it('are busy, then loaded or in error', async () => {
    const answer = deferred<Awaited<ReturnType<ObjectStoreDeps['fetchPhotos']>>>();
    const deps = fakes();
    const store = createObjectStore(deps);
    await store.load('alpha');
    deps.fetchPhotos.mockReturnValueOnce(answer.promise as never);
    const loading = store.loadPhotos(2);
    expect(store.getState().photos).toMatchObject({ busy: true, error: null });
    answer.resolve(paged('photos', [photo('p2')], 2, 51, 50));
    await loading;
    expect(store.getState().photos).toMatchObject({ busy: false, page: 2, items: [{ id: 'p2' }] });
    deps.fetchPhotos.mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Server trouble', 'x'));
    await store.loadPhotos(1);
    expect(store.getState().photos).toMatchObject({ busy: false, error: 'Server trouble' });
  });

  it('the page shown is not loaded again unless forced', async () => {
    const deps = fakes();
    const store = createObjectStore(deps);
    await store.load('alpha');
    await store.loadPhotos(1);
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(1);
    await store.loadPhotos(1, { force: true });
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(2);
  });

  it('adding one reloads page 1, forced, even from another page', async () => {
    const deps = fakes();
    const store = createObjectStore(deps);
    await store.load('alpha');
    await store.loadPhotos(2);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const adding = store.addPhoto(file);
    expect(store.getState().upload).toMatchObject({ busy: true, error: null });
    expect(await adding).toBe(true);
    expect(deps.uploadPhoto).toHaveBeenCalledWith('alpha', file, expect.any(Function));
    expect(deps.fetchPhotos).toHaveBeenLastCalledWith('alpha', 1);
    expect(store.getState()).toMatchObject({ upload: { busy: false }, photos: { page: 1 } });
    await store.addPhoto(file);
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(4);
  });

  it('a refused upload keeps the error and reloads nothing', async () => {
    const deps = fakes({ uploadPhoto: vi.fn(async () => Promise.reject(new ApiError(415, 'UNSUPPORTED', 'Not an image', 'x'))) });
    const store = createObjectStore(deps);
    await store.load('alpha');
    expect(await store.addPhoto(new File(['x'], 'a.txt'))).toBe(false);
    expect(store.getState().upload).toEqual({ busy: false, progress: 0, error: 'Not an image' });
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(1);
  });

  it('removing one reloads the current page', async () => {
    const deps = fakes();
    const store = createObjectStore(deps);
    await store.load('alpha');
    await store.loadPhotos(2);
    deps.fetchPhotos.mockResolvedValueOnce(paged('photos', [photo('a'), photo('b')], 2, 52, 50));
    await store.loadPhotos(2, { force: true });
    await store.removePhoto('a');
    expect(deps.deletePhoto).toHaveBeenCalledWith('alpha', 'a');
    expect(deps.fetchPhotos).toHaveBeenLastCalledWith('alpha', 2);
  });

  it('a refused removal leaves the photo with the error', async () => {
    const store = createObjectStore(fakes({ deletePhoto: vi.fn(async () => Promise.reject(new ApiError(403, 'FORBIDDEN', 'Not yours', 'x'))) }));
    await store.load('alpha');
    expect(await store.removePhoto('p1')).toBe(false);
    expect(store.getState().photos.items[0]).toMatchObject({ id: 'p1', busy: false, error: 'Not yours' });
  });

  it('a caption change is replaced by the server result', async () => {
    const store = createObjectStore(fakes());
    await store.load('alpha');
    await store.saveCaption('p1', 'North gate');
    expect(store.getState().photos.items[0]).toMatchObject({ id: 'p1', caption: 'North gate', busy: false });
  });
});
