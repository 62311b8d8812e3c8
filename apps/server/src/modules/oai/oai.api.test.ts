import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildProject, buildPublication, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, uniqueIp, type TestApp } from '../../../test/harness.js';
import { adminEmailOf } from './routes.js';
import { createOaiService, OAI_PAGE_SIZE } from './service.js';

/**
 * OAI-PMH 2.0 as a harvester reads it: every answer parsed as XML, its elements in the
 * order the protocol's schema gives; the six verbs, both formats, sets, from/until, paging
 * through resumption tokens (across a restart, until they expire), every error code, and
 * the tombstones of what a visitor could read once. Nothing a visitor may not read, whoever
 * asks.
 */

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const ORCID = '0000-0002-1825-0097';
const HIDDEN_ORCID = '0000-0003-1419-2405';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
/** In every title of this file's records; `secret` in those a visitor may not read. */
let marker: string;
let open: { id: string; slug: string };
let signedIn: { id: string; slug: string };
let members: { id: string; slug: string };
/** An article by a person with an ORCID iD (confirmed), on the open and the members-only project. */
let paper: { id: string; slug: string };
/** A report naming the same person, a link they have not confirmed. */
let report: { id: string; slug: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  marker = unique('oaiw');
  const known = await buildPerson(t.app, admin, { name: 'Ada Field', orcid: ORCID });
  const unlisted = await buildPerson(t.app, admin, { name: 'Bo Stone', orcid: HIDDEN_ORCID, noindex: true });
  open = await buildProject(t.app, owner, { title: `${marker} open`, summary: 'Roots below ground', startDate: '2020-01-01', endDate: '2022-12-31' });
  signedIn = await buildProject(t.app, owner, { title: `${marker} secret signed-in`, visibility: 'signed-in' });
  members = await buildProject(t.app, owner, { title: `${marker} secret members`, visibility: 'members' });
  for (const [i, person] of [known, unlisted].entries()) {
    const res = await api(t.app, 'PUT', `/projects/${open.id}/contributors/${crypto.randomUUID()}`, {
      token: owner.token,
      body: { personId: person.id, title: `Role ${i}` },
    });
    expect(res.statusCode).toBe(200);
  }
  paper = await buildPublication(t.app, admin, {
    title: `${marker} paper`,
    type: 'article',
    year: 2021,
    doi: `10.5555/${marker}`,
    venue: 'Soil Journal',
    abstract: 'What roots do',
    keywords: ['soil'],
    authors: [{ name: 'Field, Ada', person: known.id }, { name: 'Stone, Bo' }],
  });
  report = await buildPublication(t.app, owner, { title: `${marker} report`, type: 'report', authors: [{ name: 'Field, Ada', person: known.id }] });
  for (const p of [open, members]) expect((await api(t.app, 'PUT', `/projects/${p.id}/pubs/${paper.id}`, { token: owner.token })).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

// --- Reading answers as XML -------------------------------------------------------------

interface Header {
  identifier: string;
  datestamp: string;
  setSpec?: string[];
  '@status'?: string;
}
interface OaiRecord {
  header: Header;
  metadata?: Record<string, unknown>;
}
interface Token {
  '#text'?: string;
  '@completeListSize': string;
  '@cursor': string;
  '@expirationDate'?: string;
}
interface Answer {
  body: string;
  responseDate: string;
  request: { url: string; attributes: Record<string, string> };
  errors: { code: string; message: string }[];
  /** The verb's element, as parsed. */
  result: Record<string, unknown>;
  /** The headers listed (ListIdentifiers) or of the records (ListRecords, GetRecord). */
  headers: Header[];
  records: OaiRecord[];
  token: Token | null;
}

const LISTS = new Set([
  'OAI-PMH.error',
  'OAI-PMH.ListIdentifiers.header',
  'OAI-PMH.ListRecords.record',
  'OAI-PMH.ListSets.set',
  'OAI-PMH.ListMetadataFormats.metadataFormat',
]);
const REPEATED = new Set([
  'setSpec',
  'dc:creator',
  'dc:identifier',
  'dc:relation',
  'dc:rights',
  'dc:type',
  'dc:subject',
  'creator',
  'relatedIdentifier',
  'adminEmail',
]);
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  // A set's own setSpec is one; a header lists several.
  isArray: (name, path) => LISTS.has(String(path)) || (name === 'setSpec' ? String(path).endsWith('header.setSpec') : REPEATED.has(name)),
});
const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false });

/** The names of the elements inside the one a path of names leads to, in document order. */
function childrenAt(body: string, path: string[]): string[] {
  let nodes = ordered.parse(body) as Record<string, unknown>[];
  for (const name of path) {
    const found = nodes.find((n) => name in n);
    if (!found) return [];
    nodes = found[name] as Record<string, unknown>[];
  }
  return nodes.map((n) => Object.keys(n).find((k) => k !== ':@')!).filter((name) => name !== '#text');
}

