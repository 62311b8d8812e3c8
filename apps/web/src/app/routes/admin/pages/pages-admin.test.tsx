import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { PageDetail, PageSummary } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PageAdminPage from './PageAdminPage';
import PagesAdminPage from './PagesAdminPage';
import { renderScreen, signedIn } from '../../../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  calls.length = 0;
});

let n = 0;
const summary = (path: string, title: string, position = 0, draft = false): PageSummary => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  path,
  title,
  position,
  draft,
  version: 1,
  updatedAt: '2026-03-04T10:00:00Z',
});
const PAGES = [
  summary('index', 'Help and documentation', 0),
  summary('guide', 'User guide', 1),
  summary('guide/map', 'Map and objects', 0),
  summary('guide/plans', 'Plans', 1, true),
];
const detailOf = (page: PageSummary): PageDetail => ({
  page: { ...page, createdAt: '2026-01-01T00:00:00Z', updatedBy: null },
  doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `The text of ${page.title}.` }] }] },
  ancestors: PAGES.filter((p) => page.path.startsWith(`${p.path}/`)).map((p) => ({ path: p.path, title: p.title, draft: p.draft })),
  permissions: ['view', 'edit', 'delete'],
});

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, error: string, field?: string) =>
  json({ error, code: status === 409 ? 'CONFLICT' : 'VALIDATION', ...(field ? { details: [{ field, message: error }] } : {}) }, status);

const calls: { method: string; url: string; body: unknown }[] = [];
type Handler = (method: string, url: URL, body: unknown) => Response | undefined;

function show(path: string, extra: Handler = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: `${url.pathname}${url.search}`, body });
      const answer = extra(method, url, body);
      if (answer) return answer;
      if (url.pathname === '/api/v1/pages') return json({ pages: PAGES });
      const at = PAGES.find((p) => url.pathname === `/api/v1/pages/at/${p.path}`);
      if (at) return json(detailOf(at));
      if (url.pathname.endsWith('/revisions')) return json({ revisions: [] });
      return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return renderScreen({
    path,
    routes: [
      { path: '/admin/pages', element: <PagesAdminPage /> },
      { path: '/admin/pages/*', element: <PageAdminPage /> },
    ],
    user: signedIn('admin', ['managePages', 'accessAdmin']),
  });
}

