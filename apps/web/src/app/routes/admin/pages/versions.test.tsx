import { cleanup, screen, within } from '@testing-library/react';
import type { PageDetail, ProseMirrorDoc } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import PageAdminPage from './PageAdminPage';

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-000000000099';
const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
const page = (version: number, title: string, doc: ProseMirrorDoc | null): PageDetail => ({
  page: {
    id: ID,
    path: 'map',
    title,
    position: 0,
    draft: false,
    version,
    updatedAt: `2026-03-0${version}T10:00:00Z`,
    createdAt: '2026-01-01T00:00:00Z',
    updatedBy: null,
  },
  doc,
  ancestors: [],
  permissions: ['view', 'edit', 'delete'],
});

/** The page's editor on a fake server: at version 3 until the first save, which finds Grace's version 4 (another text) and is refused; later saves are taken. */
async function retitleOverGrace() {
  let current = page(3, 'Map and objects', text('Zoom with the wheel.'));
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/pages/at/map') return json(current);
    if (path === `/pages/${ID}/revisions`) return json({ revisions: [] });
    if (path === `/pages/${ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = page(4, 'Map and objects', text('Zoom with the wheel or pinch.'));
        return changedMeanwhile(4);
      }
      const sent = body as { title: string; doc?: ProseMirrorDoc };
      current = page(current.page.version + 1, sent.title, sent.doc ?? current.doc);
      return json(current);
    }
    if (path === `/pages/${ID}` && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
  const { user } = renderScreen({
    path: '/admin/pages/map',
    routes: [{ path: '/admin/pages/*', element: <PageAdminPage /> }],
    user: signedIn('admin', ['managePages', 'accessAdmin']),
  });
  const form = await screen.findByRole('form', { name: 'Page' });
  await within(form).findByText('Zoom with the wheel.');
  const title = within(form).getByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'The map');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'The page was changed while you were editing' });
  expect(server.writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"3"', overwriteOf: null, body: { title: 'The map', draft: false } });
  await within(dialog).findByText('Text: saved now');
  within(dialog).getByText('Zoom with the wheel or pinch.');
  expect(screen.queryByRole('alert')).toBeNull();
  return { ...server, user, form, dialog };
}

describe('a page’s editor', () => {
  it('saves with the version it started from; refused, Keep editing takes the saved text, and the saves after are based on the saved version', async () => {
    const { user, form, dialog, writes } = await retitleOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await within(form).findByText('Zoom with the wheel or pinch.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The text is the saved one: not sent again.
    await vi.waitFor(() =>
      expect(writes()[1]).toEqual(expect.objectContaining({ ifMatch: '"4"', overwriteOf: null, body: { title: 'The map', draft: false } })),
    );
    await vi.waitFor(() => expect((within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('The map'));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 's');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()[2]).toMatchObject({ ifMatch: '"5"', body: { title: 'The maps' } }));
  });

  it('refused, Overwrite sends the text the user had over the current version, knowingly', async () => {
    const { user, dialog, writes } = await retitleOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() =>
      expect(writes()[1]).toMatchObject({ ifMatch: '"4"', overwriteOf: '"3"', body: { title: 'The map', draft: false, doc: text('Zoom with the wheel.') } }),
    );
  });

  it('deletes the page naming the version shown', async () => {
    const { writes } = fakeFetch(({ method, path }) => {
      if (path === '/pages/at/map') return json(page(3, 'Map and objects', null));
      if (path === `/pages/${ID}/revisions`) return json({ revisions: [] });
      if (path === `/pages/${ID}` && method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const { user } = renderScreen({
      path: '/admin/pages/map',
      routes: [{ path: '/admin/pages/*', element: <PageAdminPage /> }],
      user: signedIn('admin', ['managePages', 'accessAdmin']),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete page' }));
    await vi.waitFor(() => expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/pages/${ID}`, ifMatch: '"3"' })]));
  });
});
