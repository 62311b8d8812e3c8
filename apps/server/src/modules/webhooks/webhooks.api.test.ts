import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Change, Webhook, WebhookCreated, WebhookDelivery, WebhookInput } from '@observatory/shared';
import { buildApp } from '../../app.js';
import { webhooks as webhooksTable } from '../../db/schema/index.js';
import { buildProject, buildUser, buildWebhook, type TestUser } from '../../../test/factories.js';
import { api, feedSettled, startTestApp, testConfig, unique, type TestApp } from '../../../test/harness.js';

/**
 * Webhooks as a receiver sees them: a small HTTP server in the test answers as told and
 * checks each POST's signature with the Standard Webhooks library. The clock is faked
 * (Date only) to walk through a day of retries; the test runs the rounds (WEBHOOK_POLL_MS=0).
 */

interface Received {
  headers: Record<string, string>;
  body: string;
  path: string;
}
const received: Received[] = [];
/** The statuses the receiver answers next, in order; then 204. */
const answers: number[] = [];
let receiver: http.Server;
let receiverUrl: string;

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let researcher: TestUser;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body, path: request.url ?? '' });
      const status = answers.shift() ?? 204;
      if (status === 302) response.writeHead(302, { location: `${receiverUrl}/elsewhere` }).end();
      else response.writeHead(status).end(status >= 400 ? 'receiver trouble' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // The receiver is on this host: allowed here, refused by default (below).
  t = await startTestApp({ webhooks: { allowPrivate: true, secretKey: 'a-key-kept-apart-from-the-database-0123', pollMs: 0 } });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(async () => {
  vi.useRealTimers();
  answers.length = 0;
  // Each test's webhooks go with it, so none hears of the next test's changes.
  for (const hook of (await api(t.app, 'GET', '/admin/webhooks', { token: admin.token })).json().webhooks as Webhook[]) await remove(hook);
});

// The feed lists a change once every transaction begun before it has ended (feedSettled).
const tick = async () => {
  await feedSettled(t.database);
  return t.app.services.webhooks.tick();
};
/** A webhook hears of what is written after it, once the feed has listed all written before. */
const register = async (body: Partial<WebhookInput>): Promise<WebhookCreated> => {
  await feedSettled(t.database);
  return buildWebhook(t.app, admin, body);
};
const remove = (hook: Webhook) => api(t.app, 'DELETE', `/admin/webhooks/${hook.id}`, { token: admin.token, headers: { 'if-match': '*' } });
const log = async (hook: Webhook): Promise<WebhookDelivery[]> =>
  (await api(t.app, 'GET', `/admin/webhooks/${hook.id}/deliveries`, { token: admin.token })).json().deliveries;
/** What the receiver got since `from`, each checked against the secret as a receiver would. */
const verified = (secret: string, from: number, path?: string) =>
  received
    .slice(from)
    .filter((r) => !path || r.path === path)
    .map((r) => ({ ...r, payload: new StandardWebhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Change } }));

