import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildComment,
  buildInsight,
  buildInstitution,
  buildObject,
  buildPage,
  buildPerson,
  buildProject,
  buildPublication,
  buildShortlink,
  buildTeam,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { samplePng } from '../../../test/factories/answer.js';
import { api, startTestApp, unique, upload, type TestApp, versionTag } from '../../../test/harness.js';

// Versions and conditional writes (docs/api.md "Versions") on people, institutions, teams,
// publications, insights, comments, pages and shortlinks; lib/versions.api.test.ts checks
// the protocol itself on projects.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
});
afterAll(() => t.close());

type Item = { version: number } & Record<string, unknown>;
/** What a read finds: the resource (null once deleted) and the ETag answered, null where there is no detail to read (a list item). */
type Read = { item: Item | null; etag: string | null };

/** A resource made for one case: where it is written, how it is read, a change of one of its fields. */
interface Made {
  path: string;
  read: () => Promise<Read>;
  /** A PUT body changing its field to `text`. */
  change: (text: string) => unknown;
  /** The field `change` sets, as read. */
  field: (item: Item) => unknown;
  /** The resource in a PUT's answer. */
  answered: (body: Record<string, unknown>) => Item;
}

/** A detail read: the resource under `key` of the answer, and its ETag. */
const detail =
  (path: string, key: string | null): Made['read'] =>
  async () => {
    const res = await api(t.app, 'GET', path, { token: admin.token });
    if (res.statusCode === 404) return { item: null, etag: null };
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { item: key ? body[key] : body, etag: res.headers.etag as string };
  };

/** A list read, for what has no detail of its own: the item with this id. */
const listed =
  (path: string, key: string, id: string): Made['read'] =>
  async () => {
    const res = await api(t.app, 'GET', path, { token: admin.token });
    if (res.statusCode === 404) return { item: null, etag: null };
    const item = (res.json()[key] as Item[]).find((i) => i.id === id) ?? null;
    return { item, etag: null };
  };

const CASES: { name: string; make: () => Promise<Made> }[] = [
  {
    name: 'person',
    make: async () => {
      const person = await buildPerson(t.app, admin);
      return {
        path: `/people/${person.id}`,
        read: detail(`/people/${person.id}`, 'person'),
        change: (text) => ({ name: text }),
        field: (item) => item.name,
        answered: (body) => body.person as Item,
      };
    },
  },
  {
    name: 'institution',
    make: async () => {
      const institution = await buildInstitution(t.app, admin);
      return {
        path: `/institutions/${institution.id}`,
        read: detail(`/institutions/${institution.id}`, 'institution'),
        change: (text) => ({ description: text }),
        field: (item) => item.description,
        answered: (body) => body as Item,
      };
    },
  },
  {
    name: 'team',
    make: async () => {
      const team = await buildTeam(t.app, admin);
      return {
        path: `/teams/${team.id}`,
        read: detail(`/teams/${team.id}`, 'team'),
        change: (text) => ({ description: text }),
        field: (item) => item.description,
        answered: (body) => body.team as Item,
      };
    },
  },
  {
    name: 'publication',
    make: async () => {
      const publication = await buildPublication(t.app, admin);
      return {
        path: `/pubs/${publication.id}`,
        read: detail(`/pubs/${publication.id}`, 'publication'),
        change: (text) => ({ publication: { venue: text } }),
        field: (item) => item.venue,
        answered: (body) => body.publication as Item,
      };
    },
  },
  {
    name: 'insight',
    make: async () => {
      const insight = await buildInsight(t.app, admin);
      return {
        path: `/insights/${insight.id}`,
        read: detail(`/insights/${insight.id}`, 'insight'),
        change: (text) => ({ insight: { title: text } }),
        field: (item) => item.title,
        answered: (body) => body.insight as Item,
      };
    },
  },
  {
    name: 'comment',
    make: async () => {
      const insight = await buildInsight(t.app, admin);
      const comment = await buildComment(t.app, admin, insight.id);
      return {
        path: `/insights/${insight.id}/comments/${comment.id}`,
        read: listed(`/insights/${insight.id}/comments`, 'comments', comment.id),
        change: (text) => ({ content: text }),
        field: (item) => item.content,
        answered: (body) => body.comment as Item,
      };
    },
  },
  {
    name: 'page',
    make: async () => {
      const page = await buildPage(t.app, admin);
      return {
        path: `/pages/${page.id}`,
        read: detail(`/pages/at/${page.path}`, 'page'),
        change: (text) => ({ title: text }),
        field: (item) => item.title,
        answered: (body) => body.page as Item,
      };
    },
  },
  {
    name: 'shortlink',
    make: async () => {
      const link = await buildShortlink(t.app, admin);
      return {
        path: `/shortlinks/${link.id}`,
        read: listed('/shortlinks', 'shortlinks', link.id),
        change: (text) => ({ target: `/pubs?q=${text}` }),
        field: (item) => item.target,
        answered: (body) => body as Item,
      };
    },
  },
];

