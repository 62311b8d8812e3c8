import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe('GET /roles', () => {
  it('requires sign-in', async () => {
    expect((await api(t.app, 'GET', '/roles')).statusCode).toBe(401);
  });
  it('requires accessAdmin', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', '/roles', { token: user.token })).statusCode).toBe(403);
  });
  it('lists every role with its permissions', async () => {
    const res = await api(t.app, 'GET', '/roles', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const viewer = res.json().roles.find((r: { slug: string }) => r.slug === 'viewer');
    expect(viewer).toMatchObject({ name: 'Viewer', permissions: ['view'] });
  });
});

describe('GET /users/{id}', () => {
  it('requires sign-in before any lookup', async () => {
    expect((await api(t.app, 'GET', '/users/no-such-user')).statusCode).toBe(401);
  });
  it('answers the user, person, permissions, roles and invitation, by username or person id', async () => {
    const user = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const byName = await api(t.app, 'GET', `/users/${user.username}`, { token: admin.token });
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body.user).toMatchObject({ id: user.id, username: user.username, super: false, disabled: false });
    expect(body.person).toMatchObject({ id: user.personId, slug: user.username });
    expect(body.roles).toEqual([expect.objectContaining({ role: expect.objectContaining({ slug: 'researcher' }), target: null })]);
    expect(body.invitation).toBeNull();
    expect(body.permissions).toContain('edit');
    const byPerson = await api(t.app, 'GET', `/users/${user.personId}`, { token: admin.token });
    expect(byPerson.json().user.id).toBe(user.id);
  });
  it('shows users their own account, and hides others (404)', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const own = await api(t.app, 'GET', `/users/${user.username}`, { token: user.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().permissions).toEqual(['view', 'edit']);
    expect((await api(t.app, 'GET', `/users/${other.username}`, { token: user.token })).statusCode).toBe(404);
  });
});

describe('PUT /users/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api(t.app, 'PUT', '/users/anyone', { body: { email: 'a@example.org' } })).statusCode).toBe(401);
  });
  it('lets users change their own e-mail, validated', async () => {
    const user = await buildUser(t.app);
    const bad = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.email');
    const res = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: 'changed@example.org' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('changed@example.org');
  });
  it('keeps username and disabled to administrators, and hides other users', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { disabled: true } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/users/${other.username}`, { token: user.token, body: { email: 'x@example.org' } })).statusCode).toBe(404);
    const renamed = await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { username: `${user.username}x`, disabled: true } });
    expect(renamed.json().user).toMatchObject({ username: `${user.username}x`, disabled: true });
    const taken = await api(t.app, 'PUT', `/users/${other.username}`, { token: admin.token, body: { username: admin.username } });
    expect(taken.statusCode).toBe(409);
    const self = await api(t.app, 'PUT', `/users/${admin.username}`, { token: admin.token, body: { disabled: true } });
    expect(self.statusCode).toBe(400);
  });
});

describe('PUT and DELETE /users/{personId}/roles/{target}/{role}', () => {
  it('requires sign-in', async () => {
    const res = await api(t.app, 'PUT', '/users/anyone/roles/global/viewer');
    expect(res.statusCode).toBe(401);
  });
  it('requires manageUsers for global roles', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'PUT', `/users/${user.username}/roles/global/administrator`, { token: user.token });
    expect(res.statusCode).toBe(403);
    const me = await api(t.app, 'GET', '/auth/user', { token: user.token });
    expect(me.json().user.permissions).toEqual([]);
  });
  it('adds a global role once: adding it again changes nothing', async () => {
    const user = await buildUser(t.app);
    const first = await api(t.app, 'PUT', `/users/${user.personId}/roles/global/researcher`, { token: admin.token });
    expect(first.statusCode).toBe(200);
    const again = await api(t.app, 'PUT', `/users/${user.personId}/roles/global/researcher`, { token: admin.token });
    expect(again.json().roles).toEqual(first.json().roles);
    expect(again.json().roles).toHaveLength(1);
    const me = await api(t.app, 'GET', '/auth/user', { token: user.token });
    expect(me.json().user.permissions).toEqual(['createProjects', 'createInsights']);
  });
  it('removes a role', async () => {
    const user = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const res = await api(t.app, 'DELETE', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([]);
    const missing = await api(t.app, 'DELETE', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    expect(missing.statusCode).toBe(404);
  });
  it('assigns a role on a team, which a team owner may also do', async () => {
    const team = await buildTeam(t.app);
    const owner = await buildUser(t.app, { roles: [{ slug: 'owner', target: { id: team.id, type: 'team' } }] });
    const member = await buildUser(t.app);
    const res = await api(t.app, 'PUT', `/users/${member.username}/roles/${team.id}/editor`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([
      expect.objectContaining({ role: expect.objectContaining({ slug: 'editor' }), target: { id: team.id, type: 'team', name: team.name, slug: team.slug } }),
    ]);
    const outsider = await buildUser(t.app);
    const denied = await api(t.app, 'PUT', `/users/${outsider.username}/roles/${team.id}/owner`, { token: member.token });
    expect(denied.statusCode).toBe(403);
  });
  it('rejects an unknown role, target or malformed target', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${user.username}/roles/global/emperor`, { token: admin.token })).statusCode).toBe(404);
    const noTarget = await api(t.app, 'PUT', `/users/${user.username}/roles/${crypto.randomUUID()}/editor`, { token: admin.token });
    expect(noTarget.statusCode).toBe(404);
    const bad = await api(t.app, 'PUT', `/users/${user.username}/roles/not-a-target/editor`, { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.target');
  });
});

