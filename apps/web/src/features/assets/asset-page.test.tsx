import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import type { AssetDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assetKeys } from '../../lib/query-keys';
import AssetPage from './AssetPage';
import MyUploadsPage from './MyUploadsPage';
import { renderScreen, signedIn } from '../../test/render-screen';

afterEach(() => {
  cleanup();
  // The notifications are kept in one store for the whole file.
  notifications.clean();
  calls.length = 0;
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-111111111111';
const asset: AssetDetail['asset'] = {
  id: ID,
  fileName: 'snow-pit.jpg',
  mediaType: 'image/jpeg',
  size: 1_572_864,
  width: 1600,
  height: 1200,
  image: { id: ID, url: `/api/v1/assets/${ID}/400`, thumbUrl: `/api/v1/assets/${ID}/96`, largeUrl: `/api/v1/assets/${ID}/1600` },
  owner: { username: 'ada' },
  createdAt: '2026-03-04T10:00:00Z',
};
const used: AssetDetail = {
  asset,
  usages: [
    { kind: 'comment', label: 'A comment on “Snow depth at the tower”', path: '/insights/12' },
    { kind: 'document', label: 'An earlier version of a page', path: null },
  ],
  hiddenUsages: 2,
  permissions: [],
};
const unused: AssetDetail = { asset, usages: [], hiddenUsages: 0, permissions: ['delete'] };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls: { method: string; url: string }[] = [];

function show(path: string, detail: AssetDetail | null, permissions: string[] = [], onDelete: () => Response = () => new Response(null, { status: 204 })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      calls.push({ method, url: `${url.pathname}${url.search}` });
      if (url.pathname === `/api/v1/assets/${ID}` && method === 'GET' && detail) return json(detail);
      if (url.pathname === `/api/v1/assets/${ID}` && method === 'DELETE') return onDelete();
      return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return renderScreen({
    path,
    routes: [
      { path: '/assets/:id?', element: <AssetPage /> },
      { path: '/admin/assets', element: <p>the assets list</p> },
      { path: '/', element: <p>the home page</p> },
    ],
    user: signedIn('ada', permissions),
    notifications: true,
  });
}

describe('an asset’s page', () => {
  it('shows the image, its facts, and the places it is used: links where they have a page, and how many more the reader cannot see', async () => {
    show(`/assets/${ID}`, used);
    await screen.findByRole('heading', { level: 1, name: 'snow-pit.jpg' });
    expect(screen.getByRole('img', { name: 'The image snow-pit.jpg' }).getAttribute('src')).toBe(`/api/v1/assets/${ID}/400`);
    expect(screen.getByRole('link', { name: 'Open the large image' }).getAttribute('href')).toBe(`/api/v1/assets/${ID}/1600`);
    const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Type')).toBe('image/jpeg');
    expect(fact('Size')).toBe('1.5 MB');
    expect(fact('Dimensions')).toBe('1600 × 1200 pixels');
    expect(fact('Uploaded by')).toBe('ada');
    expect(fact('Uploaded')).toBe('March 4, 2026');

    const places = screen.getByRole('list', { name: 'Where it is used' });
    const items = within(places).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'A comment on “Snow depth at the tower”' }).getAttribute('href')).toBe('/insights/12');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(items[1]!.textContent).toBe('An earlier version of a page');
    screen.getByText('and 2 more places you cannot see');
    expect(screen.queryByText('Not used anywhere.')).toBeNull();
    // Not the reader's to delete: no button.
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('names another file and its type, and says when nothing uses it', async () => {
    show(`/assets/${ID}`, {
      asset: { ...asset, fileName: 'readings.csv', mediaType: 'text/csv', width: null, height: null, image: null, owner: null, size: 2048 },
      usages: [],
      hiddenUsages: 0,
      permissions: [],
    });
    await screen.findByRole('heading', { level: 1, name: 'readings.csv' });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('text/csv', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('2 KB', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByText('Dimensions', { selector: 'dt' })).toBeNull();
    screen.getByText('Not used anywhere.');
  });

  it('deletes after a confirmation, then goes to the assets list for a holder of manageAssets', async () => {
    const { router, client, user } = show(`/assets/${ID}`, unused, ['manageAssets']);
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “snow-pit.jpg”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/assets'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/assets/${ID}`]);
    await screen.findByText('“snow-pit.jpg” was deleted');
    // Once deleted, the asset is not asked for again (the answer would be a 404).
    expect(calls.filter((c) => c.url === `/api/v1/assets/${ID}`).map((c) => c.method)).toEqual(['GET', 'DELETE']);
    // …but a return to it asks the server again.
    expect(client.getQueryState(assetKeys.detail(ID))?.isInvalidated).toBe(true);
  });

  it('keeps the file when the confirmation is declined; its uploader goes home after deleting', async () => {
    const { router, user } = show(`/assets/${ID}`, unused);
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(router.state.location.pathname).toBe(`/assets/${ID}`);

    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the server’s refusal when the file has come into use, and stays', async () => {
    const { router, user } = show(`/assets/${ID}`, unused, ['manageAssets'], () =>
      json({ error: 'It is used: a comment on “Snow depth at the tower”', code: 'CONFLICT' }, 409),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByText('It is used: a comment on “Snow depth at the tower”');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/was deleted/)).toBeNull();
    expect(router.state.location.pathname).toBe(`/assets/${ID}`);
  });

  it('says an asset the reader may not see could not be found', async () => {
    show(`/assets/${ID}`, null);
    await screen.findByRole('heading', { level: 1, name: 'Not Found' });
    screen.getByText(/The object you requested could not be found/);
  });
});

describe('/assets: my uploads', () => {
  function showMine(assets: unknown[], permissions: string[] = []) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://x');
        calls.push({ method: 'GET', url: `${url.pathname}${url.search}` });
        if (url.pathname === '/api/v1/assets' && url.searchParams.get('mine') === 'true') {
          return new Response(JSON.stringify({ assets, totals: { count: assets.length, bytes: 0, unusedCount: 0, unusedBytes: 0 } }), {
            status: 200,
            headers: { 'content-type': 'application/json', 'pagination-page': '1', 'pagination-count': String(assets.length), 'pagination-limit': '25' },
          });
        }
        return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
      }),
    );
    return renderScreen({ path: '/assets', routes: [{ path: '/assets', element: <MyUploadsPage /> }], user: signedIn('ada', permissions) });
  }

  it('lists the signed-in user’s own uploads, each linking to its page', async () => {
    showMine([{ ...asset, uses: 0 }]);
    const table = await screen.findByRole('table', { name: 'My uploads' });
    expect(within(table).getByRole('link', { name: 'snow-pit.jpg' }).getAttribute('href')).toBe(`/assets/${ID}`);
    expect(within(table).getByText('unused')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'GET', url: '/api/v1/assets?p=1&mine=true' });
    expect(screen.queryByRole('link', { name: 'Site Admin → Assets' })).toBeNull();
  });

  it('says when there is nothing yet, and points a holder of manageAssets to everyone’s files', async () => {
    showMine([], ['accessAdmin', 'manageAssets']);
    await screen.findByText('You have not uploaded anything yet.');
    expect(screen.getByRole('link', { name: 'Site Admin → Assets' }).getAttribute('href')).toBe('/admin/assets');
  });
});