describe('versions and conditional writes', () => {
  for (const { name, make } of CASES) {
    it(`the ${name} answers its version; a stale If-Match is refused with 412, writing and deleting nothing`, async () => {
      const made = await make();
      const first = await made.read();
      expect(first.item?.version).toBe(1);
      if (first.etag !== null) expect(first.etag).toMatch(versionTag(1));

      const put = (text: string, tag: string) => api(t.app, 'PUT', made.path, { token: admin.token, body: made.change(text), headers: { 'if-match': tag } });
      const kept = unique('Kept');
      const changed = await put(kept, '"1"');
      expect(changed.statusCode, changed.body).toBe(200);
      expect(made.answered(changed.json()).version).toBe(2);
      expect(changed.headers.etag).toMatch(versionTag(2));

      const stale = await put(unique('Lost'), '"1"');
      expect(stale.statusCode, stale.body).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', current: { version: 2, updatedBy: { id: admin.personId } } });
      const now = (await made.read()).item!;
      expect(now.version).toBe(2);
      expect(made.field(now)).toBe(made.field(made.answered(changed.json())));
      expect(JSON.stringify(made.field(now))).toContain(kept);

      const remove = (tag: string) => api(t.app, 'DELETE', made.path, { token: admin.token, headers: { 'if-match': tag } });
      expect((await remove('"1"')).statusCode).toBe(412);
      expect((await made.read()).item?.version).toBe(2);
      expect((await remove('"2"')).statusCode).toBe(204);
      expect((await made.read()).item).toBeNull();
    });
  }
});

