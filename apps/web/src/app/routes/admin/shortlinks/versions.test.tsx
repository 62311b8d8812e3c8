import { cleanup, screen, within } from '@testing-library/react';
import type { Shortlink } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import ShortlinksAdminPage from './ShortlinksAdminPage';

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-000000000001';
const link = (version: number, slug: string, target: string): Shortlink => ({
  id: ID,
  slug,
  target,
  external: null,
  hits: 3,
  lastUsedAt: null,
  version,
  createdAt: '2026-03-04T10:00:00Z',
  updatedAt: '2026-03-04T10:00:00Z',
});

/** The shortlinks on a fake server: the link is at version 2 until the first save, which finds Grace's version 3 (another target) and is refused. */
async function renameOverGrace() {
  let current = link(2, 'guide', '/doc/index');
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/shortlinks' && method === 'GET') return json({ shortlinks: [current] });
    if (path === `/shortlinks/${ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = link(3, 'guide', '/doc/guide');
        return changedMeanwhile(3);
      }
      const sent = body as { slug: string; target: string };
      current = link(current.version + 1, sent.slug, sent.target);
      return json(current);
    }
    if (path === `/shortlinks/${ID}` && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
  const { user } = renderScreen({
    path: '/admin/shortlinks',
    routes: [{ path: '/admin/shortlinks', element: <ShortlinksAdminPage /> }],
    user: signedIn('admin', ['accessAdmin', 'manageShortlinks']),
  });
  await user.click(await screen.findByRole('button', { name: 'Edit guide' }));
  const form = await screen.findByRole('form', { name: 'Edit guide' });
  const slug = within(form).getByRole('textbox', { name: 'Slug' });
  await user.clear(slug);
  await user.type(slug, 'help');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'The shortlink was changed while you were editing' });
  expect(server.writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', overwriteOf: null, body: { slug: 'help', target: '/doc/index' } });
  const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
  expect(
    within(rows)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['FieldYoursSaved now', 'Slughelpguide', 'Target/doc/index/doc/guide']);
  expect(within(form).queryByRole('alert')).toBeNull();
  return { ...server, user, form, dialog };
}

describe('a shortlink being edited', () => {
  it('is saved with the version listed; refused, Keep editing takes the saved target and saves on the current version', async () => {
    const { user, form, dialog, writes } = await renameOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((within(form).getByRole('textbox', { name: 'Target' }) as HTMLInputElement).value).toBe('/doc/guide');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Edit guide' })).toBeNull());
    expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: null, body: { slug: 'help', target: '/doc/guide' } });
  });

  it('refused, Overwrite replaces the current version knowingly', async () => {
    const { user, dialog, writes } = await renameOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: '"2"', body: { slug: 'help', target: '/doc/index' } }));
  });

  it('is deleted naming the version listed', async () => {
    const { writes } = fakeFetch(({ method, path }) => {
      if (path === '/shortlinks' && method === 'GET') return json({ shortlinks: [link(2, 'guide', '/doc/index')] });
      if (path === `/shortlinks/${ID}` && method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const { user } = renderScreen({
      path: '/admin/shortlinks',
      routes: [{ path: '/admin/shortlinks', element: <ShortlinksAdminPage /> }],
      user: signedIn('admin', ['accessAdmin', 'manageShortlinks']),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete guide' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/shortlinks/${ID}`, ifMatch: '"2"' })]));
  });
});