describe('API keys', () => {
  async function createKey(user: TestUser, body: Record<string, unknown>) {
    return api(t.app, 'POST', `/users/${user.username}/apikeys`, { token: user.token, body });
  }

  it('requires sign-in to list, create or revoke', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', `/users/${user.username}/apikeys`)).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/users/${user.username}/apikeys`, { body: { comment: 'x' } })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  it('shows the secret once; the key then works as a Bearer token', async () => {
    const user = await buildUser(t.app);
    const created = await createKey(user, { comment: 'Field laptop', permissions: ['edit'] });
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
    const empty = await createKey(user, { comment: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.comment');
    const badPerm = await createKey(user, { comment: 'x', permissions: ['rootAccess'] });
    expect(badPerm.json().details[0].field).toMatch(/^body\.permissions/);
    const past = await createKey(user, { comment: 'x', expires: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('body.expires');
    const list = await api(t.app, 'GET', `/users/${user.username}/apikeys`, { token: user.token });
    expect(list.json().apikeys).toEqual([]);
  });

  it('refuses a global permission the owner does not hold', async () => {
    const user = await buildUser(t.app);
    const res = await createKey(user, { comment: 'x', permissions: ['manageUsers'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('manageUsers');
  });

  it('never grants more than the owner holds, nor more than the key lists', async () => {
    const manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    const narrow = (await createKey(manager, { comment: 'read only' })).json().secret;
    const me = await api(t.app, 'GET', '/auth/user', { token: narrow });
    expect(me.json().user.permissions).toEqual([]);
    expect((await api(t.app, 'GET', '/roles', { token: narrow })).statusCode).toBe(403);
    const wide = (await createKey(manager, { comment: 'admin', permissions: ['accessAdmin'] })).json().secret;
    expect((await api(t.app, 'GET', '/roles', { token: wide })).statusCode).toBe(200);
    // The owner loses the role: the key loses it too.
    await api(t.app, 'DELETE', `/users/${manager.username}/roles/global/administrator`, { token: admin.token });
    expect((await api(t.app, 'GET', '/roles', { token: wide })).statusCode).toBe(403);
  });

  it('limits a key to its targets', async () => {
    const team = await buildTeam(t.app);
    const other = await buildTeam(t.app);
    const owner = await buildUser(t.app, {
      roles: [
        { slug: 'owner', target: { id: team.id, type: 'team' } },
        { slug: 'owner', target: { id: other.id, type: 'team' } },
      ],
    });
    const key = (await createKey(owner, { comment: 'one team', permissions: ['manageMembers'], targets: [team.id] })).json().secret;
    const member = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${member.username}/roles/${team.id}/viewer`, { token: key })).statusCode).toBe(200);
    expect((await api(t.app, 'PUT', `/users/${member.username}/roles/${other.id}/viewer`, { token: key })).statusCode).toBe(403);
  });

  it('expires', async () => {
    const user = await buildUser(t.app);
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const key = (await createKey(user, { comment: 'one hour', expires })).json().secret;
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601_000 });
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(401);
  });

  it('is revoked by its owner or an administrator, and then stops working', async () => {
    const user = await buildUser(t.app);
    const first = (await createKey(user, { comment: 'a' })).json();
    const second = (await createKey(user, { comment: 'b' })).json();
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
    const key = (await createKey(user, { comment: 'x' })).json().secret;
    await t.app.services.users.setDisabled(user.id, true);
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(401);
  });

  it('rejects a tampered secret', async () => {
    const user = await buildUser(t.app);
    const key: string = (await createKey(user, { comment: 'x' })).json().secret;
    const tampered = `${key.slice(0, -3)}${key.endsWith('aaa') ? 'bbb' : 'aaa'}`;
    expect((await api(t.app, 'GET', '/auth/user', { token: tampered })).statusCode).toBe(401);
  });
});

describe('POST /users/{id}/reset', () => {
  it('requires sign-in, then manageUsers', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'POST', `/users/${user.username}/reset`)).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/users/${user.username}/reset`, { token: user.token })).statusCode).toBe(403);
    const other = await buildUser(t.app);
    expect((await api(t.app, 'POST', `/users/${other.username}/reset`, { token: user.token })).statusCode).toBe(404);
  });
  it('answers a working link, mails it, and records who asked', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'POST', `/users/${user.username}/reset`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { link, mailedTo } = res.json();
    expect(mailedTo).toBe(user.email);
    const code = link.split('/forgot/')[1];
    expect((await api(t.app, 'GET', `/auth/reset/${code}`)).json()).toEqual({ username: user.username });
    expect(await auditActions(user.id)).toContain('user.reset-link');
  });
  it('refuses a disabled account or an unknown one', async () => {
    const disabled = await buildUser(t.app, { disabled: true });
    expect((await api(t.app, 'POST', `/users/${disabled.username}/reset`, { token: admin.token })).statusCode).toBe(409);
    expect((await api(t.app, 'POST', '/users/nobody-here/reset', { token: admin.token })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('records account changes, roles, API keys and invitations: who, what, before and after', async () => {
    const user = await buildUser(t.app);
    await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { email: 'audited@example.org' } });
    await api(t.app, 'PUT', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    await api(t.app, 'DELETE', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    const key = (await api(t.app, 'POST', `/users/${user.username}/apikeys`, { token: user.token, body: { comment: 'audit' } })).json();
    await api(t.app, 'DELETE', `/users/${user.username}/apikeys/${key.id}`, { token: admin.token });
    const entries = await auditOf(user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.update', 'user.role.put', 'user.role.delete', 'apikey.create', 'apikey.revoke']);
    expect(entries[0]).toMatchObject({ actorId: admin.id, before: { email: user.email }, after: { email: 'audited@example.org' } });
    expect(entries[3]).toMatchObject({ actorId: user.id });
    expect(JSON.stringify(entries)).not.toContain(key.secret);
  });
});

async function auditOf(targetId: string) {
  return t.app.database.use((d) => d.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt)));
}
const auditActions = async (targetId: string) => (await auditOf(targetId)).map((e) => e.action);
