import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change, ChangesResponse } from '@observatory/shared';
import { audit } from '../../lib/audit.js';
import { buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, feedSettled, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * GET /changes as a follower reads it: page after page by the cursor, each change once, as
 * the reader may see the resource now.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
}, 120_000);
afterAll(() => t?.close());

const feed = async (query: string, who?: TestUser): Promise<ChangesResponse> => {
  const res = await api(t.app, 'GET', `/changes${query}`, who ? { token: who.token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Every change after a cursor, read `limit` at a time as a follower would. */
async function follow(since: string | null, who?: TestUser, limit = 100): Promise<{ changes: Change[]; next: string | null }> {
  await feedSettled(t.database);
  const changes: Change[] = [];
  let next = since;
  for (;;) {
    const page = await feed(`?limit=${limit}${next ? `&since=${next}` : ''}`, who);
    changes.push(...page.changes);
    next = page.next;
    if (!page.more) return { changes, next };
  }
}

/** Where the feed is now, for a test to read only what it does after. */
const now = async (who?: TestUser) => (await follow(null, who, 1000)).next;

describe('GET /changes', () => {
  it('lists creates, updates and deletes in order, each with its page; the next cursor reads nothing twice', async () => {
    const since = await now();
    const project = await buildProject(t.app, owner, { title: unique('Feed project ') });
    const object = await buildObject(t.app, owner, { projects: [project.id] });
    const renamed = unique('Feed project renamed ');
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { title: renamed }, version: project.version } })).statusCode,
    ).toBe(200);
    expect((await api(t.app, 'DELETE', `/data/obj/${object.name}`, { token: owner.token, headers: { 'if-match': '*' } })).statusCode).toBe(204);

    const { changes, next } = await follow(since);
    const mine = changes.filter((c) => c.id === project.id || c.id === object.id);
    expect(mine.map((c) => [c.kind, c.op])).toEqual([
      ['project', 'create'],
      ['object', 'delete'],
      ['project', 'update'],
      ['object', 'delete'],
    ]);
    // A project is named as it is now, with its page; a deleted object by its id alone.
    expect(mine[0]).toEqual({
      cursor: expect.stringMatching(/^\d+-\d+$/),
      op: 'create',
      kind: 'project',
      id: project.id,
      key: project.slug,
      title: renamed,
      url: `http://localhost:3000/projects/${project.slug}`,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(mine[1]).toEqual({ cursor: expect.any(String), op: 'delete', kind: 'object', id: object.id });
    expect(new Set(changes.map((c) => c.cursor)).size).toBe(changes.length);
    expect(next).toBe(changes.at(-1)!.cursor);
    expect(await feed(`?since=${next}`)).toEqual({ changes: [], next, more: false });
  });

  it('pages by the cursor without a gap or a repeat', async () => {
    const since = await now();
    for (let i = 0; i < 7; i++) await buildProject(t.app, owner);
    const all = await follow(since, undefined, 1000);
    const paged = await follow(since, undefined, 2);
    expect(all.changes).toHaveLength(7);
    expect(paged.changes).toEqual(all.changes);
    expect(paged.next).toBe(all.next);
  });

  it('shows a resource hidden from the reader as a delete with its id only; its members see it', async () => {
    const since = await now();
    const secret = await buildProject(t.app, owner, { title: unique('Secret feed plan '), visibility: 'members' });
    for (const who of [undefined, stranger]) {
      const { changes } = await follow(since, who);
      expect(changes.filter((c) => c.id === secret.id)).toEqual([{ cursor: expect.any(String), op: 'delete', kind: 'project', id: secret.id }]);
      expect(JSON.stringify(changes)).not.toContain(secret.slug);
    }
    for (const who of [owner, admin]) {
      const { changes } = await follow(since, who);
      expect(changes.find((c) => c.id === secret.id)).toMatchObject({ op: 'create', title: secret.title });
    }
  });

  it('shows a resource that became hidden as a delete where it was shown before', async () => {
    const project = await buildProject(t.app, owner, { title: unique('Soon hidden ') });
    const before = await now();
    const seen = await follow(null);
    expect(seen.changes.find((c) => c.id === project.id)).toMatchObject({ op: 'create', title: project.title });
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}`, { token: owner.token, body: { project: { visibility: 'members' }, version: project.version } }))
        .statusCode,
    ).toBe(200);
    const after = await follow(before);
    expect(after.changes.filter((c) => c.id === project.id)).toEqual([{ cursor: expect.any(String), op: 'delete', kind: 'project', id: project.id }]);
    expect(JSON.stringify(await follow(null))).not.toContain(project.title);
  });

  it('lists each object an import writes', async () => {
    const since = await now();
    const project = await buildProject(t.app, admin);
    const records = [['Wet meadow'], ['Dry heath']];
    const res = await api(t.app, 'POST', '/data/import/objects', {
      token: admin.token,
      body: { records, options: { titleColumn: 0, objtypes: ['site'], projects: [project.slug] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { changes } = await follow(since);
    expect(changes.filter((c) => c.kind === 'object').map((c) => [c.op, c.title])).toEqual([
      ['create', 'Wet meadow'],
      ['create', 'Dry heath'],
    ]);
  });

  it('answers 400 naming a cursor it did not give, or a limit out of range, whoever asks', async () => {
    for (const query of ['?since=yesterday', '?since=12', '?since=1-2-3', '?since=-1-5']) {
      const res = await api(t.app, 'GET', `/changes${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field).toBe('querystring.since');
    }
    for (const limit of ['0', '1001', 'ten']) {
      const res = await api(t.app, 'GET', `/changes?limit=${limit}`, { token: owner.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('querystring.limit');
    }
  });
});

describe('GET /changes while writers overlap', () => {
  it('lists a change only when no transaction begun before it is still running, so a cursor never passes a change yet to come', async () => {
    const since = await now();
    const write = (action: string, id: string) => (tx: Parameters<Parameters<typeof t.database.transaction>[0]>[0]) =>
      audit(tx, null, action, { type: 'project', id }, {});
    const [a, b] = [randomUUID(), randomUUID()];
    if (!process.env.TEST_DATABASE_URL) {
      // The embedded database runs one transaction at a time: writers cannot overlap.
      await t.database.transaction(write('project.delete', a));
      await t.database.transaction(write('project.delete', b));
      expect((await follow(since)).changes.map((c) => c.id)).toEqual([a, b]);
      return;
    }
    // On a server: A begins and writes first, B writes and commits while A is still open.
    let releaseA!: () => void;
    let wroteA!: () => void;
    const aWrote = new Promise<void>((resolve) => (wroteA = resolve));
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    const first = t.database.transaction(async (tx) => {
      await write('project.delete', a)(tx);
      wroteA();
      await aMayCommit;
    });
    await aWrote;
    await t.database.transaction(write('project.delete', b));
    // B is committed, yet listing it now would move the cursor past A's change.
    const during = await feed(`?since=${since}`);
    expect(during.changes.map((c) => c.id)).not.toContain(b);
    releaseA();
    await first;
    const { changes, next } = await follow(during.next);
    expect(changes.map((c) => c.id)).toEqual([a, b]);
    expect((await feed(`?since=${next}`)).changes).toEqual([]);
  });
});
