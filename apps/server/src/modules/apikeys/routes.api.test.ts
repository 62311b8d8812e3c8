import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApiKey, buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

describe('API keys', () => {
  /** The create call under test, by the key's owner. */
  const postKey = (user: TestUser, body: Record<string, unknown>) => api(t.app, 'POST', `/users/${user.username}/apikeys`, { token: user.token, body });

  it('requires sign-in to list, create or revoke', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', `/users/${user.username}/apikeys`)).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/users/${user.username}/apikeys`, { body: { comment: 'x' } })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  it('shows the secret once; the key then works as a Bearer token', async () => {
    const user = await buildUser(t.app);
    const created = await postKey(user, { comment: 'Field laptop', permissions: ['edit'] });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({ comment: 'Field laptop', permissions: ['edit'], targets: [], expires: null });
    expect(key.secret).toMatch(/^obk_/);
    const list = await api(t.app, 'GET', `/users/${user.username}/apikeys`, { token: user.token });
    expect(list.json().apikeys).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(key.secret.slice(-20));
    const me = await api(t.app, 'GET', '/auth/user', { token: key.secret });
    expect(me.json().user.username).toBe(user.username);
  });

  it('validates the body, naming the field', async () => {
    const user = await buildUser(t.app);
    const empty = await postKey(user, { comment: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.comment');
    const badPerm = await postKey(user, { comment: 'x', permissions: ['rootAccess'] });
    expect(badPerm.json().details[0].field).toMatch(/^body\.permissions/);
    const past = await postKey(user, { comment: 'x', expires: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('body.expires');
    const list = await api(t.app, 'GET', `/users/${user.username}/apikeys`, { token: user.token });
    expect(list.json().apikeys).toEqual([]);
  });

  it('refuses a global permission the owner does not hold', async () => {
    const user = await buildUser(t.app);
    const res = await postKey(user, { comment: 'x', permissions: ['manageUsers'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('manageUsers');
  });

  it('never grants more than the owner holds, nor more than the key lists', async () => {
    const manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    const narrow = (await buildApiKey(t.app, manager)).secret;
    const me = await api(t.app, 'GET', '/auth/user', { token: narrow });
    expect(me.json().user.permissions).toEqual([]);
    expect((await api(t.app, 'GET', '/roles', { token: narrow })).statusCode).toBe(403);
    const wide = (await buildApiKey(t.app, manager, { permissions: ['accessAdmin'] })).secret;
    expect((await api(t.app, 'GET', '/roles', { token: wide })).statusCode).toBe(200);
    // The owner loses the role: the key loses it too.
    await api(t.app, 'DELETE', `/users/${manager.username}/roles/global/administrator`, { token: admin.token });
    expect((await api(t.app, 'GET', '/roles', { token: wide })).statusCode).toBe(403);
  });

  it('limits a key to its targets', async () => {
    const team = await buildTeam(t.app, admin);
    const other = await buildTeam(t.app, admin);
    const owner = await buildUser(t.app, {
      roles: [
        { slug: 'owner', target: { id: team.id, type: 'team' } },
        { slug: 'owner', target: { id: other.id, type: 'team' } },
      ],
    });
    const key = (await buildApiKey(t.app, owner, { permissions: ['manageMembers'], targets: [team.id] })).secret;
    const member = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${member.username}/roles/${team.id}/viewer`, { token: key })).statusCode).toBe(200);
    expect((await api(t.app, 'PUT', `/users/${member.username}/roles/${other.id}/viewer`, { token: key })).statusCode).toBe(403);
  });

  it('expires', async () => {
    const user = await buildUser(t.app);
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const key = (await buildApiKey(t.app, user, { expires })).secret;
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601_000 });
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(401);
  });

  it('is revoked by its owner or an administrator, and then stops working', async () => {
    const user = await buildUser(t.app);
    const first = await buildApiKey(t.app, user);
    const second = await buildApiKey(t.app, user);
    const stranger = await buildUser(t.app);
    const denied = await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${first.id}`, { token: stranger.token });
    expect(denied.statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${first.id}`, { token: user.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token: first.secret })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${second.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token: second.secret })).statusCode).toBe(401);
  });

  it('only the owner creates keys, not an administrator for someone else', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'POST', `/users/${user.username}/apikeys`, { token: admin.token, body: { comment: 'x' } });
    expect(res.statusCode).toBe(403);
  });

  it('stops working when its owner is disabled', async () => {
    const user = await buildUser(t.app);
    const key = (await buildApiKey(t.app, user)).secret;
    await t.app.services.users.setDisabled(user.id, true);
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(401);
  });

  it('rejects a tampered secret', async () => {
    const user = await buildUser(t.app);
    const key = (await buildApiKey(t.app, user)).secret;
    const tampered = `${key.slice(0, -3)}${key.endsWith('aaa') ? 'bbb' : 'aaa'}`;
    expect((await api(t.app, 'GET', '/auth/user', { token: tampered })).statusCode).toBe(401);
  });
});
