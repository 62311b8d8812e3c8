import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PhotoResult } from '@observatory/shared';
import { forwardRef, useImperativeHandle } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyPhotos } from './MyPhotos';
import type { PhotoMapCanvasProps, PhotoMapHandle } from './PhotoMapCanvas';
import PhotosPage from './PhotosPage';
import { mapPointOf } from './photo-query';
import { changedMeanwhile } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';

// MapLibre does not run in happy-dom: the map is one that shows what it was given, has a
// fixed view, and "draws" a box around Abisko when asked.
vi.mock('./PhotoMapCanvas', () => ({
  default: forwardRef<PhotoMapHandle, PhotoMapCanvasProps>(function FakeMap({ photos, bbox, drawing, onDrawn }, ref) {
    useImperativeHandle(ref, () => ({ viewBox: () => [5, 45, 10.123456, 47] }));
    return (
      <div role="region" aria-label="Map of the photos" data-bbox={bbox ?? ''} data-points={photos.filter((p) => mapPointOf(p)).length}>
        {drawing ? (
          <button type="button" onClick={() => onDrawn([18.6, 68.25, 19.05, 68.45])}>
            drag on the map
          </button>
        ) : null}
      </div>
    );
  }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

/** A test's photo: an object's unless told otherwise, placed at Abisko. */
function photo(i: number, over: Partial<PhotoResult> = {}): PhotoResult {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    id,
    source: 'object',
    image: { id, url: `/files/p${i}.webp`, thumbUrl: `/files/p${i}-thumb.webp`, largeUrl: `/files/p${i}-large.webp` },
    caption: `Birch ${i}`,
    takenAt: '2024-07-14T10:32:00Z',
    geo: { type: 'Point', coordinates: [18.8, 68.3] },
    place: { type: 'Point', coordinates: [18.8, 68.3] },
    object: { id: '11111111-1111-4111-8111-111111111111', name: 'abi-njulla-slope', title: 'Njulla slope' },
    insight: null,
    author: { id: '22222222-2222-4222-8222-222222222222', slug: 'grace', name: 'Grace Hopper' },
    createdAt: '2024-07-15T00:00:00Z',
    permissions: [],
    ...over,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A page of `all` as the API answers it (p from 1, n a page). */
function pageOf(all: PhotoResult[], url: URL) {
  const p = Number(url.searchParams.get('p') ?? 1);
  const n = Number(url.searchParams.get('n') ?? 10);
  return json({ photos: all.slice((p - 1) * n, p * n), cur_page: p - 1, pages: Math.ceil(all.length / n), total_count: all.length });
}

type Handler = (url: URL, method: string, body: unknown) => Response | Promise<Response | undefined> | undefined;
const calls: { method: string; url: string; body: unknown; ifMatch: string | null; overwriteOf: string | null }[] = [];
/** The calls made to one API path (with their query strings). */
const callsTo = (path: string, method = 'GET') => calls.filter((c) => c.method === method && c.url.split('?')[0] === path).map((c) => c.url);

/** The screen at `path`, with fetch answered by `handler` (else a 404), signed in as ada. */
function show(path: string, routes: { path: string; element: React.ReactNode }[], handler: Handler) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = new Headers(init?.headers);
      calls.push({ method, url: `${url.pathname}${url.search}`, body, ifMatch: headers.get('if-match'), overwriteOf: headers.get('overwrite-of') });
      return (await handler(url, method, body)) ?? json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return renderScreen({ path, routes, user: signedIn('ada') });
}

// The photo search

/** Thirteen photos; one more (an insight comment's image) found only by its id. */
const ALL = Array.from({ length: 13 }, (_, i) => photo(i + 1));
const LONE = photo(99, {
  source: 'comment',
  caption: 'The snow pit on Tuesday',
  object: null,
  insight: { id: '33333333-3333-4333-8333-333333333333', num: 7, title: 'Snow depth at the tower' },
  geo: null,
  place: null,
  takenAt: null,
});

const search: Handler = (url) => {
  if (url.pathname === '/api/v1/photos') {
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    if (from && to && from > to)
      return json(
        { error: 'Invalid query', code: 'VALIDATION_FAILED', details: [{ field: 'querystring.to', message: 'The end of the range is before its start' }] },
        400,
      );
    return pageOf(url.searchParams.get('q') === 'nothing' ? [] : ALL, url);
  }
  const one = /^\/api\/v1\/photos\/(.+)$/.exec(url.pathname)?.[1];
  const found = [...ALL, LONE].find((p) => p.id === one);
  if (found) return json({ photo: found });
  if (url.pathname === '/api/v1/data/objtypes')
    return json({
      objtypes: {
        Site: { id: '44444444-4444-4444-8444-444444444444', slug: 'site', name: 'Site', marker: 'default', parents: [], metrics: {}, metadata_schemas: {} },
      },
    });
  return undefined;
};
const photosRoutes = [{ path: '/photos/:id?', element: <PhotosPage /> }];
const showSearch = (path: string) => show(path, photosRoutes, search);
const found = () => screen.findByRole('list', { name: 'Photos found' });

describe('the photo search', () => {
  it('asks for 10 photos a page, shows them with the total, and pages with p in the address', async () => {
    const { router, user } = showSearch('/photos');
    const list = await found();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(callsTo('/api/v1/photos')).toEqual(['/api/v1/photos?p=1&n=10']);
    screen.getByText('13 photos');
    // Under each: caption, the object's photos, the photographer, the day.
    const first = within(list).getAllByRole('listitem')[0]!;
    within(first).getByText('Birch 1');
    expect(within(first).getByRole('link', { name: 'Njulla slope' }).getAttribute('href')).toBe('/data/abi-njulla-slope/photos');
    expect(within(first).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/people/grace');
    within(first).getByText(/Taken Jul 14, 2024/);
    expect(screen.getByRole('region', { name: 'Map of the photos' }).getAttribute('data-points')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos found' })).getAllByRole('listitem')).toHaveLength(3));
    expect(router.state.location.search).toBe('?p=2');
    expect(callsTo('/api/v1/photos').at(-1)).toBe('/api/v1/photos?p=2&n=10');
    screen.getByRole('button', { name: 'Open Birch 13' });
  });

  it('sends every filter of the address, and a page size other than 10', async () => {
    showSearch('/photos?q=birch&person=grace&type=site&from=2024-05-01&to=2024-09-30&bbox=18.6,68.25,19.05,68.45&n=20');
    await found();
    expect(callsTo('/api/v1/photos')).toEqual([
      '/api/v1/photos?q=birch&person=grace&type=site&from=2024-05-01&to=2024-09-30&bbox=18.6%2C68.25%2C19.05%2C68.45&p=1&n=20',
    ]);
    expect((screen.getByRole('searchbox', { name: /Search photos/ }) as HTMLInputElement).value).toBe('birch');
    expect((screen.getByLabelText('Taken from') as HTMLInputElement).value).toBe('2024-05-01');
    expect((screen.getByLabelText('Taken to') as HTMLInputElement).value).toBe('2024-09-30');
    await vi.waitFor(() => expect((screen.getByRole('combobox', { name: 'Object type' }) as HTMLInputElement).value).toBe('Site'));
    expect(screen.getByRole('region', { name: 'Map of the photos' }).getAttribute('data-bbox')).toBe('18.6,68.25,19.05,68.45');
    screen.getByText('Only the photos placed inside the box are shown.');
  });

  it('puts a date typed into the address, and shows the server’s refusal of a reversed range at its field', async () => {
    const { router } = showSearch('/photos?from=2024-09-30&p=2');
    await found();
    fireEvent.change(screen.getByLabelText('Taken to'), { target: { value: '2024-05-01' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?from=2024-09-30&to=2024-05-01'));
    await screen.findByText('The end of the range is before its start');
    expect(screen.getByLabelText('Taken to').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Photos found' })).toBeNull();
    // Placed at its field, the refusal is not repeated above the grid.
    expect(screen.queryByText('The photos could not be loaded')).toBeNull();
  });

  it('draws a box into the address (back to page 1), takes the map view as the box, and clears it', async () => {
    const { router, user } = showSearch('/photos?q=birch&p=2');
    await found();
    const draw = screen.getByRole('button', { name: 'Draw a box' });
    expect(draw.getAttribute('aria-pressed')).toBe('false');
    await user.click(draw);
    expect(draw.getAttribute('aria-pressed')).toBe('true');
    screen.getByText(/Drag on the map to draw the box/);
    await user.click(screen.getByRole('button', { name: 'drag on the map' }));
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('bbox')).toBe('18.6,68.25,19.05,68.45'));
    expect(new URLSearchParams(router.state.location.search).get('p')).toBeNull();
    expect(draw.getAttribute('aria-pressed')).toBe('false');
    await vi.waitFor(() => expect(callsTo('/api/v1/photos').at(-1)).toBe('/api/v1/photos?q=birch&bbox=18.6%2C68.25%2C19.05%2C68.45&p=1&n=10'));

    await user.click(screen.getByRole('button', { name: 'Clear the box' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=birch'));
    expect(screen.queryByRole('button', { name: 'Clear the box' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search this map view' }));
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('bbox')).toBe('5,45,10.12346,47'));
  });

  it('leaves out a box the API would refuse, says so, and clears it', async () => {
    const { router, user } = showSearch('/photos?bbox=10,0,5,1');
    await found();
    expect(callsTo('/api/v1/photos')).toEqual(['/api/v1/photos?p=1&n=10']);
    const alert = screen.getByRole('alert');
    within(alert).getByText(/“10,0,5,1” is not a box/);
    await user.click(within(alert).getByRole('button', { name: 'Clear the box' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when nothing matches, and clears the filters', async () => {
    const { router, user } = showSearch('/photos?q=nothing&type=site');
    await screen.findByText('No photos match this search and these filters.');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByText('13 photos');
    expect((screen.getByRole('searchbox', { name: /Search photos/ }) as HTMLInputElement).value).toBe('');
  });
});

describe('the viewer', () => {
  it('opens on a thumbnail at /photos/{id} with the same query, goes through the page by buttons and arrow keys, and Escape goes back', async () => {
    const { router, user } = showSearch('/photos?q=birch');
    await found();
    await user.click(screen.getByRole('button', { name: 'Open Birch 1' }));
    expect(router.state.location.pathname).toBe(`/photos/${ALL[0]!.id}`);
    expect(router.state.location.search).toBe('?q=birch');
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 10' });
    expect(within(viewer).getByRole('img', { name: 'Birch 1' }).getAttribute('src')).toBe('/files/p1-large.webp');
    expect(within(viewer).getByRole('link', { name: 'Njulla slope' }).getAttribute('href')).toBe('/data/abi-njulla-slope/photos');
    within(viewer).getByRole('link', { name: 'Grace Hopper' });
    within(viewer).getByText(/Taken Jul 14, 2024/);
    expect(within(viewer).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    // Opened from the grid: the photo came with the page, not asked for again.
    expect(callsTo(`/api/v1/photos/${ALL[0]!.id}`)).toEqual([]);

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    await screen.findByRole('dialog', { name: 'Photo 2 of 10' });
    expect(router.state.location.pathname).toBe(`/photos/${ALL[1]!.id}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Photo 3 of 10' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    await screen.findByRole('dialog', { name: 'Photo 2 of 10' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('dialog', { name: 'Photo 1 of 10' });
    expect(router.state.location.search).toBe('?q=birch');

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/photos');
    expect(router.state.location.search).toBe('?q=birch');
  });

  it('stops at the last photo of the page', async () => {
    const { user } = showSearch(`/photos?p=2`);
    await found();
    await user.click(screen.getByRole('button', { name: 'Open Birch 13' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 3 of 3' });
    expect(within(viewer).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    screen.getByRole('dialog', { name: 'Photo 3 of 3' });
  });

  it('opens on a photo from its address, asking for it alone, and closes to the search', async () => {
    const { router, user } = showSearch(`/photos/${LONE.id}?q=snow`);
    const viewer = await screen.findByRole('dialog', { name: 'Photo' });
    await within(viewer).findByText('The snow pit on Tuesday');
    expect(callsTo(`/api/v1/photos/${LONE.id}`)).toEqual([`/api/v1/photos/${LONE.id}`]);
    expect(within(viewer).getByRole('link', { name: 'Snow depth at the tower' }).getAttribute('href')).toBe('/insights/7');
    within(viewer).getByText(/Image of a comment on/);
    within(viewer).getByText(/Added Jul 15, 2024/);
    expect(within(viewer).queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(within(viewer).getByRole('button', { name: 'Close the photo' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/photos');
    expect(router.state.location.search).toBe('?q=snow');
  });

  it('says so when the photo of the address cannot be seen', async () => {
    showSearch('/photos/00000000-0000-4000-8000-000000000404');
    const viewer = await screen.findByRole('dialog', { name: 'Photo' });
    await within(viewer).findByText('The photo could not be shown');
  });
});

// My photos

const MINE_START = [
  photo(1, { caption: 'Ridge', permissions: ['edit', 'delete'] }),
  photo(2, { caption: 'Hut', permissions: ['edit', 'delete'] }),
  photo(3, {
    source: 'comment',
    caption: 'Snow pit',
    object: null,
    insight: { id: '33333333-3333-4333-8333-333333333333', num: 7, title: 'Snow depth at the tower' },
    permissions: [],
  }),
];

/**
 * The user's photos; their object lists them with their versions (1 at first). With
 * `graceSaves`, the first caption saved finds Grace's caption saved meanwhile (version 2).
 */
function myServer(start: PhotoResult[], options: { hold?: Promise<void>; graceSaves?: string } = {}): Handler {
  let mine = start.map((p) => ({ ...p }));
  const versions = new Map<string, number>();
  let refused = false;
  const listed = (p: PhotoResult) => ({
    id: p.id,
    image: p.image,
    caption: p.caption,
    takenAt: p.takenAt,
    geo: p.geo,
    object: p.object,
    author: p.author,
    createdAt: p.createdAt,
    version: versions.get(p.id) ?? 1,
    permissions: p.permissions,
  });
  return async (url, method, body) => {
    if (url.pathname === '/api/v1/users/ada')
      return json({
        user: {},
        person: { id: '55555555-5555-4555-8555-555555555555', slug: 'ada-lindqvist', name: 'Ada Lindqvist' },
        permissions: [],
        roles: [],
        invitation: null,
      });
    if (url.pathname === '/api/v1/people/ada-lindqvist/photos') return pageOf(mine, url);
    if (url.pathname === '/api/v1/data/obj/abi-njulla-slope/photos')
      return new Response(JSON.stringify({ photos: mine.filter((p) => p.object).map(listed) }), {
        headers: { 'content-type': 'application/json', 'pagination-page': '1', 'pagination-count': '2', 'pagination-limit': '50' },
      });
    const id = /^\/api\/v1\/data\/obj\/abi-njulla-slope\/photos\/(.+)$/.exec(url.pathname)?.[1];
    const target = mine.find((p) => p.id === id);
    if (!target) return undefined;
    await options.hold;
    if (method === 'PUT') {
      versions.set(target.id, (versions.get(target.id) ?? 1) + 1);
      if (options.graceSaves !== undefined && !refused) {
        refused = true;
        target.caption = options.graceSaves;
        return changedMeanwhile(versions.get(target.id)!);
      }
      target.caption = (body as { caption: string | null }).caption;
      return json(listed(target));
    }
    if (method === 'DELETE') {
      mine = mine.filter((p) => p !== target);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
}

const myRoutes = [{ path: '/me/photos', element: <MyPhotos /> }];
const item = (list: HTMLElement, name: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('button', { name: `Open ${name}` }))!;

describe('my photos', () => {
  it('lists the photos of the user’s person, 10 a page, with a search', async () => {
    const { router, user } = show('/me/photos', myRoutes, myServer(MINE_START));
    const list = await screen.findByRole('list', { name: 'My photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(callsTo('/api/v1/people/ada-lindqvist/photos')).toEqual(['/api/v1/people/ada-lindqvist/photos?p=1&n=10']);
    await user.type(screen.getByRole('searchbox', { name: 'Search my photos' }), 'hut');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=hut'));
    await vi.waitFor(() => expect(callsTo('/api/v1/people/ada-lindqvist/photos').at(-1)).toBe('/api/v1/people/ada-lindqvist/photos?q=hut&p=1&n=10'));
  });

  it('edits an object photo’s caption in place: PUT with {caption}, busy while saving', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { user } = show('/me/photos', myRoutes, myServer(MINE_START, { hold }));
    const list = await screen.findByRole('list', { name: 'My photos' });
    const ridge = item(list, 'Ridge');
    await user.click(within(ridge).getByRole('button', { name: 'Edit caption' }));
    const box = await within(ridge).findByRole('textbox', { name: 'Caption' });
    expect((box as HTMLInputElement).value).toBe('Ridge');
    await user.clear(box);
    await user.type(box, 'The ridge from the hut');
    await user.click(within(ridge).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(within(ridge).getByRole('button', { name: 'Save' }).getAttribute('data-loading')).toBe('true'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: `/api/v1/data/obj/abi-njulla-slope/photos/${MINE_START[0]!.id}`,
        body: { caption: 'The ridge from the hut' },
        ifMatch: '"1"',
        overwriteOf: null,
      },
    ]);
    release();
    await within(list).findByRole('button', { name: 'Open The ridge from the hut' });
    expect(screen.queryByRole('textbox', { name: 'Caption' })).toBeNull();
  });

  it('cancels an edit without saving, and shows a refusal under the caption', async () => {
    const refuse: Handler = (url, method) =>
      method === 'PUT' ? json({ error: 'You may not change this photo', code: 'FORBIDDEN' }, 403) : myServer(MINE_START)(url, method, undefined);
    const { user } = show('/me/photos', myRoutes, refuse);
    const list = await screen.findByRole('list', { name: 'My photos' });
    const hut = item(list, 'Hut');
    await user.click(within(hut).getByRole('button', { name: 'Edit caption' }));
    await within(hut).findByRole('textbox', { name: 'Caption' });
    await user.click(within(hut).getByRole('button', { name: 'Cancel' }));
    expect(within(hut).queryByRole('textbox', { name: 'Caption' })).toBeNull();
    await user.click(within(hut).getByRole('button', { name: 'Edit caption' }));
    await user.type(await within(hut).findByRole('textbox', { name: 'Caption' }), ' at night');
    await user.click(within(hut).getByRole('button', { name: 'Save' }));
    await within(hut).findByText('The caption was not saved: You may not change this photo');
    expect((within(hut).getByRole('textbox', { name: 'Caption' }) as HTMLInputElement).value).toBe('Hut at night');
  });

  it('bases a caption on the version its object lists; refused as changed meanwhile, shows both captions, and Keep editing saves on the current version', async () => {
    const { user } = show('/me/photos', myRoutes, myServer(MINE_START, { graceSaves: 'Ridge, looking north' }));
    const ridge = item(await screen.findByRole('list', { name: 'My photos' }), 'Ridge');
    await user.click(within(ridge).getByRole('button', { name: 'Edit caption' }));
    await user.type(await within(ridge).findByRole('textbox', { name: 'Caption' }), ' at dusk');
    await user.click(within(ridge).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The photo was changed while you were editing' });
    await within(dialog).findByText('Ridge, looking north');
    within(dialog).getByText('Ridge at dusk');
    expect(within(ridge).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await user.click(within(ridge).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(within(ridge).queryByRole('textbox', { name: 'Caption' })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.ifMatch, c.overwriteOf, c.body])).toEqual([
      ['"1"', null, { caption: 'Ridge at dusk' }],
      ['"2"', null, { caption: 'Ridge at dusk' }],
    ]);
  });

  it('deletes a photo only once confirmed, busy until it is gone, and asks for the list again', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { user } = show('/me/photos', myRoutes, myServer(MINE_START, { hold }));
    const list = await screen.findByRole('list', { name: 'My photos' });
    await user.click(within(item(list, 'Hut')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    within(dialog).getByText(/“Hut” and its files are deleted for everyone/);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const asked = callsTo('/api/v1/people/ada-lindqvist/photos').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' }).getAttribute('data-loading')).toBe('true'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/data/obj/abi-njulla-slope/photos/${MINE_START[1]!.id}`]);
    release();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/api/v1/people/ada-lindqvist/photos').length).toBeGreaterThan(asked);
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByRole('button', { name: 'Open Hut' })).toBeNull();
  });

  it('keeps a photo when the deletion is not confirmed', async () => {
    const { user } = show('/me/photos', myRoutes, myServer(MINE_START));
    const list = await screen.findByRole('list', { name: 'My photos' });
    await user.click(within(item(list, 'Ridge')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', { name: 'Keep it' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a comment’s image with a link to its insight and nothing to change', async () => {
    show('/me/photos', myRoutes, myServer(MINE_START));
    const list = await screen.findByRole('list', { name: 'My photos' });
    const snow = item(list, 'Snow pit');
    within(snow).getByText(/Image of a comment on/);
    expect(within(snow).getByRole('link', { name: 'Snow depth at the tower' }).getAttribute('href')).toBe('/insights/7');
    expect(within(snow).queryByRole('button', { name: 'Edit caption' })).toBeNull();
    expect(within(snow).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says when the user has not added any photos, with the ways to add them', async () => {
    show('/me/photos', myRoutes, myServer([]));
    await screen.findByText(/You have not added any photos yet/);
    expect(screen.getByRole('link', { name: 'on the map' }).getAttribute('href')).toBe('/map/properties');
    expect(screen.getByRole('link', { name: 'in the catalogue of objects' }).getAttribute('href')).toBe('/data');
  });
});
