import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitutionCategory, buildObject, buildProject, buildTeam, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../test/harness.js';
import { walk } from './input.js';

/**
 * What every request brings is checked in one place (plugins/input.ts): these cases run
 * through a few routes of different kinds, standing for all of them.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

const raw = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType } });

const projectTitles = async (q: string) => (await api(t.app, 'GET', `/projects?q=${encodeURIComponent(q)}`, { token: admin.token })).json().projects.length;

describe('text that cannot be stored', () => {
  it('is a 400 naming the field, in a JSON body, a key, the query or the path, and stores nothing', async () => {
    const title = unique('Nul');
    const cases: [Promise<{ statusCode: number; json(): { details: { field: string }[] } }>, string][] = [
      // eslint-disable-next-line tests/factories-for-test-data -- the create call's input handling is under test
      [api(t.app, 'POST', '/projects', { token: admin.token, body: { project: { title: `${title}\u0000` } } }), 'body.project.title'],
      [raw('POST', '/projects', `{"project":{"title":"${title}\\ud800"}}`), 'body.project.title'],
      [raw('POST', '/projects', `{"project":{"title":"${title}","summary":"\\udc00 alone"}}`), 'body.project.summary'],
      [raw('POST', '/projects', `{"project":{"title":"${title}","\\u0000":1}}`), 'body.project'],
      [
        // eslint-disable-next-line tests/factories-for-test-data -- the create call's input handling is under test
        api(t.app, 'POST', '/data/obj', {
          token: admin.token,
          body: { name: unique('n'), title, types: ['site'], metadata: { notes: ['fine', 'bad\u0000'] } },
        }),
        'body.metadata.notes.1',
      ],
      [api(t.app, 'GET', '/projects?q=a%00b'), 'query.q'],
      [api(t.app, 'GET', '/data/obj/abc%00def'), 'params.key'],
      [api(t.app, 'PUT', '/institution_categories/x%00', { token: admin.token, body: { name: 'x' } }), 'params.id'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0]!.field).toBe(field);
    }
    expect(await projectTitles(title)).toBe(0);
  });

  it('lets every other character through, emoji and all', async () => {
    const title = `${unique('Emoji')} 🌲 Ünïcødé \u200b`;
    expect((await buildProject(t.app, admin, { title })).title).toBe(title.trim());
  });
});

describe('messages', () => {
  it('name fields as a person sees them, and keep the path in details', async () => {
    // eslint-disable-next-line tests/factories-for-test-data -- the refused create call's message is under test
    const res = await api(t.app, 'POST', '/projects', { token: admin.token, body: { project: { title: 'x'.repeat(301), startDate: 'soon' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Title: at most 300 characters; Start date: use a date like 2024-05-31');
    expect(res.json().details).toEqual([
      { field: 'body.project.title', message: 'At most 300 characters' },
      { field: 'body.project.startDate', message: 'Use a date like 2024-05-31' },
    ]);
    // eslint-disable-next-line tests/factories-for-test-data -- the refused create call's message is under test
    const missing = await api(t.app, 'POST', '/data/obj', { token: admin.token, body: { title: 'No name' } });
    expect(missing.json().error).toMatch(/^Name: required; Types: required/);
  });
});

describe('JSON bodies', () => {
  it('refuse another charset (415), bytes that are not UTF-8 (400) and text/plain (415)', async () => {
    const title = unique('Latin');
    const latin1 = await raw('POST', '/projects', Buffer.from(`{"project":{"title":"${title} caf\u00e9"}}`, 'latin1'), 'application/json; charset=iso-8859-1');
    expect(latin1.statusCode).toBe(415);
    expect(latin1.json().error).toBe('Send JSON as UTF-8, not iso-8859-1');
    const broken = await raw('POST', '/projects', Buffer.from(`{"project":{"title":"${title} caf\u00e9"}}`, 'latin1'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details).toEqual([{ field: 'body', message: 'The body is not valid UTF-8' }]);
    const text = await raw('POST', '/projects', JSON.stringify({ project: { title } }), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await projectTitles(title)).toBe(0);
    const utf8 = await raw('POST', '/projects', JSON.stringify({ project: { title: `${title} café` } }), 'application/json; charset=UTF-8');
    expect(utf8.statusCode).toBe(201);
  });

  it('refuse nesting deeper than 64 levels with a 400, not a crash', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await raw('POST', '/projects', `{"project":{"title":"Deep","summary":${deep}}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe('Nested more than 64 levels deep');
  });

  it('still refuse prototype poisoning', async () => {
    const res = await raw('POST', '/projects', '{"project":{"title":"Proto"},"__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
  });
});

describe('ids', () => {
  it('are lower-cased UUIDs wherever they are typed: the path, the query, reference fields', async () => {
    const id = randomUUID();
    expect((await buildInstitutionCategory(t.app, admin, { id: id.toUpperCase() })).id).toBe(id);
    // eslint-disable-next-line tests/factories-for-test-data -- the create call under test: the same id, typed in upper case, is taken
    const again = await api(t.app, 'POST', `/institution_categories/${id.toUpperCase()}`, { token: admin.token, body: { name: unique('Cat') } });
    expect(again.statusCode).toBe(409);

    const project = await buildProject(t.app, admin);
    const shown = await api(t.app, 'GET', `/projects/${project.id.toUpperCase()}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().project.id).toBe(project.id);
    const team = await buildTeam(t.app, admin);
    const moved = await api(t.app, 'PUT', `/projects/${project.id}`, { token: admin.token, body: { project: { teamId: team.id.toUpperCase() } } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().project.team.id).toBe(team.id);
    const filtered = await api(t.app, 'GET', `/projects?team=${team.id.toUpperCase()}`);
    expect(filtered.json().projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it('are left as typed in free text, metadata, documents and GeoJSON properties', async () => {
    const upper = randomUUID().toUpperCase();
    const body = {
      title: upper,
      parentId: upper,
      metadata: { sampleId: upper, nested: [{ plotId: upper }] },
      doc: { type: 'doc', attrs: { sourceId: upper } },
      geo: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { siteId: upper } }] },
    };
    expect(walk('body', structuredClone(body))).toEqual({ ...body, parentId: upper.toLowerCase() });
    expect((await buildObject(t.app, admin, { title: upper })).title).toBe(upper);
  });
});
