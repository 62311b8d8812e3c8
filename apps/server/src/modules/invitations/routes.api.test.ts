import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { buildInvitation, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, uniqueIp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { super: true });
});
afterAll(() => t.close());

/** The code of the invitation mailed to an address. */
async function codeMailedTo(email: string) {
  const mail = (await api(t.app, 'GET', '/admin/outbox', { token: admin.token })).json().messages.find((m: { to: string }) => m.to === email);
  return mail ? /\/invitation\/([\w-]+)/.exec(mail.text)![1]! : null;
}

describe('POST /invitations', () => {
  it('requires sign-in', async () => {
    expect((await api(t.app, 'POST', '/invitations', { body: { email: 'a@example.org', name: 'A' } })).statusCode).toBe(401);
  });
  it('requires manageUsers', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'POST', '/invitations', { token: user.token, body: { email: 'b@example.org', name: 'B' } });
    expect(res.statusCode).toBe(403);
  });
  it('validates the e-mail and needs a name or a person', async () => {
    const bad = await api(t.app, 'POST', '/invitations', { token: admin.token, body: { email: 'not-an-address', name: 'C' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.email');
    const noName = await api(t.app, 'POST', '/invitations', { token: admin.token, body: { email: 'c@example.org' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0].field).toBe('body.name');
  });
  it('refuses a person who already has an account', async () => {
    const user = await buildUser(t.app);
    const res = await api(t.app, 'POST', '/invitations', { token: admin.token, body: { email: 'd@example.org', personId: user.personId } });
    expect(res.statusCode).toBe(409);
  });
});

describe('accepting an invitation', () => {
  it('mails a code valid 14 days; accepting sets username and password, once', async () => {
    const res = await api(t.app, 'POST', '/invitations', { token: admin.token, body: { email: 'new.member@example.org', name: 'New Member' } });
    expect(res.statusCode).toBe(201);
    const code = await codeMailedTo('new.member@example.org');
    const { invitation } = res.json();
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime()).toBeCloseTo(14 * 86400_000, -4);
    const check = await api(t.app, 'GET', `/invitations/${code}`);
    expect(check.json().invitation).toMatchObject({ email: 'new.member@example.org', name: 'New Member' });

    const accepted = await api(t.app, 'POST', `/invitations/${code}/accept`, { body: { username: 'newmember', password: 'my own password' } });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ user: { username: 'newmember' } });
    const login = await api(t.app, 'POST', '/auth/login', { body: { username: 'newmember', password: 'my own password' }, ip: uniqueIp() });
    expect(login.statusCode).toBe(200);
    const again = await api(t.app, 'POST', `/invitations/${code}/accept`, { body: { username: 'another', password: 'my own password' } });
    expect(again.statusCode).toBe(404);
    const audited = await t.app.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['invitation.create', 'invitation.accept'])),
    );
    expect(audited.find((e) => e.action === 'invitation.create')).toMatchObject({ actorId: admin.id, targetId: invitation.personId });
    expect(audited.find((e) => e.action === 'invitation.accept')).toMatchObject({ after: { username: 'newmember', personId: invitation.personId } });
  });

  it('validates the username and password, naming the field, and keeps the code usable', async () => {
    const code = await codeMailedTo((await buildInvitation(t.app, admin)).email);
    const bad = await api(t.app, 'POST', `/invitations/${code}/accept`, { body: { username: 'Has Spaces', password: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.password', 'body.username']);
    const taken = await api(t.app, 'POST', `/invitations/${code}/accept`, { body: { username: admin.username, password: 'long enough pw' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('body.username');
    expect((await api(t.app, 'GET', `/invitations/${code}`)).statusCode).toBe(200);
  });

  it('expires after 14 days', async () => {
    const code = await codeMailedTo((await buildInvitation(t.app, admin)).email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 14 * 86400_000 + 1000 });
    expect((await api(t.app, 'GET', `/invitations/${code}`)).statusCode).toBe(404);
  });

  it('shows the open invitation on the user record of an invited person who has an account later', async () => {
    const res = await api(t.app, 'POST', '/invitations', { token: admin.token, body: { email: 'shown@example.org', name: 'Shown Person' } });
    expect(res.json().invitation.personId).toBeTruthy();
  });
});
