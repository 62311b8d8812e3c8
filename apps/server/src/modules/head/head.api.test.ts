import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataTable,
  buildInsight,
  buildInstitution,
  buildMetric,
  buildObject,
  buildPerson,
  buildProject,
  buildPublication,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { api, sourceWebDist, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * Pages as a crawler or a link preview fetches them, with no JavaScript: the web app's own
 * index.html (the source template stands in for the build), with each page's head and status.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const web = sourceWebDist();

/** schema.org's context, vendored (test/fixtures/README.md): expansion runs offline. */
const SCHEMA_ORG = JSON.parse(fs.readFileSync(path.resolve(here, '../../../test/fixtures/schema-org-context.jsonld'), 'utf8')) as object;
const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`No network in tests: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_ORG };
};
/** The types a JSON-LD processor reads from a page's JSON-LD: expanded, every node's @type. */
async function expandedTypes(doc: object): Promise<string[]> {
  const expanded = await jsonld.expand(doc as jsonld.JsonLdDocument, { documentLoader: documentLoader as never });
  return JSON.stringify(expanded)
    .match(/"@type":\["[^"]+"/g)!
    .map((t) => t.slice(10, -1));
}

/** Stored-XSS payloads in every user-written place the head shows. */
const XSS = `Soil </script><script>alert(1)</script> "><img src=x onerror=alert(2)> & more`;

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp({ webDist: web.dir });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  web.remove();
});

const fetchPage = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const html = res.body;
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const meta = (key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return { status: res.statusCode, html, ld: ld[0], meta, title };
};

