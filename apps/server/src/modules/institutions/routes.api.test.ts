import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution, buildInstitutionCategory, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let manager: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  user = await buildUser(t.app);
});
afterAll(() => t.close());

/** The create calls under test, by the manager, with ids made here unless given. */
const postCategory = (name: string, id = randomUUID()) => api(t.app, 'POST', `/institution_categories/${id}`, { token: manager.token, body: { name } });
const postInstitution = (body: Record<string, unknown>, id = randomUUID()) => api(t.app, 'POST', `/institutions/${id}`, { token: manager.token, body });
const order = async () => ((await api(t.app, 'GET', '/institutions')).json().categories as { id: string }[]).map((c) => c.id);

describe('institutions', () => {
  it('are created with the client’s id, listed with categories, and shown with their people', async () => {
    const category = await buildInstitutionCategory(t.app, manager, { name: 'Universities' });
    const id = randomUUID();
    const res = await postInstitution(
      { name: 'Eidgenössische Hochschule', url: 'https://ethz.ch', ror: 'https://ror.org/05a28rw58', categoryId: category.id },
      id,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, slug: 'eidgenossische-hochschule', ror: '05a28rw58', categoryId: category.id });
    const list = await api(t.app, 'GET', '/institutions');
    expect(list.json().institutions).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));
    await api(t.app, 'PUT', `/people/${user.username}/affiliations/${id}`, { token: user.token, body: { title: 'Postdoc', primary: true } });
    const page = await api(t.app, 'GET', `/institutions/eidgenossische-hochschule`);
    expect(page.json()).toMatchObject({ institution: { id }, permissions: ['view'], people: [{ slug: user.username, title: 'Postdoc' }], projects: [] });
    expect((await api(t.app, 'GET', `/institutions/${id}`, { token: manager.token })).json().permissions).toContain('edit');
  });

  it('require sign-in, then manageInstitutions, for every write', async () => {
    const id = randomUUID();
    expect((await api(t.app, 'POST', `/institutions/${id}`, { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/institutions/${id}`, { token: user.token, body: { name: 'X' } })).statusCode).toBe(403);
    await buildInstitution(t.app, manager, { id, name: 'Kept' });
    expect((await api(t.app, 'PUT', `/institutions/${id}`, { token: user.token, body: { name: 'Y' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/institutions/${id}`, { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/institutions/${id}`)).json().institution.name).toBe('Kept');
  });

  it('validate their fields, naming them', async () => {
    const bad = await postInstitution({ name: 'Bad', url: 'javascript:alert(1)', ror: 'nope', categoryId: randomUUID() });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.ror', 'body.url']);
    const noCategory = await postInstitution({ name: 'Lost', categoryId: randomUUID() });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().details[0].field).toBe('body.categoryId');
    const badId = await api(t.app, 'POST', '/institutions/not-a-uuid', { token: manager.token, body: { name: 'X' } });
    expect(badId.json().details[0].field).toBe('params.id');
  });

  it('are changed, moved between categories, and deleted', async () => {
    const id = randomUUID();
    await buildInstitution(t.app, manager, { id, name: 'Movable' });
    const category = await buildInstitutionCategory(t.app, manager);
    const moved = await api(t.app, 'PUT', `/institutions/${id}`, { token: manager.token, body: { categoryId: category.id, description: 'Now an agency' } });
    expect(moved.json()).toMatchObject({ categoryId: category.id, description: 'Now an agency', name: 'Movable' });
    expect((await api(t.app, 'DELETE', `/institutions/${id}`, { token: manager.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/institutions/${id}`)).statusCode).toBe(404);
  });
});

describe('institution categories', () => {
  it('put a new category at the top', async () => {
    const first = (await buildInstitutionCategory(t.app, manager)).id;
    const second = (await postCategory('Newer')).json();
    expect(second.category.position).toBe(0);
    const ids = await order();
    expect(ids.indexOf(second.category.id)).toBe(0);
    expect(ids.indexOf(first)).toBeGreaterThan(0);
  });

  it('move to a position; the others renumber in one transaction', async () => {
    const [a, b, c] = [
      (await buildInstitutionCategory(t.app, manager)).id,
      (await buildInstitutionCategory(t.app, manager)).id,
      (await buildInstitutionCategory(t.app, manager)).id,
    ];
    // Newest first: C, B, A at the top.
    expect((await order()).slice(0, 3)).toEqual([c, b, a]);
    const res = await api(t.app, 'PUT', `/institution_categories/${c}`, { token: manager.token, body: { position: 2 } });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .categories.slice(0, 3)
        .map((x: { id: string }) => x.id),
    ).toEqual([b, a, c]);
    expect(res.json().categories.map((x: { position: number }) => x.position)).toEqual(res.json().categories.map((_: unknown, i: number) => i));
  });

  it('refuse to delete a category that holds institutions, and delete an empty one', async () => {
    const category = await buildInstitutionCategory(t.app, manager);
    await buildInstitution(t.app, manager, { categoryId: category.id });
    const refused = await api(t.app, 'DELETE', `/institution_categories/${category.id}`, { token: manager.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('still holds 1 institution');
    const empty = await buildInstitutionCategory(t.app, manager);
    const res = await api(t.app, 'DELETE', `/institution_categories/${empty.id}`, { token: manager.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().categories.map((x: { id: string }) => x.id)).not.toContain(empty.id);
  });

  it('require manageInstitutions and valid input', async () => {
    const id = randomUUID();
    expect((await api(t.app, 'POST', `/institution_categories/${id}`, { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/institution_categories/${id}`, { token: user.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', `/institution_categories/${id}`, { token: manager.token, body: { name: '' } })).json().details[0].field).toBe('body.name');
    const existing = (await buildInstitutionCategory(t.app, manager)).id;
    expect((await api(t.app, 'PUT', `/institution_categories/${existing}`, { token: user.token, body: { position: 0 } })).statusCode).toBe(403);
    const bad = await api(t.app, 'PUT', `/institution_categories/${existing}`, { token: manager.token, body: { position: -1 } });
    expect(bad.json().details[0].field).toBe('body.position');
    expect((await api(t.app, 'PUT', `/institution_categories/${randomUUID()}`, { token: manager.token, body: { position: 0 } })).statusCode).toBe(404);
  });
});
