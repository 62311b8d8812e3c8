import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import type { Shortlink } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ShortlinksAdminPage from './ShortlinksAdminPage';
import { renderScreen, signedIn } from '../../../../test/render-screen';

afterEach(() => {
  cleanup();
  notifications.clean();
  calls.length = 0;
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls: { method: string; url: string; body: unknown }[] = [];
const link = (n: number, over: Partial<Shortlink> = {}): Shortlink => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `link${n}`,
  target: '/pubs',
  external: null,
  hits: 0,
  lastUsedAt: null,
  version: 1,
  createdAt: '2026-03-04T10:00:00Z',
  updatedAt: '2026-03-04T10:00:00Z',
  ...over,
});

/** The page over a small stand-in of the shortlinks API, holding `stored`. */
function show(stored: Shortlink[]) {
  let next = 5;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { slug?: string; target?: string }) : undefined;
      calls.push({ method, url: url.pathname, body });
      if (url.pathname === '/api/v1/shortlinks' && method === 'GET') return json({ shortlinks: stored });
      if (body?.target?.startsWith('https://elsewhere.example')) {
        const message =
          'elsewhere.example is not among the hosts allowed: a shortlink leads to a path of this site, starting with /, or to an address on example.org';
        return json({ error: `body.target: ${message}`, code: 'VALIDATION_FAILED', details: [{ field: 'body.target', message }], requestId: 'r' }, 400);
      }
      if (url.pathname === '/api/v1/shortlinks' && method === 'POST') {
        if (stored.some((s) => s.slug.toLowerCase() === body!.slug!.toLowerCase())) {
          const message = `The slug ${body!.slug} is taken`;
          return json({ error: `body.slug: ${message}`, code: 'VALIDATION_FAILED', details: [{ field: 'body.slug', message }], requestId: 'r' }, 400);
        }
        const made = link(next++, { slug: body!.slug!, target: body!.target!, external: body!.target!.startsWith('/') ? null : 'redirect' });
        stored.push(made);
        return json(made, 201);
      }
      const id = url.pathname.split('/').pop();
      const at = stored.findIndex((s) => s.id === id);
      if (method === 'PUT' && at >= 0) {
        stored[at] = { ...stored[at]!, ...body };
        return json(stored[at]);
      }
      if (method === 'DELETE' && at >= 0) {
        stored.splice(at, 1);
        return new Response(null, { status: 204 });
      }
      return json({ error: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404);
    }),
  );
  return renderScreen({
    path: '/admin/shortlinks',
    routes: [{ path: '/admin/shortlinks', element: <ShortlinksAdminPage /> }],
    user: signedIn('admin', ['accessAdmin', 'manageShortlinks']),
    notifications: true,
  }).user;
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const newForm = () => screen.getByRole('form', { name: 'New shortlink' });

