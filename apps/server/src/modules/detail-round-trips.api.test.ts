import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildInstitution,
  buildObject,
  buildPerson,
  buildProject,
  buildProjectFile,
  buildTeam,
  buildUpdate,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../test/harness.js';

/**
 * A detail answer costs at most two database round trips, however much it holds: one to
 * find the row and what the policy needs of it, one for everything shown with it (JSON
 * aggregated in SQL). Counted as statements sent, for a visitor (no session to load).
 */
const ROUND_TRIPS = 2;
/**
 * The publications a project's, a person's or a partner's page lists are read by the
 * publications module in a statement of its own, sent beside the page's other statements
 * (no longer to wait on a database server): one more than the budget, and no more.
 */
const WITH_PUBLICATIONS = ROUND_TRIPS + 1;

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Notes.' }] }] };

async function statementsOf(path: string) {
  const before = t.database.statements;
  const res = await api(t.app, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return { sent: t.database.statements - before, body: res.json() };
}

let objectName: string;
let projectSlug: string;
let personSlug: string;
let institutionSlug: string;
let updateSlug: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const token = owner.token;
  const [a, b] = [await buildInstitution(t.app, manager), await buildInstitution(t.app, manager)];
  const person = await buildPerson(t.app, manager);
  personSlug = person.slug;
  institutionSlug = a.slug;
  await api(t.app, 'PUT', `/people/${person.slug}/affiliations/${a.slug}`, { token: manager.token, body: { title: 'Lecturer', primary: true } });
  await api(t.app, 'PUT', `/people/${person.slug}/affiliations/${b.slug}`, { token: manager.token, body: { title: 'Guest' } });

  const project = await buildProject(t.app, owner, { doc });
  const hidden = await buildProject(t.app, owner, { visibility: 'members' });
  projectSlug = project.slug;
  for (const [i, key] of [owner.personId, person.id].entries()) {
    await api(t.app, 'PUT', `/projects/${project.slug}/contributors/${crypto.randomUUID()}`, { token, body: { personId: key, title: `Role ${i}` } });
  }
  for (const inst of [a, b])
    await api(t.app, 'PUT', `/projects/${project.slug}/institutions/${crypto.randomUUID()}`, { token, body: { institutionId: inst.slug, role: 'Partner' } });
  for (const title of ['First', 'Second']) updateSlug = (await buildUpdate(t.app, owner, project.slug, { title, doc })).slug;
  for (const name of ['a.csv', 'b.csv']) {
    await buildProjectFile(t.app, owner, project.slug, { file: { fileName: name, type: 'text/csv', data: Buffer.from('x,y\n1,2\n') }, name });
  }

  const parent = await buildObject(t.app, owner, { types: ['property'], projects: [hidden.slug], visibility: 'members' });
  const created = await buildObject(t.app, owner, {
    types: ['site', 'soil-plot'],
    projects: [project.slug, hidden.slug],
    parent: parent.name,
    geo: { type: 'Point', coordinates: [7.6, 46.1] },
    metadata: { elevation: 2100 },
    doc,
  });
  objectName = created.name;
  await api(t.app, 'PUT', `/data/obj/${objectName}/people/${person.slug}`, { token, body: { role: 'PI' } });
  await api(t.app, 'PUT', `/data/obj/${objectName}/people/${owner.personId}`, { token, body: { role: 'Field work' } });
  await api(t.app, 'PUT', `/data/obj/${objectName}/institutions/${a.slug}`, { token, body: {} });
});
afterAll(() => t.close());

describe('detail answers', () => {
  it(`GET data/obj/{name}: the object, its types, projects, parent, people, institutions and doc in ${ROUND_TRIPS} round trips`, async () => {
    const { sent, body } = await statementsOf(`/data/obj/${objectName}`);
    expect(body.obj.types.map((x: { slug: string }) => x.slug)).toEqual(['site', 'soil-plot']);
    expect(body.obj.projects).toHaveLength(1); // the members-only project stays hidden
    expect(body.obj.parent).toBeNull(); // and so does the members-only parent
    expect(body.obj.people.map((p: { role: string }) => p.role)).toEqual(['PI', 'Field work']);
    expect(body.obj.institutions).toHaveLength(1);
    expect(body.obj.update.by.id).toBe(owner.personId);
    expect(body.doc).toEqual(doc);
    expect(sent).toBeLessThanOrEqual(ROUND_TRIPS);
  });

  it(`GET projects/{slug}: the project, team, contributors, institutions, updates and files in ${ROUND_TRIPS} round trips, plus one for the publications`, async () => {
    const { sent, body } = await statementsOf(`/projects/${projectSlug}`);
    expect(body.contributors.map((c: { title: string }) => c.title)).toEqual(['Role 0', 'Role 1']);
    expect(body.institutions).toHaveLength(2);
    expect(body.updates.map((u: { title: string }) => u.title)).toEqual(expect.arrayContaining(['First', 'Second']));
    expect(body.files).toHaveLength(2);
    expect(body.doc).toEqual(doc);
    expect(sent).toBeLessThanOrEqual(WITH_PUBLICATIONS);
  });

  it(`GET people/{slug}: the person and their affiliations in ${ROUND_TRIPS} round trips, plus one for the publications`, async () => {
    const { sent, body } = await statementsOf(`/people/${personSlug}`);
    expect(body.affiliations ?? body.person.affiliations).toHaveLength(2);
    expect(sent).toBeLessThanOrEqual(WITH_PUBLICATIONS);
  });

  it(`GET institutions/{slug}, teams/{slug} (with their projects) and an update in ${ROUND_TRIPS} round trips, plus one for the projects (and one for an institution's publications)`, async () => {
    // The projects a partner's or a team's page lists are read by the projects module in a
    // statement of their own, for now: one more than the budget, and no more.
    const institution = await statementsOf(`/institutions/${institutionSlug}`);
    expect(institution.body.projects.length).toBeGreaterThan(0);
    expect(institution.sent, 'institution').toBeLessThanOrEqual(WITH_PUBLICATIONS + 1);
    const team = await statementsOf(`/teams/${(await buildTeam(t.app, manager)).slug}`);
    expect(team.sent, 'team').toBeLessThanOrEqual(ROUND_TRIPS + 1);
    const update = await statementsOf(`/projects/${projectSlug}/updates/${updateSlug}`);
    expect(update.body.doc).toEqual(doc);
    expect(update.sent, 'update').toBeLessThanOrEqual(ROUND_TRIPS);
  });

  it('finds a project by a former slug in as many', async () => {
    const renamed = unique('renamed-');
    const res = await api(t.app, 'PUT', `/projects/${projectSlug}`, { token: owner.token, body: { project: { slug: renamed } } });
    expect(res.statusCode, res.body).toBe(200);
    const { sent, body } = await statementsOf(`/projects/${projectSlug}`);
    expect(body.project.slug).toBe(renamed);
    expect(sent).toBeLessThanOrEqual(WITH_PUBLICATIONS);
    projectSlug = renamed;
  });
});
