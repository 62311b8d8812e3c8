import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import { CHANGE_KINDS, WEBHOOK_EVENTS, type Webhook, type WebhookDelivery } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import WebhooksAdminPage from './WebhooksAdminPage';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const hook = (n: number, over: Partial<Webhook> = {}): Webhook => ({
  id: id(n),
  url: `https://hooks${n}.example.org/catalogue`,
  description: '',
  events: [...WEBHOOK_EVENTS],
  kinds: [...CHANGE_KINDS],
  owner: null,
  active: true,
  version: 1,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  lastDelivery: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'msg_2Kx',
  type: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  error: null,
  nextAttemptAt: null,
  createdAt: '2026-11-28T09:00:00Z',
  deliveredAt: '2026-11-28T09:00:01Z',
  ...over,
});

/** A refusal of the problem JSON kind, naming a field. */
const refusal = (field: string, message: string) =>
  json({ error: `${field}: ${message}`, code: 'VALIDATION_FAILED', details: [{ field, message }], requestId: 'r' }, 400);

/**
 * The page over a small stand-in of the webhooks API holding `stored`; a receiver on a
 * private address is refused as the server does, and each webhook's log is `logs[id]`.
 */
function show(stored: Webhook[], logs: Record<string, WebhookDelivery[]> = {}) {
  const server = fakeFetch(({ method, path, body }) => {
    const sent = body as Partial<Webhook> & { owner?: string | null };
    if (path === '/admin/webhooks' && method === 'GET') return json({ webhooks: stored });
    if (sent?.url?.startsWith('http://127.0.0.1')) return refusal('body.url', '127.0.0.1 is a loopback address: webhooks are sent to public addresses only');
    if (path === '/admin/webhooks' && method === 'POST') {
      const made = hook(stored.length + 1, { ...sent, owner: null });
      stored.push(made);
      return json({ webhook: made, secret: SECRET }, 201);
    }
    const [, , , hookId, sub] = path.split('/');
    const at = stored.findIndex((w) => w.id === hookId);
    if (at < 0) return undefined;
    if (sub === 'deliveries' && method === 'GET') return json({ deliveries: logs[hookId!] ?? [] });
    if (sub === 'test' && method === 'POST') {
      const made = delivery({ id: `msg_${(logs[hookId!]?.length ?? 0) + 1}` });
      logs[hookId!] = [made, ...(logs[hookId!] ?? [])];
      stored[at] = { ...stored[at]!, lastDelivery: { status: 'delivered', at: made.deliveredAt! } };
      return json({ delivery: made }, 202);
    }
    if (method === 'PUT') {
      const { owner, ...rest } = sent;
      stored[at] = { ...stored[at]!, ...rest, owner: owner ? { username: owner, name: 'Ada Lindqvist' } : null, version: stored[at]!.version + 1 };
      return json(stored[at]);
    }
    if (method === 'DELETE') {
      stored.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  const { user } = renderScreen({
    path: '/admin/webhooks',
    routes: [{ path: '/admin/webhooks', element: <WebhooksAdminPage /> }],
    user: signedIn('admin', ['accessAdmin', 'manageSettings']),
    notifications: true,
  });
  return { ...server, user };
}

const newForm = () => screen.getByRole('form', { name: 'Add webhook' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Site Admin → Webhooks', () => {
  it('adds a webhook with every event and kind ticked, and shows its secret once, to copy', async () => {
    const { user, writes } = show([]);
    await screen.findByText('No webhooks yet: add the first below.');
    const form = newForm();
    for (const box of within(form).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
    expect(within(form).getAllByRole('checkbox')).toHaveLength(WEBHOOK_EVENTS.length + CHANGE_KINDS.length);
    expect((within(form).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(form).getByRole('textbox', { name: 'URL' }), ' https://hooks.example.org/in ');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'The data portal');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'The new webhook’s signing secret' });
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/admin/webhooks',
        body: {
          url: 'https://hooks.example.org/in',
          description: 'The data portal',
          events: [...WEBHOOK_EVENTS],
          kinds: [...CHANGE_KINDS],
          owner: null,
          active: true,
        },
      }),
    ]);
    within(dialog).getByText('Copy it now: you will not see it again');
    expect(within(dialog).getByLabelText('The signing secret').textContent).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    await within(dialog).findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();

    const row = within(await screen.findByRole('table', { name: 'Webhooks' })).getAllByRole('row')[1]!;
    expect(cellsOf(row).slice(0, 6)).toEqual(['https://hooks.example.org/inThe data portal', 'All', 'All', 'a visitor', 'active', 'none yet']);
    expect((within(newForm()).getByRole('textbox', { name: 'URL' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of a private address at the URL field, once', async () => {
    const { user } = show([]);
    await screen.findByText('No webhooks yet: add the first below.');
    const url = within(newForm()).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'http://127.0.0.1:9000/hook');
    await user.click(within(newForm()).getByRole('button', { name: 'Add webhook' }));
    await vi.waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    within(newForm()).getByText('127.0.0.1 is a loopback address: webhooks are sent to public addresses only');
    expect(within(newForm()).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses, without sending, an address that is not http(s) and a webhook told of no kind', async () => {
    const { user, writes } = show([]);
    await screen.findByText('No webhooks yet: add the first below.');
    const form = newForm();
    await user.type(within(form).getByRole('textbox', { name: 'URL' }), 'ftp://example.org/x');
    for (const kind of ['Projects', 'Data tables', 'Objects', 'People', 'Partners', 'Teams', 'Publications', 'Insights', 'Pages'])
      await user.click(within(form).getByRole('checkbox', { name: kind }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByRole('textbox', { name: 'URL' }).getAttribute('aria-invalid')).toBe('true');
    within(form).getByText('Choose at least one kind');
    expect(writes()).toEqual([]);
  });

  it('lists what each webhook follows, whose view it carries, and how its last delivery went', async () => {
    show([
      hook(1, {
        description: 'Search index',
        events: ['delete', 'create'],
        kinds: ['project', 'publication'],
        owner: { username: 'ada', name: 'Ada Lindqvist' },
        active: false,
        lastDelivery: { status: 'failed', at: '2026-11-27T08:00:00Z' },
      }),
    ]);
    const row = within(await screen.findByRole('table', { name: 'Webhooks' })).getAllByRole('row')[1]!;
    const cells = cellsOf(row);
    expect(cells.slice(0, 5)).toEqual([
      'https://hooks1.example.org/catalogueSearch index',
      'Created, Deleted',
      'Projects, Publications',
      'Ada Lindqvist (ada)',
      'off',
    ]);
    expect(cells[5]).toMatch(/^failedNov 27, 2026/);
  });

  it('sends a test, shows its result and the delivery in the log', async () => {
    const { user, writes } = show([hook(1)]);
    await user.click(await screen.findByRole('button', { name: `Send a test to ${hook(1).url}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${hook(1).url}` });
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', path: `/admin/webhooks/${id(1)}/test` })]);
    await within(dialog).findByText('The test was delivered');
    within(dialog).getByText('The receiver answered HTTP 200.');
    const log = await within(dialog).findByRole('table', { name: 'Deliveries' });
    const row = within(log).getAllByRole('row')[1]!;
    const cells = cellsOf(row);
    expect(cells.slice(1, 5)).toEqual(['webhook.test', 'delivered', '1', '200']);
    expect(cells[5]).toMatch(/^Delivered Nov 28, 2026/);
    // The list learns of it too.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const listed = within(screen.getByRole('table', { name: 'Webhooks' })).getAllByRole('row')[1]!;
    await vi.waitFor(() => expect(cellsOf(listed)[5]).toMatch(/^delivered/));
  });

  it('says why a test was not delivered, and when it is tried again', async () => {
    const failed = delivery({
      status: 'retrying',
      responseStatus: 503,
      error: 'The receiver answered 503',
      nextAttemptAt: '2026-11-28T09:00:31Z',
      deliveredAt: null,
    });
    fakeFetch(({ method, path }) => {
      if (path === '/admin/webhooks' && method === 'GET') return json({ webhooks: [hook(1)] });
      if (path === `/admin/webhooks/${id(1)}/test` && method === 'POST') return json({ delivery: failed }, 202);
      if (path === `/admin/webhooks/${id(1)}/deliveries`) return json({ deliveries: [failed] });
      return undefined;
    });
    const { user } = renderScreen({
      path: '/admin/webhooks',
      routes: [{ path: '/admin/webhooks', element: <WebhooksAdminPage /> }],
      user: signedIn('admin', ['accessAdmin', 'manageSettings']),
    });
    await user.click(await screen.findByRole('button', { name: `Send a test to ${hook(1).url}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${hook(1).url}` });
    const result = (await within(dialog).findByText('The test was not delivered')).closest('[role="status"]')!;
    expect(result.textContent).toMatch(/^The test was not deliveredThe receiver answered 503\. It will be tried again at Nov 28, 2026/);
  });

  it('shows a log’s failures with their reason and next attempt, and says when nothing was sent', async () => {
    const { user } = show([hook(1), hook(2)], {
      [id(1)]: [
        delivery({
          id: 'msg_b',
          type: 'project.update',
          status: 'retrying',
          attempts: 3,
          responseStatus: 503,
          error: 'The receiver answered 503',
          nextAttemptAt: '2026-11-28T10:30:00Z',
          deliveredAt: null,
        }),
        delivery({ id: 'msg_a', type: 'object.delete', status: 'failed', attempts: 1, responseStatus: null, error: 'Connection refused', deliveredAt: null }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${hook(1).url}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${hook(1).url}` });
    const rows = within(await within(dialog).findByRole('table', { name: 'Deliveries' }))
      .getAllByRole('row')
      .slice(1);
    expect(cellsOf(rows[0]!).slice(1)).toEqual([
      'project.update',
      'retrying',
      '3',
      '503',
      expect.stringMatching(/^The receiver answered 503Next attempt Nov 28, 2026/),
    ]);
    expect(cellsOf(rows[1]!).slice(1)).toEqual(['object.delete', 'failed', '1', 'none', 'Connection refused']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `Deliveries to ${hook(2).url}` }));
    await within(await screen.findByRole('dialog', { name: `Deliveries to ${hook(2).url}` })).findByText('Nothing has been sent to it yet.');
  });

  it('changes a webhook in a dialog, on the version listed', async () => {
    const { user, writes } = show([hook(1, { version: 4 })]);
    await user.click(await screen.findByRole('button', { name: `Edit ${hook(1).url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the webhook' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Deleted' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Sees as' }), 'ada');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/admin/webhooks/${id(1)}`,
        ifMatch: '"4"',
        body: { url: hook(1).url, description: '', events: ['create', 'update'], kinds: [...CHANGE_KINDS], owner: 'ada', active: false },
      }),
    ]);
    const row = within(screen.getByRole('table', { name: 'Webhooks' })).getAllByRole('row')[1]!;
    await vi.waitFor(() => expect(cellsOf(row).slice(1, 5)).toEqual(['Created, Changed', 'All', 'Ada Lindqvist (ada)', 'off']));
  });

  it('refused as changed meanwhile, compares the versions and overwrites knowingly', async () => {
    let current = hook(1, { version: 2 });
    let refused = false;
    const { writes } = fakeFetch(({ method, path, body }) => {
      if (path === '/admin/webhooks' && method === 'GET') return json({ webhooks: [current] });
      if (path === `/admin/webhooks/${id(1)}` && method === 'PUT') {
        if (!refused) {
          refused = true;
          current = hook(1, { version: 3, description: 'Grace’s portal' });
          return changedMeanwhile(3);
        }
        current = { ...current, ...(body as object), owner: null, version: 4 };
        return json(current);
      }
      return undefined;
    });
    const { user } = renderScreen({
      path: '/admin/webhooks',
      routes: [{ path: '/admin/webhooks', element: <WebhooksAdminPage /> }],
      user: signedIn('admin', ['accessAdmin', 'manageSettings']),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${hook(1).url}` }));
    const form = await screen.findByRole('form', { name: `Edit ${hook(1).url}` });
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'My portal');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('dialog', { name: 'The webhook was changed while you were editing' });
    const rows = await within(conflict).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'DescriptionMy portalGrace’s portal']);
    await user.click(within(conflict).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: '"2"', body: { description: 'My portal' } }));
  });

  it('deletes a webhook only after a confirmation, naming the version listed', async () => {
    const { user, writes } = show([hook(1, { version: 2 }), hook(2)]);
    await user.click(await screen.findByRole('button', { name: `Delete ${hook(1).url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    within(dialog).getByText(`Nothing more will be sent to ${hook(1).url}, and its delivery log goes with it.`);
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Webhook deleted');
    expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/admin/webhooks/${id(1)}`, ifMatch: '"2"' })]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${hook(1).url}` })).toBeNull());
    screen.getByRole('button', { name: `Delete ${hook(2).url}` });
  });

  it('says so when the list cannot be read', async () => {
    fakeFetch(() => json({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId: 'r' }, 500));
    renderScreen({
      path: '/admin/webhooks',
      routes: [{ path: '/admin/webhooks', element: <WebhooksAdminPage /> }],
      user: signedIn('admin', ['accessAdmin', 'manageSettings']),
    });
    await screen.findByRole('heading', { level: 1, name: 'Server Error' });
    screen.getByText('Something went wrong on our side');
    expect(screen.queryByRole('form', { name: 'Add webhook' })).toBeNull();
  });
});
