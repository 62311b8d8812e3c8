import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import type { AssetListItem, AssetsResponse, StrayFiles } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssetsAdminPage from './AssetsAdminPage';
import { renderScreen, signedIn } from '../../../../test/render-screen';

afterEach(() => {
  cleanup();
  notifications.clean();
  calls.length = 0;
  vi.unstubAllGlobals();
});

const item = (n: number, over: Partial<AssetListItem> = {}): AssetListItem => {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    id,
    fileName: `photo-${n}.jpg`,
    mediaType: 'image/jpeg',
    size: 2048 * n,
    width: 800,
    height: 600,
    image: { id, url: `/api/v1/assets/${id}/400`, thumbUrl: `/api/v1/assets/${id}/96` },
    owner: { username: 'ada' },
    createdAt: '2026-03-04T10:00:00Z',
    uses: 0,
    ...over,
  };
};
const inUse = item(1, { uses: 3 });
const lonely = item(2);
const csv = item(3, { fileName: 'readings.csv', mediaType: 'text/csv', image: null, width: null, height: null });
const totals = { count: 3, bytes: 3 * 1024 * 1024, unusedCount: 2, unusedBytes: 1536 * 1024 };
const strays: StrayFiles = {
  files: [
    { key: 'originals/aa/one', size: 1024 * 1024, modifiedAt: '2026-03-01T00:00:00Z' },
    { key: 'originals/bb/two', size: 512 * 1024, modifiedAt: null },
  ],
  bytes: 1536 * 1024,
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const calls: { method: string; url: string }[] = [];

type Answers = { remove?: () => Response; strays?: () => StrayFiles };

function show(path: string, answers: Answers = {}) {
  let swept = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      calls.push({ method, url: `${url.pathname}${url.search}` });
      if (url.pathname === '/api/v1/assets' && method === 'GET') {
        const assets = url.searchParams.get('unused') === 'true' ? [lonely, csv] : [inUse, lonely, csv];
        const body: AssetsResponse = { assets, totals };
        return json(body, 200, { 'pagination-page': url.searchParams.get('p') ?? '1', 'pagination-count': String(assets.length), 'pagination-limit': '25' });
      }
      if (url.pathname === '/api/v1/assets/strays') return json(swept ? { files: [], bytes: 0 } : (answers.strays?.() ?? strays));
      if (url.pathname === '/api/v1/assets/strays/sweep' && method === 'POST') {
        swept = true;
        return json({ removed: 2, bytes: 1536 * 1024 });
      }
      if (url.pathname.startsWith('/api/v1/assets/') && method === 'DELETE') return answers.remove?.() ?? new Response(null, { status: 204 });
      return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return renderScreen({
    path,
    routes: [{ path: '/admin/assets', element: <AssetsAdminPage /> }],
    user: signedIn('admin', ['accessAdmin', 'manageAssets']),
    notifications: true,
  });
}

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v1/assets?')).map((c) => c.url);

describe('Site Admin → Assets', () => {
  it('shows the totals and every file, with Delete only on the unused ones', async () => {
    show('/admin/assets');
    const table = await screen.findByRole('table', { name: 'Assets' });
    const totalsBox = screen.getByRole('region', { name: 'Totals' });
    expect(totalsBox.textContent).toContain('3 files');
    expect(totalsBox.textContent).toContain('3 MB in all');
    expect(totalsBox.textContent).toContain('2 unused');
    expect(totalsBox.textContent).toContain('1.5 MB that nothing uses');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'photo-1.jpg' }).getAttribute('href')).toBe(`/admin/assets/${inUse.id}`);
    expect(rows[0]!.textContent).toContain('3');
    expect(within(rows[0]!).queryByText('unused')).toBeNull();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    within(rows[1]!).getByText('unused');
    within(rows[1]!).getByRole('button', { name: 'Delete photo-2.jpg' });
    // A thumbnail for images only.
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe(`/api/v1/assets/${lonely.id}/96`);
    expect(rows[2]!.querySelector('img')).toBeNull();
    expect(rows[2]!.textContent).toContain('text/csv');
    expect(listCalls()).toEqual(['/api/v1/assets?p=1']);
  });

  it('“Only unused” asks for the unused ones, and keeps the filter in the address', async () => {
    const { router, user } = show('/admin/assets?p=2');
    await screen.findByRole('table', { name: 'Assets' });
    expect(listCalls()).toEqual(['/api/v1/assets?p=2']);
    await user.click(screen.getByRole('checkbox', { name: 'Only unused' }));
    await vi.waitFor(() => expect(listCalls()).toContain('/api/v1/assets?p=1&unused=true'));
    expect(router.state.location.search).toBe('?unused=true');
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'photo-1.jpg' })).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Only unused' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Only unused' }));
    expect(router.state.location.search).toBe('');
    await screen.findByRole('link', { name: 'photo-1.jpg' });
  });

  it('deletes an unused file after a confirmation naming it', async () => {
    const { user } = show('/admin/assets');
    await user.click(await screen.findByRole('button', { name: 'Delete photo-2.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “photo-2.jpg”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('“photo-2.jpg” was deleted');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/assets/${lonely.id}`]);
    // The list is asked for again.
    await vi.waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('shows a refusal (the file came into use) as an error notification with the server’s message', async () => {
    const { user } = show('/admin/assets', { remove: () => json({ error: 'It is used by 1 place: the portrait of Ada Lindqvist', code: 'CONFLICT' }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Delete photo-2.jpg' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('“photo-2.jpg” was not deleted');
    screen.getByText('It is used by 1 place: the portrait of Ada Lindqvist');
    expect(screen.queryByText('“photo-2.jpg” was deleted')).toBeNull();
  });

  it('lists the stray files and sweeps them after a confirmation, then says what was removed', async () => {
    const { user } = show('/admin/assets');
    const found = await screen.findByRole('list', { name: 'Stray files found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['originals/aa/one 1 MB', 'originals/bb/two 512 KB']);
    screen.getByText('2 stray files, 1.5 MB');

    await user.click(screen.getByRole('button', { name: 'Sweep 2 stray files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sweep 2 stray files?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sweep 2 stray files' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sweep' }));
    await screen.findByText('Removed 2 files, 1.5 MB');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v1/assets/strays/sweep']);
    await screen.findByText('No stray files.');
    expect(screen.queryByRole('button', { name: /^Sweep/ })).toBeNull();
  });

  it('says so when storage holds no stray files', async () => {
    show('/admin/assets', { strays: () => ({ files: [], bytes: 0 }) });
    await screen.findByText('No stray files.');
    expect(screen.queryByRole('button', { name: /^Sweep/ })).toBeNull();
  });
});
