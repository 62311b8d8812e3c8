import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '../../db/schema/index.js';
import { expectDocumentsChecked } from '../../../test/documents.js';
import { buildAsset, buildInstitution, buildInvitation, buildPerson, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let manager: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
});
afterAll(() => t.close());

/** The create call under test. */
const postPerson = (body: Record<string, unknown>) => api(t.app, 'POST', '/people', { token: manager.token, body });

describe('GET /people', () => {
  it('lists people by name with their primary affiliation and pagination headers', async () => {
    const marker = unique('Zyx');
    const inst = await buildInstitution(t.app, manager);
    const a = await buildPerson(t.app, manager, { name: `${marker} Beta` });
    await buildPerson(t.app, manager, { name: `${marker} Alpha` });
    await api(t.app, 'PUT', `/people/${a.slug}/affiliations/${inst.slug}`, { token: manager.token, body: { title: 'Lecturer', primary: true } });
    const res = await api(t.app, 'GET', `/people?q=${marker}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().people.map((p: { name: string }) => p.name)).toEqual([`${marker} Alpha`, `${marker} Beta`]);
    expect(res.json().people[1].primaryAffiliation).toMatchObject({ title: 'Lecturer', institution: { slug: inst.slug } });
    expect(res.headers).toMatchObject({ 'pagination-page': '1', 'pagination-count': '2', 'pagination-limit': '25' });
  });
  it('pages 25 at a time', async () => {
    const marker = unique('Pager');
    for (let i = 0; i < 27; i++) await buildPerson(t.app, manager, { name: `${marker} ${String(i).padStart(2, '0')}` });
    const second = await api(t.app, 'GET', `/people?q=${marker}&p=2`);
    expect(second.json().people).toHaveLength(2);
    expect(second.headers['pagination-count']).toBe('27');
  });
  it('rejects a bad page number', async () => {
    const res = await api(t.app, 'GET', '/people?p=zero');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('querystring.p');
  });
});

describe('GET /people/{id}', () => {
  it('answers person, permissions, bio, invitation, projects and publications, by slug or id', async () => {
    const person = await buildPerson(t.app, manager, {
      name: 'Profile Person',
      orcid: 'https://orcid.org/0000-0002-1825-0097',
      bio: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    const bySlug = await api(t.app, 'GET', `/people/${person.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({
      person: { name: 'Profile Person', orcid: '0000-0002-1825-0097', email: null },
      permissions: ['view'],
      bio: { type: 'doc' },
      invitation: null,
      projects: [],
      publications: [],
    });
    expect((await api(t.app, 'GET', `/people/${person.id}`)).json().person.slug).toBe(person.slug);
    expect((await api(t.app, 'GET', '/people/nobody-by-this-slug')).statusCode).toBe(404);
  });
  it('shows e-mail to the person and administrators only, and the invitation to administrators', async () => {
    const user = await buildUser(t.app);
    const visitor = await api(t.app, 'GET', `/people/${user.username}`);
    expect(visitor.json().person.email).toBeNull();
    const own = await api(t.app, 'GET', `/people/${user.username}`, { token: user.token });
    expect(own.json().person.email).toBe(user.email);
    expect(own.json().permissions).toEqual(['view', 'edit']);
    const { personId } = await buildInvitation(t.app, await buildUser(t.app, { super: true }), { email: 'p@example.org', name: 'Invited Profile' });
    expect((await api(t.app, 'GET', `/people/${personId}`, { token: manager.token })).json().invitation).toMatchObject({ email: 'p@example.org' });
    expect((await api(t.app, 'GET', `/people/${personId}`, { token: user.token })).json().invitation).toBeNull();
  });
});

describe('POST /people', () => {
  it('requires sign-in, then managePeople', async () => {
    expect((await api(t.app, 'POST', '/people', { body: { name: 'X' } })).statusCode).toBe(401);
    const user = await buildUser(t.app);
    expect((await api(t.app, 'POST', '/people', { token: user.token, body: { name: 'X' } })).statusCode).toBe(403);
  });
  it('validates the ORCID iD check digit and names the field', async () => {
    const res = await postPerson({ name: 'Bad Orcid', orcid: '0000-0002-1825-0098' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('body.orcid');
  });
  it('makes a unique slug from the name; a taken slug given explicitly is a 409', async () => {
    const first = (await postPerson({ name: 'Anenské Údolí' })).json().person;
    const second = (await postPerson({ name: 'Anenské Údolí' })).json().person;
    expect(first.slug).toMatch(/^anenske-udoli/);
    expect(second.slug).not.toBe(first.slug);
    const taken = await postPerson({ name: 'Other', slug: first.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('body.slug');
  });
  it('records the write in the audit log', async () => {
    const created = (await postPerson({ name: 'Audited Person' })).json().person;
    const rows = await t.database.use((d) => d.query.auditLog.findMany({ where: (log, { eq }) => eq(log.targetId, created.id) }));
    expect(rows).toEqual([expect.objectContaining({ action: 'person.create', actorId: manager.id })]);
  });
});

describe('PUT /people/{id}', () => {
  it('lets a person edit their own entry, and not another’s', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const res = await api(t.app, 'PUT', `/people/${user.username}`, { token: user.token, body: { name: 'New Name', orcid: '0000-0001-5109-3700' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({ name: 'New Name', orcid: '0000-0001-5109-3700' });
    const denied = await api(t.app, 'PUT', `/people/${other.username}`, { token: user.token, body: { name: 'Hijacked' } });
    expect(denied.statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/people/${other.username}`)).json().person.name).not.toBe('Hijacked');
  });
  it('requires sign-in and valid input', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/people/${user.username}`, { body: { name: 'X' } })).statusCode).toBe(401);
    const empty = await api(t.app, 'PUT', `/people/${user.username}`, { token: user.token, body: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.name');
  });
});

describe('DELETE /people/{id}', () => {
  it('deletes a person without an account (managePeople only), refuses one with an account', async () => {
    const person = await buildPerson(t.app, manager);
    const user = await buildUser(t.app);
    expect((await api(t.app, 'DELETE', `/people/${person.slug}`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/people/${person.slug}`, { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/people/${person.slug}`, { token: manager.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/people/${person.slug}`)).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/people/${user.username}`, { token: manager.token })).statusCode).toBe(409);
  });
});

describe('PUT and DELETE /people/{personId}/affiliations/{id}', () => {
  it('adds affiliations; a new primary clears the others; the primary comes first', async () => {
    const user = await buildUser(t.app);
    const [a, b] = [await buildInstitution(t.app, manager), await buildInstitution(t.app, manager)];
    await api(t.app, 'PUT', `/people/${user.username}/affiliations/${a.slug}`, { token: user.token, body: { title: 'Guest', primary: true } });
    const res = await api(t.app, 'PUT', `/people/${user.username}/affiliations/${b.id}`, { token: user.token, body: { title: 'Professor', primary: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().affiliations.map((x: { institution: { id: string }; primary: boolean }) => [x.institution.id, x.primary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const again = await api(t.app, 'PUT', `/people/${user.username}/affiliations/${b.id}`, { token: user.token, body: { title: 'Emeritus' } });
    expect(again.json().affiliations).toHaveLength(2);
    expect(again.json().affiliations[0]).toMatchObject({ title: 'Emeritus', primary: true });
    const removed = await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${b.slug}`, { token: user.token });
    expect(removed.json().affiliations.map((x: { institution: { id: string } }) => x.institution.id)).toEqual([a.id]);
  });
  it('takes the affiliation’s own id (as person.affiliations[].id lists it) as well as the institution’s', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const [a, b] = [await buildInstitution(t.app, manager), await buildInstitution(t.app, manager)];
    await api(t.app, 'PUT', `/people/${user.username}/affiliations/${a.slug}`, { token: user.token, body: { title: 'Guest' } });
    await api(t.app, 'PUT', `/people/${user.username}/affiliations/${b.slug}`, { token: user.token, body: { title: 'Visitor' } });
    await api(t.app, 'PUT', `/people/${other.username}/affiliations/${a.slug}`, { token: other.token, body: { title: 'Theirs' } });
    const listed = (await api(t.app, 'GET', `/people/${user.username}`)).json().person.affiliations as { id: string; institution: { id: string } }[];
    const withA = listed.find((x) => x.institution.id === a.id)!;
    const withB = listed.find((x) => x.institution.id === b.id)!;
    const theirs = (await api(t.app, 'GET', `/people/${other.username}`)).json().person.affiliations[0].id as string;

    const changed = await api(t.app, 'PUT', `/people/${user.username}/affiliations/${withA.id}`, {
      token: user.token,
      body: { title: 'Professor', primary: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().affiliations.map((x: { id: string; title: string; primary: boolean }) => [x.id, x.title, x.primary])).toEqual([
      [withA.id, 'Professor', true],
      [withB.id, 'Visitor', false],
    ]);
    // In capitals too, as any id.
    expect((await api(t.app, 'PUT', `/people/${user.username}/affiliations/${withB.id.toUpperCase()}`, { token: user.token, body: {} })).statusCode).toBe(200);
    // Another person's affiliation is not one of theirs.
    expect((await api(t.app, 'PUT', `/people/${user.username}/affiliations/${theirs}`, { token: user.token, body: {} })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${theirs}`, { token: user.token })).statusCode).toBe(404);
    // Signed in, and allowed to edit the person.
    expect((await api(t.app, 'PUT', `/people/${user.username}/affiliations/${withA.id}`, { body: {} })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/people/${user.username}/affiliations/${withA.id}`, { token: other.token, body: {} })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${withA.id}`, { token: other.token })).statusCode).toBe(403);
    const bad = await api(t.app, 'PUT', `/people/${user.username}/affiliations/${withA.id}`, { token: user.token, body: { title: 7 } });
    expect(bad.json().details[0].field).toBe('body.title');

    const removed = await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${withA.id}`, { token: user.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().affiliations.map((x: { id: string }) => x.id)).toEqual([withB.id]);
    expect((await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${withA.id}`, { token: user.token })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/people/${other.username}`)).json().person.affiliations.map((x: { id: string }) => x.id)).toEqual([theirs]);
  });
  it('requires sign-in, edit rights, a known institution and valid input', async () => {
    const user = await buildUser(t.app);
    const other = await buildUser(t.app);
    const inst = await buildInstitution(t.app, manager);
    const path = `/people/${other.username}/affiliations/${inst.slug}`;
    expect((await api(t.app, 'PUT', path, { body: {} })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', path, { token: user.token, body: {} })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/people/${user.username}/affiliations/no-such-inst`, { token: user.token, body: {} })).statusCode).toBe(404);
    const bad = await api(t.app, 'PUT', `/people/${user.username}/affiliations/${inst.slug}`, { token: user.token, body: { primary: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.primary');
    expect((await api(t.app, 'DELETE', `/people/${user.username}/affiliations/${inst.slug}`, { token: user.token })).statusCode).toBe(404);
  });
});

describe('the bio', () => {
  const link = (href: string) => ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'home page', marks: [{ type: 'link', attrs: { href, target: '_blank' } }] }] }],
  });
  it('takes every node and mark of the document list and refuses others, naming them', async () => {
    const person = await buildPerson(t.app, manager);
    await expectDocumentsChecked(
      (bio) => api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio } }),
      async () => (await api(t.app, 'GET', `/people/${person.slug}`)).json().bio,
      'body.bio',
      (await buildAsset(t.app, manager)).id,
    );
  });

  it('stored under older rules (a node the list no longer holds) is answered as stored, not refused', async () => {
    const person = await buildPerson(t.app, manager);
    const old = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Retired node below' }] },
        { type: 'callout', content: [] },
      ],
    };
    await t.database.use((d) =>
      d
        .update(people)
        .set({ bio: old as never })
        .where(eq(people.id, person.id)),
    );
    const res = await api(t.app, 'GET', `/people/${person.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toEqual(old);
  });

  it('is stored as checked rich text: allowed nodes, only known attributes', async () => {
    const person = await buildPerson(t.app, manager);
    const res = await api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio: link('https://example.org') } });
    expect(res.statusCode).toBe(200);
    const stored = (await api(t.app, 'GET', `/people/${person.slug}`)).json().bio;
    expect(stored.content[0].content[0].marks).toEqual([{ type: 'link', attrs: { href: 'https://example.org' } }]);
  });
  it('refuses a javascript: link or an unknown node, naming the place, and keeps the old bio', async () => {
    const person = await buildPerson(t.app, manager, { bio: link('https://kept.example.org') });
    const bad = await api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio: link('javascript:alert(1)') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'body.bio.content.0.content.0.marks.0.attrs.href',
      message: 'Links must start with http://, https://, mailto: or a single / (a path of this site)',
    });
    const html = await api(t.app, 'PUT', `/people/${person.slug}`, {
      token: manager.token,
      body: { bio: { type: 'doc', content: [{ type: 'html', text: '<script>' }] } },
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().details[0].field).toMatch(/^body\.bio/);
    expect((await api(t.app, 'GET', `/people/${person.slug}`)).json().bio.content[0].content[0].marks[0].attrs.href).toBe('https://kept.example.org');
  });
});
