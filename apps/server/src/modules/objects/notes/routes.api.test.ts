import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNote, buildObject, buildProject, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let contributor: TestUser;
let stranger: TestUser;
let objectName: string;
let closedName: string;
let projectId: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  contributor = await buildUser(t.app);
  stranger = await buildUser(t.app);
  const project = await buildProject(t.app, owner);
  projectId = project.id;
  await api(t.app, 'PUT', `/projects/${project.id}/members/${contributor.username}`, { token: owner.token, body: { role: 'contributor' } });
  objectName = (await buildObject(t.app, owner, { projects: [project.id] })).name;
  closedName = (await buildObject(t.app, owner, { projects: [project.id], visibility: 'members' })).name;
});
afterAll(() => t.close());

/** Where the notes of an object are read and the create call under test goes. */
const path = (name = objectName) => `/data/obj/${name}/notes`;

describe('notes', () => {
  it('are written by those who may comment, as the caller and now when the body names neither, newest first, 20 a page', async () => {
    const before = Date.now();
    const res = await api(t.app, 'POST', path(), { token: contributor.token, body: { content: 'Fence repaired at the north corner.' } });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      content: 'Fence repaired at the north corner.',
      author: { id: contributor.personId },
      permissions: ['view', 'edit', 'delete'],
    });
    expect(Date.parse(note.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(note.created).toBe(note.timestamp);
    for (let i = 0; i < 21; i++) await buildNote(t.app, owner, objectName, { content: `Reading ${i}` });
    const first = await api(t.app, 'GET', path());
    expect(first.headers['pagination-count']).toBe('22');
    expect(first.headers['pagination-limit']).toBe('20');
    expect(first.json().notes[0].content).toBe('Reading 20');
    const second = await api(t.app, 'GET', `${path()}?p=2`);
    expect(second.json().notes.map((n: { content: string }) => n.content)).toEqual(['Reading 0', 'Fence repaired at the north corner.']);
    expect(second.json().notes[1].permissions).toEqual(['view']);
  });

  it('are changed and deleted by their author or an editor of the object, not by others', async () => {
    const note = await buildNote(t.app, contributor, objectName, { content: 'First draft' });
    const one = `${path()}/${note.id}`;
    expect((await api(t.app, 'PUT', one, { token: stranger.token, body: { content: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', one, { token: contributor.token, body: { content: 'Second draft' } })).json().content).toBe('Second draft');
    expect((await api(t.app, 'PUT', one, { token: owner.token, body: { content: 'Edited by the owner' } })).json()).toMatchObject({
      content: 'Edited by the owner',
      author: { id: contributor.personId },
    });
    expect((await api(t.app, 'DELETE', one, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', one, { token: contributor.token })).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', one, { token: contributor.token })).statusCode).toBe(404);
  });

  it('validate the content, need sign-in and the comment permission, and stay hidden with a hidden object', async () => {
    const bad = await api(t.app, 'POST', path(), { token: owner.token, body: { content: '   ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.content');
    expect((await api(t.app, 'POST', path(), { body: { content: 'x' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', path(), { token: stranger.token, body: { content: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', path(closedName), { token: stranger.token })).statusCode).toBe(404);
    expect((await api(t.app, 'POST', path(closedName), { token: stranger.token, body: { content: 'x' } })).statusCode).toBe(404);
    const malformed = await api(t.app, 'PUT', `${path()}/not-a-uuid`, { token: owner.token, body: { content: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('params.id');
  });
});

describe('the author and timestamp of a note’s body (spec §7: author, content, timestamp)', () => {
  const fresh = async () => (await buildObject(t.app, owner, { projects: [projectId] })).name;
  const count = async (name: string) => Number((await api(t.app, 'GET', path(name))).headers['pagination-count']);
  const MINUTE = 60_000;

  it('keep the time a note says it was written (up to 5 minutes ahead), with the server’s as created; GET answers both', async () => {
    const name = await fresh();
    const before = Date.now();
    const offline = await api(t.app, 'POST', path(name), {
      token: contributor.token,
      body: { content: 'Snow depth 42 cm (written in the field)', author: contributor.personId, timestamp: '2024-07-01T10:30:00+02:00' },
    });
    expect(offline.statusCode, offline.body).toBe(201);
    expect(offline.json()).toMatchObject({ author: { id: contributor.personId }, timestamp: '2024-07-01T08:30:00.000Z' });
    expect(Date.parse(offline.json().created)).toBeGreaterThanOrEqual(before - 1000);
    const ahead = new Date(Date.now() + 4 * MINUTE).toISOString();
    const fast = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'A phone whose clock runs fast', timestamp: ahead } });
    expect(fast.statusCode, fast.body).toBe(201);
    expect(fast.json().timestamp).toBe(ahead);
    // null names nothing: the caller, now.
    const plain = await api(t.app, 'POST', path(name), { token: owner.token, body: { content: 'Now', author: null, timestamp: null } });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().author.id).toBe(owner.personId);

    // GET answers them as written, newest first by when they were written.
    const listed = (await api(t.app, 'GET', path(name))).json().notes;
    expect(listed.map((n: { id: string }) => n.id)).toEqual([fast.json().id, plain.json().id, offline.json().id]);
    expect(listed[2]).toEqual({ ...offline.json(), permissions: ['view'] });

    // Sent back as GET answered it (author as an object, created and permissions too), changed: its time stays.
    const read = (await api(t.app, 'GET', path(name), { token: contributor.token })).json().notes[2];
    const edited = await api(t.app, 'PUT', `${path(name)}/${read.id}`, { token: contributor.token, body: { ...read, content: 'Snow depth 42 cm, wet' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'Snow depth 42 cm, wet', timestamp: read.timestamp, created: read.created, author: read.author });
    // A change may correct the time; created stays.
    const corrected = await api(t.app, 'PUT', `${path(name)}/${read.id}`, {
      token: owner.token,
      body: { content: 'Snow depth 42 cm, wet', timestamp: '2024-07-01T09:00:00Z' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ timestamp: '2024-07-01T09:00:00.000Z', created: read.created, author: { id: contributor.personId } });
  });

  it('refuse a time more than 5 minutes ahead, or not a time with its offset, with a 400 naming body.timestamp; nothing is stored', async () => {
    const name = await fresh();
    const note = await buildNote(t.app, contributor, name, { content: 'Before' });
    for (const timestamp of [
      new Date(Date.now() + 6 * MINUTE).toISOString(),
      '2999-01-01T00:00:00Z',
      'yesterday',
      '2024-07-01',
      '2024-07-01T10:30:00',
      '0000-01-01T00:00:00Z',
      7,
    ]) {
      const posted = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'x', timestamp } });
      expect(posted.statusCode, String(timestamp)).toBe(400);
      expect(posted.json().details.map((d: { field: string }) => d.field)).toEqual(['body.timestamp']);
      const put = await api(t.app, 'PUT', `${path(name)}/${note.id}`, { token: contributor.token, body: { content: 'x', timestamp } });
      expect(put.statusCode, String(timestamp)).toBe(400);
      expect(put.json().details.map((d: { field: string }) => d.field)).toEqual(['body.timestamp']);
    }
    expect(await count(name)).toBe(1);
    expect((await api(t.app, 'GET', path(name))).json().notes[0]).toMatchObject({ content: 'Before', timestamp: note.timestamp });
  });

  it('are written as the caller: naming anyone else is a 400 naming body.author, and a change keeps its author', async () => {
    const name = await fresh();
    const refused = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'In the owner’s name', author: owner.personId } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual(['body.author']);
    for (const author of ['not-a-person', { slug: owner.username }, 42]) {
      const res = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'x', author } });
      expect(res.statusCode, JSON.stringify(author)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['body.author']);
    }
    expect(await count(name)).toBe(0);
    // The caller by id, in capitals, or as GET answers a person.
    const me = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'Mine', author: contributor.personId.toUpperCase() } });
    expect(me.statusCode, me.body).toBe(201);
    const asAnswered = await api(t.app, 'POST', path(name), { token: contributor.token, body: { content: 'Mine too', author: me.json().author } });
    expect(asAnswered.statusCode, asAnswered.body).toBe(201);

    // An editor changing it may send back its author, not themselves.
    const one = `${path(name)}/${me.json().id}`;
    const takeOver = await api(t.app, 'PUT', one, { token: owner.token, body: { content: 'Now the owner’s', author: owner.personId } });
    expect(takeOver.statusCode).toBe(400);
    expect(takeOver.json().details.map((d: { field: string }) => d.field)).toEqual(['body.author']);
    const kept = await api(t.app, 'PUT', one, { token: owner.token, body: { content: 'Tidied by the owner', author: me.json().author } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ content: 'Tidied by the owner', author: { id: contributor.personId } });
    expect((await api(t.app, 'GET', path(name))).json().notes.find((n: { id: string }) => n.id === me.json().id).content).toBe('Tidied by the owner');
  });

  it('need sign-in and the comment permission (edit to change another’s), whatever the body names', async () => {
    const name = await fresh();
    const note = await buildNote(t.app, contributor, name);
    const body = { content: 'x', author: stranger.personId, timestamp: '2024-07-01T10:30:00Z' };
    expect((await api(t.app, 'POST', path(name), { body })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', path(name), { token: stranger.token, body: { ...body, author: stranger.personId } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `${path(name)}/${note.id}`, { body })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `${path(name)}/${note.id}`, { token: stranger.token, body: { ...body, author: note.author } })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', path(name))).json().notes).toEqual([{ ...note, permissions: ['view'] }]);
  });
});