describe('a webhook', () => {
  it('is registered with its secret shown once and stored sealed; POSTs each change it asks for, signed', async () => {
    const { webhook, secret } = await register({ url: `${receiverUrl}/hook`, description: 'Lab bot' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ url: `${receiverUrl}/hook`, description: 'Lab bot', owner: null, active: true, version: 1, lastDelivery: null });
    const listed = await api(t.app, 'GET', '/admin/webhooks', { token: admin.token });
    expect(listed.json().webhooks.map((w: Webhook) => w.id)).toContain(webhook.id);
    expect(listed.body).not.toContain(secret.slice(6));
    const [row] = await t.database.use((d) => d.select().from(webhooksTable));
    expect(row!.secret).not.toContain(secret.slice(6));
    expect(row!.secret).toMatch(/^v1\./);

    const from = received.length;
    const project = await buildProject(t.app, owner, { title: unique('Hooked project ') });
    await tick();
    const got = verified(secret, from);
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe('/hook');
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.headers['webhook-id']).toMatch(/^msg_/);
    expect(got[0]!.payload).toMatchObject({ type: 'project.create', data: { op: 'create', kind: 'project', id: project.id, title: project.title } });
    // Tampered with, it no longer verifies.
    expect(() => new StandardWebhook(secret).verify(got[0]!.body.replace(project.title, 'Forged'), got[0]!.headers)).toThrow();
    // Nothing twice.
    await tick();
    expect(received.length).toBe(from + 1);
    expect((await log(webhook))[0]).toMatchObject({ type: 'project.create', status: 'delivered', attempts: 1, responseStatus: 204 });
    await remove(webhook);
  });

  it('carries what a visitor may see: a members-only project is a delete with its id only; an owner’s webhook carries what they see', async () => {
    const visitors = await register({ url: `${receiverUrl}/visitor` });
    const owners = await register({ url: `${receiverUrl}/owner`, owner: owner.username });
    expect(owners.webhook.owner).toMatchObject({ username: owner.username });
    const from = received.length;
    const secret = await buildProject(t.app, owner, { title: unique('Members plan '), visibility: 'members' });
    await tick();
    const byPath = (path: string, key: string) => verified(key, from, path);
    const [toVisitors] = byPath('/visitor', visitors.secret);
    expect(toVisitors!.payload).toMatchObject({ type: 'project.delete', data: { op: 'delete', kind: 'project', id: secret.id } });
    expect(toVisitors!.body).not.toContain(secret.title);
    expect(toVisitors!.body).not.toContain(secret.slug);
    const [toOwner] = byPath('/owner', owners.secret);
    expect(toOwner!.payload).toMatchObject({ type: 'project.create', data: { title: secret.title } });
    await remove(visitors.webhook);
    await remove(owners.webhook);
  });

  it('is retried after the receiver answers 500, with the same id, the body made again at the retry; gives up after a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:00:00Z') });
    const { webhook, secret } = await register({ url: `${receiverUrl}/retry` });
    const from = received.length;
    const project = await buildProject(t.app, owner, { title: unique('Flaky receiver ') });
    answers.push(500);
    await tick();
    let [delivery] = await log(webhook);
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 1,
      responseStatus: 500,
      error: 'The receiver answered 500',
      nextAttemptAt: '2026-06-01T00:00:30.000Z',
    });
    // Not before it is due.
    await tick();
    expect(received.length).toBe(from + 1);
    // Hidden meanwhile: the retry says so, not what it was.
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'members' }, version: project.version } }))
        .statusCode,
    ).toBe(200);
    vi.setSystemTime(new Date('2026-06-01T00:00:31Z'));
    await tick();
    // The retry, and the change that hid it (a delete to a visitor's webhook).
    const got = verified(secret, from);
    expect(got.map((g) => g.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id, expect.not.stringMatching(delivery!.id)]);
    expect(got[2]!.payload).toMatchObject({ type: 'project.delete', data: { op: 'delete', id: project.id } });
    expect(got[1]!.payload).toMatchObject({ type: 'project.delete', data: { op: 'delete', id: project.id } });
    expect(got[1]!.body).not.toContain(project.title);
    [delivery] = (await log(webhook)).filter((d) => d.id === delivery!.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });

    // A receiver that always fails: 13 attempts over 20.5 hours, then none.
    await buildProject(t.app, owner);
    for (let hour = 0; hour <= 30; hour += 0.25) {
      answers.length = 0;
      answers.push(...Array(5).fill(500));
      vi.setSystemTime(new Date(Date.parse('2026-06-01T00:01:00Z') + hour * 3600_000));
      await tick();
    }
    const [failed] = await log(webhook);
    expect(failed).toMatchObject({ status: 'failed', attempts: 13, nextAttemptAt: null });
    await remove(webhook);
  });

  it('does not follow a redirect', async () => {
    const { webhook } = await register({ url: `${receiverUrl}/moved` });
    answers.push(302);
    const from = received.length;
    const test = await api(t.app, 'POST', `/admin/webhooks/${webhook.id}/test`, { token: admin.token });
    expect(test.statusCode).toBe(202);
    expect(test.json().delivery).toMatchObject({
      type: 'webhook.test',
      status: 'retrying',
      responseStatus: 302,
      error: 'The receiver answered 302 (redirects are not followed)',
    });
    expect(received.slice(from).map((r) => r.path)).toEqual(['/moved']);
    await remove(webhook);
  });

  it('sends a test at once, logged with the others', async () => {
    const { webhook, secret } = await register({ url: `${receiverUrl}/test` });
    const from = received.length;
    const res = await api(t.app, 'POST', `/admin/webhooks/${webhook.id}/test`, { token: admin.token });
    expect(res.statusCode).toBe(202);
    expect(res.json().delivery).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1, responseStatus: 204 });
    expect(verified(secret, from)[0]!.payload).toMatchObject({ type: 'webhook.test', data: { webhook: webhook.id } });
    expect(
      (await api(t.app, 'GET', '/admin/webhooks', { token: admin.token })).json().webhooks.find((w: Webhook) => w.id === webhook.id).lastDelivery,
    ).toMatchObject({ status: 'delivered' });
    await remove(webhook);
  });

  it('keeps its queue through a restart: another app on the same database sends what is due', async () => {
    const { webhook, secret } = await register({ url: `${receiverUrl}/restart` });
    const from = received.length;
    await buildProject(t.app, owner);
    answers.push(503);
    await tick();
    expect(received.length).toBe(from + 1);
    const restarted = await buildApp(testConfig({ webhooks: { allowPrivate: true, secretKey: 'a-key-kept-apart-from-the-database-0123', pollMs: 0 } }), {
      database: t.database,
    });
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(Date.now() + 60_000) });
      await restarted.services.webhooks.tick();
      expect(verified(secret, from).map((r) => r.payload.type)).toEqual(['project.create', 'project.create']);
      expect((await log(webhook))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    } finally {
      await restarted.close();
    }
    await remove(webhook);
  });

  it('is changed with If-Match: a stale version is refused; turned off, it is sent nothing', async () => {
    const { webhook } = await register({ url: `${receiverUrl}/off` });
    const off = await api(t.app, 'PUT', `/admin/webhooks/${webhook.id}`, { token: admin.token, body: { active: false, version: webhook.version } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, version: 2 });
    const stale = await api(t.app, 'PUT', `/admin/webhooks/${webhook.id}`, {
      token: admin.token,
      body: { description: 'late' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    const from = received.length;
    await buildProject(t.app, owner);
    await tick();
    expect(received.length).toBe(from);
    expect((await remove(off.json())).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/admin/webhooks/${webhook.id}/deliveries`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('registering a webhook, refused', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp();
  }, 120_000);
  afterAll(() => strict?.close());

  it('answers 400 naming body.url for an address that is not http(s) or is private, loopback or link-local (after DNS), and changes nothing', async () => {
    const strictAdmin = await buildUser(strict.app, { roles: [{ slug: 'administrator' }] });
    const cases: [string, RegExp][] = [
      ['ftp://example.org/hook', /http or https/],
      [`${receiverUrl}/hook`, /^127\.0\.0\.1 resolves to 127\.0\.0\.1: a private, loopback or link-local address$/],
      ['http://localhost/hook', /^localhost resolves to .*: a private, loopback or link-local address$/],
      ['http://[::ffff:127.0.0.1]/hook', /private, loopback or link-local/],
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254/],
      ['http://[fd00::1]/hook', /private, loopback or link-local/],
    ];
    for (const [url, message] of cases) {
      const res = await api(strict.app, 'POST', '/admin/webhooks', { token: strictAdmin.token, body: { url, events: ['create'], kinds: ['project'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field, url).toBe('body.url');
      expect(res.json().details[0].message, url).toMatch(message);
    }
    expect((await api(strict.app, 'GET', '/admin/webhooks', { token: strictAdmin.token })).json().webhooks).toEqual([]);
  });

  it('answers 400 naming the field for no events, an unknown kind or owner', async () => {
    for (const [body, field] of [
      [{ events: [] }, 'body.events'],
      [{ kinds: ['spaceship'] }, 'body.kinds.0'],
      [{ owner: 'nobody-by-this-name' }, 'body.owner'],
    ] as const) {
      const res = await api(t.app, 'POST', '/admin/webhooks', {
        token: admin.token,
        body: { url: `${receiverUrl}/x`, kinds: ['project'], events: ['create'], ...(body as object) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });

  it('is for Site Admin only: 401 signed out, 403 without manageSettings, on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      ['GET', '/admin/webhooks'],
      ['POST', '/admin/webhooks'],
      ['PUT', `/admin/webhooks/${id}`],
      ['DELETE', `/admin/webhooks/${id}`],
      ['GET', `/admin/webhooks/${id}/deliveries`],
      ['POST', `/admin/webhooks/${id}/test`],
    ] as const;
    const body = { url: `${receiverUrl}/x`, events: ['create'], kinds: ['project'] };
    for (const [method, path] of calls) {
      const options = {
        body: method === 'POST' || method === 'PUT' ? body : undefined,
        headers: method === 'PUT' || method === 'DELETE' ? { 'if-match': '*' } : undefined,
      };
      expect((await api(t.app, method, path, options)).statusCode, `${method} ${path}`).toBe(401);
      expect((await api(t.app, method, path, { ...options, token: researcher.token })).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await api(t.app, 'POST', `/admin/webhooks/${id}/test`, { token: admin.token })).statusCode).toBe(404);
  });
});