/** An answer read, after checking what every answer holds: the root, its namespace and schema, responseDate and request first. */
function read(body: string): Answer {
  const root = xml.parse(body)['OAI-PMH'] as Record<string, unknown>;
  expect(root['@xmlns']).toBe(OAI_NS);
  expect(root['@xsi:schemaLocation']).toBe(`${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`);
  const children = childrenAt(body, ['OAI-PMH']);
  expect(children.slice(0, 2)).toEqual(['responseDate', 'request']);
  expect(children.length).toBeGreaterThan(2);
  const responseDate = root.responseDate as string;
  expect(responseDate).toMatch(STAMP);
  const request = root.request as string | Record<string, string>;
  const attributes =
    typeof request === 'string'
      ? {}
      : Object.fromEntries(
          Object.entries(request)
            .filter(([k]) => k.startsWith('@'))
            .map(([k, v]) => [k.slice(1), v]),
        );
  const errors = ((root.error ?? []) as { '#text': string; '@code': string }[]).map((e) => ({ code: e['@code'], message: e['#text'] }));
  const verb = children[2]!;
  const result = (errors.length ? {} : (root[verb] ?? {})) as Record<string, unknown>;
  if (errors.length) expect(children.slice(2).every((name) => name === 'error')).toBe(true);
  else expect(children).toEqual(['responseDate', 'request', attributes.verb]);
  const records = (verb === 'GetRecord' ? [result.record] : ((result.record ?? []) as OaiRecord[])) as OaiRecord[];
  const headers = verb === 'ListIdentifiers' ? ((result.header ?? []) as Header[]) : records.filter(Boolean).map((r) => r.header);
  for (const h of headers) expect(h.datestamp).toMatch(STAMP);
  const token = (result.resumptionToken ?? null) as Token | string | null;
  return {
    body,
    responseDate,
    request: { url: typeof request === 'string' ? request : request['#text']!, attributes },
    errors,
    result,
    headers,
    records: records.filter(Boolean),
    token: token === '' ? ({} as Token) : (token as Token | null),
  };
}

async function oai(query: string, who: TestUser | null = null, app = t.app): Promise<Answer> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/oai?${query}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  return read(res.body);
}

const host = () => new URL(t.app.config.publicUrl).hostname;
const idOf = (kind: 'project' | 'publication', id: string) => `oai:${host()}:${kind}/${id}`;
const enc = encodeURIComponent;
const codes = (a: Answer) => a.errors.map((e) => e.code);
const identifiers = (a: Answer) => a.headers.map((h) => h.identifier);
const ofWorld = (a: Answer) => a.records.filter((r) => JSON.stringify(r.metadata ?? {}).includes(marker)).map((r) => r.header.identifier);

/** Every header of a list, following its resumption tokens; with each page's token. */
async function harvest(query: string, who: TestUser | null = null): Promise<{ headers: Header[]; tokens: Token[] }> {
  const headers: Header[] = [];
  const tokens: Token[] = [];
  let answer = await oai(query, who);
  for (;;) {
    expect(codes(answer)).toEqual([]);
    headers.push(...answer.headers);
    if (!answer.token) return { headers, tokens };
    tokens.push(answer.token);
    if (!answer.token['#text']) return { headers, tokens };
    answer = await oai(`verb=${answer.request.attributes.verb}&resumptionToken=${enc(answer.token['#text'])}`, who);
  }
}

/** Every record of a ListRecords harvest, its resumption tokens followed (others' records may come first), with each page's body. */
async function harvestRecords(query: string): Promise<{ records: OaiRecord[]; body: string }> {
  const records: OaiRecord[] = [];
  const bodies: string[] = [];
  let answer = await oai(query);
  for (;;) {
    expect(codes(answer)).toEqual([]);
    records.push(...answer.records);
    bodies.push(answer.body);
    const next = answer.token?.['#text'];
    if (!next) return { records, body: bodies.join('\n') };
    answer = await oai(`verb=ListRecords&resumptionToken=${enc(next)}`);
  }
}

// --- The verbs ----------------------------------------------------------------------------

