import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { buildShortlink, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, testConfig, unique, type TestApp } from '../../../test/harness.js';

/** The catalogue under test lets shortlinks lead to example.org (and to this site's own host, localhost). */
const HOSTS = ['example.org', 'docs.example.net'];
let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ shortlinks: { hosts: HOSTS } });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  user = await buildUser(t.app);
});
afterAll(() => t.close());

/** The create call under test, by an administrator unless told. */
const create = (body: Record<string, unknown>, token = admin.token) => api(t.app, 'POST', '/shortlinks', { token, body });
const list = async () =>
  (await api(t.app, 'GET', '/shortlinks', { token: admin.token })).json().shortlinks as {
    id: string;
    slug: string;
    target: string;
    external: 'redirect' | 'interstitial' | null;
    hits: number;
    lastUsedAt: string | null;
  }[];
const follow = (slug: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url: `/s/${slug}` });
/** The fields a 400 names, each once (one field may break several rules). */
const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) => [...new Set((res.json().details ?? []).map((d) => d.field))];

describe('managing shortlinks', () => {
  it('creates, lists by slug, changes and deletes, auditing each write', async () => {
    const zulu = unique('Zulu');
    const alpha = unique('alpha');
    const created = await create({ slug: zulu, target: '/pubs' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: zulu, target: '/pubs', hits: 0, lastUsedAt: null });
    await buildShortlink(t.app, admin, { slug: alpha, target: 'https://example.org/a?b=c#d' });
    const slugs = (await list()).map((s) => s.slug);
    expect(slugs.indexOf(alpha)).toBeLessThan(slugs.indexOf(zulu));

    const id = created.json().id as string;
    const changed = await api(t.app, 'PUT', `/shortlinks/${id}`, { token: admin.token, body: { target: '/projects' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, slug: zulu, target: '/projects' });
    const renamed = await api(t.app, 'PUT', `/shortlinks/${id}`, { token: admin.token, body: { slug: zulu.toLowerCase() } });
    expect(renamed.json().slug).toBe(zulu.toLowerCase());

    expect((await api(t.app, 'DELETE', `/shortlinks/${id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await list()).map((s) => s.id)).not.toContain(id);
    expect((await follow(zulu)).statusCode).toBe(404);

    const actions = await t.database.use((d) => d.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id)));
    expect(actions.map((a) => a.action).sort()).toEqual(['shortlink.create', 'shortlink.delete', 'shortlink.update', 'shortlink.update']);
  });

  it('refuses a slug taken in any letter case, naming body.slug, on create and on change', async () => {
    const slug = unique('guide');
    await buildShortlink(t.app, admin, { slug, target: '/doc' });
    const res = await create({ slug: slug.toUpperCase(), target: '/pubs' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.slug', message: `The slug ${slug.toUpperCase()} is taken` }]);

    const other = await buildShortlink(t.app, admin);
    const change = await api(t.app, 'PUT', `/shortlinks/${other.id}`, { token: admin.token, body: { slug: slug.toUpperCase() } });
    expect(change.statusCode).toBe(400);
    expect(fieldsOf(change)).toEqual(['body.slug']);
    expect((await list()).find((s) => s.id === other.id)?.slug).toBe(other.slug);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '\tjavascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'ftp://files.example.org/a',
    'mailto:a@example.org',
    'http:evil.example',
    'https://user:pw@evil.example',
    'https://example.org@evil.example',
    '//evil.example',
    ' //evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/a\n/b',
    '/s/another',
    '/a path',
    'https://example.org/a b',
    '',
  ])('refuses the target %j naming body.target', async (target) => {
    const slug = unique('bad');
    const res = await create({ slug, target });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.target']);
    expect((await list()).map((s) => s.slug)).not.toContain(slug);
  });

  it.each(['a/b', 'a b', '-start', 'end_', ''])('refuses the slug %j naming body.slug', async (slug) => {
    const res = await create({ slug, target: '/pubs' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.slug']);
  });

  it('gives one slug to one of two writers racing for it; the other is refused naming body.slug', async () => {
    const slug = unique('race');
    const answers = await Promise.all([create({ slug, target: '/pubs' }), create({ slug: slug.toUpperCase(), target: '/projects' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(fieldsOf(answers.find((r) => r.statusCode === 400)!)).toEqual(['body.slug']);
    expect((await list()).filter((s) => s.slug.toLowerCase() === slug.toLowerCase())).toHaveLength(1);
  });

  it('refuses a bad target on change and leaves the shortlink as it was', async () => {
    const made = await buildShortlink(t.app, admin, { target: '/pubs' });
    const res = await api(t.app, 'PUT', `/shortlinks/${made.id}`, { token: admin.token, body: { target: 'javascript:alert(1)' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.target']);
    expect((await list()).find((s) => s.id === made.id)?.target).toBe('/pubs');
  });

  it('answers 404 for unknown ids', async () => {
    const id = randomUUID();
    expect((await api(t.app, 'PUT', `/shortlinks/${id}`, { token: admin.token, body: { target: '/pubs' } })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/shortlinks/${id}`, { token: admin.token })).statusCode).toBe(404);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await api(t.app, method, '/shortlinks/not-an-id', { token: admin.token, body: method === 'PUT' ? { target: '/pubs' } : undefined });
      expect([res.statusCode, fieldsOf(res)]).toEqual([400, ['params.id']]);
    }
  });

  it('require sign-in, then manageShortlinks', async () => {
    const made = await buildShortlink(t.app, admin, { target: '/pubs' });
    const calls = [
      ['GET', '/shortlinks', undefined],
      ['POST', '/shortlinks', { slug: unique('x'), target: '/pubs' }],
      ['PUT', `/shortlinks/${made.id}`, { target: '/projects' }],
      ['DELETE', `/shortlinks/${made.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await api(t.app, method, url, { body })).statusCode).toBe(401);
      expect((await api(t.app, method, url, { token: user.token, body })).statusCode).toBe(403);
    }
    expect((await list()).find((s) => s.id === made.id)?.target).toBe('/pubs');
  });
});

describe('the hosts a shortlink may lead to', () => {
  /** The same catalogue with SHORTLINK_HOSTS unset: only paths of this site (and its own host, localhost). */
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({}, t.database);
  });
  afterAll(() => bare.app.close());
  const listIn = async (app: TestApp) =>
    (await api(app.app, 'GET', '/shortlinks', { token: admin.token })).json().shortlinks as { id: string; slug: string; target: string; external: unknown }[];
  const auditCount = async (id: string) => (await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.targetId, id)))).length;

  it.each(['https://evil.example/a', 'https://sub.example.org/a', 'https://example.org.evil.example/', 'http://evil.example/?to=https://example.org'])(
    'refuses %j, naming body.target and the hosts allowed, and stores nothing',
    async (target) => {
      const slug = unique('away');
      const res = await create({ slug, target });
      expect(res.statusCode).toBe(400);
      const host = new URL(target).hostname;
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          {
            field: 'body.target',
            message: `${host} is not among the hosts allowed: a shortlink leads to a path of this site, starting with /, or to an address on example.org or docs.example.net`,
          },
        ],
      });
      expect((await list()).map((s) => s.slug)).not.toContain(slug);
    },
  );

  it('with SHORTLINK_HOSTS unset, refuses every other host, saying only paths of this site are allowed', async () => {
    const slug = unique('bare');
    const res = await api(bare.app, 'POST', '/shortlinks', { token: admin.token, body: { slug, target: 'https://example.org/report' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'body.target', message: 'example.org is another site: a shortlink leads only to a path of this site, starting with /' },
    ]);
    expect((await listIn(bare)).map((s) => s.slug)).not.toContain(slug);
    // This site's own host (PUBLIC_URL's) and its paths stay on the catalogue.
    for (const target of ['/pubs', 'http://localhost:3000/pubs', 'https://LOCALHOST./doc']) {
      const made = await api(bare.app, 'POST', '/shortlinks', { token: admin.token, body: { slug: unique('own'), target } });
      expect([made.statusCode, made.json().external], target).toEqual([201, null]);
    }
  });

  it('takes an allowed host in any letter case or with a final dot, and says the link redirects', async () => {
    for (const target of ['https://Example.ORG/report', 'http://docs.example.net./guide', 'https://example.org:8443/x']) {
      const made = await create({ slug: unique('allowed'), target });
      expect([made.statusCode, made.json().external], target).toEqual([201, 'redirect']);
      expect((await follow(made.json().slug)).headers.location).toBe(target);
    }
  });

  it('refuses to change a target to a host not allowed and leaves the shortlink as it was', async () => {
    const made = await buildShortlink(t.app, admin, { target: 'https://example.org/a' });
    const audited = await auditCount(made.id);
    const res = await api(t.app, 'PUT', `/shortlinks/${made.id}`, { token: admin.token, body: { slug: unique('moved'), target: 'https://evil.example/a' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['body.target']);
    expect((await list()).find((s) => s.id === made.id)).toMatchObject({ slug: made.slug, target: 'https://example.org/a' });
    expect(await auditCount(made.id)).toBe(audited);
  });

  it('marks a link to a host no longer allowed, lets its slug change with its target as it is, and takes a new target only on an allowed host', async () => {
    const made = await buildShortlink(t.app, admin, { target: 'https://docs.example.net/old' });
    expect((await list()).find((s) => s.id === made.id)?.external).toBe('redirect');
    // The catalogue started again without SHORTLINK_HOSTS: the link now asks before it leaves.
    expect((await listIn(bare)).find((s) => s.id === made.id)?.external).toBe('interstitial');
    const put = (body: Record<string, unknown>) => api(bare.app, 'PUT', `/shortlinks/${made.id}`, { token: admin.token, body });
    const slug = unique('renamed');
    const renamed = await put({ slug, target: 'https://docs.example.net/old' });
    expect([renamed.statusCode, renamed.json().external]).toEqual([200, 'interstitial']);
    expect((await put({ slug: unique('again') })).statusCode).toBe(200);
    const elsewhere = await put({ target: 'https://docs.example.net/new' });
    expect([elsewhere.statusCode, fieldsOf(elsewhere)]).toEqual([400, ['body.target']]);
    expect((await listIn(bare)).find((s) => s.id === made.id)?.target).toBe('https://docs.example.net/old');
    const home = await put({ target: '/doc' });
    expect([home.statusCode, home.json().external]).toEqual([200, null]);
  });
});

describe('following a shortlink', () => {
  it('redirects (302, not cached) to the target and counts the hit, whatever the slug’s case', async () => {
    const slug = unique('Follow');
    const made = await buildShortlink(t.app, admin, { slug, target: 'https://example.org/report?year=2024' });
    const before = Date.now();
    const res = await follow(slug.toLowerCase());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.org/report?year=2024');
    expect(res.headers['cache-control']).toBe('no-store');
    const counted = (await list()).find((s) => s.id === made.id)!;
    expect(counted.hits).toBe(1);
    expect(Date.parse(counted.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    await follow(slug);
    expect((await list()).find((s) => s.id === made.id)!.hits).toBe(2);
  });

  it('answers HEAD with the redirect without counting it', async () => {
    const slug = unique('head');
    const made = await buildShortlink(t.app, admin, { slug, target: '/pubs' });
    const res = await follow(slug, 'HEAD');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pubs');
    expect((await list()).find((s) => s.id === made.id)).toMatchObject({ hits: 0, lastUsedAt: null });
  });

  it('says a link to an allowed host redirects and one to a path stays', async () => {
    const away = await buildShortlink(t.app, admin, { target: 'https://example.org/x' });
    const home = await buildShortlink(t.app, admin, { target: '/pubs' });
    const all = await list();
    expect(all.find((s) => s.id === away.id)?.external).toBe('redirect');
    expect(all.find((s) => s.id === home.id)?.external).toBeNull();
  });

  describe('to a host no longer allowed', () => {
    /** The same catalogue with SHORTLINK_HOSTS unset, so links made above to example.org ask first. */
    let bare: TestApp;
    beforeAll(async () => {
      bare = await startTestApp({ app: { ...testConfig().app, productName: 'Lake <Observatory>' } }, t.database);
    });
    afterAll(() => bare.app.close());
    const hostile = "https://example.org/\"><script>alert(1)</script>?a=1&b='x'#<img/src=x/onerror=alert(2)>";
    const unescape = (html: string) =>
      html
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');

    it('answers a page asking first, everything escaped, under a strict policy, not cached, not indexed, without a referrer, and counts the hit once', async () => {
      const made = await buildShortlink(t.app, admin, { target: hostile });
      const res = await bare.app.inject({ method: 'GET', url: `/s/${made.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const csp = String(res.headers['content-security-policy']);
      expect(csp.split('; ')).toEqual(expect.arrayContaining(["default-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]));
      expect(csp).not.toMatch(/unsafe|script-src|\*/);

      const html = res.body;
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain('<h1>This link leaves the catalogue for example.org: continue?</h1>');
      // Nothing of the target or the product name comes through as markup.
      expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>|<Observatory>/);
      expect(html).toContain('Lake &lt;Observatory&gt;');
      const [, href] = /<a class="continue" href="([^"]*)"[^>]*>Continue to example\.org<\/a>/.exec(html) ?? [];
      expect(unescape(href!)).toBe(hostile);
      expect(html).toMatch(/<a href="\/">Back to Lake &lt;Observatory&gt;<\/a>/);

      const counted = (await list()).find((s) => s.id === made.id)!;
      expect(counted.hits).toBe(1);
      expect(counted.lastUsedAt).not.toBeNull();
    });

    it('answers HEAD with the same status and page headers, without counting', async () => {
      const made = await buildShortlink(t.app, admin, { target: 'https://example.org/quiet' });
      const res = await bare.app.inject({ method: 'HEAD', url: `/s/${made.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await list()).find((s) => s.id === made.id)).toMatchObject({ hits: 0, lastUsedAt: null });
    });

    it('still redirects links to paths of this site', async () => {
      const made = await buildShortlink(t.app, admin, { target: '/pubs' });
      const res = await bare.app.inject({ method: 'GET', url: `/s/${made.slug}` });
      expect([res.statusCode, res.headers.location]).toEqual([302, '/pubs']);
    });
  });

  it('sends a path in another script percent-encoded', async () => {
    const slug = unique('script');
    await buildShortlink(t.app, admin, { slug, target: '/doc/größe' });
    expect((await follow(slug)).headers.location).toBe('/doc/gr%C3%B6%C3%9Fe');
  });

  it('answers an unknown slug with a JSON 404 when there is no web build', async () => {
    const res = await follow('nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  describe('with the web app built', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="application-name" content="Observatory" /></head><body><div id="root"></div></body></html>',
    );
    let web: TestApp;
    beforeAll(async () => {
      web = await startTestApp({ webDist: dist }, t.database);
    });
    afterAll(async () => {
      await web.app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('answers an unknown slug with the app’s page and status 404, so it shows Not Found', async () => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await web.app.inject({ method, url: '/s/nope' });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      }
      expect((await web.app.inject({ method: 'GET', url: '/s/nope' })).body).toContain('<div id="root">');
    });

    it('still redirects a known slug', async () => {
      const slug = unique('built');
      await buildShortlink(t.app, admin, { slug, target: '/pubs' });
      const res = await web.app.inject({ method: 'GET', url: `/s/${slug}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/pubs');
    });
  });
});

describe('the API reference', () => {
  it('lists the shortlink routes and leaves the redirect out, as it is not part of the API', async () => {
    const paths = Object.keys((await api(t.app, 'GET', '/openapi.json')).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/shortlinks', '/api/v1/shortlinks/{id}']));
    expect(paths.filter((p) => p.startsWith('/s/'))).toEqual([]);
  });
});
