import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { cpuOfServerTiming } from '../../lib/server-timing.js';
import { HEALTH_FRESH_MS, healthProbe } from './health.js';
import { buildImportSession, buildUser, type TestUser } from '../../../test/factories.js';
import { api, openTestDatabase, startTestApp, testConfig, uniqueIp, type TestApp } from '../../../test/harness.js';

/** The map settings configured, answered as they are. */
const MAP = {
  styleUrl: 'https://tiles.example.org/styles/basic.json',
  center: [8.5, 46.8] as [number, number],
  zoom: 6,
  views: [],
  origins: ['https://tiles.example.org'],
  keepOrigins: ['https://tiles.example.org'],
};
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp({
    app: {
      productName: 'Alpine Observatory',
      contactUrl: 'mailto:office@example.org',
      headerLinks: [{ label: 'Data portal', url: 'https://data.example.org' }],
      map: MAP,
    },
  });
  admin = await buildUser(t.app, { super: true });
});
afterAll(() => t.close());

describe('GET /app/config', () => {
  it('answers product name, contact, header links, the data licence and map settings', async () => {
    const res = await api(t.app, 'GET', '/app/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productName: 'Alpine Observatory',
      contactUrl: 'mailto:office@example.org',
      headerLinks: [{ label: 'Data portal', url: 'https://data.example.org' }],
      licence: { name: 'Creative Commons Attribution-ShareAlike 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
      map: MAP,
    });
  });
});

