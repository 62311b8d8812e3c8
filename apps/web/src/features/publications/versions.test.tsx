import { cleanup, screen, within } from '@testing-library/react';
import type { PublicationDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import PublicationEditPage from './PublicationEditPage';
import PublicationPage from './PublicationPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const ID = '11111111-1111-4111-8111-111111111111';
const detail = (version: number, venue: string | null, keywords: string[]): PublicationDetail => ({
  publication: {
    id: ID,
    slug: 'dietze-2018',
    type: 'article',
    title: 'Near-term forecasting',
    authors: [{ name: 'Dietze, Michael C.', person: null, confirmed: false }],
    year: 2018,
    venue,
    volume: null,
    issue: null,
    pages: null,
    doi: null,
    url: null,
    keywords,
    citationKey: null,
    projects: [],
    version,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: `2026-01-0${version}T00:00:00Z`,
  },
  abstract: null,
  extra: {},
  permissions: ['view', 'edit', 'delete'],
});

/** A publication on a fake server: at version 1 until the first save, which finds Grace's version 2 (a venue and a keyword) and is refused. */
function publicationServer() {
  let current = detail(1, null, ['forecasting']);
  let refused = false;
  return fakeFetch(({ method, path }) => {
    if (path === '/pubs/dietze-2018' && method === 'GET') return json(current);
    if (path === `/pubs/${ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = detail(2, 'Ecological Applications', ['forecasting', 'ecology']);
        return changedMeanwhile(2);
      }
      return json(detail(3, null, []));
    }
    if (path === `/pubs/${ID}` && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

async function retitleOverGrace() {
  const server = publicationServer();
  const { user, router } = renderScreen({
    path: '/pubs/dietze-2018/edit',
    routes: [{ path: '/pubs/:slug/edit', element: <PublicationEditPage /> }],
    user: signedIn('ada'),
  });
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'Iterative near-term forecasting');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'The publication was changed while you were editing' });
  expect(server.writes()[0]).toMatchObject({
    method: 'PUT',
    ifMatch: '"1"',
    overwriteOf: null,
    body: { publication: { title: 'Iterative near-term forecasting' } },
  });
  const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
  return { ...server, user, router, dialog, rows };
}

describe('a publication', () => {
  it('is saved with the version it started from; refused, Keep editing takes the saved venue and keywords and sends the title on the current version', async () => {
    const { user, router, dialog, rows, writes } = await retitleOverGrace();
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'FieldYoursSaved now',
      'TitleIterative near-term forecastingNear-term forecasting',
      'Journal, book or publisher(empty)Ecological Applications',
      'Keywordsforecastingforecasting, ecology',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Journal, book or publisher' }) as HTMLInputElement).value).toBe('Ecological Applications');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pubs/dietze-2018'));
    expect(writes()[1]).toEqual(
      expect.objectContaining({ ifMatch: '"2"', overwriteOf: null, body: { publication: { title: 'Iterative near-term forecasting' } } }),
    );
  });

  it('refused, Overwrite sends every field that differs from the current version, knowingly', async () => {
    const { user, router, dialog, writes } = await retitleOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pubs/dietze-2018'));
    expect(writes()[1]).toEqual(
      expect.objectContaining({
        ifMatch: '"2"',
        overwriteOf: '"1"',
        body: { publication: { title: 'Iterative near-term forecasting', venue: null, keywords: ['forecasting'] } },
      }),
    );
  });

  it('is deleted naming the version shown', async () => {
    const { writes } = publicationServer();
    const { user } = renderScreen({ path: '/pubs/dietze-2018', routes: [{ path: '/pubs/:slug', element: <PublicationPage /> }], user: signedIn('ada') });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/pubs/${ID}`, ifMatch: '"1"' })]));
  });
});
