import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNote, buildObject, buildProject, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let contributor: TestUser;
let stranger: TestUser;
let objectName: string;
let closedName: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  contributor = await buildUser(t.app);
  stranger = await buildUser(t.app);
  const project = await buildProject(t.app, owner);
  await api(t.app, 'PUT', `/projects/${project.id}/members/${contributor.username}`, { token: owner.token, body: { role: 'contributor' } });
  objectName = (await buildObject(t.app, owner, { projects: [project.id] })).name;
  closedName = (await buildObject(t.app, owner, { projects: [project.id], visibility: 'members' })).name;
});
afterAll(() => t.close());

/** Where the notes of an object are read and the create call under test goes. */
const path = (name = objectName) => `/data/obj/${name}/notes`;

describe('notes', () => {
  it('are written by those who may comment, with the author and time from the server, newest first, 20 a page', async () => {
    const before = Date.now();
    const res = await api(t.app, 'POST', path(), {
      token: contributor.token,
      body: { content: 'Fence repaired at the north corner.', author: owner.personId, timestamp: '1999-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      content: 'Fence repaired at the north corner.',
      author: { id: contributor.personId },
      permissions: ['view', 'edit', 'delete'],
    });
    expect(Date.parse(note.timestamp)).toBeGreaterThanOrEqual(before - 1000);
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
