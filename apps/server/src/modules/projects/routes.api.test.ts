import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumentsChecked } from '../../../test/documents.js';
import { buildAsset, buildInstitution, buildProject, buildTeam, buildUpdate, buildUser, tokenFor, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let researcher: TestUser;
let manager: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  stranger = await buildUser(t.app);
});
afterAll(() => t.close());

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

describe('POST /projects', () => {
  it('creates a project with its documentation; the creator owns it', async () => {
    const res = await api(t.app, 'POST', '/projects', {
      token: researcher.token,
      body: {
        project: { title: 'Alpine Treeline Shift', summary: 'Tree line movement since 1950', status: 'active', startDate: '2021-03-01' },
        doc: doc('Cores from six sites.'),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.project).toMatchObject({ slug: 'alpine-treeline-shift', title: 'Alpine Treeline Shift', visibility: 'public', archived: false, team: null });
    expect(body.permissions).toEqual(['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload']);
    expect(body.doc).toEqual(doc('Cores from six sites.'));
    const members = (await api(t.app, 'GET', `/projects/${body.project.slug}/members`)).json().members;
    expect(members).toEqual([expect.objectContaining({ username: researcher.username, role: { slug: 'owner', name: 'Owner' } })]);
    const again = await api(t.app, 'GET', `/projects/${body.project.id}`, { token: researcher.token });
    expect(again.json().permissions).toContain('manageMembers');
  });

  it('spells a title outside ASCII in Latin letters for its address, and keeps the address when renamed', async () => {
    const slugOf = async (title: string) => {
      const res = await api(t.app, 'POST', '/projects', { token: researcher.token, body: { project: { title, status: 'active' }, doc: doc('Lakes.') } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().project as { id: string; slug: string; version: number };
    };
    expect((await slugOf('Łódź lakes')).slug).toBe('lodz-lakes');
    expect((await slugOf('Straße der Moore')).slug).toBe('strasse-der-moore');
    const baikal = await slugOf('Озеро Байкал');
    expect(baikal.slug).toBe('ozero-baykal');
    expect((await slugOf('湖泊观测')).slug).toBe('hu-bo-guan-ce');
    const renamed = await api(t.app, 'PUT', `/projects/${baikal.id}`, {
      token: researcher.token,
      headers: { 'if-match': `"${baikal.version}"` },
      body: { project: { title: 'Байкал, северный берег' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().project.slug).toBe('ozero-baykal');
  });

  it('requires sign-in, then createProjects', async () => {
    expect((await api(t.app, 'POST', '/projects', { body: { project: { title: 'X' } } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/projects', { token: stranger.token, body: { project: { title: 'X' } } })).statusCode).toBe(403);
  });

  it('names the invalid field and creates nothing', async () => {
    const title = unique('Invalid');
    const cases = [
      [{ title: '' }, 'body.project.title'],
      [{ title, status: 'dreaming' }, 'body.project.status'],
      [{ title, startDate: '2022-02-30' }, 'body.project.startDate'],
      [{ title, startDate: '2022-05-01', endDate: '2021-01-01' }, 'body.project.endDate'],
      [{ title, teamId: randomUUID() }, 'body.project.teamId'],
    ] as const;
    for (const [project, field] of cases) {
      const res = await api(t.app, 'POST', '/projects', { token: researcher.token, body: { project } });
      expect(res.statusCode, JSON.stringify(project)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const bad = await api(t.app, 'POST', '/projects', {
      token: researcher.token,
      body: { project: { title }, doc: doc('x').content && { type: 'doc', content: [{ type: 'script' }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await api(t.app, 'GET', `/projects?q=${title}`)).json().projects).toEqual([]);
  });
});

describe('GET /projects', () => {
  it('pages 25 at a time with the pagination headers, by title', async () => {
    const marker = unique('Paged');
    for (let i = 0; i < 27; i++) await buildProject(t.app, researcher, { title: `${marker} ${String(i).padStart(2, '0')}` });
    const first = await api(t.app, 'GET', `/projects?q=${marker}`);
    expect(first.headers['pagination-count']).toBe('27');
    expect(first.headers['pagination-limit']).toBe('25');
    expect(first.json().projects).toHaveLength(25);
    const second = await api(t.app, 'GET', `/projects?q=${marker}&p=2&sort=title`);
    expect(second.headers['pagination-page']).toBe('2');
    expect(second.json().projects.map((p: { title: string }) => p.title)).toEqual([`${marker} 25`, `${marker} 26`]);
  });

  it('searches title, summary and documentation, most relevant first', async () => {
    const word = `lichen${randomUUID().slice(0, 6)}`;
    await buildProject(t.app, researcher, { title: 'Documented only', doc: doc(`We count ${word} on boulders.`) });
    await buildProject(t.app, researcher, { title: `The ${word} survey`, summary: `${word} ${word}` });
    await buildProject(t.app, researcher, { title: 'Nothing to see', summary: 'Another topic' });
    const found = (await api(t.app, 'GET', `/projects?q=${word}`)).json().projects.map((p: { title: string }) => p.title);
    expect(found).toEqual([`The ${word} survey`, 'Documented only']);
  });

  it('filters by status, team, institution and contributor', async () => {
    const marker = unique('Filter');
    const team = await buildTeam(t.app, manager);
    const inst = await buildInstitution(t.app, manager);
    const a = await buildProject(t.app, researcher, { title: `${marker} A`, status: 'planned', teamId: team.id });
    const b = await buildProject(t.app, researcher, { title: `${marker} B`, status: 'completed' });
    await api(t.app, 'PUT', `/projects/${b.id}/institutions/${randomUUID()}`, { token: researcher.token, body: { institutionId: inst.slug } });
    await api(t.app, 'PUT', `/projects/${b.id}/contributors/${randomUUID()}`, { token: researcher.token, body: { personId: stranger.username } });
    const titles = async (query: string) => (await api(t.app, 'GET', `/projects?q=${marker}&${query}`)).json().projects.map((p: { title: string }) => p.title);
    expect(await titles('status=planned')).toEqual([a.title]);
    expect(await titles(`team=${team.slug}`)).toEqual([a.title]);
    expect(await titles(`institution=${inst.slug}`)).toEqual([b.title]);
    expect(await titles(`person=${stranger.username}`)).toEqual([b.title]);
    expect(await titles('person=nobody-at-all')).toEqual([]);
    const list = (await api(t.app, 'GET', `/projects?q=${marker}&institution=${inst.id}`)).json().projects;
    expect(list[0].institutions).toEqual([{ id: inst.id, slug: inst.slug, name: inst.name }]);
    expect((await api(t.app, 'GET', '/projects?status=unknown')).statusCode).toBe(400);
  });

  it('lists "mine": projects one is a member of or contributes to', async () => {
    const me = await buildUser(t.app);
    const marker = unique('Mine');
    const contributed = await buildProject(t.app, researcher, { title: `${marker} contributed` });
    await buildProject(t.app, researcher, { title: `${marker} other` });
    await api(t.app, 'PUT', `/projects/${contributed.id}/contributors/${randomUUID()}`, { token: researcher.token, body: { personId: me.personId } });
    const member = await buildProject(t.app, researcher, { title: `${marker} member`, visibility: 'members' });
    await api(t.app, 'PUT', `/projects/${member.id}/members/${me.personId}`, { token: researcher.token, body: { role: 'viewer' } });
    const mine = await api(t.app, 'GET', `/projects?mine=true&q=${marker}`, { token: (await buildTokenFor(me)).token });
    expect(
      mine
        .json()
        .projects.map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual([`${marker} contributed`, `${marker} member`]);
  });
});

/** A fresh token: roles given after a token was issued count from the next request anyway. */
const buildTokenFor = async (user: TestUser) => ({ token: await tokenFor(t.app, user.id) });

describe('visibility', () => {
  it('hides members-only projects (404) from everyone but members and managers, in lists, search and detail', async () => {
    const word = unique('secret');
    const project = await buildProject(t.app, researcher, { title: `Members only ${word}`, visibility: 'members' });
    for (const token of [undefined, stranger.token]) {
      expect((await api(t.app, 'GET', `/projects/${project.slug}`, { token })).statusCode).toBe(404);
      expect((await api(t.app, 'GET', `/projects?q=${word}`, { token })).json().projects).toEqual([]);
      expect((await api(t.app, 'GET', `/projects/${project.slug}/updates`, { token })).statusCode).toBe(404);
      expect((await api(t.app, 'PUT', `/projects/${project.slug}`, { token: token ?? stranger.token, body: { project: { title: 'x' } } })).statusCode).toBe(
        404,
      );
    }
    expect((await api(t.app, 'GET', `/projects?q=${word}`, { token: manager.token })).json().projects).toHaveLength(1);
    expect((await api(t.app, 'GET', `/projects/${project.slug}`, { token: researcher.token })).statusCode).toBe(200);
  });

  it('shows signed-in projects to any signed-in user only', async () => {
    const project = await buildProject(t.app, researcher, { visibility: 'signed-in' });
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).statusCode).toBe(404);
    const seen = await api(t.app, 'GET', `/projects/${project.id}`, { token: stranger.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().permissions).toEqual(['view']);
  });
});

describe('PUT and DELETE /projects/{id}', () => {
  it('changes fields and documentation; a new slug keeps the old address working', async () => {
    const project = await buildProject(t.app, researcher);
    const res = await api(t.app, 'PUT', `/projects/${project.slug}`, {
      token: researcher.token,
      body: { project: { slug: `${project.slug}-new`, status: 'completed' }, doc: doc('New text') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project: { slug: `${project.slug}-new`, status: 'completed' }, doc: doc('New text') });
    const old = await api(t.app, 'GET', `/projects/${project.slug}`);
    expect(old.json().project.slug).toBe(`${project.slug}-new`);
    const clash = await buildProject(t.app, researcher, { title: 'Clash' });
    const taken = await api(t.app, 'PUT', `/projects/${clash.id}`, { token: researcher.token, body: { project: { slug: project.slug } } });
    expect(taken.statusCode).toBe(409);
  });

  it('takes every node and mark of the document list and refuses others, naming them', async () => {
    const project = await buildProject(t.app, researcher);
    await expectDocumentsChecked(
      (doc) => api(t.app, 'PUT', `/projects/${project.id}`, { token: researcher.token, body: { doc } }),
      async () => (await api(t.app, 'GET', `/projects/${project.id}`)).json().doc,
      'body.doc',
      (await buildAsset(t.app, researcher)).id,
    );
  });

  it('requires sign-in, then edit; delete needs delete', async () => {
    const project = await buildProject(t.app, researcher);
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { body: { project: { title: 'x' } } })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { token: stranger.token, body: { project: { title: 'x' } } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}`, { token: stranger.token })).statusCode).toBe(403);
    await api(t.app, 'PUT', `/projects/${project.id}/members/${stranger.personId}`, { token: researcher.token, body: { role: 'editor' } });
    expect((await api(t.app, 'PUT', `/projects/${project.id}`, { token: stranger.token, body: { project: { title: 'Edited' } } })).statusCode).toBe(200);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}`, { token: researcher.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('hides archived projects from the catalogue unless asked', async () => {
    const word = unique('Archived');
    const project = await buildProject(t.app, researcher, { title: word });
    await api(t.app, 'PUT', `/projects/${project.id}`, { token: researcher.token, body: { project: { archived: true } } });
    expect((await api(t.app, 'GET', `/projects?q=${word}`)).json().projects).toEqual([]);
    expect((await api(t.app, 'GET', `/projects?q=${word}&archived=true`)).json().projects).toHaveLength(1);
  });
});

describe('documentation revisions', () => {
  it('keeps every saved version with who and when; restoring one makes it current again', async () => {
    const project = await buildProject(t.app, researcher, { doc: doc('First') });
    await api(t.app, 'PUT', `/projects/${project.id}`, { token: researcher.token, body: { doc: doc('Second') } });
    await api(t.app, 'PUT', `/projects/${project.id}`, { token: researcher.token, body: { project: { title: 'Same text' }, doc: doc('Second') } });
    const list = (await api(t.app, 'GET', `/projects/${project.id}/revisions`, { token: researcher.token })).json().revisions;
    expect(list).toHaveLength(2);
    expect(list[0].author).toMatchObject({ id: researcher.personId });
    const oldest = list[1];
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions/${oldest.id}`, { token: researcher.token })).json().doc).toEqual(doc('First'));
    const restored = await api(t.app, 'POST', `/projects/${project.id}/revisions/${oldest.id}/restore`, { token: researcher.token });
    expect(restored.json().doc).toEqual(doc('First'));
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions`, { token: researcher.token })).json().revisions).toHaveLength(3);
  });

  it('are for editors only; unknown revisions are 404', async () => {
    const project = await buildProject(t.app, researcher, { doc: doc('x') });
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions`)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions/${randomUUID()}`, { token: researcher.token })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/projects/${project.id}/revisions/not-a-uuid`, { token: researcher.token })).statusCode).toBe(400);
  });
});

describe('contributors and institutions', () => {
  it('are added with client-made ids, retitled, reordered with only a position, and removed', async () => {
    const project = await buildProject(t.app, researcher);
    const people = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const ids = people.map(() => randomUUID());
    for (const [i, person] of people.entries()) {
      const res = await api(t.app, 'PUT', `/projects/${project.id}/contributors/${ids[i]}`, {
        token: researcher.token,
        body: { personId: person.username, title: `Role ${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const order = async () => (await api(t.app, 'GET', `/projects/${project.id}`)).json().contributors.map((c: { id: string }) => c.id);
    expect(await order()).toEqual(ids);
    const moved = await api(t.app, 'PUT', `/projects/${project.id}/contributors/${ids[2]}`, { token: researcher.token, body: { position: 0 } });
    expect(moved.json().contributors.map((c: { id: string; position: number }) => [c.id, c.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const retitled = await api(t.app, 'PUT', `/projects/${project.id}/contributors/${ids[0]}`, {
      token: researcher.token,
      body: { personId: people[0]!.personId, title: 'PI' },
    });
    expect(retitled.json().contributors[1]).toMatchObject({ id: ids[0], title: 'PI', person: { slug: people[0]!.username, photo: null } });
    const twice = await api(t.app, 'PUT', `/projects/${project.id}/contributors/${randomUUID()}`, {
      token: researcher.token,
      body: { personId: people[1]!.username },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await api(t.app, 'DELETE', `/projects/${project.id}/contributors/${ids[2]}`, { token: researcher.token }))
        .json()
        .contributors.map((c: { position: number }) => c.position),
    ).toEqual([0, 1]);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/contributors/${ids[2]}`, { token: researcher.token })).statusCode).toBe(404);
  });

  it('validate the body and require edit', async () => {
    const project = await buildProject(t.app, researcher);
    const link = `/projects/${project.id}/institutions/${randomUUID()}`;
    expect((await api(t.app, 'PUT', link, { body: { institutionId: 'x' } })).statusCode).toBe(401);
    const inst = await buildInstitution(t.app, manager);
    expect((await api(t.app, 'PUT', link, { token: stranger.token, body: { institutionId: inst.id } })).statusCode).toBe(403);
    const unknown = await api(t.app, 'PUT', link, { token: researcher.token, body: { institutionId: 'no-such-place' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('body.institutionId');
    expect((await api(t.app, 'PUT', link, { token: researcher.token, body: { position: 1 } })).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', link, { token: researcher.token, body: { position: -1 } })).statusCode).toBe(400);
    const added = await api(t.app, 'PUT', link, { token: researcher.token, body: { institutionId: inst.slug, role: 'Lead' } });
    expect(added.json().institutions).toEqual([
      expect.objectContaining({ role: 'Lead', position: 0, institution: expect.objectContaining({ slug: inst.slug, logo: null }) }),
    ]);
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}/contributors/${randomUUID()}`, { token: researcher.token, body: { title: 'no person' } })).statusCode,
    ).toBe(400);
  });
});

describe('updates', () => {
  it('are posted, listed newest first, changed with their text, and deleted from both lists at once', async () => {
    const project = await buildProject(t.app, researcher);
    const post = (title: string, publishedAt: string) =>
      api(t.app, 'POST', `/projects/${project.id}/updates`, { token: researcher.token, body: { update: { title, publishedAt }, doc: doc(`${title} text`) } });
    const first = await post('Field season opens', '2024-05-01T08:00:00Z');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ update: { slug: 'field-season-opens', author: { id: researcher.personId } }, doc: doc('Field season opens text') });
    for (let i = 0; i < 5; i++) await post(`Week ${i}`, `2024-06-0${i + 1}T08:00:00Z`);
    const detail = (await api(t.app, 'GET', `/projects/${project.id}`)).json();
    expect(detail.updates.map((u: { title: string }) => u.title)).toEqual(['Week 4', 'Week 3', 'Week 2', 'Week 1', 'Week 0']);
    expect((await api(t.app, 'GET', `/projects/${project.id}/updates`)).json().updates).toHaveLength(6);

    const changed = await api(t.app, 'PUT', `/projects/${project.id}/updates/field-season-opens`, {
      token: researcher.token,
      body: { update: { title: 'Season opens' }, doc: doc('Changed') },
    });
    expect(changed.json()).toMatchObject({ update: { title: 'Season opens', slug: 'field-season-opens' }, doc: doc('Changed') });
    const history = (await api(t.app, 'GET', `/projects/${project.id}/updates/field-season-opens/revisions`, { token: researcher.token })).json().revisions;
    expect(history).toHaveLength(2);
    const restored = await api(t.app, 'POST', `/projects/${project.id}/updates/field-season-opens/revisions/${history[1].id}/restore`, {
      token: researcher.token,
    });
    expect(restored.json().doc).toEqual(doc('Field season opens text'));

    const newest = detail.updates[0].id;
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/updates/${newest}`, { token: researcher.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/projects/${project.id}`)).json().updates.map((u: { id: string }) => u.id)).not.toContain(newest);
    expect((await api(t.app, 'GET', `/projects/${project.id}/updates`)).json().updates.map((u: { id: string }) => u.id)).not.toContain(newest);
    expect((await api(t.app, 'GET', `/projects/${project.id}/updates/${newest}`)).statusCode).toBe(404);
  });

  it('take every node and mark of the document list and refuse others, naming them', async () => {
    const project = await buildProject(t.app, researcher);
    const update = await buildUpdate(t.app, researcher, project.id);
    const path = `/projects/${project.id}/updates/${update.id}`;
    await expectDocumentsChecked(
      (doc) => api(t.app, 'PUT', path, { token: researcher.token, body: { doc } }),
      async () => (await api(t.app, 'GET', path)).json().doc,
      'body.doc',
      (await buildAsset(t.app, researcher)).id,
    );
  });

  it('require edit on the project and a title', async () => {
    const project = await buildProject(t.app, researcher);
    const path = `/projects/${project.id}/updates`;
    expect((await api(t.app, 'POST', path, { body: { update: { title: 'x' } } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', path, { token: stranger.token, body: { update: { title: 'x' } } })).statusCode).toBe(403);
    const bad = await api(t.app, 'POST', path, { token: researcher.token, body: { update: { title: '' } } });
    expect(bad.json().details[0].field).toBe('body.update.title');
    expect((await api(t.app, 'GET', path)).json().updates).toEqual([]);
  });
});

describe('members', () => {
  it('are managed by holders of manageMembers; members may leave', async () => {
    const project = await buildProject(t.app, researcher);
    const member = await buildUser(t.app);
    const path = `/projects/${project.id}/members/${member.username}`;
    expect((await api(t.app, 'PUT', path, { body: { role: 'viewer' } })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', path, { token: stranger.token, body: { role: 'viewer' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', path, { token: researcher.token, body: { role: 'chief' } })).statusCode).toBe(400);
    const added = await api(t.app, 'PUT', path, { token: researcher.token, body: { role: 'editor' } });
    expect(added.json()).toMatchObject({ username: member.username, role: { slug: 'editor' } });
    expect((await api(t.app, 'DELETE', path, { token: member.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/projects/${project.id}/members`)).json().members.map((m: { username: string }) => m.username)).toEqual([
      researcher.username,
    ]);
  });

  it('are added as contributors by a PUT without a body, or with an empty JSON body', async () => {
    const project = await buildProject(t.app, researcher);
    const [bare, emptyJson, refused] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const put = (who: TestUser, options: { token?: string; headers?: Record<string, string>; body?: string } = {}) =>
      api(t.app, 'PUT', `/projects/${project.id}/members/${who.username}`, { token: researcher.token, ...options });
    const withoutBody = await put(bare);
    expect(withoutBody.statusCode, withoutBody.body).toBe(200);
    expect(withoutBody.json()).toMatchObject({ username: bare.username, role: { slug: 'contributor' } });
    const withEmptyJson = await put(emptyJson, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(withEmptyJson.statusCode, withEmptyJson.body).toBe(200);
    expect(withEmptyJson.json()).toMatchObject({ username: emptyJson.username, role: { slug: 'contributor' } });
    expect((await put(refused, { token: '' })).statusCode).toBe(401);
    expect((await put(refused, { token: stranger.token })).statusCode).toBe(403);
    const notAnObject = await put(refused, { headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().details[0].field).toBe('body');
    expect(
      (await api(t.app, 'GET', `/projects/${project.id}/members`))
        .json()
        .members.map((m: { username: string }) => m.username)
        .sort(),
    ).toEqual([researcher.username, bare.username, emptyJson.username].sort());
  });

  it('keep an owner: the last one can neither leave, be removed nor step down until another is named', async () => {
    const project = await buildProject(t.app, researcher);
    const self = `/projects/${project.id}/members/${researcher.username}`;
    const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    for (const [method, token, body] of [
      ['DELETE', researcher.token],
      ['DELETE', admin.token],
      ['PUT', researcher.token, { role: 'editor' }],
    ] as const) {
      const res = await api(t.app, method, self, { token, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} by ${token === admin.token ? 'an administrator' : 'the owner'}`).toBe(409);
      expect(res.json().error).toBe('This is the only owner of this project: make someone else an owner first');
    }
    const members = async () =>
      (await api(t.app, 'GET', `/projects/${project.id}/members`))
        .json()
        .members.map((m: { username: string; role: { slug: string } }) => [m.username, m.role.slug]);
    expect(await members()).toEqual([[researcher.username, 'owner']]);
    const other = await buildUser(t.app);
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}/members/${other.username}`, { token: researcher.token, body: { role: 'owner' } })).statusCode,
    ).toBe(200);
    expect((await api(t.app, 'DELETE', self, { token: researcher.token })).statusCode).toBe(204);
    expect(await members()).toEqual([[other.username, 'owner']]);
  });
});

describe('a members-only project', () => {
  it('answers 404 to a non-member on every path, reads and writes alike, and changes nothing', async () => {
    const project = await buildProject(t.app, researcher, { visibility: 'members', doc: doc('Secret') });
    const update = await buildUpdate(t.app, researcher, project.id, { title: 'Inside news' });
    const revision = (await api(t.app, 'GET', `/projects/${project.id}/revisions`, { token: researcher.token })).json().revisions[0];
    const base = `/projects/${project.slug}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PUT', base, { project: { title: 'Taken over' } }],
      ['DELETE', base],
      ['GET', `${base}/revisions`],
      ['GET', `${base}/revisions/${revision.id}`],
      ['POST', `${base}/revisions/${revision.id}/restore`],
      ['PUT', `${base}/contributors/${randomUUID()}`, { personId: stranger.username }],
      ['DELETE', `${base}/contributors/${randomUUID()}`],
      ['PUT', `${base}/institutions/${randomUUID()}`, { position: 0 }],
      ['DELETE', `${base}/institutions/${randomUUID()}`],
      ['GET', `${base}/updates`],
      ['POST', `${base}/updates`, { update: { title: 'Sneaky' } }],
      ['GET', `${base}/updates/${update.slug}`],
      ['PUT', `${base}/updates/${update.slug}`, { update: { title: 'Sneaky' } }],
      ['DELETE', `${base}/updates/${update.slug}`],
      ['GET', `${base}/members`],
      ['PUT', `${base}/members/${stranger.username}`, { role: 'owner' }],
      ['DELETE', `${base}/members/${researcher.username}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(t.app, method as 'GET', path, { token: stranger.token, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const after = (await api(t.app, 'GET', base, { token: researcher.token })).json();
    expect(after).toMatchObject({
      project: { title: project.title },
      doc: doc('Secret'),
      contributors: [],
      updates: [expect.objectContaining({ title: 'Inside news' })],
    });
  });
});