describe('Site Admin → Shortlinks', () => {
  it('says there are none yet, then shows a new one with its short address, no hits and “never”', async () => {
    const user = show([]);
    await screen.findByText('No shortlinks yet: add the first below.');
    await user.type(within(newForm()).getByRole('textbox', { name: 'Slug' }), 'guide');
    await user.type(within(newForm()).getByRole('textbox', { name: 'Target' }), '/doc/index');
    await user.click(within(newForm()).getByRole('button', { name: 'Create shortlink' }));
    const table = await screen.findByRole('table', { name: 'Shortlinks' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/shortlinks', body: { slug: 'guide', target: '/doc/index' } }]);
    expect(row.textContent).toContain(`${window.location.origin}/s/guide`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['/doc/index', '0', 'never']));
    within(row).getByRole('button', { name: 'Copy the address of guide' });
    expect((within(newForm()).getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the last use and the hits of a followed one', async () => {
    show([link(1, { hits: 3, lastUsedAt: '2026-03-05T08:30:00Z' })]);
    const row = within(await screen.findByRole('table', { name: 'Shortlinks' })).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe('3');
    expect(cells[3]).toContain('2026');
  });

  it('shows the server’s refusal of a taken slug at the slug field', async () => {
    const user = show([link(1, { slug: 'guide' })]);
    await screen.findByRole('table', { name: 'Shortlinks' });
    await user.type(within(newForm()).getByRole('textbox', { name: 'Slug' }), 'GUIDE');
    await user.type(within(newForm()).getByRole('textbox', { name: 'Target' }), '/pubs');
    await user.click(within(newForm()).getByRole('button', { name: 'Create shortlink' }));
    const slug = within(newForm()).getByRole('textbox', { name: 'Slug' });
    await vi.waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    within(newForm()).getByText('The slug GUIDE is taken');
    // Said once, at its field, not again above the form.
    expect(within(newForm()).queryByRole('alert')).toBeNull();
  });

  it('refuses a script or another host as target at the field, without sending it', async () => {
    const user = show([]);
    await screen.findByText('No shortlinks yet: add the first below.');
    const target = within(newForm()).getByRole('textbox', { name: 'Target' });
    await user.type(within(newForm()).getByRole('textbox', { name: 'Slug' }), 'x');
    for (const bad of ['javascript:alert(1)', '//evil.example']) {
      await user.clear(target);
      await user.type(target, bad);
      await user.click(within(newForm()).getByRole('button', { name: 'Create shortlink' }));
      expect(target.getAttribute('aria-invalid')).toBe('true');
    }
    within(newForm()).getByText(/starts with one slash/);
    expect(writes()).toEqual([]);
  });

  it('marks a link that asks visitors before it leaves for a host not allowed, and only that one', async () => {
    show([
      link(1, { target: 'https://old.example.net/report', external: 'interstitial' }),
      link(2, { target: 'https://example.org/a', external: 'redirect' }),
      link(3),
    ]);
    const rows = within(await screen.findByRole('table', { name: 'Shortlinks' }))
      .getAllByRole('row')
      .slice(1);
    const target = within(rows[0]!).getAllByRole('cell')[1]!;
    within(target).getByText('Asks before leaving');
    within(target).getByText(/^old\.example\.net is not among the hosts this catalogue allows, so visitors see a page asking/);
    within(target).getByRole('link', { name: 'https://old.example.net/report' });
    for (const row of rows.slice(1)) expect(within(row).queryByText('Asks before leaving')).toBeNull();
  });

  it('shows the server’s refusal of a host at the target field, on a new link and in the dialog', async () => {
    const message =
      /^elsewhere\.example is not among the hosts allowed: a shortlink leads to a path of this site, starting with \/, or to an address on example\.org$/;
    const user = show([link(1)]);
    await screen.findByRole('table', { name: 'Shortlinks' });
    const target = within(newForm()).getByRole('textbox', { name: 'Target' });
    await user.type(within(newForm()).getByRole('textbox', { name: 'Slug' }), 'away');
    await user.type(target, 'https://elsewhere.example/page');
    await user.click(within(newForm()).getByRole('button', { name: 'Create shortlink' }));
    await vi.waitFor(() => expect(target.getAttribute('aria-invalid')).toBe('true'));
    within(newForm()).getByText(message);
    expect(within(newForm()).queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit link1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shortlink link1' });
    const changed = within(dialog).getByRole('textbox', { name: 'Target' });
    await user.clear(changed);
    await user.type(changed, 'https://elsewhere.example/other');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(changed.getAttribute('aria-invalid')).toBe('true'));
    within(dialog).getByText(message);
    expect(writes().map((c) => c.method)).toEqual(['POST', 'PUT']);
  });

  it('changes a shortlink in a dialog', async () => {
    const user = show([link(1)]);
    await user.click(await screen.findByRole('button', { name: 'Edit link1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shortlink link1' });
    const target = within(dialog).getByRole('textbox', { name: 'Target' });
    await user.clear(target);
    await user.type(target, 'https://example.org/report');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'PUT', url: `/api/v1/shortlinks/${link(1).id}`, body: { slug: 'link1', target: 'https://example.org/report' } }]);
    await screen.findByRole('link', { name: 'https://example.org/report' });
  });

  it('deletes a shortlink only after a confirmation', async () => {
    const user = show([link(1), link(2)]);
    await user.click(await screen.findByRole('button', { name: 'Delete link1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the shortlink link1?' });
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Shortlink link1 deleted');
    expect(writes().map((c) => `${c.method} ${c.url}`)).toEqual([`DELETE /api/v1/shortlinks/${link(1).id}`]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Delete link1' })).toBeNull());
    screen.getByRole('button', { name: 'Delete link2' });
  });
});
