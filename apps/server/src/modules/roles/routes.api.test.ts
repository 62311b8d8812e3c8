import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildRole, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  user = await buildUser(t.app);
});
afterAll(() => t.close());

describe('roles', () => {
  it('are created, renamed, given permissions from the catalogue, and deleted when unused', async () => {
    const created = await api(t.app, 'POST', '/roles', { token: admin.token, body: { name: 'Curator', permissions: ['importData', 'manageSchema'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'curator', name: 'Curator', permissions: ['importData', 'manageSchema'] });
    const changed = await api(t.app, 'PUT', '/roles/curator', { token: admin.token, body: { name: 'Data curator', permissions: ['importData'] } });
    expect(changed.json()).toMatchObject({ slug: 'curator', name: 'Data curator', permissions: ['importData'] });
    expect((await api(t.app, 'GET', '/roles/curator', { token: admin.token })).json()).toMatchObject({ holders: 0, builtin: false });
    expect((await api(t.app, 'DELETE', '/roles/curator', { token: admin.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/roles/curator', { token: admin.token })).statusCode).toBe(404);
  });

  it('are not deleted while held, nor when built in', async () => {
    await buildRole(t.app, admin, { name: 'Held role' });
    await api(t.app, 'PUT', `/users/${user.username}/roles/global/held-role`, { token: admin.token });
    const held = await api(t.app, 'DELETE', '/roles/held-role', { token: admin.token });
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toContain('1 assignment');
    expect((await api(t.app, 'DELETE', '/roles/viewer', { token: admin.token })).statusCode).toBe(409);
  });

  it('validate names and permissions, and refuse a taken slug', async () => {
    const bad = await api(t.app, 'POST', '/roles', { token: admin.token, body: { name: 'X', permissions: ['everything'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toMatch(/^body\.permissions/);
    expect((await api(t.app, 'POST', '/roles', { token: admin.token, body: { name: 'Viewer' } })).statusCode).toBe(409);
  });

  it('need sign-in, then manageRoles to change and accessAdmin to read', async () => {
    expect((await api(t.app, 'POST', '/roles', { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/roles', { token: user.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', '/roles/viewer', { token: user.token, body: { name: 'Y' } })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', '/roles/viewer', { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', '/roles/viewer')).statusCode).toBe(401);
  });
});

describe('GET /admin/summary', () => {
  it('counts what exists and lists the newest audit entries (accessAdmin)', async () => {
    await buildRole(t.app, admin, { name: 'Audited role' });
    const res = await api(t.app, 'GET', '/admin/summary', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ users: expect.any(Number), people: expect.any(Number), institutions: 0, teams: 0, projects: 0, objects: 0 });
    expect(res.json().counts.users).toBeGreaterThanOrEqual(2);
    expect(res.json().audit[0]).toMatchObject({ action: 'role.create', actor: admin.username, targetType: 'role' });
    expect(res.json().audit[0].target).toEqual({ state: 'shown', name: 'Audited role', key: 'audited-role' });
    expect((await api(t.app, 'GET', '/admin/summary', { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', '/admin/summary')).statusCode).toBe(401);
  });

  it('names a change to a members-only project to those who may read it only, and a deleted one to its managers only', async () => {
    await buildRole(t.app, admin, { name: 'Admin reader', permissions: ['accessAdmin'] });
    const reader = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/users/${reader.username}/roles/global/admin-reader`, { token: admin.token })).statusCode).toBe(200);
    const researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const { id, slug } = await buildProject(t.app, researcher, { title: 'Hidden Fen', visibility: 'members' });
    const entry = async (token: string) => {
      const res = await api(t.app, 'GET', '/admin/summary', { token });
      expect(res.statusCode).toBe(200);
      return res.json().audit.find((a: { targetId: string }) => a.targetId === id);
    };
    expect(await entry(reader.token)).toMatchObject({
      action: 'project.create',
      actor: researcher.username,
      target: { state: 'hidden', name: null, key: null },
    });
    expect(await entry(admin.token)).toMatchObject({ target: { state: 'shown', name: 'Hidden Fen', key: slug } });

    expect((await api(t.app, 'DELETE', `/projects/${id}`, { token: researcher.token })).statusCode).toBe(204);
    expect(await entry(reader.token)).toMatchObject({ action: 'project.delete', target: { state: 'gone', name: null } });
    expect(await entry(admin.token)).toMatchObject({ action: 'project.delete', target: { state: 'gone', name: 'Hidden Fen', key: null } });
  });
});
