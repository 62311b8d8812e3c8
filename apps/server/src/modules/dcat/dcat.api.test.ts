import { randomUUID } from 'node:crypto';
import jsonld from 'jsonld';
import { Parser, type Quad } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DCAT_PAGE_SIZE } from '@observatory/shared';
import { buildDataTable, buildMetric, buildObject, buildProject, buildPublication, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';
import { PREFIXES } from '../../lib/rdf.js';

/**
 * The catalogue as a data portal's harvester reads it: Turtle parsed by n3, JSON-LD expanded
 * by jsonld (offline: the context is inline, so a remote one would be refused).
 */

const { dcat, dct, foaf, hydra, rdf, vcard } = PREFIXES;
const documentLoader = ((url: string) => Promise.reject(new Error(`No network in tests: ${url}`))) as never;

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let project: { id: string; slug: string; title: string };
let tableId: string;
let hidden: { slug: string; title: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  project = await buildProject(t.app, owner, {
    title: unique('Tundra carbon '),
    summary: 'Carbon fluxes of the tundra',
    startDate: '2023-05-01',
    endDate: '2025-09-30',
  });
  await api(t.app, 'PUT', `/projects/${project.id}/contributors/${randomUUID()}`, { token: owner.token, body: { personId: owner.personId, title: 'Lead' } });
  const metric = unique('co2-flux-');
  await buildMetric(t.app, admin, { name: metric, title: 'CO2 flux', unit: 'umol/m2/s' });
  const table = await buildDataTable(t.app, owner, project.id, { title: 'Chamber fluxes', metrics: [metric] });
  tableId = table.id;
  const objects = [];
  for (const at of [
    [18.1, 68.2],
    [18.5, 68.4],
  ])
    objects.push(await buildObject(t.app, owner, { projects: [project.id], geo: { type: 'Point', coordinates: at } }));
  const observations = [
    { object: objects[0]!.name, metric, time: '2024-06-01T12:00:00Z', value: 1.5 },
    { object: objects[1]!.name, metric, time: '2024-08-15T12:00:00Z', value: -2.25 },
  ];
  expect(
    (await api(t.app, 'POST', `/projects/${project.id}/datatables/${table.id}/observations`, { token: owner.token, body: { observations } })).statusCode,
  ).toBe(200);
  const publication = await buildPublication(t.app, admin, { title: unique('Fluxes paper '), doi: `10.5555/${randomUUID()}` });
  expect((await api(t.app, 'PUT', `/projects/${project.id}/pubs/${publication.id}`, { token: owner.token })).statusCode).toBeLessThan(300);
  hidden = await buildProject(t.app, owner, { title: unique('Secret carbon plan '), visibility: 'members' });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

async function turtleQuads(url: string, headers: Record<string, string> = {}): Promise<Quad[]> {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/turtle; charset=utf-8');
  return new Parser({ format: 'text/turtle' }).parse(res.body);
}

/** The graph's questions: subjects of a type, and a subject's values of a property. */
const graph = (quads: Quad[]) => ({
  ofType: (type: string) => quads.filter((q) => q.predicate.value === `${rdf}type` && q.object.value === type).map((q) => q.subject.value),
  values: (subject: string, property: string) => quads.filter((q) => q.subject.value === subject && q.predicate.value === property).map((q) => q.object),
});

describe('GET /dcat', () => {
  it('is a dcat:Catalog in Turtle: title, publisher, licence and its datasets', async () => {
    const g = graph(await turtleQuads('/dcat?format=ttl'));
    const [catalog] = g.ofType(`${dcat}Catalog`);
    expect(catalog).toBe('http://localhost:3000/#catalog');
    expect(g.values(catalog!, `${dct}title`)[0]!.value).toBe('Observatory Catalogue');
    expect(g.values(catalog!, `${dct}description`)).toHaveLength(1);
    const [publisher] = g.values(catalog!, `${dct}publisher`);
    expect(g.values(publisher!.value, `${foaf}name`)[0]!.value).toBe('Observatory Catalogue');
    expect(g.values(catalog!, `${dct}license`)[0]!.value).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    const datasets = g.values(catalog!, `${dcat}dataset`).map((d) => d.value);
    expect(datasets).toEqual(
      expect.arrayContaining([`http://localhost:3000/projects/${project.slug}`, `http://localhost:3000/projects/${project.slug}/data#${tableId}`]),
    );
    expect(g.ofType(`${dcat}Dataset`).sort()).toEqual([...datasets].sort());
  });

  it('describes a project as a dcat:Dataset: description, contact point, creator, period, place, keywords, licence, its table and publication', async () => {
    const g = graph(await turtleQuads('/dcat', { accept: 'text/turtle' }));
    const self = `http://localhost:3000/projects/${project.slug}`;
    expect(g.values(self, `${dct}title`)[0]!.value).toBe(project.title);
    expect(g.values(self, `${dct}description`)[0]!.value).toBe('Carbon fluxes of the tundra');
    expect(g.values(self, `${dct}identifier`)[0]!.value).toBe(project.id);
    expect(g.values(self, `${dcat}landingPage`)[0]!.value).toBe(self);
    const [contact] = g.values(self, `${dcat}contactPoint`);
    expect(g.values(contact!.value, `${rdf}type`)[0]!.value).toBe(`${vcard}Individual`);
    expect(g.values(contact!.value, `${vcard}fn`)).toHaveLength(1);
    expect(g.values(contact!.value, `${vcard}hasURL`)[0]!.value).toMatch(/^http:\/\/localhost:3000\/people\//);
    const [period] = g.values(self, `${dct}temporal`);
    expect(g.values(period!.value, `${dcat}startDate`)[0]).toMatchObject({ value: '2023-05-01', datatype: { value: 'http://www.w3.org/2001/XMLSchema#date' } });
    expect(g.values(period!.value, `${dcat}endDate`)[0]!.value).toBe('2025-09-30');
    const [place] = g.values(self, `${dct}spatial`);
    expect(g.values(place!.value, `${dcat}bbox`)[0]).toMatchObject({
      value: 'POLYGON((18.1 68.2,18.5 68.2,18.5 68.4,18.1 68.4,18.1 68.2))',
      datatype: { value: 'http://www.opengis.net/ont/geosparql#wktLiteral' },
    });
    expect(g.values(self, `${dct}license`)[0]!.value).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(g.values(self, `${dct}hasPart`).map((p) => p.value)).toEqual([`${self}/data#${tableId}`]);
    expect(g.values(self, `${dct}isReferencedBy`)[0]!.value).toMatch(/^https:\/\/doi\.org\/10\.5555\//);
    expect(g.values(self, `${dct}issued`)[0]!.value).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('describes a data table as a dcat:Dataset whose CSV distribution downloads its observations', async () => {
    const g = graph(await turtleQuads('/dcat?format=turtle'));
    const table = `http://localhost:3000/projects/${project.slug}/data#${tableId}`;
    expect(g.values(table, `${dct}title`)[0]!.value).toBe('Chamber fluxes');
    expect(g.values(table, `${dcat}keyword`).map((k) => k.value)).toEqual(['CO2 flux']);
    expect(g.values(table, `${dct}isPartOf`)[0]!.value).toBe(`http://localhost:3000/projects/${project.slug}`);
    const [period] = g.values(table, `${dct}temporal`);
    expect(g.values(period!.value, `${dcat}startDate`)[0]).toMatchObject({
      value: '2024-06-01T12:00:00.000Z',
      datatype: { value: 'http://www.w3.org/2001/XMLSchema#dateTime' },
    });
    expect(g.values(period!.value, `${dcat}endDate`)[0]!.value).toBe('2024-08-15T12:00:00.000Z');
    const [distribution] = g.values(table, `${dcat}distribution`);
    expect(g.values(distribution!.value, `${rdf}type`)[0]!.value).toBe(`${dcat}Distribution`);
    expect(g.values(distribution!.value, `${dcat}mediaType`)[0]!.value).toBe('http://www.iana.org/assignments/media-types/text/csv');
    expect(g.values(distribution!.value, `${dct}format`)[0]!.value).toBe('http://publications.europa.eu/resource/authority/file-type/CSV');
    const download = g.values(distribution!.value, `${dcat}downloadURL`)[0]!.value;
    expect(g.values(distribution!.value, `${dcat}accessURL`)[0]!.value).toBe(download);
    const csv = await t.app.inject({ method: 'GET', url: new URL(download).pathname });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('-2.25');
  });

  it('is the same graph as JSON-LD, which jsonld expands offline into the same classes', async () => {
    const res = await get('/dcat');
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept/i);
    const expanded = await jsonld.expand(res.json() as never, { documentLoader });
    const types = new Set(expanded.flatMap((n) => (n['@type'] as string[] | undefined) ?? []));
    expect([...types]).toEqual(expect.arrayContaining([`${dcat}Catalog`, `${dcat}Dataset`, `${hydra}PartialCollectionView`]));
    const nquads = (await jsonld.toRDF(res.json() as never, { format: 'application/n-quads', documentLoader })) as unknown as string;
    const fromTurtle = await turtleQuads('/dcat?format=ttl');
    expect(nquads.trim().split('\n')).toHaveLength(fromTurtle.length);
  });

  it('holds no project a visitor may not read, whoever asks', async () => {
    for (const token of [undefined, owner.token]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/dcat?format=ttl', headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.body).toContain(project.title);
      expect(res.body).not.toContain(hidden.title);
      expect(res.body).not.toContain(hidden.slug);
    }
  });

  it('names the licence Site Admin chose', async () => {
    const licence = { name: 'Creative Commons Attribution 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };
    const current = (await api(t.app, 'GET', '/admin/publishing', { token: admin.token })).json() as object;
    expect((await api(t.app, 'PUT', '/admin/publishing', { token: admin.token, body: { ...current, licence } })).statusCode).toBe(200);
    try {
      const g = graph(await turtleQuads('/dcat?format=ttl'));
      expect(g.values(`http://localhost:3000/projects/${project.slug}`, `${dct}license`)[0]!.value).toBe(licence.url);
      expect(g.values(licence.url, `${dct}title`)[0]!.value).toBe(licence.name);
    } finally {
      await api(t.app, 'PUT', '/admin/publishing', { token: admin.token, body: current });
    }
  });
});

describe('GET /dcat, paged', () => {
  it(`has ${DCAT_PAGE_SIZE} projects a page and a hydra:PartialCollectionView to the others`, async () => {
    for (let i = 0; i < DCAT_PAGE_SIZE; i++) await buildProject(t.app, owner, { title: unique('Paged project ') });
    const publicProjects = DCAT_PAGE_SIZE + 1;
    const pages = [1, 2].map((n) => `http://localhost:3000/api/v1/dcat?page=${n}&format=ttl`);
    const seen: string[] = [];
    for (const [n, self] of pages.entries()) {
      const g = graph(await turtleQuads(`/dcat?page=${n + 1}&format=ttl`));
      const [view] = g.ofType(`${hydra}PartialCollectionView`);
      expect(view).toBe(self);
      expect(g.values(view!, `${hydra}totalItems`)[0]!.value).toBe(String(publicProjects));
      expect(g.values(view!, `${hydra}first`)[0]!.value).toBe(pages[0]);
      expect(g.values(view!, `${hydra}last`)[0]!.value).toBe(pages[1]);
      expect(g.values(view!, `${hydra}next`).map((v) => v.value)).toEqual(n === 0 ? [pages[1]] : []);
      expect(g.values(view!, `${hydra}previous`).map((v) => v.value)).toEqual(n === 1 ? [pages[0]] : []);
      seen.push(...g.ofType(`${dcat}Dataset`).filter((d) => !d.includes('#')));
    }
    expect(seen).toHaveLength(publicProjects);
    expect(new Set(seen).size).toBe(publicProjects);
  });
});

describe('GET /dcat, bad input', () => {
  it('answers 400 naming a format or page it does not know, and 404 past the last page', async () => {
    const format = await get('/dcat?format=rdfxml');
    expect(format.statusCode).toBe(400);
    expect(JSON.stringify(format.json())).toContain('querystring.format');
    const page = await get('/dcat?page=0');
    expect(page.statusCode).toBe(400);
    expect(JSON.stringify(page.json())).toContain('querystring.page');
    expect((await get('/dcat?page=99')).statusCode).toBe(404);
  });
});
