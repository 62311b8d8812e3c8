import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildObject, buildProject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../test/harness.js';

// The cache is on for the embedded database (this process the only writer); on a server every read queries.
const kept = !process.env.TEST_DATABASE_URL;

let t: TestApp;
let owner: TestUser;
let project: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  project = (await buildProject(t.app, owner, { visibility: 'public' })).slug;
});
afterAll(() => t.close());

/** The statements a call sent to the database. */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ answer: T; statements: number }> {
  const before = t.database.statements;
  const answer = await call();
  return { answer, statements: t.database.statements - before };
}

describe('visitors’ answers kept until the next write', () => {
  it('a repeated read is answered alike with no statement; a write makes the next one read afresh', async () => {
    const first = await api(t.app, 'GET', '/projects?sort=title');
    expect(first.statusCode).toBe(200);
    const again = await statementsOf(() => api(t.app, 'GET', '/projects?sort=title'));
    expect(again.statements === 0).toBe(kept);
    expect(again.answer.body).toBe(first.body);
    for (const header of ['etag', 'content-type', 'pagination-count', 'pagination-page'])
      expect(again.answer.headers[header], header).toBe(first.headers[header]);
    expect(again.answer.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const added = await buildProject(t.app, owner, { visibility: 'public' });
    const after = await statementsOf(() => api(t.app, 'GET', '/projects?sort=title'));
    expect(after.statements).toBeGreaterThan(0);
    expect(after.answer.json().projects.map((p: { id: string }) => p.id)).toContain(added.id);
  });

  it('every route that opts in is kept: its read writes nothing that would drop it', async () => {
    for (const path of ['/projects', '/data/obj', '/insights', '/insights?q=soil', '/people?q=a', '/photos', '/tiles/objects/2/2/1.mvt']) {
      expect((await api(t.app, 'GET', path)).statusCode, path).toBe(200);
      const again = await statementsOf(() => api(t.app, 'GET', path));
      expect(again.answer.statusCode, path).toBe(200);
      expect(again.statements === 0, path).toBe(kept);
    }
  });

  it('a kept answer is revalidated as a fresh one: If-None-Match naming its tag answers 304', async () => {
    const first = await api(t.app, 'GET', '/people');
    const revalidated = await statementsOf(() => api(t.app, 'GET', '/people', { headers: { 'if-none-match': first.headers.etag as string } }));
    expect(revalidated.answer.statusCode).toBe(304);
    expect(revalidated.answer.body).toBe('');
    expect(revalidated.statements === 0).toBe(kept);
  });

  it('a request saying no-cache is answered afresh, and the kept answer stays for the next', async () => {
    const first = await api(t.app, 'GET', '/insights?sort=title');
    for (const headers of [{ 'cache-control': 'no-cache' }, { 'cache-control': 'max-age=0, No-Cache' }, { pragma: 'no-cache' }] as Record<string, string>[]) {
      const afresh = await statementsOf(() => api(t.app, 'GET', '/insights?sort=title', { headers }));
      expect(afresh.answer.statusCode).toBe(200);
      expect(afresh.statements, JSON.stringify(headers)).toBeGreaterThan(0);
      expect(afresh.answer.body).toBe(first.body);
    }
    const again = await statementsOf(() => api(t.app, 'GET', '/insights?sort=title'));
    expect(again.statements === 0).toBe(kept);
  });

  it('answers of other parameters are kept apart', async () => {
    for (let i = 0; i < 2; i++) await buildObject(t.app, owner, { projects: [project] });
    const names = (res: { json(): { objects: { name: string }[] } }) => res.json().objects.map((o) => o.name);
    const one = await api(t.app, 'GET', `/data/obj?project=${project}&limit=1`);
    const two = await api(t.app, 'GET', `/data/obj?project=${project}&limit=2`);
    expect(names(one)).toHaveLength(1);
    expect(names(two)).toHaveLength(2);
    expect(names(await api(t.app, 'GET', `/data/obj?project=${project}&limit=1`))).toEqual(names(one));
    expect(names(await api(t.app, 'GET', `/data/obj?project=${project}&limit=2`))).toEqual(names(two));
  });

  it('a signed-in reader is neither answered from it nor fills it', async () => {
    const hidden = await buildProject(t.app, owner, { visibility: 'members' });
    const ids = (res: { json(): { projects: { id: string }[] } }) => res.json().projects.map((p) => p.id);
    const visitor = await api(t.app, 'GET', '/projects?limit=100');
    expect(ids(visitor)).not.toContain(hidden.id);
    const member = await statementsOf(() => api(t.app, 'GET', '/projects?limit=100', { token: owner.token }));
    expect(member.statements).toBeGreaterThan(0);
    expect(ids(member.answer)).toContain(hidden.id);
    expect(ids(await api(t.app, 'GET', '/projects?limit=100'))).not.toContain(hidden.id);
  });

  it('answers differently asked (another Accept) are kept apart, each with its headers', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project] });
    const geoJson = { accept: 'application/geo+json' };
    const json = await api(t.app, 'GET', `/data/obj/${obj.name}`);
    const geo = await api(t.app, 'GET', `/data/obj/${obj.name}`, { headers: geoJson });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(geo.headers['content-type']).toMatch(/^application\/geo\+json/);
    for (const [first, headers] of [
      [json, {}],
      [geo, geoJson],
    ] as const) {
      const again = await statementsOf(() => api(t.app, 'GET', `/data/obj/${obj.name}`, { headers }));
      expect(again.statements === 0).toBe(kept);
      expect(again.answer.body).toBe(first.body);
      for (const header of ['content-type', 'etag', 'vary', 'cache-control']) expect(again.answer.headers[header], header).toBe(first.headers[header]);
    }
  });

  it('a map tile is kept too, and counts an object added since', async () => {
    const tile = '/tiles/objects/0/0/0.mvt';
    const first = await api(t.app, 'GET', tile);
    expect(first.statusCode).toBe(200);
    const again = await statementsOf(() => api(t.app, 'GET', tile));
    expect(again.statements === 0).toBe(kept);
    expect(again.answer.rawPayload.equals(first.rawPayload)).toBe(true);
    await buildObject(t.app, owner, { projects: [project], geo: { type: 'Point', coordinates: [-120, 40] } });
    const after = await api(t.app, 'GET', tile);
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
  });
});
