import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINATION_HEADERS, REFRESH_COOKIE } from '@observatory/shared';
import { VISITOR_EXPORTS_PER_MINUTE } from '../modules/objects/index.js';
import { buildApiKey, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, uniqueIp, type TestApp } from '../../test/harness.js';

// docs/api.md "Cross-origin use": any site reads the API; only CORS_ORIGINS get credentials; the cookie routes none.

const ELSEWHERE = 'https://notebook.example.net';
const PARTNER = 'https://maps.example.org';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await startTestApp({ cors: { credentialedOrigins: [PARTNER] } });
  alice = await buildUser(t.app, { super: true });
});
afterAll(() => t.close());

const preflight = (path: string, method: string, requestHeaders?: string, origin = ELSEWHERE) =>
  api(t.app, 'OPTIONS', path, {
    headers: { origin, 'access-control-request-method': method, ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}) },
  });

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS preflight', () => {
  it('answers a public GET’s preflight 204 with the methods, headers and a max-age', async () => {
    const res = await preflight('/projects', 'GET');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toContain('GET');
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('lets a POST carry Authorization and the other request headers the API reads', async () => {
    const res = await preflight('/projects', 'POST', 'authorization, content-type, idempotency-key');
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(expect.arrayContaining(['POST', 'PUT', 'DELETE']));
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'if-match', 'if-none-match', 'idempotency-key', 'overwrite-of']));
  });

  it('echoes a listed origin with credentials', async () => {
    const res = await preflight('/projects', 'POST', 'authorization', PARTNER);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });
});

describe('CORS on answers', () => {
  it('answers a GET from another site with * and exposes the paging, Link, ETag, Retry-After and Content-Disposition headers', async () => {
    const res = await api(t.app, 'GET', '/projects', { headers: { origin: ELSEWHERE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(', ');
    const wanted = [...Object.values(PAGINATION_HEADERS), 'Link', 'ETag', 'Retry-After', 'Content-Disposition'].map((h) => h.toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(wanted));
  });

  it('keeps compression’s Vary beside Origin', async () => {
    const res = await api(t.app, 'GET', '/openapi.json', { headers: { origin: ELSEWHERE, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('gives credentials and the echoed origin only to a listed origin', async () => {
    const listed = await api(t.app, 'GET', '/projects', { headers: { origin: PARTNER } });
    expect(listed.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const unlisted = await api(t.app, 'GET', '/projects', { headers: { origin: 'https://maps.example.org.evil.net' } });
    expect(unlisted.headers['access-control-allow-origin']).toBe('*');
    expect(unlisted.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets another site write with an API key, and says so on errors too', async () => {
    const key = await buildApiKey(t.app, alice, { permissions: ['edit'] });
    const body = { insightComments: false };
    const written = await api(t.app, 'PUT', '/auth/user/notifications', { token: key.secret, headers: { origin: ELSEWHERE }, body });
    expect(written.statusCode).toBe(200);
    expect(written.headers['access-control-allow-origin']).toBe('*');
    const refused = await api(t.app, 'PUT', '/auth/user/notifications', { headers: { origin: ELSEWHERE }, body });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives the web app’s pages outside the API no CORS headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/projects', headers: { origin: ELSEWHERE } });
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('limits a visitor’s exports from another site like any visitor’s', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    const exportAll = () => api(t.app, 'GET', '/data/obj?format=geojson&all=1', { ip, headers: { origin: ELSEWHERE } });
    for (let i = 0; i < VISITOR_EXPORTS_PER_MINUTE; i++) statuses.push((await exportAll()).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const last = await exportAll();
    expect(last.statusCode).toBe(429);
    expect(last.headers['access-control-allow-origin']).toBe('*');
    expect(last.headers['access-control-expose-headers']).toMatch(/Retry-After/);
  });
});

describe('the sign-in cookie routes', () => {
  for (const path of ['/auth/refresh', '/auth/logout', '/auth/login']) {
    it(`${path} answers another site no CORS headers, listed or not`, async () => {
      for (const origin of [ELSEWHERE, PARTNER]) {
        expect(corsHeaders((await preflight(path, 'POST', 'content-type', origin)).headers), origin).toEqual([]);
        const res = await api(t.app, 'POST', path, { headers: { origin }, cookies: { [REFRESH_COOKIE]: 'whatever' } });
        expect(corsHeaders(res.headers), origin).toEqual([]);
      }
    });
  }

  it('refuses a request the browser marks as sent from another site, so a cookie alone acts for no page elsewhere', async () => {
    const session = await api(t.app, 'POST', '/auth/login', { body: { username: alice.username, password: alice.password } });
    expect(session.statusCode).toBe(200);
    const refresh = session.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    for (const site of ['cross-site', 'same-site']) {
      const res = await api(t.app, 'POST', '/auth/logout', { headers: { origin: ELSEWHERE, 'sec-fetch-site': site }, cookies: { [REFRESH_COOKIE]: refresh } });
      expect(res.statusCode, site).toBe(403);
    }
    // The session goes on: the cookie still refreshes from this site.
    const again = await api(t.app, 'POST', '/auth/refresh', { headers: { 'sec-fetch-site': 'same-origin' }, cookies: { [REFRESH_COOKIE]: refresh } });
    expect(again.statusCode).toBe(200);
  });
});