describe('Identify', () => {
  it('names the repository, its base URL and address, the earliest datestamp, persistent deletions and second granularity, in the schema’s order', async () => {
    const answer = await oai('verb=Identify');
    expect(answer.request).toEqual({ url: `${t.app.config.publicUrl}/api/v1/oai`, attributes: { verb: 'Identify' } });
    expect(childrenAt(answer.body, ['OAI-PMH', 'Identify'])).toEqual([
      'repositoryName',
      'baseURL',
      'protocolVersion',
      'adminEmail',
      'earliestDatestamp',
      'deletedRecord',
      'granularity',
    ]);
    const identify = answer.result;
    expect(identify).toMatchObject({
      repositoryName: t.app.config.app.productName,
      baseURL: `${t.app.config.publicUrl}/api/v1/oai`,
      protocolVersion: '2.0',
      adminEmail: [adminEmailOf(t.app.config)],
      deletedRecord: 'persistent',
      granularity: 'YYYY-MM-DDThh:mm:ssZ',
    });
    // No ADMIN_EMAIL in the tests: the address mail is sent from.
    expect(t.app.config.mail.from).toContain(`<${adminEmailOf(t.app.config)}>`);
    expect(identify.earliestDatestamp).toMatch(STAMP);
    expect((identify.earliestDatestamp as string) <= answer.responseDate).toBe(true);
    const all = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc');
    expect(all.headers.every((h) => h.datestamp >= (identify.earliestDatestamp as string))).toBe(true);
  });

  it('describes its identifiers (oai-identifier) when the public host is a domain name, and names records by that host', async () => {
    const service = createOaiService({ ...serviceDeps(), publicUrl: 'https://catalogue.example.org:8443/obs' });
    const answer = read(await service.answer([['verb', 'Identify']]));
    expect(answer.result.baseURL).toBe('https://catalogue.example.org:8443/obs/api/v1/oai');
    expect(childrenAt(answer.body, ['OAI-PMH', 'Identify']).at(-1)).toBe('description');
    expect((answer.result.description as Record<string, unknown>)['oai-identifier']).toMatchObject({
      '@xmlns': 'http://www.openarchives.org/OAI/2.0/oai-identifier',
      scheme: 'oai',
      repositoryIdentifier: 'catalogue.example.org',
      delimiter: ':',
      sampleIdentifier: expect.stringMatching(/^oai:catalogue\.example\.org:project\/[0-9a-f-]{36}$/),
    });
    const record = read(
      await service.answer([...new URLSearchParams(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:catalogue.example.org:project/${open.id}`)]),
    );
    expect(record.records[0]!.header.identifier).toBe(`oai:catalogue.example.org:project/${open.id}`);
    expect((record.records[0]!.metadata!['oai_dc:dc'] as Record<string, string[]>)['dc:identifier']).toEqual([
      `https://catalogue.example.org:8443/obs/projects/${open.slug}`,
    ]);
  });

  it('answers a form sent by POST as the same query by GET; any other body is badArgument; other routes still refuse a form', async () => {
    const query = `verb=GetRecord&identifier=${enc(idOf('publication', paper.id))}&metadataPrefix=oai_dc`;
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/oai', payload: query, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.statusCode).toBe(200);
    expect(post.headers['content-type']).toBe('text/xml; charset=utf-8');
    const byPost = read(post.body);
    const byGet = await oai(query);
    expect(byPost.body.replace(/<responseDate>.*?<\/responseDate>/, '')).toBe(byGet.body.replace(/<responseDate>.*?<\/responseDate>/, ''));
    const repeated = read(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/oai',
          payload: 'verb=Identify&verb=Identify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).body,
    );
    expect(codes(repeated)).toEqual(['badVerb']);
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oai',
      payload: 'verb=ListIdentifiers&metadataPrefix=oai_dc&set=project%3Aa%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(nul.statusCode).toBe(200);
    expect(codes(read(nul.body))).toEqual(['badArgument']);
    const json = await api(t.app, 'POST', '/oai', { body: { verb: 'Identify' } });
    expect(json.statusCode).toBe(200);
    expect(codes(read(json.body))).toEqual(['badArgument']);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: 'project=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner.token}` },
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('ListMetadataFormats and ListSets', () => {
  it('lists oai_dc and oai_datacite, for the repository and for a record; an unknown or hidden record is idDoesNotExist', async () => {
    const formats = await oai('verb=ListMetadataFormats');
    expect(childrenAt(formats.body, ['OAI-PMH', 'ListMetadataFormats', 'metadataFormat'])).toEqual(['metadataPrefix', 'schema', 'metadataNamespace']);
    expect(formats.result.metadataFormat).toEqual([
      { metadataPrefix: 'oai_dc', schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', metadataNamespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/' },
      {
        metadataPrefix: 'oai_datacite',
        schema: 'http://schema.datacite.org/oai/oai-1.1/oai.xsd',
        metadataNamespace: 'http://schema.datacite.org/oai/oai-1.1/',
      },
    ]);
    const forRecord = await oai(`verb=ListMetadataFormats&identifier=${enc(idOf('project', open.id))}`);
    expect(forRecord.result.metadataFormat).toEqual(formats.result.metadataFormat);
    expect(forRecord.request.attributes).toEqual({ verb: 'ListMetadataFormats', identifier: idOf('project', open.id) });
    for (const id of [
      idOf('project', members.id),
      idOf('project', signedIn.id),
      idOf('publication', crypto.randomUUID()),
      `oai:elsewhere.org:project/${open.id}`,
    ]) {
      const answer = await oai(`verb=ListMetadataFormats&identifier=${enc(id)}`, owner);
      expect(codes(answer), id).toEqual(['idDoesNotExist']);
      expect(answer.request.attributes.identifier).toBe(id);
    }
  });

  it('lists the sets: by type, by publication type, by each project a visitor may read', async () => {
    const answer = await oai('verb=ListSets', owner);
    expect(childrenAt(answer.body, ['OAI-PMH', 'ListSets', 'set'])).toEqual(['setSpec', 'setName']);
    const sets = answer.result.set as { setSpec: string; setName: string }[];
    const specs = sets.map((s) => s.setSpec);
    expect(specs).toEqual(
      expect.arrayContaining(['type', 'type:project', 'type:publication', 'type:publication:article', 'type:publication:thesis', 'project']),
    );
    expect(sets).toContainEqual({ setSpec: `project:${open.slug}`, setName: `${marker} open` });
    expect(specs).not.toContain(`project:${members.slug}`);
    expect(specs).not.toContain(`project:${signedIn.slug}`);
    expect(answer.body).not.toContain('secret');
    expect(codes(await oai('verb=ListSets&resumptionToken=abc'))).toEqual(['badResumptionToken']);
  });
});

describe('GetRecord', () => {
  it('answers a publication in Dublin Core: its header (identifier, datestamp, sets), then its metadata', async () => {
    const answer = await oai(`verb=GetRecord&identifier=${enc(idOf('publication', paper.id))}&metadataPrefix=oai_dc`);
    expect(answer.request.attributes).toEqual({ verb: 'GetRecord', identifier: idOf('publication', paper.id), metadataPrefix: 'oai_dc' });
    expect(childrenAt(answer.body, ['OAI-PMH', 'GetRecord', 'record'])).toEqual(['header', 'metadata']);
    expect(childrenAt(answer.body, ['OAI-PMH', 'GetRecord', 'record', 'header'])).toEqual(['identifier', 'datestamp', 'setSpec', 'setSpec']);
    const [record] = answer.records;
    // Its readable project only: the members-only one is not named, in sets or relations.
    expect(record!.header).toEqual({
      identifier: idOf('publication', paper.id),
      datestamp: expect.stringMatching(STAMP),
      setSpec: ['type:publication:article', `project:${open.slug}`],
    });
    const site = t.app.config.publicUrl;
    expect(record!.metadata!['oai_dc:dc']).toMatchObject({
      'dc:title': `${marker} paper`,
      'dc:creator': ['Field, Ada', 'Stone, Bo'],
      'dc:subject': ['soil'],
      'dc:description': 'What roots do',
      'dc:publisher': t.app.config.app.productName,
      'dc:date': '2021',
      'dc:type': ['Text', 'article'],
      'dc:identifier': [`${site}/pubs/${paper.slug}`, `https://doi.org/10.5555/${marker}`],
      'dc:source': 'Soil Journal',
      'dc:relation': [`${site}/projects/${open.slug}`],
      'dc:rights': ['Creative Commons Attribution-ShareAlike 4.0', 'https://creativecommons.org/licenses/by-sa/4.0/'],
    });
    expect(answer.body).not.toContain('secret');
  });

  it('answers a project in DataCite: its contributors as creators, ORCID iDs only of those who did not ask not to be indexed, its publications as parts', async () => {
    const answer = await oai(`verb=GetRecord&identifier=${enc(idOf('project', open.id))}&metadataPrefix=oai_datacite`);
    const wrapper = answer.records[0]!.metadata!.oai_datacite as Record<string, Record<string, Record<string, unknown>>>;
    expect(childrenAt(answer.body, ['OAI-PMH', 'GetRecord', 'record', 'metadata', 'oai_datacite'])).toEqual(['schemaVersion', 'datacentreSymbol', 'payload']);
    const resource = wrapper.payload!.resource!;
    expect(resource['@xmlns']).toBe('http://datacite.org/schema/kernel-4');
    expect(resource.identifier).toEqual({ '#text': `${t.app.config.publicUrl}/projects/${open.slug}`, '@identifierType': 'URL' });
    expect((resource.creators as { creator: unknown[] }).creator).toEqual([
      {
        creatorName: 'Ada Field',
        nameIdentifier: { '#text': `https://orcid.org/${ORCID}`, '@nameIdentifierScheme': 'ORCID', '@schemeURI': 'https://orcid.org' },
      },
      { creatorName: 'Bo Stone' },
    ]);
    expect(answer.body).not.toContain(HIDDEN_ORCID);
    expect(resource.resourceType).toEqual({ '#text': 'project', '@resourceTypeGeneral': 'Project' });
    expect(resource.dates).toEqual({ date: { '#text': '2020-01-01/2022-12-31', '@dateType': 'Coverage' } });
    expect((resource.relatedIdentifiers as { relatedIdentifier: unknown[] }).relatedIdentifier).toEqual([
      { '#text': `10.5555/${marker}`, '@relatedIdentifierType': 'DOI', '@relationType': 'HasPart', '@resourceTypeGeneral': 'JournalArticle' },
    ]);
    expect(resource.descriptions).toEqual({ description: { '#text': 'Roots below ground', '@descriptionType': 'Abstract' } });
  });

  it('names an author’s ORCID iD only when the person confirmed the link', async () => {
    const creatorsOf = async (id: string) => {
      const answer = await oai(`verb=GetRecord&identifier=${enc(idOf('publication', id))}&metadataPrefix=oai_datacite`);
      const resource = (answer.records[0]!.metadata!.oai_datacite as { payload: { resource: Record<string, { creator: unknown[] }> } }).payload.resource;
      return { resource, creators: resource.creators!.creator };
    };
    const confirmed = await creatorsOf(paper.id);
    expect(confirmed.creators[0]).toMatchObject({ nameIdentifier: { '#text': `https://orcid.org/${ORCID}` } });
    expect(confirmed.resource.identifier).toEqual({ '#text': `10.5555/${marker}`, '@identifierType': 'DOI' });
    expect((await creatorsOf(report.id)).creators).toEqual([{ creatorName: 'Field, Ada' }]);
  });
});

describe('errors', () => {
  const id = () => enc(idOf('publication', paper.id));
  const cases = (): [query: string, code: string][] => [
    ['', 'badVerb'],
    ['verb=Harvest', 'badVerb'],
    ['verb=Identify&verb=ListSets', 'badVerb'],
    ['verb=Identify&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    [`verb=GetRecord&identifier=${id()}`, 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_datacite', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-30', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01T10:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-12-31T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-01&until=2024-01-01', 'badArgument'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    [`verb=GetRecord&identifier=${id()}&metadataPrefix=marc21`, 'cannotDisseminateFormat'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    [`verb=GetRecord&identifier=${enc(idOf('publication', crypto.randomUUID()))}&metadataPrefix=oai_dc`, 'idDoesNotExist'],
    [`verb=GetRecord&identifier=${enc(idOf('project', members.id))}&metadataPrefix=oai_dc`, 'idDoesNotExist'],
    [`verb=GetRecord&identifier=${enc(`oai:elsewhere.org:project/${open.id}`)}&metadataPrefix=oai_dc`, 'idDoesNotExist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&until=1999-12-31T23:59:59Z', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=things', 'noRecordsMatch'],
    [`verb=ListIdentifiers&metadataPrefix=oai_dc&set=project:${members.slug}`, 'noRecordsMatch'],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
  ];

  it('answers each with its code, HTTP 200, the request’s arguments repeated only when they were valid', async () => {
    for (const [query, code] of cases()) {
      for (const who of [null, owner]) {
        const answer = await oai(query, who);
        expect(codes(answer), query).toEqual(expect.arrayContaining([code]));
        expect(new Set(codes(answer)), query).toEqual(new Set([code]));
        expect(answer.errors.every((e) => e.message.length > 0)).toBe(true);
        expect(answer.request.url).toBe(`${t.app.config.publicUrl}/api/v1/oai`);
        const echoed = Object.fromEntries(new URLSearchParams(query));
        expect(answer.request.attributes, query).toEqual(['badVerb', 'badArgument'].includes(code) ? {} : echoed);
      }
    }
  });

  it('answers odd input at the edges of what PostgreSQL and the protocol hold with the protocol’s answer', async () => {
    const list = 'verb=ListIdentifiers&metadataPrefix=oai_dc';
    for (const [query, expected] of [
      [`${list}&from=9999-12-31&until=9999-12-31`, ['noRecordsMatch']],
      [`${list}&from=9999-12-31T23:59:59Z`, ['noRecordsMatch']],
      [`${list}&until=0001-01-01`, ['noRecordsMatch']],
      [`${list}&from=0000-01-01`, []],
      [`${list}&until=9999-12-31`, []],
      [`${list}&set=project:`, ['noRecordsMatch']],
      [`${list}&set=${enc("project:x'; select 1 --")}`, ['noRecordsMatch']],
      [`verb=GetRecord&metadataPrefix=oai_dc&identifier=${enc(idOf('project', open.id).toUpperCase())}`, ['idDoesNotExist']],
      [`verb=ListRecords&resumptionToken=${'x'.repeat(5000)}`, ['badResumptionToken']],
    ] as const) {
      expect(codes(await oai(query)), query.slice(0, 80)).toEqual(expected);
    }
  });

  it('refuses a token changed by a character, or taken to another verb', async () => {
    const first = read(await smallService(2).answer([...new URLSearchParams('verb=ListIdentifiers&metadataPrefix=oai_dc')]));
    const token = first.token!['#text']!;
    const changed = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect(codes(await oai(`verb=ListIdentifiers&resumptionToken=${enc(changed)}`))).toEqual(['badResumptionToken']);
    expect(codes(await oai(`verb=ListRecords&resumptionToken=${enc(token)}`))).toEqual(['badResumptionToken']);
    const fine = await oai(`verb=ListIdentifiers&resumptionToken=${enc(token)}`);
    expect(codes(fine)).toEqual([]);
    expect(fine.request.attributes).toEqual({ verb: 'ListIdentifiers', resumptionToken: token });
  });
});

// --- Lists ---------------------------------------------------------------------------------

/** What app.ts gives the provider, on the test's database. */
const serviceDeps = () => ({
  db: t.app.database,
  publicUrl: t.app.config.publicUrl,
  repositoryName: t.app.config.app.productName,
  adminEmail: adminEmailOf(t.app.config),
  licence: () => t.app.services.publishing.current().licence,
  secret: t.app.config.jwtSecret!,
});

/** A provider as app.ts makes it, with a small page and the clock it is given. */
const smallService = (pageSize: number, now?: () => Date) => createOaiService({ ...serviceDeps(), pageSize, now });

describe('what is listed', () => {
  it('holds exactly what a visitor may read, whoever asks, in both formats', async () => {
    for (const who of [null, owner, admin]) {
      for (const prefix of ['oai_dc', 'oai_datacite']) {
        const answer = await oai(`verb=ListRecords&metadataPrefix=${prefix}`, who);
        expect(answer.body, prefix).not.toContain('secret');
        expect(answer.body).not.toContain(members.id);
        expect(answer.body).not.toContain(signedIn.id);
        expect(ofWorld(answer).sort()).toEqual([idOf('project', open.id), idOf('publication', paper.id), idOf('publication', report.id)].sort());
        expect(new Set(childrenAt(answer.body, ['OAI-PMH', 'ListRecords']))).toEqual(new Set(['record']));
        expect(childrenAt(answer.body, ['OAI-PMH', 'ListRecords', 'record'])).toEqual(['header', 'metadata']);
      }
      const listed = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc', who);
      expect(listed.headers.map((h) => h.identifier)).not.toContain(idOf('project', members.id));
    }
  });

  it('selects by set: a type, a publication type, a project with its publications, every project’s', async () => {
    const listed = async (set: string) => (await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${enc(set)}`)).headers;
    const projects = await listed('type:project');
    expect(projects.every((h) => h.identifier.includes(':project/'))).toBe(true);
    expect(projects.map((h) => h.identifier)).toContain(idOf('project', open.id));
    const articles = await listed('type:publication:article');
    expect(articles.every((h) => h.setSpec!.includes('type:publication:article'))).toBe(true);
    expect(articles.map((h) => h.identifier)).toContain(idOf('publication', paper.id));
    expect(articles.map((h) => h.identifier)).not.toContain(idOf('publication', report.id));
    const publications = await listed('type:publication');
    expect(publications.map((h) => h.identifier)).toEqual(expect.arrayContaining([idOf('publication', paper.id), idOf('publication', report.id)]));
    expect((await listed(`project:${open.slug}`)).map((h) => h.identifier).sort()).toEqual([idOf('project', open.id), idOf('publication', paper.id)].sort());
    const inProjects = await listed('project');
    expect(inProjects.every((h) => h.setSpec!.some((s) => s.startsWith('project:')))).toBe(true);
    expect(inProjects.map((h) => h.identifier)).not.toContain(idOf('publication', report.id));
    expect((await listed('type')).length).toBe((await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc')).headers.length);
  });

  it('selects by datestamp, from and until inclusive, at either granularity', async () => {
    const all = (await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc')).headers;
    const stamps = [...new Set(all.map((h) => h.datestamp))].sort();
    const middle = stamps[Math.floor(stamps.length / 2)]!;
    const from = (await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${middle}`)).headers;
    expect(from.map((h) => h.identifier).sort()).toEqual(
      all
        .filter((h) => h.datestamp >= middle)
        .map((h) => h.identifier)
        .sort(),
    );
    const until = (await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&until=${middle}`)).headers;
    expect(until.map((h) => h.identifier).sort()).toEqual(
      all
        .filter((h) => h.datestamp <= middle)
        .map((h) => h.identifier)
        .sort(),
    );
    const exactly = (await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${middle}&until=${middle}`)).headers;
    expect(exactly.length).toBeGreaterThan(0);
    expect(exactly.every((h) => h.datestamp === middle)).toBe(true);
    const today = middle.slice(0, 10);
    expect((await harvest(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${today}&until=${today}`)).headers.length).toBe(
      all.filter((h) => h.datestamp.startsWith(today)).length,
    );
    const dayBefore = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    expect(codes(await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&until=${dayBefore}`))).toEqual(['noRecordsMatch']);
  });
});

describe('resumption tokens', () => {
  it(`page a list longer than ${OAI_PAGE_SIZE} records with no record missed or repeated, and still work after a restart`, { timeout: 180_000 }, async () => {
    const tools: string[] = [];
    for (let i = 0; i < OAI_PAGE_SIZE + 5; i++) tools.push((await buildPublication(t.app, owner, { title: `${marker} tool ${i}`, type: 'software' })).id);
    const first = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=type:publication:software');
    expect(first.headers).toHaveLength(OAI_PAGE_SIZE);
    expect(childrenAt(first.body, ['OAI-PMH', 'ListIdentifiers']).at(-1)).toBe('resumptionToken');
    expect(childrenAt(first.body, ['OAI-PMH', 'ListIdentifiers', 'header'])).toEqual(['identifier', 'datestamp', 'setSpec']);
    expect(first.token).toMatchObject({ '@completeListSize': String(OAI_PAGE_SIZE + 5), '@cursor': '0', '@expirationDate': expect.stringMatching(STAMP) });
    const expires = Date.parse(first.token!['@expirationDate']!);
    expect(Math.abs(expires - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    // The process ends and another starts on the same database: the token still leads on.
    const restarted = await startTestApp({}, t.database);
    try {
      const second = await oai(`verb=ListIdentifiers&resumptionToken=${enc(first.token!['#text']!)}`, null, restarted.app);
      expect(second.headers).toHaveLength(5);
      // The last page: an empty token, with the list's size and where this page starts.
      expect(second.token).toEqual({ '@completeListSize': String(OAI_PAGE_SIZE + 5), '@cursor': String(OAI_PAGE_SIZE) });
      expect(second.body).toMatch(/<resumptionToken completeListSize="105" cursor="100"\/>/);
      const listed = [...first.headers, ...second.headers].map((h) => h.identifier);
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.sort()).toEqual(tools.map((id) => idOf('publication', id)).sort());
      const stamps = [...first.headers, ...second.headers].map((h) => h.datestamp);
      expect(stamps).toEqual([...stamps].sort());
    } finally {
      await restarted.close();
    }
  });

  it('page small pages of every kind of record, tombstones too, the same list as one page, in both verbs', async () => {
    const gone = await buildPublication(t.app, owner, { title: `${marker} withdrawn` });
    expect((await api(t.app, 'DELETE', `/pubs/${gone.id}`, { token: owner.token })).statusCode).toBe(204);
    const hidden = await buildProject(t.app, owner, { title: `${marker} closed later` });
    expect((await api(t.app, 'PUT', `/projects/${hidden.id}`, { token: owner.token, body: { project: { visibility: 'members' } } })).statusCode).toBe(200);
    const whole = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc');
    const tombstones = whole.headers.filter((h) => h['@status'] === 'deleted').map((h) => h.identifier);
    expect(tombstones).toEqual(expect.arrayContaining([idOf('publication', gone.id), idOf('project', hidden.id)]));
    const service = smallService(7);
    for (const verb of ['ListIdentifiers', 'ListRecords']) {
      const seen: string[] = [];
      const cursors: string[] = [];
      let answer = read(await service.answer([...new URLSearchParams(`verb=${verb}&metadataPrefix=oai_datacite`)]));
      for (;;) {
        expect(codes(answer)).toEqual([]);
        seen.push(...identifiers(answer));
        if (verb === 'ListRecords') expect(answer.records.every((r) => r.header['@status'] === 'deleted' || r.metadata)).toBe(true);
        expect(answer.token!['@completeListSize']).toBe(String(whole.headers.length));
        cursors.push(answer.token!['@cursor']);
        if (!answer.token!['#text']) break;
        answer = read(
          await service.answer([
            ['verb', verb],
            ['resumptionToken', answer.token!['#text']],
          ]),
        );
      }
      expect(seen.length).toBe(whole.headers.length);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual(whole.headers.map((h) => h.identifier).sort());
      expect(cursors).toEqual(cursors.map((_, i) => String(i * 7)));
    }
  });

  it('expire after 24 hours, answered badResumptionToken', async () => {
    const start = Date.now();
    const first = read(await smallService(2, () => new Date(start)).answer([...new URLSearchParams('verb=ListRecords&metadataPrefix=oai_dc')]));
    const token = first.token!['#text']!;
    expect(first.token!['@expirationDate']).toBe(`${new Date(Math.floor(start / 1000) * 1000 + 86_400_000).toISOString().slice(0, 19)}Z`);
    const later = (hours: number) => smallService(2, () => new Date(start + hours * 3600_000));
    expect(
      codes(
        read(
          await later(23).answer([
            ['verb', 'ListRecords'],
            ['resumptionToken', token],
          ]),
        ),
      ),
    ).toEqual([]);
    const expired = read(
      await later(25).answer([
        ['verb', 'ListRecords'],
        ['resumptionToken', token],
      ]),
    );
    expect(codes(expired)).toEqual(['badResumptionToken']);
    expect(expired.errors[0]!.message).toMatch(/expired/);
    expect(expired.request.attributes).toEqual({ verb: 'ListRecords', resumptionToken: token });
  });
});

// --- Deleted records -------------------------------------------------------------------------

describe('deleted records', () => {
  const getRecord = (kind: 'project' | 'publication', id: string, who: TestUser | null = null) =>
    oai(`verb=GetRecord&identifier=${enc(idOf(kind, id))}&metadataPrefix=oai_datacite`, who);

  it('keeps a deleted public project and a deleted publication as a header marked deleted: identifier, datestamp, type, nothing more', async () => {
    const title = unique('Doomed ');
    const project = await buildProject(t.app, owner, { title: `${title} project` });
    const publication = await buildPublication(t.app, owner, { title: `${title} paper`, type: 'thesis' });
    expect((await api(t.app, 'PUT', `/projects/${project.id}/pubs/${publication.id}`, { token: owner.token })).statusCode).toBe(200);
    const before = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=project:${project.slug}`);
    expect(before.headers).toHaveLength(2);
    const deletedAt = new Date().toISOString().slice(0, 19);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/pubs/${publication.id}`, { token: owner.token })).statusCode).toBe(204);
    for (const [kind, id] of [
      ['project', project.id],
      ['publication', publication.id],
    ] as const) {
      for (const who of [null, owner]) {
        const answer = await getRecord(kind, id, who);
        expect(childrenAt(answer.body, ['OAI-PMH', 'GetRecord', 'record'])).toEqual(['header']);
        expect(childrenAt(answer.body, ['OAI-PMH', 'GetRecord', 'record', 'header'])).toEqual(['identifier', 'datestamp', 'setSpec']);
        expect(answer.records[0]!.header).toEqual({
          '@status': 'deleted',
          identifier: idOf(kind, id),
          datestamp: expect.stringMatching(STAMP),
          setSpec: [`type:${kind}`],
        });
        expect(answer.records[0]!.header.datestamp >= `${deletedAt}Z`).toBe(true);
        expect(answer.body).not.toContain(title);
      }
      expect(codes(await oai(`verb=ListMetadataFormats&identifier=${enc(idOf(kind, id))}`))).toEqual([]);
    }
    for (const prefix of ['oai_dc', 'oai_datacite']) {
      const listed = await harvestRecords(`verb=ListRecords&metadataPrefix=${prefix}&from=${deletedAt}Z`);
      const tombstones = listed.records.filter((r) => [idOf('project', project.id), idOf('publication', publication.id)].includes(r.header.identifier));
      expect(tombstones).toHaveLength(2);
      expect(tombstones.every((r) => r.header['@status'] === 'deleted' && r.metadata === undefined)).toBe(true);
      expect(listed.body).not.toContain(title);
    }
    // In its type's sets, no longer in its project's (which is gone) nor its publication type's.
    const types = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc&set=type:project');
    expect(types.headers.find((h) => h.identifier === idOf('project', project.id))).toMatchObject({ '@status': 'deleted' });
    expect(codes(await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=project:${project.slug}`))).toEqual(['noRecordsMatch']);
    const publications = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc&set=type:publication');
    expect(publications.headers.find((h) => h.identifier === idOf('publication', publication.id))).toMatchObject({
      '@status': 'deleted',
      setSpec: ['type:publication'],
    });
  });

  it('leaves no trace of a deleted project a visitor could never read', async () => {
    const hidden = await buildProject(t.app, owner, { title: `${marker} secret doomed`, visibility: 'members' });
    expect((await api(t.app, 'DELETE', `/projects/${hidden.id}`, { token: owner.token })).statusCode).toBe(204);
    for (const who of [null, owner]) {
      expect(codes(await getRecord('project', hidden.id, who))).toEqual(['idDoesNotExist']);
      const all = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc', who);
      expect(all.headers.map((h) => h.identifier)).not.toContain(idOf('project', hidden.id));
    }
  });

  it('answers a public project made members-only as deleted, dated by that change, and as itself once public again', async () => {
    const title = unique('Hidden later ');
    const project = await buildProject(t.app, owner, { title });
    const live = (await getRecord('project', project.id)).records[0]!.header;
    expect(live['@status']).toBeUndefined();
    const hide = await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'members' } } });
    expect(hide.statusCode).toBe(200);
    for (const who of [null, owner]) {
      const answer = await getRecord('project', project.id, who);
      expect(answer.records[0]!.header).toEqual({
        '@status': 'deleted',
        identifier: idOf('project', project.id),
        datestamp: expect.stringMatching(STAMP),
        setSpec: ['type:project'],
      });
      expect(answer.records[0]!.header.datestamp >= live.datestamp).toBe(true);
      expect(answer.body).not.toContain(title);
    }
    const sets = await oai('verb=ListSets');
    expect((sets.result.set as { setSpec: string }[]).map((s) => s.setSpec)).not.toContain(`project:${project.slug}`);
    // Changed again while hidden: still the tombstone of the change that hid it.
    const hiddenAt = (await getRecord('project', project.id)).records[0]!.header.datestamp;
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'signed-in' } } })).statusCode).toBe(200);
    expect((await getRecord('project', project.id)).records[0]!.header).toMatchObject({ '@status': 'deleted', datestamp: hiddenAt });
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'public' } } })).statusCode).toBe(200);
    const again = await getRecord('project', project.id);
    expect(again.records[0]!.header['@status']).toBeUndefined();
    expect(again.body).toContain(title);
    const all = await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc');
    expect(all.headers.filter((h) => h.identifier === idOf('project', project.id))).toHaveLength(1);
  });

  it('leaves no trace of a project that was never public, made members-only from signed-in', async () => {
    const project = await buildProject(t.app, owner, { title: `${marker} secret never`, visibility: 'signed-in' });
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'members' } } })).statusCode).toBe(200);
    expect(codes(await getRecord('project', project.id))).toEqual(['idDoesNotExist']);
    expect((await harvest('verb=ListIdentifiers&metadataPrefix=oai_dc')).headers.map((h) => h.identifier)).not.toContain(idOf('project', project.id));
  });
});

describe('the OpenAPI document', () => {
  it('describes GET and POST oai for anyone, answering text/xml', async () => {
    const spec = (await api(t.app, 'GET', '/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { tags: string[]; summary: string; operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    };
    const path = spec.paths['/api/v1/oai']!;
    for (const method of ['get', 'post']) {
      expect(path[method]!.tags).toEqual(['harvest']);
      expect(path[method]!.summary).toMatch(/OAI-PMH.*\(anyone\)$/);
      expect(Object.keys(path[method]!.responses['200']!.content!)).toEqual(['text/xml']);
    }
    expect([path.get!.operationId, path.post!.operationId]).toEqual(['harvestOaiPmh', 'harvestOaiPmhByForm']);
    expect(Object.keys((path.post as unknown as { requestBody: { content: object } }).requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
  });
});
