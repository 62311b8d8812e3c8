import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { PageDetail, PageSummary } from '@observatory/shared';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import DocPage from './DocPage';
import { renderScreen } from '../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
  summary('guide/browsing', 'Browsing the catalogue', 0),
  summary('guide/import', 'Importing from spreadsheets', 1),
  summary('guide/import/excel', 'Excel files', 0),
  summary('privacy', 'Privacy policy', 2),
];
const paragraph = (text: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] });
const detailOf = (path: string, permissions = ['view']): PageDetail => {
  const page = PAGES.find((p) => p.path === path)!;
  const above = PAGES.filter((p) => path.startsWith(`${p.path}/`));
  return {
    page: { ...page, createdAt: '2026-01-01T00:00:00Z', updatedBy: null },
    doc: { type: 'doc', content: [paragraph(`The text of ${page.title}.`)] },
    ancestors: above.map((p) => ({ path: p.path, title: p.title, draft: p.draft })),
    permissions,
  };
};
const RESULTS = [
  { id: PAGES[3]!.id, path: 'guide/import', title: 'Importing from spreadsheets', snippet: 'Choose «Import» in Site Admin' },
  { id: PAGES[4]!.id, path: 'guide/import/excel', title: 'Excel files', snippet: 'An «import» reads the first sheet' },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type SignedIn = { username: string; permissions: string[]; super: boolean } | null;

function show(path: string, { permissions = ['view'], user = null }: { permissions?: string[]; user?: SignedIn } = {}) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/pages') return json({ pages: PAGES });
      if (url.pathname === '/api/v1/pages/search') return json({ results: url.searchParams.get('q') === 'nothing' ? [] : RESULTS });
      const at = url.pathname.replace('/api/v1/pages/at/', '');
      if (PAGES.some((p) => p.path === at)) return json(detailOf(at, permissions));
      return json({ error: 'Page not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  const { router, user: events } = renderScreen({ path, routes: [{ path: '/doc/*', element: <DocPage /> }], user });
  return { router, asked, user: events };
}

const navigation = () => screen.getByRole('navigation', { name: 'Documentation' });

describe('a documentation page', () => {
  it('shows its breadcrumb, title, text and date beside the tree, its branch open and itself marked', async () => {
    const { asked } = show('/doc/guide/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Importing from spreadsheets' })).toBeTruthy();
    screen.getByText('The text of Importing from spreadsheets.');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'User guide' }).getAttribute('href')).toBe('/doc/guide');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated March 4, 2026');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();

    const tree = await within(navigation()).findByRole('link', { name: 'Importing from spreadsheets' });
    expect(tree.getAttribute('aria-current')).toBe('page');
    expect(tree.getAttribute('href')).toBe('/doc/guide/import');
    // Its ancestor and itself are open: their pages show; the others' stay shut.
    within(navigation()).getByRole('link', { name: 'Browsing the catalogue' });
    within(navigation()).getByRole('link', { name: 'Excel files' });
    expect(within(navigation()).getByRole('button', { name: 'Hide the pages in User guide' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(navigation()).getByRole('link', { name: 'User guide' }).getAttribute('aria-current')).toBeNull();
    // Published pages only.
    expect(asked).toContain('/api/v1/pages?drafts=false');
  });

  it('hides and shows a branch with its button', async () => {
    const { user } = show('/doc/guide/import');
    await user.click(await within(navigation()).findByRole('button', { name: 'Hide the pages in User guide' }));
    expect(within(navigation()).queryByRole('link', { name: 'Browsing the catalogue' })).toBeNull();
    await user.click(within(navigation()).getByRole('button', { name: 'Show the pages in User guide' }));
    within(navigation()).getByRole('link', { name: 'Browsing the catalogue' });
  });

  it('on a phone, puts the contents in a drawer, which closes once a page is chosen', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } };
    happyDOM.setViewport({ width: 375, height: 800 });
    onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
    const { user, router } = show('/doc/guide');
    // The side column is hidden at this width.
    await screen.findByRole('heading', { level: 1, name: 'User guide' });
    expect(screen.queryByRole('navigation', { name: 'Documentation' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Contents' }));
    const drawer = await screen.findByRole('dialog', { name: 'Contents' });
    await user.click(await within(drawer).findByRole('link', { name: 'Browsing the catalogue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/doc/guide/browsing'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contents' })).toBeNull());
  });

  it('offers page managers its editor', async () => {
    show('/doc/guide', { permissions: ['view', 'edit', 'delete'], user: { username: 'admin', permissions: ['accessAdmin', 'managePages'], super: false } });
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe('/admin/pages/guide');
  });

  it('offers no editor to a page manager who cannot open Site Admin, where the editor is', async () => {
    show('/doc/guide', { permissions: ['view', 'edit', 'delete'], user: { username: 'writer', permissions: ['managePages'], super: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'User guide' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('is Not Found when the server has no such page for the reader', async () => {
    show('/doc/guide/secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Documentation' })).toBeNull();
  });

  it('sends /doc, /doc/ and a trailing slash to the page meant', async () => {
    for (const [from, to] of [
      ['/doc', '/doc/index'],
      ['/doc/', '/doc/index'],
      ['/doc/guide/', '/doc/guide'],
    ] as const) {
      const { router } = show(from);
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
      cleanup();
    }
  });
});

describe('the documentation search', () => {
  const box = () => within(navigation()).getByRole('combobox', { name: 'Search the documentation' });

  it('shows the pages found with their matches marked, the first ready for Enter', async () => {
    const { user, router, asked } = show('/doc/index');
    await screen.findByRole('heading', { level: 1, name: 'Help and documentation' });
    await user.type(box(), 'import');
    const list = await screen.findByRole('listbox', { name: 'Pages found' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.querySelector('mark')?.textContent)).toEqual(['Import', 'import']);
    expect(options[0]!.textContent).toBe('Importing from spreadsheetsChoose Import in Site Admin');
    // Asked once, for the words as they stood when typing paused.
    expect(asked.filter((a) => a.startsWith('/api/v1/pages/search'))).toEqual(['/api/v1/pages/search?q=import']);
    await waitFor(() => expect(options[0]!.getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/doc/guide/import'));
    expect((box() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox', { name: 'Pages found' })).toBeNull();
  });

  it('moves through the results with the arrow keys and opens the one chosen', async () => {
    const { user, router } = show('/doc/index');
    await user.type(box(), 'import');
    const list = await screen.findByRole('listbox', { name: 'Pages found' });
    const [first, second] = await within(list).findAllByRole('option');
    await waitFor(() => expect(first!.getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{ArrowDown}');
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(first!.getAttribute('aria-selected')).toBeNull();
    await user.keyboard('{ArrowUp}');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/doc/guide/import/excel'));
  });

  it('closes the results on Escape, and says when nothing matches', async () => {
    const { user } = show('/doc/index');
    await user.type(box(), 'import');
    await screen.findByRole('listbox', { name: 'Pages found' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Pages found' })).toBeNull();
    await user.clear(box());
    await user.type(box(), 'nothing');
    expect(await screen.findByText('No page matches')).toBeTruthy();
  });

  it('asks nothing for a single letter', async () => {
    const { user, asked } = show('/doc/index');
    await user.type(box(), 'i');
    expect(await screen.findByText('Type two letters or more')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked.some((a) => a.startsWith('/api/v1/pages/search'))).toBe(false);
  });
});
