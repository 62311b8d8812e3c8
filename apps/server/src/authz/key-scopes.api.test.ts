import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApiKey,
  buildAsset,
  buildComment,
  buildDataTable,
  buildImportSession,
  buildInsight,
  buildInstitution,
  buildInstitutionCategory,
  buildMetadataSchema,
  buildMetric,
  buildNode,
  buildNodeType,
  buildNote,
  buildObject,
  buildObjectType,
  buildPage,
  buildPerson,
  buildPhoto,
  buildProject,
  buildProjectFile,
  buildPublication,
  buildRole,
  buildShortlink,
  buildWebhook,
  buildTeam,
  buildUnit,
  buildUpdate,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../test/harness.js';
import { KEY_SCOPES } from './key-scopes.js';

/**
 * A key does only what its permissions name. A read-only key (`permissions: []`) of a super
 * user, who may do everything, walks every write of the OpenAPI document with real rows in
 * its path and is refused each one, except those no key changes (below, each with why).
 */
const KEY_INDEPENDENT: Record<string, string> = {
  'POST /auth/login': 'signs in with a password, whoever asks',
  'POST /auth/refresh': 'trades the refresh cookie of a browser sign-in',
  'POST /auth/logout': 'ends the sign-in of the refresh cookie sent with it',
  'POST /auth/reset': 'asks for a reset link by mail, open to visitors',
  'POST /auth/reset/{code}': 'authenticated by the code in its path',
  'POST /invitations/{code}/accept': 'authenticated by the code in its path',
  'POST /email-changes/{code}': 'authenticated by the code in its path',
  'POST /unsubscribe/{token}': 'authenticated by the token in its path',
  'POST /pubs/parse': 'reads a pasted bibliography and stores nothing',
  'POST /sandbox/query': 'a read whose filter is a body',
  'POST /sandbox/chart': 'a read whose filter is a body',
  'POST /sandbox/export': 'a read whose filter is a body',
  'POST /data/schema/{slug}/check': 'checks metadata against a schema and stores nothing',
  'POST /oai': 'an OAI-PMH request sent as a form: a visitor’s read',
};

let t: TestApp;
let admin: TestUser;
let params: Record<string, string>;
let spec: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { super: true });
  const as = admin;
  const project = await buildProject(t.app, as);
  const object = await buildObject(t.app, as, { projects: [project.id] });
  const team = await buildTeam(t.app, as);
  const insight = await buildInsight(t.app, as, { team: team.id });
  const comment = await buildComment(t.app, as, insight.num);
  const publication = await buildPublication(t.app, as);
  const page = await buildPage(t.app, as);
  const person = await buildPerson(t.app, as);
  const institution = await buildInstitution(t.app, as);
  const category = await buildInstitutionCategory(t.app, as);
  const role = await buildRole(t.app, as);
  const asset = await buildAsset(t.app, as);
  const shortlink = await buildShortlink(t.app, as);
  const webhook = (await buildWebhook(t.app, admin)).webhook;
  const unit = await buildUnit(t.app, as, { code: 'kg/har' });
  const metric = await buildMetric(t.app, as);
  const schema = await buildMetadataSchema(t.app, as);
  const objectType = await buildObjectType(t.app, as);
  const nodeType = await buildNodeType(t.app, as);
  const node = await buildNode(t.app, as, { type: nodeType.slug });
  const update = await buildUpdate(t.app, as, project.id);
  const table = await buildDataTable(t.app, as, project.id);
  const file = await buildProjectFile(t.app, as, project.id);
  const note = await buildNote(t.app, as, object.id);
  const photo = await buildPhoto(t.app, as, object.id);
  const session = await buildImportSession(t.app, as);
  const key = await buildApiKey(t.app, as);
  const revision = async (path: string) =>
    ((await api(t.app, 'GET', `${path}/revisions`, { token: as.token })).json().revisions?.[0]?.id as string) ?? randomUUID();
  params = {
    'auth:id': randomUUID(),
    'projects:id': project.id,
    'projects:rid': await revision(`/projects/${project.id}`),
    'projects:cid': person.id,
    'projects:iid': institution.id,
    'projects:uid': update.id,
    'projects:update-rid': await revision(`/projects/${project.id}/updates/${update.id}`),
    'projects:person': person.id,
    'projects:fid': file.id,
    'projects:version': '1',
    'projects:pubId': publication.id,
    'projects:table': table.id,
    'insights:id': String(insight.num),
    'insights:rid': await revision(`/insights/${insight.num}`),
    'insights:cid': comment.id,
    'pubs:id': publication.id,
    'pubs:person': person.id,
    'pages:id': page.id,
    'pages:rid': await revision(`/pages/${page.id}`),
    'people:id': person.id,
    'people:personId': person.id,
    'people:rid': await revision(`/people/${person.id}`),
    'institutions:id': institution.id,
    'institution_categories:id': category.id,
    'teams:id': team.id,
    'teams:teamId': team.id,
    'teams:memberIdOrSlug': person.id,
    'users:id': admin.username,
    'users:personId': person.id,
    'users:target': project.id,
    'users:role': 'viewer',
    'users:keyId': key.id,
    'data:key': object.id,
    'data:rid': await revision(`/data/obj/${object.id}`),
    'data:project': project.id,
    'data:person': person.id,
    'data:institution': institution.id,
    'data:notes-id': note.id,
    'data:photos-id': photo.id,
    'data:code': unit.code,
    'data:name': metric.name,
    'data:slug': schema.slug,
    'data:objtypes-slug': objectType.slug,
    'data:nodetypes-slug': nodeType.slug,
    'data:path': node.slug,
    'data:sessions-id': session.id,
    'roles:slug': role.slug,
    'assets:id': asset.id,
    'shortlinks:id': shortlink.id,
    'admin:id': webhook.id,
    'sta:path': 'Sensors',
  };
  spec = (await api(t.app, 'GET', '/openapi.json')).json();
}, 120_000);
afterAll(() => t.close());

