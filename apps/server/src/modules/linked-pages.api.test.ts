import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstitutionDetailSchema, PersonProfileSchema, TeamDetailSchema, type Project } from '@observatory/shared';
import { buildInstitution, buildObject, buildProject, buildTeam, buildUser, type ProjectOverrides, type TestUser } from '../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../test/harness.js';

/**
 * A person's, a partner's and a team's page list their projects, and a person's and a
 * partner's their objects, through the same visibility rule as the lists: a members-only
 * project shows to its members only, an archived one to no one, and one made a moment
 * ago at once.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let person: TestUser;
let institution: { id: string; slug: string };
let team: { id: string; slug: string };
let open: { id: string; slug: string; title: string };
let closed: { id: string; slug: string; title: string };

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const titles = (list: { title: string }[]) => list.map((p) => p.title);

/** A project of the team, with the person as a contributor and the institution as a partner. */
async function linkedProject(title: string, fields: ProjectOverrides = {}) {
  const created = await buildProject(t.app, owner, { title, teamId: team.id, ...fields });
  const link = (kind: string, body: Record<string, unknown>) =>
    api(t.app, 'PUT', `/projects/${created.id}/${kind}/${randomUUID()}`, { token: owner.token, body });
  expect((await link('contributors', { personId: person.personId, title: 'Principal investigator' })).statusCode).toBe(200);
  expect((await link('institutions', { institutionId: institution.id, role: 'Lead partner' })).statusCode).toBe(200);
  return created;
}

/** An object of a project, with the person and the institution named on it. */
async function linkedObject(title: string, projectId: string, visibility: Project['visibility'] = 'public') {
  const { name } = await buildObject(t.app, owner, { title, projects: [projectId], visibility });
  expect((await api(t.app, 'PUT', `/data/obj/${name}/people/${person.personId}`, { token: owner.token, body: { role: 'Site manager' } })).statusCode).toBe(200);
  expect((await api(t.app, 'PUT', `/data/obj/${name}/institutions/${institution.id}`, { token: owner.token, body: { role: 'Host' } })).statusCode).toBe(200);
  return name;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app);
  admin = await buildUser(t.app, { super: true });
  person = await buildUser(t.app);
  institution = await buildInstitution(t.app, admin);
  team = await buildTeam(t.app, admin);
  const marker = unique('Linked');
  // Titles out of alphabetical order of creation, so the order shown is the pages' own.
  open = await linkedProject(`${marker} b open`);
  closed = await linkedProject(`${marker} a closed`, { visibility: 'members' });
  const archived = await linkedProject(`${marker} c archived`);
  expect((await api(t.app, 'PUT', `/projects/${archived.id}`, { token: owner.token, body: { project: { archived: true } } })).statusCode).toBe(200);
  await linkedObject(`${marker} open site`, open.id);
  await linkedObject(`${marker} closed site`, closed.id, 'members');
});
afterAll(() => t.close());

const pages = () =>
  [
    ['a person', () => `/people/${person.username}`, PersonProfileSchema, 'Principal investigator'],
    ['a partner', () => `/institutions/${institution.slug}`, InstitutionDetailSchema, 'Lead partner'],
    ['a team', () => `/teams/${team.slug}`, TeamDetailSchema, null],
  ] as const;

describe.each(pages())('%s’s page lists its projects', (_, path, schema, role) => {
  it('that the reader may see, by title, with the role; archived ones left out', async () => {
    const visitor = await api(t.app, 'GET', path());
    expect(visitor.statusCode).toBe(200);
    expect(schema.parse(visitor.json()).projects).toEqual([
      { id: open.id, slug: open.slug, title: open.title, summary: null, status: 'active', visibility: 'public', role },
    ]);
    expect(titles((await api(t.app, 'GET', path(), as(stranger))).json().projects)).toEqual([open.title]);
    expect(titles((await api(t.app, 'GET', path(), as(owner))).json().projects)).toEqual([closed.title, open.title]);
    expect(titles((await api(t.app, 'GET', path(), as(admin))).json().projects)).toEqual([closed.title, open.title]);
  });

  it('shows a project made a moment ago at once', async () => {
    const fresh = await linkedProject(`${unique('Fresh')} project`);
    expect(titles((await api(t.app, 'GET', path())).json().projects)).toContain(fresh.title);
    expect((await api(t.app, 'DELETE', `/projects/${fresh.id}`, { token: owner.token })).statusCode).toBe(204);
    expect(titles((await api(t.app, 'GET', path())).json().projects)).not.toContain(fresh.title);
  });
});

describe('a team’s projects come with its detail when it is changed', () => {
  it('PUT teams/{id} answers the projects too', async () => {
    const res = await api(t.app, 'PUT', `/teams/${team.slug}`, { token: admin.token, body: { description: 'Field crews' } });
    expect(res.statusCode).toBe(200);
    expect(titles(res.json().projects)).toEqual([closed.title, open.title]);
  });
});

describe.each([
  ['person', () => person.username, () => person.personId],
  ['institution', () => institution.slug, () => institution.id],
] as const)('GET data/obj?%s=', (filter, slug, id) => {
  it('lists the objects naming it that the reader may see, by id or slug', async () => {
    const bySlug = await api(t.app, 'GET', `/data/obj?${filter}=${slug()}`);
    expect(bySlug.statusCode).toBe(200);
    expect(titles(bySlug.json().objects)).toEqual([expect.stringContaining('open site')]);
    expect(bySlug.headers['pagination-count']).toBe('1');
    expect(titles((await api(t.app, 'GET', `/data/obj?${filter}=${id()}`, as(stranger))).json().objects)).toHaveLength(1);
    expect(titles((await api(t.app, 'GET', `/data/obj?${filter}=${id().toUpperCase()}`, as(owner))).json().objects)).toEqual([
      expect.stringContaining('closed site'),
      expect.stringContaining('open site'),
    ]);
  });

  it('matches nothing for one that does not exist, and names a bad value', async () => {
    const none = await api(t.app, 'GET', `/data/obj?${filter}=nobody-here`);
    expect(none.statusCode).toBe(200);
    expect(none.json().objects).toEqual([]);
    const bad = await api(t.app, 'GET', `/data/obj?${filter}=${'x'.repeat(101)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe(`querystring.${filter}`);
  });
});