describe('what else makes a new version', () => {
  const versionOf = async (path: string, key: string) => (await api(t.app, 'GET', path, { token: admin.token })).json()[key].version as number;

  it('an affiliation added, changed or removed is a new version of the person', async () => {
    const person = await buildPerson(t.app, admin);
    const institution = await buildInstitution(t.app, admin);
    const path = `/people/${person.id}/affiliations/${institution.id}`;
    expect((await api(t.app, 'PUT', path, { token: admin.token, body: { title: 'Lecturer' } })).statusCode).toBe(200);
    expect(await versionOf(`/people/${person.id}`, 'person')).toBe(2);
    expect((await api(t.app, 'PUT', path, { token: admin.token, body: { primary: true } })).statusCode).toBe(200);
    expect(await versionOf(`/people/${person.id}`, 'person')).toBe(3);
    expect((await api(t.app, 'DELETE', path, { token: admin.token })).statusCode).toBe(200);
    expect(await versionOf(`/people/${person.id}`, 'person')).toBe(4);
  });

  it('the photo set or removed is a new version of the person, answered with its ETag', async () => {
    const person = await buildPerson(t.app, admin);
    const set = await upload(t.app, 'PUT', `/people/${person.id}/photo`, { token: admin.token, file: await samplePng() });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().person.version).toBe(2);
    expect(set.headers.etag).toMatch(versionTag(2));
    const removed = await api(t.app, 'DELETE', `/people/${person.id}/photo`, { token: admin.token });
    expect(removed.json().person.version).toBe(3);
  });

  it('the biography is the person’s own field: changing it is a new version', async () => {
    const person = await buildPerson(t.app, admin);
    const bio = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Studies treelines.' }] }] };
    const res = await api(t.app, 'PUT', `/people/${person.id}`, { token: admin.token, body: { bio }, headers: { 'if-match': '"1"' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person.version).toBe(2);
  });

  it('the logo set or removed is a new version of the institution', async () => {
    const institution = await buildInstitution(t.app, admin);
    const set = await upload(t.app, 'PUT', `/institutions/${institution.id}/logo`, { token: admin.token, file: await samplePng() });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().version).toBe(2);
    expect((await api(t.app, 'DELETE', `/institutions/${institution.id}/logo`, { token: admin.token })).json().version).toBe(3);
    expect((await api(t.app, 'GET', `/institutions`)).json().institutions.find((i: { id: string }) => i.id === institution.id).version).toBe(3);
  });

  it('a member added to a team is a role given, not a new version of the team', async () => {
    const team = await buildTeam(t.app, admin);
    const member = await buildUser(t.app);
    expect((await api(t.app, 'PUT', `/teams/${team.id}/members/${member.username}`, { token: admin.token })).statusCode).toBe(200);
    expect(await versionOf(`/teams/${team.id}`, 'team')).toBe(1);
  });

  it('an author’s confirmation, or their link taken off, is a new version of the publication; a project citing it is not', async () => {
    const writer = await buildUser(t.app);
    const author = await buildUser(t.app);
    const publication = await buildPublication(t.app, writer, { authors: [{ name: 'Author, A.', person: author.personId }] });
    const path = `/pubs/${publication.id}`;
    const confirmed = await api(t.app, 'PUT', `${path}/authors/${author.personId}`, { token: author.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().publication.version).toBe(2);
    expect(confirmed.headers.etag).toMatch(versionTag(2));
    expect((await api(t.app, 'DELETE', `${path}/authors/${author.personId}`, { token: author.token })).statusCode).toBe(204);
    expect(await versionOf(path, 'publication')).toBe(3);

    const project = await buildProject(t.app, admin);
    expect((await api(t.app, 'PUT', `/projects/${project.id}/pubs/${publication.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(await versionOf(path, 'publication')).toBe(3);
  });

  it('an insight’s objects changed are a new version of it; a comment added is not', async () => {
    const insight = await buildInsight(t.app, admin);
    const object = await buildObject(t.app, admin);
    await buildComment(t.app, admin, insight.id);
    expect(await versionOf(`/insights/${insight.id}`, 'insight')).toBe(1);
    const res = await api(t.app, 'PUT', `/insights/${insight.id}`, { token: admin.token, body: { insight: { objects: [object.name] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().insight).toMatchObject({ version: 2, objects: [{ id: object.id }] });
  });

  it('a page moved is a new version; its siblings, renumbered, are not', async () => {
    const parent = await buildPage(t.app, admin);
    const first = await buildPage(t.app, admin, { path: `${parent.path}/first` });
    const second = await buildPage(t.app, admin, { path: `${parent.path}/second` });
    const placed = await api(t.app, 'PUT', `/pages/${second.id}`, { token: admin.token, body: { position: 0 }, headers: { 'if-match': '"1"' } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().page).toMatchObject({ position: 0, version: 2 });
    const moved = await api(t.app, 'POST', `/pages/${second.id}/move`, { token: admin.token, body: { path: `${parent.path}/moved` } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().page.version).toBe(3);
    expect(moved.headers.etag).toMatch(versionTag(3));
    const sibling = (await api(t.app, 'GET', `/pages/at/${first.path}`, { token: admin.token })).json().page;
    expect(sibling).toMatchObject({ position: 1, version: 1 });
    expect(await versionOf(`/pages/at/${parent.path}`, 'page')).toBe(1);
  });

  it('a page made a draft makes the published pages below it drafts: a new version of each', async () => {
    const parent = await buildPage(t.app, admin, { draft: false });
    const child = await buildPage(t.app, admin, { path: `${parent.path}/child`, draft: false });
    expect((await api(t.app, 'PUT', `/pages/${parent.id}`, { token: admin.token, body: { draft: true } })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/pages/at/${child.path}`, { token: admin.token })).json().page).toMatchObject({ draft: true, version: 2 });
  });

  it('following a shortlink counts a hit, not a new version', async () => {
    const link = await buildShortlink(t.app, admin);
    expect((await t.app.inject({ method: 'GET', url: `/s/${link.slug}` })).statusCode).toBe(302);
    const listedLink = (await api(t.app, 'GET', '/shortlinks', { token: admin.token })).json().shortlinks.find((l: { id: string }) => l.id === link.id);
    expect(listedLink).toMatchObject({ hits: 1, version: 1 });
  });

  it('list items carry the version', async () => {
    const person = await buildPerson(t.app, admin, { name: unique('Listed ') });
    await api(t.app, 'PUT', `/people/${person.id}`, { token: admin.token, body: { orcid: null } });
    const people = (await api(t.app, 'GET', `/people?q=${encodeURIComponent(person.name)}`)).json().people;
    expect(people).toMatchObject([{ id: person.id, version: 2 }]);
    const team = await buildTeam(t.app, admin);
    expect((await api(t.app, 'GET', '/teams')).json().teams.find((x: { id: string }) => x.id === team.id).version).toBe(1);
    const insight = await buildInsight(t.app, admin, { title: unique('Listed ') });
    const results = (await api(t.app, 'GET', `/insights?q=${encodeURIComponent(insight.title)}`, { token: admin.token })).json().results;
    expect(results.find((r: { id: string }) => r.id === insight.id).version).toBe(1);
    const page = await buildPage(t.app, admin);
    expect((await api(t.app, 'GET', '/pages?drafts=true', { token: admin.token })).json().pages.find((p: { id: string }) => p.id === page.id).version).toBe(1);
    const publication = await buildPublication(t.app, admin, { title: unique('Listed ') });
    expect((await api(t.app, 'GET', `/pubs?q=${encodeURIComponent(publication.title)}`)).json().publications[0]).toMatchObject({
      id: publication.id,
      version: 1,
    });
  });
});
