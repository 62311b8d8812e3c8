import { cleanup, screen, within } from '@testing-library/react';
import type { ObjectDetail, ObjectType } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import ObjectEditPage from './edit/ObjectEditPage';
import { objectKeys } from './keys';

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
function editObject(current: () => ObjectDetail, put?: (n: number) => Response | undefined) {
  let puts = 0;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/data/objtypes') return json({ objtypes: { Site: site } });
    if (path === '/data/obj/ridge' && method === 'GET') return json(current());
    if (path === '/data/obj/ridge' && method === 'PUT') {
      const answer = put?.(puts++);
      if (answer) return answer;
      const now = current();
      return json({ ...now, obj: { ...now.obj, ...(body as object), version: now.obj.version + 1 } });
    }
    if (path === '/projects') return json({ projects: [] });
    return undefined;
  });
  const shown = renderScreen({ path: '/data/ridge/edit', routes: [{ path: '/data/:name/edit', element: <ObjectEditPage /> }], user: signedIn('ada') });
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
});
