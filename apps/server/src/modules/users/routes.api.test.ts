import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { buildApiKey, buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

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

describe('GET and POST /users', () => {
  it('lists accounts with search and pagination (manageUsers)', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'GET', `/users?q=${user.username}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([expect.objectContaining({ username: user.username, person: expect.objectContaining({ id: user.personId }) })]);
    expect(res.headers['pagination-count']).toBe('1');
    expect((await api(t.app, 'GET', '/users', { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', '/users')).statusCode).toBe(401);
  });

  it('creates an account with its person, who can then sign in', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'POST', '/users', {
      token: admin.token,
      body: { name: 'Direct Account', username: 'direct', email: 'direct@example.org', password: 'handed over pw' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { username: 'direct' }, person: { name: 'Direct Account', slug: 'direct' } });
    const login = await api(t.app, 'POST', '/auth/login', { body: { username: 'direct', password: 'handed over pw' }, ip: '10.9.9.9' });
    expect(login.statusCode).toBe(200);
    const again = await api(t.app, 'POST', '/users', { token: admin.token, body: { name: 'Other', username: 'direct', password: 'handed over pw' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].field).toBe('body.username');
    const bad = await api(t.app, 'POST', '/users', { token: admin.token, body: { name: 'X', username: 'Bad Name', password: 'x' } });
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.password', 'body.username']);
    expect((await api(t.app, 'POST', '/users', { token: user.token, body: { name: 'X', username: 'xx', password: 'long enough' } })).statusCode).toBe(403);
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
  it('validates a new e-mail address', async () => {
    const user = await buildUser(t.app);
    const bad = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: 'nope', currentPassword: user.password } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.email');
  });
  it('keeps username and disabled to administrators, and hides other users', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { disabled: true } })).statusCode).toBe(403);
    expect(
      (await api(t.app, 'PUT', `/users/${other.username}`, { token: user.token, body: { email: 'x@example.org', currentPassword: user.password } })).statusCode,
    ).toBe(404);
    const renamed = await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { username: `${user.username}x`, disabled: true } });
    expect(renamed.json().user).toMatchObject({ username: `${user.username}x`, disabled: true });
    const taken = await api(t.app, 'PUT', `/users/${other.username}`, { token: admin.token, body: { username: admin.username } });
    expect(taken.statusCode).toBe(409);
    const self = await api(t.app, 'PUT', `/users/${admin.username}`, { token: admin.token, body: { disabled: true } });
    expect(self.statusCode).toBe(400);
  });
});

describe('changing an e-mail address', () => {
  const mails = async (to: string) =>
    ((await api(t.app, 'GET', '/admin/outbox', { token: admin.token })).json().messages as { to: string; subject: string; text: string }[]).filter(
      (m) => m.to === to,
    );
  const emailOf = async (user: TestUser) => (await api(t.app, 'GET', `/users/${user.username}`, { token: admin.token })).json().user.email as string | null;
  const codeIn = (text: string) => /\/email\/([\w-]+)/.exec(text)![1]!;

  it('of one’s own needs the current password, changing nothing without it', async () => {
    const user = await buildUser(t.app);
    for (const [body, message] of [
      [{ email: 'thief@example.org' }, 'Enter your password to change an e-mail address'],
      [{ email: 'thief@example.org', currentPassword: 'not my password' }, 'Wrong password'],
    ] as const) {
      const res = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'body.currentPassword', message }]);
    }
    expect(await emailOf(user)).toBe(user.email);
    expect(await mails('thief@example.org')).toEqual([]);
  });

  it('of one’s own takes effect only when the link mailed to the new address is opened; the old address is told', async () => {
    const user = await buildUser(t.app);
    const next = `new.${user.username}@example.org`;
    const res = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: next, currentPassword: user.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(user.email);
    expect(res.json().emailChange).toMatchObject({ email: next });
    expect((await api(t.app, 'GET', `/users/${user.username}`, { token: admin.token })).json().emailChange).toBeNull();
    expect(await emailOf(user)).toBe(user.email);
    const [told] = await mails(user.email);
    expect(told).toMatchObject({ subject: 'Your e-mail address is about to change' });
    expect(told!.text).toContain(next);
    expect(told!.text).not.toMatch(/\/email\//);
    const [link] = await mails(next);
    const code = codeIn(link!.text);
    expect((await api(t.app, 'POST', '/email-changes/not-the-right-code')).statusCode).toBe(404);
    const confirmed = await api(t.app, 'POST', `/email-changes/${code}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ username: user.username, email: next });
    expect(await emailOf(user)).toBe(next);
    expect((await api(t.app, 'POST', `/email-changes/${code}`)).statusCode).toBe(404);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['user.email.requested', 'user.email.change']));
  });

  it('of one’s own expires after 24 hours, and refuses an address another account took meanwhile', async () => {
    const user = await buildUser(t.app);
    const next = `later.${user.username}@example.org`;
    await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: next, currentPassword: user.password } });
    const code = codeIn((await mails(next))[0]!.text);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600 * 1000 + 1000 });
    expect((await api(t.app, 'POST', `/email-changes/${code}`)).statusCode).toBe(404);
    vi.useRealTimers();
    const racer = await buildUser(t.app);
    const wanted = `wanted.${user.username}@example.org`;
    await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: wanted, currentPassword: user.password } });
    const second = codeIn((await mails(wanted))[0]!.text);
    expect(
      (await api(t.app, 'PUT', `/users/${racer.username}`, { token: admin.token, body: { email: wanted, currentPassword: admin.password } })).statusCode,
    ).toBe(200);
    expect((await api(t.app, 'POST', `/email-changes/${second}`)).statusCode).toBe(409);
    expect(await emailOf(user)).toBe(user.email);
    const taken = await api(t.app, 'PUT', `/users/${user.username}`, { token: user.token, body: { email: wanted, currentPassword: user.password } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('body.email');
  });

  it('of someone else by manageUsers needs the administrator’s own password, is at once, audited, and the old address told', async () => {
    const user = await buildUser(t.app);
    const next = `by.admin.${user.username}@example.org`;
    // The user's password is not the administrator's (every test account shares one: a wrong one stands for it).
    const refused = await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { email: next, currentPassword: 'the user’s password' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('body.currentPassword');
    expect(await emailOf(user)).toBe(user.email);
    const res = await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { email: next, currentPassword: admin.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(next);
    const entries = await auditOf(user.id);
    expect(entries.at(-1)).toMatchObject({ action: 'user.update', actorId: admin.id, before: { email: user.email }, after: { email: next } });
    expect((await mails(user.email))[0]).toMatchObject({ subject: 'Your e-mail address has changed' });
  });

  it('leaves other account fields free of the password', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { username: `${user.username}r`, email: user.email } });
    expect(res.statusCode).toBe(200);
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
    const team = await buildTeam(t.app, admin);
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
    await api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { email: 'audited@example.org', currentPassword: admin.password } });
    await api(t.app, 'PUT', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    await api(t.app, 'DELETE', `/users/${user.username}/roles/global/researcher`, { token: admin.token });
    const key = await buildApiKey(t.app, user, { comment: 'audit' });
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