describe('GET /health', () => {
  it('reports the database and the migration version', async () => {
    const res = await api(t.app, 'GET', '/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, kind: process.env.TEST_DATABASE_URL ? 'server' : 'embedded' });
    expect(body.database.version).toMatch(/^\d+/);
    const journal = fs.readdirSync(path.join(import.meta.dirname, '../../db/migrations')).filter((f) => f.endsWith('.sql'));
    expect(body.migration.applied).toBe(journal.length);
    expect(`${body.migration.latest}.sql`).toBe(journal.sort().at(-1));
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(HEALTH_FRESH_MS + 1000);
  });

  it('answers a probe younger than 2 s again as it is', async () => {
    const first = (await api(t.app, 'GET', '/health')).json();
    const second = (await api(t.app, 'GET', '/health')).json();
    expect(second).toEqual(first);
  });

  it('behind jobs holding the database, answers at once what it last saw, then probes again', async () => {
    const health = healthProbe(t.database, t.app.log, { freshMs: 0 });
    const seen = await health();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: t.database.capacity }, () => t.database.use(() => held));
    const answer = await Promise.race([health(), new Promise((resolve) => setTimeout(() => resolve('no answer within 1 s'), 1000))]);
    expect(answer).toEqual(seen);
    release();
    await Promise.all(holders);
    await expect.poll(async () => (await health()).checkedAt).not.toBe(seen.checkedAt);
    expect((await health()).status).toBe('ok');
  });

  it('says degraded once no probe has answered for the stale time, and ok again after', async () => {
    const health = healthProbe(t.database, t.app.log, { freshMs: 0, staleMs: 300 });
    expect((await health()).status).toBe('ok');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: t.database.capacity }, () => t.database.use(() => held));
    expect((await health()).status).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stuck = await health();
    expect(stuck.status).toBe('degraded');
    expect(stuck.database.ok).toBe(false);
    release();
    await Promise.all(holders);
    await expect.poll(async () => (await health()).status).toBe('ok');
  });

  it('says the database is away once a probe fails', async () => {
    const away = await openTestDatabase();
    const health = healthProbe(away, t.app.log, { freshMs: 0 });
    expect((await health()).status).toBe('ok');
    await away.close();
    await expect.poll(async () => (await health()).status).toBe('degraded');
    expect((await health()).database).toEqual({ ok: false, kind: away.kind, version: null });
  });

  it('says in Server-Timing how much server CPU the answer took, as every answer does', async () => {
    for (const url of ['/health', '/projects', '/no/such/path']) {
      const cpu = cpuOfServerTiming((await api(t.app, 'GET', url)).headers['server-timing'] as string | undefined);
      expect(cpu, url).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('GET /admin/status', () => {
  it('requires sign-in, then accessAdmin', async () => {
    expect((await api(t.app, 'GET', '/admin/status')).statusCode).toBe(401);
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', '/admin/status', { token: user.token })).statusCode).toBe(403);
  });
  it('reports the database, the migration, the stored files and the uptime', async () => {
    const res = await api(t.app, 'GET', '/admin/status', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.database).toMatchObject({
      kind: process.env.TEST_DATABASE_URL ? 'server' : 'embedded',
      version: expect.stringMatching(/^\d+/),
      postgis: expect.stringMatching(/^3\./),
    });
    expect(body.database.sizeBytes).toBeGreaterThan(1_000_000);
    const health = (await api(t.app, 'GET', '/health')).json();
    expect(body.migration).toEqual(health.migration);
    const { totals } = (await api(t.app, 'GET', '/assets', { token: admin.token })).json();
    expect(body.storage).toEqual({ kind: 'directory', files: totals.count, bytes: totals.bytes });
    // A spreadsheet kept for an import is stored too, and counted.
    const sheet = Buffer.from('name,title\nsite-1,Site one\n');
    await buildImportSession(t.app, admin, { file: { data: sheet, fileName: 'sites.csv' } });
    const after = (await api(t.app, 'GET', '/admin/status', { token: admin.token })).json();
    expect(after.storage).toEqual({ kind: 'directory', files: totals.count + 1, bytes: totals.bytes + sheet.length });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.uptimeSeconds).toBeLessThanOrEqual(process.uptime() + 1);
    expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(body.node).toBe(process.version);
  });
});

describe('GET /admin/outbox', () => {
  it('requires sign-in, then manageUsers', async () => {
    expect((await api(t.app, 'GET', '/admin/outbox')).statusCode).toBe(401);
    const user = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
    expect((await api(t.app, 'GET', '/admin/outbox', { token: user.token })).statusCode).toBe(403);
  });
  it('lists kept mail newest first, with pagination headers', async () => {
    await api(t.app, 'POST', '/auth/reset', { body: { login: admin.username }, ip: uniqueIp() });
    const res = await api(t.app, 'GET', '/admin/outbox?p=1', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({ to: admin.email, subject: 'Reset your password', transport: 'outbox' });
    expect(res.headers['pagination-page']).toBe('1');
    expect(Number(res.headers['pagination-count'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['pagination-limit']).toBe('25');
    const bad = await api(t.app, 'GET', '/admin/outbox?p=0', { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('querystring.p');
  });
});

describe('error shapes', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api(t.app, 'GET', '/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.stringContaining('/api/v1/no/such/thing'), code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('names malformed JSON as a 400 on the body', async () => {
    const res = await api(t.app, 'POST', '/auth/login', { body: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body' }] });
  });

  it('ignores unknown fields and never takes server-set fields from the body', async () => {
    const user = await buildUser(t.app);
    const login = await api(t.app, 'POST', '/auth/login', {
      body: { username: user.username, password: user.password, super: true, permissions: ['manageUsers'] },
      ip: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
    const me = await api(t.app, 'GET', '/auth/user', { token: login.json().access_token });
    expect(me.json().user).toMatchObject({ super: false, permissions: [] });
    const id = crypto.randomUUID();
    // eslint-disable-next-line tests/factories-for-test-data -- what the create call does with fields it does not take is what this test checks
    const key = await api(t.app, 'POST', `/users/${user.username}/apikeys`, {
      token: user.token,
      body: { comment: 'x', id, created: '2000-01-01T00:00:00Z', lastUsed: '2000-01-01T00:00:00Z' },
    });
    expect(key.json().id).not.toBe(id);
    expect(key.json().created.startsWith('2000')).toBe(false);
    expect(key.json().lastUsed).toBeNull();
  });

  it('answers 413 for a body over the limit, and changes nothing', async () => {
    const small = await startTestApp({ bodyLimit: 2048 }, t.database);
    try {
      const res = await api(small.app, 'POST', '/auth/reset', { body: { login: 'x'.repeat(4096) } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('2048') });
    } finally {
      await small.app.close();
    }
  });

  it('answers an unexpected failure with a generic 500 and a request id, never the stack', async () => {
    const app = await buildApp(testConfig(), { database: t.database });
    app.get('/api/v1/test-failure', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/test-failure' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ error: expect.stringContaining(body.requestId), code: 'INTERNAL', requestId: expect.any(String) });
      expect(res.body).not.toContain('secret internal detail');
      expect(res.headers['x-request-id']).toBe(body.requestId);
    } finally {
      await app.close();
    }
  });
});

describe('the database queue', () => {
  it('answers 503 with Retry-After when a request waits too long behind a long job', async () => {
    const database = await openTestDatabase({ queueTimeoutMs: 300 });
    const busy = await startTestApp({}, database);
    try {
      const user = await buildUser(busy.app);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Long jobs fill every slot (one embedded, the pool on a server).
      const longJobs = Array.from({ length: database.capacity }, () => database.use(() => held));
      const res = await api(busy.app, 'GET', '/auth/user', { token: user.token });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().code).toBe('UNAVAILABLE');
      release();
      await Promise.all(longJobs);
      expect((await api(busy.app, 'GET', '/auth/user', { token: user.token })).statusCode).toBe(200);
    } finally {
      await busy.app.close();
      await database.close();
    }
  });
});

describe('OpenAPI', () => {
  it('is valid OpenAPI 3.1 and documents the routes', async () => {
    const res = await api(t.app, 'GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/{id}', '/api/v1/users/{personId}/roles/{target}/{role}', '/api/v1/app/config']),
    );
  });
});

describe('serving the web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="en"><head><meta name="application-name" content="Observatory Catalogue" /><title>Projects</title></head>${' '.repeat(2000)}</html>`,
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-a1b2c3.js'), `console.log(1);${'/*pad*/'.repeat(400)}`);
  let web: TestApp;
  beforeAll(async () => {
    web = await startTestApp({ webDist: dist, app: { ...testConfig().app, productName: 'Alpine "Field" <Station>' } }, t.database);
  });
  afterAll(() => web.app.close());

  it('answers client routes with index.html, not cached, with security headers', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/projects' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    // The deployment's product name, escaped, so the header is drawn with it at once.
    expect(res.body).toContain('<meta name="application-name" content="Alpine &quot;Field&quot; &lt;Station&gt;" />');
    // The title too, while the first screen's code loads (spec §1: "Projects" and the product's name).
    expect(res.body).toContain('<title>Projects · Alpine &quot;Field&quot; &lt;Station&gt;</title>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps unknown API paths and missing files as 404s', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/api/v1/nothing' })).json().code).toBe('NOT_FOUND');
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends a browser asking for /favicon.ico to the SVG icon, not a 404', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
  });
});
