import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

describe('team CRUD', () => {
  it('creates, shows, changes and deletes a team (manageTeams)', async () => {
    const res = await api(t.app, 'POST', '/teams', { token: manager.token, body: { name: 'Snow & Ice', description: 'Digs' } });
    expect(res.statusCode).toBe(201);
    const { team } = res.json();
    expect(team.slug).toBe('snow-ice');
    const shown = await api(t.app, 'GET', `/teams/${team.slug}`);
    expect(shown.json()).toEqual({ team: { ...team, description: 'Digs' }, permissions: ['view'], members: [], projects: [] });
    const changed = await api(t.app, 'PUT', `/teams/${team.id}`, { token: manager.token, body: { description: 'Measures snow' } });
    expect(changed.json().team.description).toBe('Measures snow');
    expect((await api(t.app, 'DELETE', `/teams/${team.id}`, { token: manager.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/teams/${team.id}`)).json()).toMatchObject({ code: 'NOT_FOUND', error: 'Team not found' });
  });
  it('requires sign-in and permission, and valid input', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'POST', '/teams', { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/teams', { token: user.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', '/teams', { token: manager.token, body: { name: ' ' } })).json().details[0].field).toBe('body.name');
    const team = await buildTeam(t.app, manager);
    expect((await api(t.app, 'PUT', `/teams/${team.id}`, { token: user.token, body: { name: 'Mine now' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/teams/${team.id}`, { token: user.token })).statusCode).toBe(403);
  });
  it('lets a team’s owner edit it; mine=true lists the teams one belongs to', async () => {
    const team = await buildTeam(t.app, manager);
    const owner = await buildUser(t.app, { roles: [{ slug: 'owner', target: { id: team.id, type: 'team' } }] });
    const res = await api(t.app, 'PUT', `/teams/${team.id}`, { token: owner.token, body: { name: 'Renamed by owner' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toContain('manageMembers');
    const mine = await api(t.app, 'GET', '/teams?mine=true', { token: owner.token });
    expect(mine.json().teams.map((x: { id: string }) => x.id)).toEqual([team.id]);
  });
});

describe('PUT and DELETE /teams/{teamId}/members/{memberIdOrSlug}', () => {
  it('adds members with a role, answers the member, keeps members sorted by name', async () => {
    const team = await buildTeam(t.app, manager);
    const zed = await buildUser(t.app);
    const amy = await buildUser(t.app);
    await api(t.app, 'PUT', `/people/${zed.username}`, { token: zed.token, body: { name: 'Zed Zimmer' } });
    await api(t.app, 'PUT', `/people/${amy.username}`, { token: amy.token, body: { name: 'Amy Adams' } });
    const added = await api(t.app, 'PUT', `/teams/${team.id}/members/${zed.username}`, { token: manager.token, body: { role: 'editor' } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      id: zed.personId,
      slug: zed.username,
      name: 'Zed Zimmer',
      username: zed.username,
      role: { slug: 'editor', name: 'Editor' },
    });
    await api(t.app, 'PUT', `/teams/${team.slug}/members/${amy.personId}`, { token: manager.token, body: {} });
    const members = (await api(t.app, 'GET', `/teams/${team.id}`)).json().members;
    expect(members.map((m: { name: string; role: { slug: string } }) => [m.name, m.role.slug])).toEqual([
      ['Amy Adams', 'contributor'],
      ['Zed Zimmer', 'editor'],
    ]);
    // Changing the role keeps one membership.
    await api(t.app, 'PUT', `/teams/${team.id}/members/${zed.username}`, { token: manager.token, body: { role: 'viewer' } });
    expect((await api(t.app, 'GET', `/teams/${team.id}`)).json().members).toHaveLength(2);
  });
  it('is allowed to the team’s owner, not to its editors or outsiders', async () => {
    const team = await buildTeam(t.app, manager);
    const owner = await buildUser(t.app, { roles: [{ slug: 'owner', target: { id: team.id, type: 'team' } }] });
    const editor = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: team.id, type: 'team' } }] });
    const newcomer = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/${newcomer.username}`, { body: {} })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/${newcomer.username}`, { token: editor.token, body: {} })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/${newcomer.username}`, { token: owner.token, body: {} })).statusCode).toBe(200);
    expect((await api(t.app, 'DELETE', `/teams/${team.id}/members/${newcomer.username}`, { token: editor.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/teams/${team.id}/members/${newcomer.username}`, { token: owner.token })).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/teams/${team.id}/members/${newcomer.username}`, { token: owner.token })).statusCode).toBe(404);
  });
  it('keeps an owner: the last one cannot leave or be removed until another is named', async () => {
    const team = await buildTeam(t.app, manager);
    const owner = await buildUser(t.app, { roles: [{ slug: 'owner', target: { id: team.id, type: 'team' } }] });
    const path = `/teams/${team.id}/members/${owner.username}`;
    expect((await api(t.app, 'DELETE', path, { token: owner.token })).statusCode).toBe(409);
    const removed = await api(t.app, 'DELETE', path, { token: manager.token });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe('This is the only owner of this team: make someone else an owner first');
    expect((await api(t.app, 'PUT', path, { token: owner.token, body: { role: 'viewer' } })).statusCode).toBe(409);
    const second = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/${second.username}`, { token: owner.token, body: { role: 'owner' } })).statusCode).toBe(200);
    expect((await api(t.app, 'DELETE', path, { token: owner.token })).statusCode).toBe(204);
  });
  it('lets a member leave', async () => {
    const team = await buildTeam(t.app, manager);
    const member = await buildUser(t.app, { roles: [{ slug: 'viewer', target: { id: team.id, type: 'team' } }] });
    expect((await api(t.app, 'DELETE', `/teams/${team.id}/members/${member.username}`, { token: member.token })).statusCode).toBe(204);
  });
  it('adds a member as contributor on a PUT without a body, or with an empty JSON body', async () => {
    const team = await buildTeam(t.app, manager);
    const [bare, emptyJson, refused] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const editor = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: team.id, type: 'team' } }] });
    const put = (who: TestUser, options: { token?: string; headers?: Record<string, string>; body?: string } = {}) =>
      api(t.app, 'PUT', `/teams/${team.id}/members/${who.username}`, { token: manager.token, ...options });
    const withoutBody = await put(bare);
    expect(withoutBody.statusCode, withoutBody.body).toBe(200);
    expect(withoutBody.json()).toMatchObject({ id: bare.personId, role: { slug: 'contributor' } });
    const withEmptyJson = await put(emptyJson, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(withEmptyJson.statusCode, withEmptyJson.body).toBe(200);
    expect(withEmptyJson.json()).toMatchObject({ id: emptyJson.personId, role: { slug: 'contributor' } });
    // Still signed in, with manageMembers, and a role that exists.
    expect((await put(refused, { token: '' })).statusCode).toBe(401);
    expect((await put(refused, { token: editor.token })).statusCode).toBe(403);
    const badJson = await put(refused, { headers: { 'content-type': 'application/json' }, body: '{"role":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().details[0].field).toBe('body');
    const notAnObject = await put(refused, { headers: { 'content-type': 'application/json' }, body: '"owner"' });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().details[0].field).toBe('body');
    expect(
      (await api(t.app, 'GET', `/teams/${team.id}`))
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([bare.personId, emptyJson.personId, editor.personId].sort());
  });
  it('is documented as taking an optional body, here and on projects', () => {
    const { paths } = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { required?: boolean; content: object } }>> };
    for (const path of ['/api/v1/teams/{teamId}/members/{memberIdOrSlug}', '/api/v1/projects/{id}/members/{person}']) {
      expect(paths[path]!.put!.requestBody!.required, path).toBe(false);
      expect(JSON.stringify(paths[path]!.put!.requestBody!.content), path).not.toContain('x-optional-body');
    }
    expect(paths['/api/v1/teams/{id}']!.put!.requestBody!.required).toBe(true);
  });
  it('refuses an unknown role, a person without an account, and an unknown person', async () => {
    const team = await buildTeam(t.app, manager);
    const user = await buildUser(t.app);
    const bad = await api(t.app, 'PUT', `/teams/${team.id}/members/${user.username}`, { token: manager.token, body: { role: 'administrator' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.role');
    const person = await buildPerson(t.app, manager);
    const noAccount = await api(t.app, 'PUT', `/teams/${team.id}/members/${person.slug}`, { token: manager.token, body: {} });
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().error).toContain('invite them first');
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/nobody-here`, { token: manager.token, body: {} })).statusCode).toBe(404);
  });
});