describe('a resource page', () => {
  it('is a project with its title, summary, canonical URL, Open Graph and ResearchProject JSON-LD; user text escaped everywhere', async () => {
    const project = await buildProject(t.app, owner, { title: unique(XSS), summary: `${XSS} summary` });
    const page = await fetchPage(`/projects/${project.slug}/data`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${escape(project.title)} · Observatory Catalogue`);
    expect(page.meta('og:title')).toBe(escape(project.title));
    expect(page.meta('description')).toBe(escape(`${XSS} summary`));
    expect(page.html).toContain(`<link rel="canonical" href="http://localhost:3000/projects/${project.slug}" />`);
    // No payload is live: nothing but the app's own and the JSON-LD script, no stray tag.
    expect(page.html.match(/<script/g)).toHaveLength(2);
    expect(page.html).not.toMatch(/<img src=x/);
    expect(page.ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'ResearchProject', name: project.title, description: `${XSS} summary` });
    expect(await expandedTypes(page.ld!)).toContain('http://schema.org/ResearchProject');
    // The web app boots from the same page.
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="${escape(project.title)}: updates" href="http://localhost:3000/feeds/projects/${project.slug}/updates.atom" />`,
    );
  });

  it('is 404 with no word of a project a visitor may not see, or one that does not exist', async () => {
    const secret = await buildProject(t.app, owner, { title: unique('Secret plan '), visibility: 'members' });
    for (const url of [`/projects/${secret.slug}`, '/projects/no-such-project', '/no/such/page']) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(404);
      expect(page.html, url).not.toContain('Secret plan');
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.ld, url).toBeUndefined();
      expect(page.html, url).toContain('<div id="root"></div>');
    }
  });

  it('is 410 Gone for a public resource the catalogue knows was deleted; 404 for a deleted one a visitor never saw, or a key taken again', async () => {
    const del = async (url: string) => expect((await api(t.app, 'DELETE', url, { token: admin.token })).statusCode, url).toBe(204);
    const open = await buildProject(t.app, owner, { title: unique('Closed down ') });
    const secret = await buildProject(t.app, owner, { title: unique('Quietly closed '), visibility: 'members' });
    const person = await buildPerson(t.app, admin, { name: unique('Moved Away ') });
    const object = await buildObject(t.app, owner, { title: unique('Felled tree '), projects: [open.id] });
    await del(`/data/obj/${object.name}`);
    for (const p of [open, secret]) await del(`/projects/${p.id}`);
    await del(`/people/${person.id}`);
    for (const [url, status] of [
      [`/projects/${open.slug}`, 410],
      [`/projects/${open.slug}/data`, 410],
      [`/data/${object.name}`, 410],
      [`/people/${person.slug}`, 410],
      [`/projects/${secret.slug}`, 404],
    ] as const) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(status);
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.html, url).not.toMatch(/Closed down|Quietly closed|Moved Away|Felled tree/);
      expect(page.html, url).toContain('<div id="root"></div>');
    }
    // The address taken again, by a project a visitor may not see: 404, as for any hidden one.
    await buildProject(t.app, owner, { title: open.title, slug: open.slug, visibility: 'members' });
    expect((await fetchPage(`/projects/${open.slug}`)).status).toBe(404);
  });

  it('is a project whose data table is a Dataset: metrics with units, the time and place its observations span, the CSV download, the licence', async () => {
    const project = await buildProject(t.app, owner, { title: unique('Snow survey ') });
    const metric = unique('snow-depth-');
    await buildMetric(t.app, admin, { name: metric, title: 'Snow depth', unit: 'cm' });
    const table = await buildDataTable(t.app, owner, project.id, { title: 'Winter depths', metrics: [metric] });
    const places = [
      [18.1, 68.2],
      [18.5, 68.4],
    ];
    const objects = [];
    for (const at of places) objects.push(await buildObject(t.app, owner, { projects: [project.id], geo: { type: 'Point', coordinates: at } }));
    const observations = [
      { object: objects[0]!.name, metric, time: '2024-01-05T00:00:00Z', value: 40 },
      { object: objects[1]!.name, metric, time: '2024-03-20T00:00:00Z', value: 85 },
    ];
    const posted = await api(t.app, 'POST', `/projects/${project.id}/datatables/${table.id}/observations`, { token: owner.token, body: { observations } });
    expect(posted.statusCode).toBe(200);
    const page = await fetchPage(`/projects/${project.slug}`);
    const [dataset] = page.ld!.subjectOf as Record<string, unknown>[];
    expect(dataset).toMatchObject({
      '@type': 'Dataset',
      name: 'Winter depths',
      variableMeasured: [{ '@type': 'PropertyValue', name: 'Snow depth', propertyID: metric, unitText: 'cm' }],
      spatialCoverage: { '@type': 'Place', geo: { '@type': 'GeoShape', box: '68.2 18.1 68.4 18.5' } },
      license: 'https://creativecommons.org/licenses/by-sa/4.0/',
      distribution: { '@type': 'DataDownload', encodingFormat: 'text/csv' },
    });
    expect(dataset!.temporalCoverage).toMatch(/^2024-01-05T00:00:00(\.000)?Z\/2024-03-20T00:00:00(\.000)?Z$/);
    const csv = await t.app.inject({ method: 'GET', url: new URL((dataset!.distribution as { contentUrl: string }).contentUrl).pathname });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('85');
    expect(await expandedTypes(page.ld!)).toEqual(
      expect.arrayContaining(['http://schema.org/ResearchProject', 'http://schema.org/Dataset', 'http://schema.org/PropertyValue', 'http://schema.org/Place']),
    );
  });

  it('is an object as a Place with its coordinates', async () => {
    const project = await buildProject(t.app, owner);
    const object = await buildObject(t.app, owner, {
      title: unique('Birch plot '),
      projects: [project.id],
      geo: { type: 'Point', coordinates: [18.77, 68.33] },
    });
    const page = await fetchPage(`/data/${object.name}/photos`);
    expect(page.status).toBe(200);
    expect(page.ld).toMatchObject({
      '@type': 'Place',
      name: object.title,
      identifier: object.name,
      geo: { '@type': 'GeoCoordinates', longitude: 18.77, latitude: 68.33 },
    });
  });

  it('is a person with ORCID as identifier and sameAs, and a partner with its ROR', async () => {
    const person = await buildPerson(t.app, admin, { name: unique('Ada Field '), orcid: '0000-0002-1825-0097' });
    const page = await fetchPage(`/people/${person.slug}`);
    expect(page.ld).toMatchObject({ '@type': 'Person', name: person.name, sameAs: ['https://orcid.org/0000-0002-1825-0097'] });
    expect(page.meta('og:type')).toBe('profile');
    expect(await expandedTypes(page.ld!)).toEqual(expect.arrayContaining(['http://schema.org/Person', 'http://schema.org/PropertyValue']));
    const partner = await buildInstitution(t.app, admin, { name: unique('Arctic Institute '), ror: '05a28rw58' });
    const org = await fetchPage(`/partners/${partner.slug}`);
    expect(org.ld).toMatchObject({ '@type': 'Organization', name: partner.name, sameAs: ['https://ror.org/05a28rw58'] });
    expect(await expandedTypes(org.ld!)).toContain('http://schema.org/Organization');
  });

  it('is a publication typed by its kind with its DOI; an unconfirmed author link names no page', async () => {
    const linked = await buildPerson(t.app, admin, { name: unique('Linked Author ') });
    const pub = await buildPublication(t.app, owner, {
      title: unique('Shrub expansion '),
      type: 'report',
      doi: '10.1234/shrub.2024',
      year: 2024,
      authors: [{ name: 'Field, Ada', person: linked.slug }],
    });
    const page = await fetchPage(`/pubs/${pub.slug}`);
    expect(page.ld).toMatchObject({ '@type': 'Report', name: pub.title, sameAs: ['https://doi.org/10.1234/shrub.2024'], datePublished: '2024' });
    expect((page.ld!.author as Record<string, unknown>[])[0]).toEqual({ '@type': 'Person', name: 'Field, Ada' });
    expect(await expandedTypes(page.ld!)).toContain('http://schema.org/Report');
  });

  it('is an insight as an Article', async () => {
    const insight = await buildInsight(t.app, owner, { title: unique('Notes from the field ') });
    const page = await fetchPage(`/insights/${insight.num}`);
    expect(page.status).toBe(200);
    expect(page.ld).toMatchObject({ '@type': 'Article', name: insight.title, datePublished: insight.createdAt });
    expect(await expandedTypes(page.ld!)).toContain('http://schema.org/Article');
  });
});

describe('other pages', () => {
  it('the home page describes the site and its data catalogue', async () => {
    const page = await fetchPage('/');
    expect(page.status).toBe(200);
    const types = (page.ld!['@graph'] as { '@type': string }[]).map((n) => n['@type']);
    expect(types).toEqual(['WebSite', 'DataCatalog']);
    expect(await expandedTypes(page.ld!)).toEqual(['http://schema.org/WebSite', 'http://schema.org/DataCatalog']);
  });

  it('lists have their titles; screens for signed-in users are served but not indexed', async () => {
    const pubs = await fetchPage('/pubs');
    expect(pubs.title).toBe('Publications · Observatory Catalogue');
    expect(pubs.html).toContain('href="http://localhost:3000/feeds/pubs.atom"');
    expect((await fetchPage('/insights?tag=soil')).html).toContain('href="http://localhost:3000/feeds/insights.atom?tag=soil"');
    for (const url of ['/admin/users', '/me', '/projects/x/edit', '/login']) {
      const page = await fetchPage(url);
      expect(page.status, url).toBe(200);
      expect(page.meta('robots'), url).toBe('noindex');
    }
  });
});

function escape(text: string) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
