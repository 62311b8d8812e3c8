import { cleanup, screen, within } from '@testing-library/react';
import type { Note, ObjectDetail, ObjectType, Photo } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json, page } from '../../test/fake-fetch';
import { renderScreen, signedIn, type TestUser } from '../../test/render-screen';
import ObjectEditPage from './edit/ObjectEditPage';
import { objectKeys } from './keys';
import { ObjectPageContext, type ObjectPageValue } from './object-context';
import ObjectNotebook from './ObjectNotebook';
import ObjectPhotos from './ObjectPhotos';

// The map needs WebGL; the form's other fields are what is tested here.
vi.mock('./edit/GeometryMap', () => ({ default: () => <div data-testid="map" /> }));

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const site: ObjectType = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'site',
  name: 'Site',
  marker: 'default',
  parents: [],
  metrics: {},
  metadata_schemas: {
    site: { slug: 'site', title: 'Site', version: 1, schema: { type: 'object', properties: { elevation: { type: 'number', title: 'Elevation' } } } },
  },
  version: 1,
};

const object = (version: number, elevation: number, people: ObjectDetail['obj']['people'] = []): ObjectDetail => ({
  obj: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'ridge',
    title: 'Ridge',
    types: [{ slug: 'site', name: 'Site', marker: 'default' }],
    projects: [],
    parent: null,
    people,
    institutions: [],
    geo: null,
    metadata: { elevation },
    visibility: 'public',
    version,
    update: { at: `2026-11-28T14:0${version}:00.000Z`, by: null },
  },
  doc: null,
  permissions: ['view', 'edit'],
});

/** The object's editor on a fake server holding `current()`; its PUT answers `put` (by default the object as sent, a version on). */
function editObject(
  current: () => ObjectDetail,
  put?: (n: number) => Response | undefined,
  options: { projects?: (q: string) => unknown[]; user?: TestUser } = {},
) {
  let puts = 0;
  const server = fakeFetch(({ method, path, body, query }) => {
    if (path === '/data/objtypes') return json({ objtypes: { Site: site } });
    if (path === '/data/obj/ridge' && method === 'GET') return json(current());
    if (path === '/data/obj/ridge' && method === 'PUT') {
      const answer = put?.(puts++);
      if (answer) return answer;
      const now = current();
      return json({ ...now, obj: { ...now.obj, ...(body as object), version: now.obj.version + 1 } });
    }
    if (path.startsWith('/data/obj/ridge/projects/') && method === 'PUT') return new Response(null, { status: 204 });
    if (path === '/projects') return json({ projects: options.projects?.(query.get('q') ?? '') ?? [] });
    return undefined;
  });
  const shown = renderScreen({
    path: '/data/ridge/edit',
    routes: [{ path: '/data/:name/edit', element: <ObjectEditPage /> }],
    user: options.user ?? signedIn('ada'),
  });
  return { ...server, ...shown };
}

async function retitle(user: ReturnType<typeof editObject>['user']) {
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await screen.findByRole('textbox', { name: 'Elevation' });
  await user.clear(title);
  await user.type(title, 'Ridge top');
}

