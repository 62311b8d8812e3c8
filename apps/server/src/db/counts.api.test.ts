import { PAGINATION_HEADERS } from '@observatory/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildObject, buildProject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let project: { slug: string };
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  project = await buildProject(t.app, owner);
});
afterAll(() => t.close());

/** Signed in: a visitor's repeated read is answered from the kept answers (plugins/answer-cache.ts), with no statement at all. */
async function listed(path: string) {
  const before = t.database.statements;
  const res = await api(t.app, 'GET', path, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  const total = Number(res.headers[PAGINATION_HEADERS.count.toLowerCase()]);
  expect(Number.isInteger(total)).toBe(true);
  return { total, sent: t.database.statements - before };
}

describe('list totals', () => {
  it('come from the cache while nothing is written, and are counted again after a write', async () => {
    const path = `/data/obj?project=${project.slug}&limit=1`;
    await buildObject(t.app, owner, { projects: [project.slug] });
    const first = await listed(path);
    expect(first.total).toBe(1);
    const again = await listed(path);
    expect(again).toEqual({ total: 1, sent: first.sent - 1 });

    await buildObject(t.app, owner, { projects: [project.slug] });
    expect((await listed(path)).total).toBe(2);
  });

  it('are not changed by a write that was refused and rolled back', async () => {
    const path = `/data/obj?project=${project.slug}&limit=1`;
    const { total } = await listed(path);
    const { name } = await buildObject(t.app, owner, { projects: [project.slug] });
    // eslint-disable-next-line tests/factories-for-test-data -- the refused create call is what this test is about
    const twice = await api(t.app, 'POST', '/data/obj', { token: owner.token, body: { name, title: name, types: ['site'], projects: [project.slug] } });
    expect(twice.statusCode).toBe(409);
    expect((await listed(path)).total).toBe(total + 1);
  });

  it('follow a deletion', async () => {
    const { name } = await buildObject(t.app, owner, { projects: [project.slug] });
    const path = `/data/obj?project=${project.slug}&limit=1`;
    const { total } = await listed(path);
    expect((await api(t.app, 'DELETE', `/data/obj/${name}`, { token: owner.token })).statusCode).toBe(204);
    expect((await listed(path)).total).toBe(total - 1);
  });
});