/** A path with each parameter a real row of its kind, by the collection it is under. */
function filled(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      const before = segments[i - 1]!;
      const candidates = [`${segments[1]}:${before}-${name}`, `${segments[1]}:${segments[i - 2]}-${name}`, `${segments[1]}:${name}`];
      if (name === 'rid' && segments.includes('updates')) candidates.unshift('projects:update-rid');
      const found = candidates.map((c) => params[c]).find((v) => v !== undefined);
      if (found === undefined) throw new Error(`No row for ${name} in ${path}`);
      return encodeURIComponent(found);
    })
    .join('/');
}

const writes = () =>
  Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`),
  );

describe('an API key of a super user with no permissions', () => {
  it('is refused every write of the API, except those no key changes', async () => {
    const key = await buildApiKey(t.app, admin, { permissions: [] });
    const operations = writes();
    expect(operations.length).toBeGreaterThan(100);
    const allowed: string[] = [];
    for (const operation of operations.filter((op) => !KEY_INDEPENDENT[op])) {
      const [method, path] = operation.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'POST',
        url: `/api/v1${filled(path)}`,
        headers: { authorization: `Bearer ${key.secret}` },
        payload: {},
      });
      if (res.statusCode !== 403) allowed.push(`${operation} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(allowed).toEqual([]);
  });

  it('names each key-independent write here and in the table alike', () => {
    const inTable = Object.entries(KEY_SCOPES)
      .filter(([, scope]) => 'anyone' in scope)
      .map(([operation]) => operation);
    expect(inTable.sort()).toEqual(Object.keys(KEY_INDEPENDENT).sort());
  });

  it('leaves the rows it was refused as they were', async () => {
    const key = await buildApiKey(t.app, admin, { permissions: [] });
    const project = await buildProject(t.app, admin, { title: 'Kept as it was' });
    const res = await api(t.app, 'PUT', `/projects/${project.id}`, { token: key.secret, body: { project: { title: 'Changed by a key' } } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/needs edit/);
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).json().project.title).toBe('Kept as it was');
  });
});

describe('the table', () => {
  it('names every write of the API and nothing else', () => {
    expect(Object.keys(KEY_SCOPES).sort()).toEqual(writes().sort());
  });

  it('lets a key that holds the named permission past the gate', async () => {
    const key = await buildApiKey(t.app, admin, { permissions: ['comment'] });
    const insight = await buildInsight(t.app, admin);
    // eslint-disable-next-line tests/factories-for-test-data -- the create call made with a key is what this test checks
    const res = await api(t.app, 'POST', `/insights/${insight.num}/comments`, { token: key.secret, body: { content: 'By a key that may comment' } });
    expect(res.statusCode).toBe(201);
    const uploadKey = await buildApiKey(t.app, admin, { permissions: ['edit'] });
    // eslint-disable-next-line tests/factories-for-test-data -- the create call made with a key is what this test checks
    const refused = await api(t.app, 'POST', '/assets', { token: uploadKey.secret, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/needs upload/);
  });
});
