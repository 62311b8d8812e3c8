import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettings } from '../../features/account/NotificationSettings';
import UnsubscribePage from '../../features/account/UnsubscribePage';
import InsightEditPage from '../../features/insights/InsightEditPage';
import InsightPage from '../../features/insights/InsightPage';
import InsightsPage from '../../features/insights/InsightsPage';
import HomeRoute from './home/HomeRoute';
import { renderScreen, signedIn } from '../../test/render-screen';

afterEach(cleanup);
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

const insight = {
  id: '11111111-1111-4111-8111-111111111111',
  num: 3,
  title: 'Peat & <b>moss</b>',
  tags: ['soil', 'rain'],
  author: { id: 'a', slug: 'ada', name: 'Ada' },
  team: { id: 't', slug: 'hydro', name: 'Hydrology' },
  objects: [{ id: 'o', name: 'plot-7', title: 'Plot 7' }],
  visibility: 'members',
  comments: 2,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-02-01T00:00:00Z',
};
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });
const calls: string[] = [];
afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});
function server(url: string, init?: RequestInit) {
  calls.push(`${init?.method ?? 'GET'} ${url}`);
  const u = new URL(url, 'http://x');
  if (u.pathname === '/api/v1/insights')
    return json(
      { results: [{ ...insight, snippet: 'the soil <img src=x> was wet', highlights: [[4, 8]] }], query: {} },
      { 'pagination-page': '1', 'pagination-count': '30', 'pagination-limit': '25' },
    );
  if (u.pathname === '/api/v1/insights/tags')
    return json({
      tags: [
        { tag: 'soil', count: 3 },
        { tag: 'rain', count: 1 },
      ],
    });
  if (u.pathname === '/api/v1/insights/3')
    return json({
      insight,
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Body text' }] }] },
      permissions: ['view', 'edit', 'delete', 'comment'],
    });
  if (u.pathname.endsWith('/comments'))
    return json({
      comments: [
        { id: 'c1', author: null, content: 'Nice', photo: { id: 'p', url: '/u', thumbUrl: '/t' }, timestamp: '2026-01-02T00:00:00Z', permissions: [] },
      ],
    });
  if (u.pathname.endsWith('/revisions')) return json({ revisions: [] });
  if (u.pathname === '/api/v1/teams') return json({ teams: [{ id: 't', slug: 'hydro', name: 'Hydrology', description: null }] });
  if (u.pathname.startsWith('/api/v1/unsubscribe/bad'))
    return new Response(JSON.stringify({ error: 'This link is not valid', code: 'NOT_FOUND' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  if (u.pathname.startsWith('/api/v1/unsubscribe/'))
    return json({ subscription: { topic: 'insight-comments', subscribed: init?.method !== 'POST', name: 'Ada' } });
  if (u.pathname === '/api/v1/auth/user/notifications')
    return json({ insightComments: init?.method === 'PUT' ? JSON.parse(String(init.body)).insightComments : true });
  return new Response('{}', { status: 404 });
}

function show(path: string, pattern: string, Element: React.ComponentType) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => server(url, init)),
  );
  return renderScreen({ path, routes: [{ path: pattern, element: <Element /> }], user: signedIn('ada', ['createInsights']) });
}

/** The insights screens, the unsubscribe page and the e-mail setting against a fake server. */
describe('insights screens', () => {
  it('searches: marks matches as text, filter chips from the address, tag chips, Refresh', async () => {
    const { router, user } = show('/insights?q=soil&o=plot-7&p=2', '/insights', InsightsPage);
    await screen.findByText('soil', { selector: 'mark' });
    expect(document.querySelector('img')).toBeNull();
    screen.getByRole('button', { name: 'Remove the filter Object: Plot 7' });
    await screen.findByRole('checkbox', { name: 'soil (3)' });
    await user.click(screen.getByRole('checkbox', { name: 'rain (1)' }));
    expect(router.state.location.search).toBe('?q=soil&o=plot-7&tag=rain');
    // The search as the API is sent it: p only above 1, and a forced reload asks again.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.startsWith('GET /api/v1/insights?'))).toEqual([
        'GET /api/v1/insights?p=2&q=soil&o=plot-7',
        'GET /api/v1/insights?q=soil&tag=rain&o=plot-7',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(calls.filter((c) => c === 'GET /api/v1/insights?q=soil&tag=rain&o=plot-7')).toHaveLength(2));
  });
  it('shows an insight with its objects, tags, text and comments', async () => {
    show('/insights/3', '/insights/:id', InsightPage);
    await screen.findByText('Body text');
    await screen.findByText('Nice');
    screen.getByRole('link', { name: 'Plot 7' });
    screen.getByRole('link', { name: 'Insights tagged soil' });
    screen.getByRole('button', { name: /Show the photo/ });
    screen.getByRole('textbox', { name: 'Your comment' });
  });
  it('edits an insight: its fields, objects and who can read it', async () => {
    show('/insights/3/edit', '/insights/:id/edit', InsightEditPage);
    await screen.findByDisplayValue('Peat & <b>moss</b>');
    screen.getByText('Only the members of Hydrology can read it (and you, its author).');
    screen.getByRole('button', { name: 'Remove Plot 7' });
    screen.getByRole('radiogroup', { name: 'Who can read it' });
  });
  it('unsubscribes with a button, and shows the server’s message for an unknown link', async () => {
    const { user } = show('/unsubscribe/tok', '/unsubscribe/:token?', UnsubscribePage);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText(/Done: no more/);
    cleanup();
    show('/unsubscribe/bad', '/unsubscribe/:token?', UnsubscribePage);
    await screen.findByText('This link is not valid');
  });
  it('saves the e-mail setting, and lists recent insights on the home page', async () => {
    const { user } = show('/me', '/me', NotificationSettings);
    const sw = await screen.findByRole('switch', { name: /E-mail me when someone comments/ });
    await vi.waitFor(() => expect((sw as HTMLInputElement).checked).toBe(true));
    await user.click(sw);
    await vi.waitFor(() => expect((sw as HTMLInputElement).checked).toBe(false));
    cleanup();
    show('/', '/', HomeRoute);
    await screen.findByRole('link', { name: 'Peat & <b>moss</b>' });
  });
});
