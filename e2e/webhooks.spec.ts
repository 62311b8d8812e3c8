import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ADMIN, answerDialog, apiToken, copyWith, expect, expectAccessible, expectFitsWidth, PHONE, signIn, test } from './fixtures';

/** A POST the receiver got: its headers and its body as sent (the signature is over these bytes). */
type Received = { method: string; headers: IncomingHttpHeaders; body: string };

/**
 * A receiver of this test's own on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE
 * on): it keeps what it is sent and answers 200. Other journeys' changes may reach it too
 * while its webhook exists: every kind and event is on.
 */
async function startReceiver(path: string) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks headers of a received POST, for verifying it. */
const signed = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});

/** Deletes, through the API, the webhooks left to `url` (by a journey that failed before deleting its own). */
async function deleteWebhooksTo(request: APIRequestContext, url: string) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const listed = await request.get('/api/v1/admin/webhooks', { headers });
  if (!listed.ok()) return;
  for (const hook of (await listed.json()).webhooks as { id: string; url: string; version: number }[])
    if (hook.url === url) await request.delete(`/api/v1/admin/webhooks/${hook.id}`, { headers: { ...headers, 'if-match': `"${hook.version}"` } });
}

test('an administrator adds a webhook, copies its secret once, sends a test and sees it delivered, signed', async ({ page, context, request }) => {
  const receiver = await startReceiver(`/hooks/catalogue-${Date.now().toString(36)}`);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Site Admin' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page).toHaveTitle(/^Webhooks · Site Admin/);

    // Every event and kind is on unless unticked, and the webhook is active.
    const form = page.getByRole('form', { name: 'Add webhook' });
    for (const box of await form.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await expect(form.getByRole('switch', { name: 'Active' })).toBeChecked();
    await form.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill('The journey’s receiver');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, once: copied, then gone for good.
    const dialog = page.getByRole('dialog', { name: 'The new webhook’s signing secret' });
    await expect(dialog.getByText('Copy it now: you will not see it again')).toBeVisible();
    const secret = (await dialog.getByLabel('The signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectAccessible(page);
    expect(await copyWith(page, dialog.getByRole('button', { name: 'Copy the secret' }), dialog.getByRole('button', { name: 'Copied' }))).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: receiver.url });
    await expect(row.getByRole('cell').nth(3)).toHaveText('a visitor');
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page);

    // Changed in its dialog, on the version listed.
    await row.getByRole('button', { name: `Edit ${receiver.url}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the webhook' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('The journey’s receiver, tested');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').first()).toContainText('The journey’s receiver, tested');

    // Send test: delivered at once, and shown so in the log.
    await row.getByRole('button', { name: `Send a test to ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByText('The test was delivered')).toBeVisible();
    await expect(log.getByText('The receiver answered HTTP 200.')).toBeVisible();
    const tested = log.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(tested).toHaveCount(1);
    await expect(tested.getByRole('cell').nth(2)).toHaveText('delivered');
    await expect(tested.getByRole('cell').nth(4)).toHaveText('200');

    // The receiver got one signed POST of the test; whatever else reached it is signed alike.
    const tests = () => receiver.received.filter((r) => (JSON.parse(r.body) as { type?: string }).type === 'webhook.test');
    await expect.poll(() => tests().length).toBe(1);
    const verifier = new Webhook(secret);
    for (const got of receiver.received) {
      expect(got.method).toBe('POST');
      expect(got.headers['content-type']).toMatch(/^application\/json/);
      expect(() => verifier.verify(got.body, signed(got.headers))).not.toThrow();
    }
    const test = tests()[0]!;
    expect(verifier.verify(test.body, signed(test.headers))).toMatchObject({ type: 'webhook.test' });
    // Signed with another secret, the same POST is refused.
    expect(() => new Webhook(`whsec_${Buffer.from('not the secret of this webhook').toString('base64')}`).verify(test.body, signed(test.headers))).toThrow();

    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();
    await expect(row.getByRole('cell').nth(5)).toContainText('delivered');

    // Deleted after a confirmation.
    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await answerDialog(page, 'Delete');
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await deleteWebhooksTo(request, receiver.url);
    await receiver.close();
  }
});

test('on a phone the webhooks page keeps its width: the table scrolls in its own box, the delivery log fits', async ({ page, request }) => {
  // Turned off: nothing is sent to it (it has no receiver).
  const url = `http://127.0.0.1:9/a/rather/long/path/of/a/receiver/that/takes/the/width/of/a/phone-${Date.now().toString(36)}`;
  const auth = { authorization: `Bearer ${await apiToken(request)}` };
  const made = await request.post('/api/v1/admin/webhooks', {
    headers: auth,
    data: { url, description: 'Off, for the phone', events: ['create'], kinds: ['project'], active: false },
  });
  expect(made.status()).toBe(201);
  try {
    await page.setViewportSize(PHONE);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Webhooks, wider than the screen' })).toBeVisible();
    await expectFitsWidth(page, page.getByRole('form', { name: 'Add webhook' }).getByRole('button', { name: 'Add webhook' }));

    await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${url}` });
    await expect(log.getByText('Nothing has been sent to it yet.')).toBeVisible();
    await expectFitsWidth(page, log.getByRole('button', { name: 'Send a test' }));
  } finally {
    await deleteWebhooksTo(request, url);
  }
});