describe('Site Admin → Pages', () => {
  it('lists every page as the tree, drafts marked, each row linking to its editor', async () => {
    show('/admin/pages');
    const table = await screen.findByRole('table', { name: 'Pages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['index', 'guide', 'guide/map', 'guide/plans']);
    expect(within(rows[3]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Draft')).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: 'Map and objects' }).getAttribute('href')).toBe('/admin/pages/guide/map');
    expect(calls.some((c) => c.url === '/api/v1/pages?drafts=true')).toBe(true);
  });

  it('moves a page up or down among the pages beside it, the first without Up and the last without Down', async () => {
    const { user } = show('/admin/pages', (method, url) => (method === 'POST' && url.pathname.endsWith('/move') ? json(detailOf(PAGES[1]!)) : undefined));
    const table = await screen.findByRole('table', { name: 'Pages' });
    const button = (name: string) => within(table).getByRole('button', { name }) as HTMLButtonElement;
    expect([
      button('Move Help and documentation up').disabled,
      button('Move User guide down').disabled,
      button('Move Map and objects up').disabled,
      button('Move Plans down').disabled,
    ]).toEqual([true, true, true, true]);
    await user.click(button('Move User guide up'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: `/api/v1/pages/${PAGES[1]!.id}/move`, body: { path: 'guide', position: 0 } },
      ]),
    );
    await user.click(button('Move Map and objects down'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)).toEqual({
        method: 'POST',
        url: `/api/v1/pages/${PAGES[2]!.id}/move`,
        body: { path: 'guide/map', position: 1 },
      }),
    );
  });

  it('makes a new page’s path from its title below the parent chosen, checks it as it is typed, and opens its editor', async () => {
    const created = summary('guide/field-work', 'Field work', 2, true);
    const { user, router } = show('/admin/pages', (method, url, body) => {
      if (method !== 'POST' || url.pathname !== '/api/v1/pages') return undefined;
      if ((body as { path: string }).path === 'guide/map') return refusal(409, 'A page exists at /doc/guide/map');
      PAGES.push(created);
      return json(detailOf(created), 201);
    });
    await user.click(await screen.findByRole('button', { name: 'Add a page below User guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page below User guide' });
    const path = within(dialog).getByRole('textbox', { name: 'Path' }) as HTMLInputElement;
    expect(path.value).toBe('guide/');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Field Work');
    expect(path.value).toBe('guide/field-work');

    // Typed in: checked at once, and no longer follows the title.
    await user.clear(path);
    await user.type(path, 'guide/Field');
    expect(within(dialog).getByText(/"Field" is not a path segment/)).toBeTruthy();
    await user.clear(path);
    await user.type(path, 'guide/map');
    expect(within(dialog).queryByText(/is not a path segment/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    // The server's refusal, at the field.
    expect(await within(dialog).findByText('A page exists at /doc/guide/map')).toBeTruthy();
    expect(path.getAttribute('aria-invalid')).toBe('true');

    await user.clear(path);
    await user.type(path, 'guide/field-work');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages/guide/field-work'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { title: 'Field Work', path: 'guide/map', draft: true },
      { title: 'Field Work', path: 'guide/field-work', draft: true },
    ]);
    PAGES.pop();
  });
});

describe('the new page dialog', () => {
  it('starts at the top, and moves the path below the parent chosen', async () => {
    const { user } = show('/admin/pages');
    await user.click(await screen.findByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    expect((within(dialog).getByRole('combobox', { name: 'Below the page' }) as HTMLInputElement).value).toBe('None: at the top');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'FAQ');
    const path = within(dialog).getByRole('textbox', { name: 'Path' }) as HTMLInputElement;
    expect(path.value).toBe('faq');
    await user.click(within(dialog).getByRole('combobox', { name: 'Below the page' }));
    await user.click(await screen.findByRole('option', { name: 'User guide (guide)' }));
    expect(path.value).toBe('guide/faq');
    expect(within(dialog).getByText('Its address: /doc/guide/faq')).toBeTruthy();
  });

  it('below a draft, makes a draft: the box is ticked and stays so, saying why', async () => {
    const { user } = show('/admin/pages', (method, url, body) =>
      method === 'POST' && url.pathname === '/api/v1/pages' ? refusal(400, `stop here: ${JSON.stringify(body)}`) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add a page below Plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page below Plans' });
    const box = within(dialog).getByRole('checkbox', { name: /Start as a draft/ }) as HTMLInputElement;
    expect([box.checked, box.disabled]).toEqual([true, true]);
    expect(within(dialog).getByText('The page above it, /doc/guide/plans, is a draft: this one is too until that is published.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Next steps');
    await user.click(within(dialog).getByRole('button', { name: 'Create page' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Next steps', path: 'guide/plans/next-steps', draft: true }));
    // Elsewhere the choice is free again.
    const path = within(dialog).getByRole('textbox', { name: 'Path' });
    await user.clear(path);
    await user.type(path, 'guide/next-steps');
    expect(box.disabled).toBe(false);
  });
});

describe('a page’s editor', () => {
  const map = PAGES[2]!;

  it('saves the title and whether it is published, and its text only when changed', async () => {
    const { user } = show('/admin/pages/guide/map', (method, url, body) =>
      method === 'PUT' && url.pathname === `/api/v1/pages/${map.id}`
        ? json({
            ...detailOf(map),
            page: { ...detailOf(map).page, ...(body as object), draft: !!(body as { draft: boolean }).draft, updatedAt: '2026-03-05T10:00:00Z' },
          })
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Map and objects' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByRole('link', { name: 'User guide' })
        .getAttribute('href'),
    ).toBe('/admin/pages/guide');
    const form = screen.getByRole('form', { name: 'Page' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Maps');
    await user.click(within(form).getByRole('switch', { name: 'Published' }));
    expect(
      within(form).getByText('A draft: only page managers see it, and it is in no search or contents. Any pages below it become drafts too.'),
    ).toBeTruthy();
    await user.click(within(form).getByRole('tab', { name: 'Preview' }));
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByText('The text of Map and objects.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Maps', draft: true }));
  });

  it('keeps a title pasted past its limit whole, says so at the field, and does not save', async () => {
    const { user } = show('/admin/pages/guide/map');
    const form = await screen.findByRole('form', { name: 'Page' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    const described = (as: 'error' | 'description') =>
      document.getElementById((title.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith(`-${as}`)) ?? '')?.textContent ?? null;
    await user.clear(title);
    await user.paste('m'.repeat(190));
    expect(described('description')).toBe('190 / 200 characters');
    await user.paste('n'.repeat(60));
    expect((title as HTMLInputElement).value).toHaveLength(250);
    expect(described('error')).toBe('250 characters: at most 200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(described('error')).toBe('250 characters: at most 200');
    expect((title as HTMLInputElement).value).toHaveLength(250);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps a page below a draft a draft, naming the draft above to publish first', async () => {
    const next = summary('guide/plans/next', 'Next', 0, true);
    show('/admin/pages/guide/plans/next', (method, url) =>
      method === 'GET' && url.pathname === '/api/v1/pages/at/guide/plans/next' ? json(detailOf(next)) : undefined,
    );
    const form = await screen.findByRole('form', { name: 'Page' });
    const published = within(form).getByRole('switch', { name: 'Published' }) as HTMLInputElement;
    expect([published.checked, published.disabled]).toEqual([false, true]);
    expect(within(form).getByText('A draft, as the page above it, “Plans”, is one: publish that first.')).toBeTruthy();
  });

  it('moves the page, showing the server’s refusal at the path, then opens it at its new path', async () => {
    const moved = { ...map, path: 'maps' };
    const { user, router } = show('/admin/pages/guide/map', (method, url, body) => {
      if (method !== 'POST' || url.pathname !== `/api/v1/pages/${map.id}/move`) return undefined;
      if ((body as { path: string }).path === 'guide/map/inner') return refusal(400, 'A page cannot move below itself', 'body.path');
      return json(detailOf(moved));
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Map and objects”' });
    const path = within(dialog).getByRole('textbox', { name: 'New path' });
    await user.type(path, '/inner');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('A page cannot move below itself')).toBeTruthy();
    await user.clear(path);
    await user.type(path, 'maps');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages/maps'));
    expect(await screen.findByText(/^\/doc\/maps/)).toBeTruthy();
  });

  it('asks before deleting, naming the page, and shows why the server refused', async () => {
    const guide = PAGES[1]!;
    const { user } = show('/admin/pages/guide', (method, url) =>
      method === 'DELETE' && url.pathname === `/api/v1/pages/${guide.id}` ? refusal(409, 'Move or delete its 2 pages below first') : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “User guide”?' });
    expect(within(dialog).getByText(/\/doc\/guide and the history of its text are deleted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    expect(await screen.findByText('Move or delete its 2 pages below first')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says what goes with the help page when it is deleted or moved', async () => {
    const { user } = show('/admin/pages/index');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Help and documentation”?' });
    expect(within(dialog).getByText(/Help\/Docs in the user menu will lead to Not Found/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const moving = await screen.findByRole('dialog', { name: 'Move “Help and documentation”' });
    expect(within(moving).getByText(/Help\/Docs in the user menu will lead to Not Found/)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
