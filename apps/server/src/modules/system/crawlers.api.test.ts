import { XMLParser } from 'fast-xml-parser';
import { DEFAULT_PUBLISHING } from '@observatory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, sourceWebDist, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * What crawlers read first: robots.txt and the sitemap, as Site Admin's publishing setting
 * has them, with the data licence and a person's wish not to be indexed carried to pages.
 */

const web = sourceWebDist();

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ webDist: web.dir });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  user = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
}, 60_000);
afterAll(async () => {
  await t?.close();
  web.remove();
});

const ODBL = { name: 'Open Data Commons Open Database License 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' };
const put = (body: unknown, token = admin.token) => api(t.app, 'PUT', '/admin/publishing', { token, body });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const ldOf = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!) as Record<string, unknown>;
const xml = new XMLParser();

describe('the publishing setting', () => {
  it('starts with CC BY-SA 4.0 and indexing invited; an administrator changes the licence, which the footer’s config and the JSON-LD then name', async () => {
    expect((await api(t.app, 'GET', '/admin/publishing', { token: admin.token })).json()).toEqual(DEFAULT_PUBLISHING);
    expect((await api(t.app, 'GET', '/app/config')).json().licence).toEqual(DEFAULT_PUBLISHING.licence);
    const saved = await put({ licence: ODBL, indexing: true, robotsExtra: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().licence).toEqual(ODBL);
    expect((await api(t.app, 'GET', '/app/config')).json().licence).toEqual(ODBL);
    const home = ldOf((await get('/')).body)['@graph'] as { '@type': string; license?: string }[];
    expect(home.find((n) => n['@type'] === 'DataCatalog')!.license).toBe(ODBL.url);
    const audit = (await api(t.app, 'GET', '/admin/summary', { token: admin.token })).json().audit as { action: string }[];
    expect(audit.some((e) => e.action === 'setting.publishing')).toBe(true);
    expect((await put(DEFAULT_PUBLISHING)).statusCode).toBe(200);
  });

  it('refuses a licence without a name or an http address, naming the field, and keeps what was set', async () => {
    for (const [licence, field] of [
      [{ name: '', url: ODBL.url }, 'body.licence.name'],
      [{ name: 'Mine', url: 'javascript:alert(1)' }, 'body.licence.url'],
      [{ name: 'Mine', url: 'not a url' }, 'body.licence.url'],
    ] as const) {
      const res = await put({ licence, indexing: true, robotsExtra: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await put({ licence: ODBL, indexing: 'yes', robotsExtra: '' })).json().details[0].field).toBe('body.indexing');
    expect((await put({ licence: ODBL, indexing: true, robotsExtra: 'Disallow: /\u0007' })).json().details[0].field).toBe('body.robotsExtra');
    expect((await api(t.app, 'GET', '/admin/publishing', { token: admin.token })).json()).toEqual(DEFAULT_PUBLISHING);
  });

  it('needs sign-in, then manageSettings', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', DEFAULT_PUBLISHING],
    ] as const) {
      expect((await api(t.app, method, '/admin/publishing', { body })).statusCode).toBe(401);
      expect((await api(t.app, method, '/admin/publishing', { token: user.token, body })).statusCode).toBe(403);
    }
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of personal screens, forms and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /me', 'Disallow: /admin', 'Disallow: /login']));
    expect(lines).not.toContain('Disallow: /');
    // The web app's scripts and styles stay open to a crawler that renders pages.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed.filter((prefix) => '/assets/index-abc.js'.startsWith(prefix))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${t.app.config.publicUrl}/sitemap.xml`);
  });

  it('with indexing off, keeps every crawler out and names no sitemap; Site Admin’s lines follow', async () => {
    await put({ licence: DEFAULT_PUBLISHING.licence, indexing: false, robotsExtra: 'User-agent: ExampleBot\nCrawl-delay: 10' });
    try {
      const body = (await get('/robots.txt')).body;
      expect(body).toBe('User-agent: *\nDisallow: /\n\nUser-agent: ExampleBot\nCrawl-delay: 10\n');
    } finally {
      await put(DEFAULT_PUBLISHING);
    }
  });
});

describe('the sitemap', () => {
  it('is a sitemaps.org urlset of the lists and each public resource’s page, with when it last changed', async () => {
    const project = await buildProject(t.app, admin, { title: unique('Mapped ') });
    const hidden = await buildProject(t.app, admin, { title: unique('Unmapped '), visibility: 'members' });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const urls = xml.parse(res.body).urlset.url as { loc: string; lastmod?: string }[];
    const at = (p: string) => urls.find((u) => u.loc === `${t.app.config.publicUrl}${p}`);
    expect(at('/')).toBeDefined();
    expect(at('/projects')).toBeDefined();
    const detail = (await api(t.app, 'GET', `/projects/${project.slug}`)).json();
    expect(at(`/projects/${project.slug}`)!.lastmod).toBe(new Date(detail.project.updatedAt).toISOString());
    expect(at(`/projects/${hidden.slug}`)).toBeUndefined();
  });

  it('answers 404 for a file it does not have', async () => {
    for (const file of ['projects-2.xml', 'secrets-1.xml', 'projects-0.xml', 'projects-1.json', '..%2Fpackage.json']) {
      expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(404);
    }
    expect((await get('/sitemaps/lists-1.xml')).statusCode).toBe(200);
  });
});

describe('a person who asked not to be indexed', () => {
  it('has a noindex page without JSON-LD, is left out of the sitemap, and is only named in others’ JSON-LD', async () => {
    const person = await buildPerson(t.app, admin, { name: unique('Quiet Field '), orcid: '0000-0002-1825-0097' });
    const project = await buildProject(t.app, admin, { title: unique('Shared ') });
    expect(
      (
        await api(t.app, 'PUT', `/projects/${project.id}/contributors/${crypto.randomUUID()}`, {
          token: admin.token,
          body: { personId: person.id, title: 'Lead' },
        })
      ).statusCode,
    ).toBe(200);
    const before = await get(`/people/${person.slug}`);
    expect(before.body).not.toContain('name="robots"');
    expect(ldOf(before.body)['@type']).toBe('Person');

    const changed = await api(t.app, 'PUT', `/people/${person.id}`, { token: admin.token, body: { noindex: true, version: person.version } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().person.noindex).toBe(true);

    const page = await get(`/people/${person.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    expect(page.body).not.toContain('application/ld+json');
    expect(page.body).not.toContain('0000-0002-1825-0097');
    expect((await get('/sitemap.xml')).body).not.toContain(`/people/${person.slug}<`);
    const members = ldOf((await get(`/projects/${project.slug}`)).body).member as Record<string, unknown>[];
    expect(members).toContainEqual({ '@type': 'Person', name: person.name });
  });
});
