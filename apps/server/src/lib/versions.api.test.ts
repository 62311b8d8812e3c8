import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { buildPerson, buildProject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, type TestApp, versionTag } from '../../test/harness.js';

// The version protocol (docs/api.md "Versions"), on projects; every other versioned
// resource takes the same headers (conditional-writes.api.test.ts checks the document).

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

const put = (id: string, body: unknown, headers: Record<string, string> = {}, token = owner.token) =>
  api(t.app, 'PUT', `/projects/${id}`, { token, body, headers });

describe('versions', () => {
  it('a detail answers its version as a field and as the ETag; every write bumps it', async () => {
    const project = await buildProject(t.app, owner);
    expect(project.version).toBe(1);
    const read = await api(t.app, 'GET', `/projects/${project.id}`);
    expect(read.headers.etag).toMatch(versionTag(1));
    const changed = await put(project.id, { project: { summary: 'Changed' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().project.version).toBe(2);
    expect(changed.headers.etag).toMatch(versionTag(2));
    const list = (await api(t.app, 'GET', `/projects?q=${encodeURIComponent(project.title)}`)).json().projects;
    expect(list.find((p: { id: string }) => p.id === project.id).version).toBe(2);
  });

  it('a write to what the editor shows with it (a contributor) bumps the project', async () => {
    const project = await buildProject(t.app, owner);
    const person = await buildPerson(t.app, admin);
    const res = await api(t.app, 'PUT', `/projects/${project.id}/contributors/${randomUUID()}`, { token: owner.token, body: { personId: person.id } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await api(t.app, 'GET', `/projects/${project.id}`)).json().project;
    expect(after.version).toBe(2);
  });

  it('If-Match naming a former version answers 412 with who changed it when, and writes nothing', async () => {
    const project = await buildProject(t.app, owner, { summary: 'First' });
    expect((await put(project.id, { project: { summary: 'Second' } }, { 'if-match': '"1"' }, admin.token)).statusCode).toBe(200);
    const stale = await put(project.id, { project: { summary: 'Lost?' } }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    const body = stale.json();
    expect(body.code).toBe('PRECONDITION_FAILED');
    expect(body.current).toMatchObject({ version: 2, updatedBy: { id: admin.personId } });
    expect(Date.parse(body.current.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.error).toContain('version 2');
    const now = (await api(t.app, 'GET', `/projects/${project.id}`)).json().project;
    expect(now).toMatchObject({ summary: 'Second', version: 2 });
  });

  it('a body version counts as If-Match when the header is absent; the header wins when both are sent', async () => {
    const project = await buildProject(t.app, owner);
    expect((await put(project.id, { project: { summary: 'A' }, version: 1 })).statusCode).toBe(200);
    expect((await put(project.id, { project: { summary: 'B' }, version: 1 })).statusCode).toBe(412);
    expect((await put(project.id, { project: { summary: 'C' }, version: 1 }, { 'if-match': '"2"' })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).json().project).toMatchObject({ summary: 'C', version: 3 });
  });

  it('a write with neither, or with If-Match: *, still works', async () => {
    const project = await buildProject(t.app, owner);
    expect((await put(project.id, { project: { summary: 'A' } })).statusCode).toBe(200);
    expect((await put(project.id, { project: { summary: 'B' } }, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await put(project.id, { project: { summary: 'C' } }, { 'if-match': '"9", "3"' })).statusCode).toBe(200);
  });

  it('a DELETE with a stale If-Match answers 412 and deletes nothing', async () => {
    const project = await buildProject(t.app, owner);
    await put(project.id, { project: { summary: 'A' } });
    const res = await api(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token, headers: { 'if-match': '"1"' } });
    expect(res.statusCode).toBe(412);
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).statusCode).toBe(200);
    const ok = await api(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token, headers: { 'if-match': '"2"' } });
    expect(ok.statusCode).toBe(204);
  });

  it('a malformed If-Match or Overwrite-Of answers 400 naming the header, and writes nothing', async () => {
    const project = await buildProject(t.app, owner, { summary: 'Kept' });
    for (const [header, value] of [
      ['if-match', '1'],
      ['if-match', 'W/"1"'],
      ['if-match', '"one"'],
      ['overwrite-of', 'x'],
    ] as const) {
      const res = await put(project.id, { project: { summary: 'Not kept' } }, { [header]: value });
      expect(res.statusCode, `${header}: ${value}`).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(`headers.${header}`);
    }
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).json().project).toMatchObject({ summary: 'Kept', version: 1 });
  });

  it('an overwrite made knowingly is recorded in the audit log', async () => {
    const project = await buildProject(t.app, owner);
    await put(project.id, { project: { summary: 'Theirs' } }, {}, admin.token);
    const res = await put(project.id, { project: { summary: 'Mine' } }, { 'if-match': '"2"', 'overwrite-of': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    const log = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'project.overwrite'), eq(auditLog.targetId, project.id))),
    );
    expect(log).toMatchObject([{ actorId: owner.id, before: { basedOn: 1 }, after: { overwrote: { version: 2, updatedBy: { id: admin.personId } } } }]);
    // A write that knew the current version overwrote nothing: no entry.
    await put(project.id, { project: { summary: 'Again' } }, { 'if-match': '"3"', 'overwrite-of': '"3"' });
    expect(
      await t.database.use((d) =>
        d
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'project.overwrite'), eq(auditLog.targetId, project.id))),
      ),
    ).toHaveLength(1);
  });

  it('412, like 400, needs no sign-in to be refused first: a visitor is 401, a stranger 403', async () => {
    const project = await buildProject(t.app, owner);
    const stranger = await buildUser(t.app);
    expect((await put(project.id, { project: { summary: 'x' } }, { 'if-match': '"5"' }, '')).statusCode).toBe(401);
    expect((await put(project.id, { project: { summary: 'x' } }, { 'if-match': '"5"' }, stranger.token)).statusCode).toBe(403);
  });
});
