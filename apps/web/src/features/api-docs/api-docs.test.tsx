import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../lib/api-client';
import ApiDocsPage from './ApiDocsPage';
import ObjectsGuidePage from './ObjectsGuidePage';
import { sampleDocument } from './test-document';
import { renderScreen, signedIn as signedInAs } from '../../test/render-screen';

// happy-dom has no FontFaceSet; the body editor's autosize listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(() => {
  cleanup();
  setAccessToken(null);
  calls.length = 0;
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const calls: { method: string; url: string; body: unknown; authorization: string | null }[] = [];
const sent = (method: string) => calls.filter((c) => c.method === method && c.url !== '/api/v1/openapi.json' && c.url !== '/api/v1/app/config');

/** The server as far as these screens ask it: the document, the publications, the objects and their notes. */
function answer(method: string, url: URL): Response {
  const path = url.pathname;
  if (path === '/api/v1/openapi.json') return json(sampleDocument);
  if (path === '/api/v1/pubs' && method === 'GET')
    return json({ publications: [] }, 200, { 'pagination-page': '1', 'pagination-count': '0', 'pagination-limit': '25' });
  if (path === '/api/v1/pubs' && method === 'POST') return json({ id: 'p1' }, 201);
  if (path === '/api/v1/data/obj') return json({ objects: [{ name: 'davos' }] });
  if (path === '/api/v1/data/obj/davos') return json({ obj: { name: 'davos' }, doc: null, permissions: [] });
  return json({ error: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404);
}

function show(path: string, signedIn: boolean, element = <ApiDocsPage />) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url: `${url.pathname}${url.search}`,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      return answer(method, url);
    }),
  );
  if (signedIn) setAccessToken('access-of-ada');
  return renderScreen({
    path,
    routes: [
      { path: '/doc/api', element },
      { path: '/doc/api/data/obj', element },
    ],
    user: signedIn ? signedInAs('ada') : null,
  }).user;
}

const operationItem = (anchor: string) => {
  const item = document.getElementById(anchor);
  expect(item, anchor).not.toBeNull();
  return within(item!);
};

describe('the API reference', () => {
  it('lists the operations by tag, filters them, and opens one to its parameters, body and answers', async () => {
    const user = show('/doc/api', false);
    await screen.findByRole('heading', { level: 1, name: 'API reference' });
    expect(screen.getByRole('heading', { level: 3, name: 'publications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^GET \/pubs Search the publications/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Authentication' })).toBeTruthy();
    screen.getByText(/My Account/);
    // The error shape, from the schema the server answers errors with.
    const errorParts = screen.getByRole('list', { name: 'The parts of an error' });
    expect([...errorParts.querySelectorAll(':scope > li code')].map((c) => c.textContent)).toEqual(['error', 'code', 'details', 'current', 'requestId']);

    await user.type(screen.getByRole('searchbox', { name: 'Filter the operations' }), 'delete');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^GET \/pubs/ })).toBeNull());
    screen.getByText('1 of 3 operations');
    await user.clear(screen.getByRole('searchbox', { name: 'Filter the operations' }));

    // Details are drawn only once opened.
    expect(screen.queryByRole('heading', { name: 'Request body' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /^POST \/pubs/ }));
    const post = operationItem('post-/pubs');
    post.getByRole('heading', { name: 'Request body' });
    // Its answers: the 201; its 4XX is the error shape, said once for every call.
    expect(post.getByText('201')).toBeTruthy();
    expect(post.queryByText('4XX')).toBeNull();
    expect(post.getByRole('link', { name: 'the error shape' }).getAttribute('href')).toBe('#errors');
    const parts = post.getByRole('list', { name: 'The parts of the request body' });
    expect(within(parts).getByText('title')).toBeTruthy();
    // The recursive abstract opens one level at a time.
    await user.click(within(parts).getByRole('button', { name: /abstract/ }));
    const variants = within(parts).getByRole('list', { name: 'The parts of abstract' });
    expect(
      within(variants)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('type = "doc"'), expect.stringContaining('type = "text"')]);
  });

  it('opens the operation a deep link names, and never fills an input from the address', async () => {
    const user = show('/doc/api?p=7&q=planted&x=planted#get-/pubs', true);
    const get = await waitFor(() => operationItem('get-/pubs'));
    const p = await get.findByRole('textbox', { name: /^p/ });
    const q = get.getByRole('textbox', { name: /^q/ });
    expect(p).toHaveProperty('value', '');
    expect(q).toHaveProperty('value', '');
    for (const input of document.querySelectorAll('input, textarea')) expect((input as HTMLInputElement).value).not.toMatch(/planted|^7$/);

    // A GET is sent at once, with the user's token.
    await user.click(get.getByRole('button', { name: 'Send' }));
    await get.findByText(/^Status 200/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent('GET')).toEqual([{ method: 'GET', url: '/api/v1/pubs', body: undefined, authorization: 'Bearer access-of-ada' }]);
    expect(get.getByRole('region', { name: 'Response body' }).textContent).toContain('"publications": []');
    expect(get.getByText('pagination-limit')).toBeTruthy();
    expect(get.getByText(/curl 'http:\/\/localhost(:\d+)?\/api\/v1\/pubs'/).textContent).toContain('Bearer $TOKEN');
    expect(get.queryByText(/access-of-ada/)).toBeNull();
  });

  it('asks before sending anything but a GET: cancelled, nothing is sent; confirmed, the body goes', async () => {
    const user = show('/doc/api#post-/pubs', true);
    const post = await waitFor(() => operationItem('post-/pubs'));
    const body = await post.findByRole('textbox', { name: /Body \(JSON\)/ });
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toEqual({ title: 'text', type: 'article' });

    await user.click(post.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this request?' });
    expect(dialog.textContent).toContain('POST');
    expect(dialog.textContent).toContain('/api/v1/pubs');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST')).toEqual([]);

    await user.click(post.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send this request?' })).getByRole('button', { name: 'Send' }));
    await post.findByText(/^Status 201/);
    expect(sent('POST')).toEqual([{ method: 'POST', url: '/api/v1/pubs', body: { title: 'text', type: 'article' }, authorization: 'Bearer access-of-ada' }]);
  });

  it('refuses to send without a path parameter, and sends a visitor’s call without a token', async () => {
    const user = show('/doc/api#delete-/pubs/{id}', false);
    const remove = await waitFor(() => operationItem('delete-/pubs/{id}'));
    await user.click(await remove.findByRole('button', { name: 'Send' }));
    expect(remove.getByRole('alert').textContent).toBe('Fill in id');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(remove.getByRole('textbox', { name: /^id/ }), 'p1');
    await user.click(remove.getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send this request?' })).getByRole('button', { name: 'Send' }));
    await remove.findByText(/^Status 404/);
    expect(sent('DELETE')).toEqual([{ method: 'DELETE', url: '/api/v1/pubs/p1', body: undefined, authorization: null }]);
  });
});

describe('the objects guide', () => {
  it('runs “fetch an object” with a name it looks up first, and links back to the reference', async () => {
    const user = show('/doc/api/data/obj', false, <ObjectsGuidePage />);
    expect(screen.getByRole('link', { name: '← API reference' }).getAttribute('href')).toBe('/doc/api');
    const example = screen.getByRole('region', { name: 'Fetch an object' });
    await user.click(within(example).getByRole('button', { name: 'Run example: Fetch an object' }));
    await waitFor(() => expect(within(example).getAllByText(/^Status 200/)).toHaveLength(2));
    expect(sent('GET').map((c) => c.url)).toEqual(['/api/v1/data/obj?limit=1', '/api/v1/data/obj/davos']);
  });
});