describe('the object editor', () => {
  it('saves with the version it started from, not the newer one a refetch brings; refused, Overwrite replaces the current version knowingly', async () => {
    let current = object(3, 1200);
    const { user, writes, client, router } = editObject(
      () => current,
      (n) => (n === 0 ? changedMeanwhile(4) : undefined),
    );
    await retitle(user);
    // Grace changes the elevation; the editor hears of it, its title changed.
    current = object(4, 1250);
    await client.invalidateQueries({ queryKey: objectKeys.detail('ridge') });
    expect((screen.getByRole('textbox', { name: 'Elevation' }) as HTMLInputElement).value).toBe('1200');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'The object was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/data/obj/ridge', ifMatch: '"3"', overwriteOf: null });
    const rows = within(within(dialog).getByRole('table', { name: 'Fields that differ' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['FieldYoursSaved now', 'TitleRidge topRidge', 'Metadataelevation: 1200elevation: 1250']);

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/data/ridge'));
    expect(writes()[1]).toMatchObject({ ifMatch: '"4"', overwriteOf: '"3"', body: { title: 'Ridge top', metadata: { elevation: 1200 } } });
  });

  it('moves on to a newer version whose fields are the form’s (a person linked beside it), and saves on it without a conflict', async () => {
    let current = object(3, 1200);
    const { user, writes, client, router } = editObject(() => current);
    await retitle(user);
    current = object(4, 1200, [{ person: { id: '33333333-3333-4333-8333-333333333333', slug: 'ada', name: 'Ada' }, role: null, position: 0 }]);
    await client.invalidateQueries({ queryKey: objectKeys.detail('ridge') });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/data/ridge'));
    expect(writes()).toMatchObject([{ ifMatch: '"4"', body: { title: 'Ridge top' } }]);
  });

  it('keeps the pill of a project found by searching once the search is cleared, and saves it', async () => {
    // A manager's list is one page of all projects: the project searched for is not on it.
    const project = (n: number, title: string) => ({ id: `5555555${n}-5555-4555-8555-555555555555`, slug: title.toLowerCase(), title });
    const { user, writes, router } = editObject(() => object(3, 1200), undefined, {
      projects: (q) => (q ? [project(2, 'Zeta station')] : [project(1, 'Alpha')]),
      user: signedIn('ada', ['manageProjects']),
    });
    const projects = await screen.findByLabelText('Projects', { selector: 'input' });
    await user.type(projects, 'Zeta');
    await user.click(await screen.findByRole('option', { name: 'Zeta station' }));
    await user.clear(projects);
    await screen.findByRole('option', { name: 'Alpha' });
    // Its pill: the title shown outside the list of options.
    expect(screen.getAllByText('Zeta station').filter((e) => !e.closest('[role=option]'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/data/ridge'));
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(['PUT /data/obj/ridge', `PUT /data/obj/ridge/projects/${project(2, 'Zeta station').id}`]);
  });
});

/** A tab of the object's page (the notebook, the photos) on the fake server `answer`. */
function showTab(tab: React.ReactNode, answer: Parameters<typeof fakeFetch>[0]) {
  const value: ObjectPageValue = {
    name: 'ridge',
    detail: object(3, 1200) as ObjectDetail,
    types: {},
    ready: true,
    children: { items: [], busy: false, error: null },
    photoPage: 1,
    showPhotoPage: () => {},
  };
  const server = fakeFetch(answer);
  const element = (
    <ObjectPageContext.Provider value={{ ...value, detail: { ...value.detail, permissions: ['view', 'comment', 'upload'] } }}>{tab}</ObjectPageContext.Provider>
  );
  return { ...server, ...renderScreen({ path: '/data/ridge', routes: [{ path: '/data/ridge', element }], user: signedIn('ada') }) };
}

const NOTE_ID = '44444444-4444-4444-8444-444444444444';
const note = (version: number, content: string): Note => ({
  id: NOTE_ID,
  author: { id: '33333333-3333-4333-8333-333333333333', slug: 'ada', name: 'Ada Lindqvist' },
  content,
  timestamp: '2026-03-01T10:00:00Z',
  created: '2026-03-01T10:00:00Z',
  version,
  permissions: ['edit', 'delete'],
});

describe('a note edited in the notebook', () => {
  it('is saved with its version as listed; refused, both texts are shown, and Keep editing saves the user’s text on the current version', async () => {
    let current = note(2, 'The weir was dry.');
    let refused = false;
    const { user, writes } = showTab(<ObjectNotebook />, ({ method, path, body }) => {
      if (path === '/data/obj/ridge/notes' && method === 'GET') return page({ notes: [current] }, 1, 20);
      if (path === `/data/obj/ridge/notes/${NOTE_ID}` && method === 'PUT') {
        if (!refused) {
          refused = true;
          current = note(3, 'The weir was dry at noon.');
          return changedMeanwhile(3);
        }
        current = note(4, (body as { content: string }).content);
        return json(current);
      }
      return undefined;
    });
    await screen.findByText('The weir was dry.');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, ' Low water.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The note was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', body: { content: 'The weir was dry. Low water.' } });
    await within(dialog).findByText('The weir was dry at noon.');
    within(dialog).getByText('The weir was dry. Low water.');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('The weir was dry. Low water.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The weir was dry. Low water.', { selector: 'p' });
    expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: null });
  });
});

const PHOTO_ID = '88888888-8888-4888-8888-888888888888';
const photo = (version: number, caption: string | null): Photo =>
  ({
    id: PHOTO_ID,
    image: { id: PHOTO_ID, url: `/u/${PHOTO_ID}`, thumbUrl: `/t/${PHOTO_ID}` },
    caption,
    takenAt: null,
    geo: null,
    object: null,
    author: null,
    createdAt: '2026-01-01T00:00:00Z',
    version,
    permissions: ['view', 'edit', 'delete'],
  }) as Photo;

describe('a photo’s caption changed in the viewer', () => {
  it('is saved with the photo’s version; refused, Overwrite sends it on the current version, naming the one it started from', async () => {
    let current = photo(1, 'The ridge');
    let refused = false;
    const { user, writes } = showTab(<ObjectPhotos />, ({ method, path, body }) => {
      if (path === '/data/obj/ridge/photos' && method === 'GET') return page({ photos: [current] }, 1);
      if (path === `/data/obj/ridge/photos/${PHOTO_ID}` && method === 'PUT') {
        if (!refused) {
          refused = true;
          current = photo(2, 'The ridge from the north');
          return changedMeanwhile(2);
        }
        current = photo(3, (body as { caption: string }).caption);
        return json(current);
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Open The ridge' }));
    await user.click(await screen.findByRole('button', { name: 'Edit caption' }));
    const box = screen.getByRole('textbox', { name: 'Caption' });
    await user.clear(box);
    await user.type(box, 'The ridge at dawn');
    await user.click(screen.getByRole('button', { name: 'Save caption' }));

    const dialog = await screen.findByRole('dialog', { name: 'The photo was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"1"', body: { caption: 'The ridge at dawn' } });
    await within(dialog).findByText('The ridge from the north');
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()[1]).toMatchObject({ ifMatch: '"2"', overwriteOf: '"1"', body: { caption: 'The ridge at dawn' } }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: 'Caption' })).toBeNull());
  });
});
