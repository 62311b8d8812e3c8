import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLICATION_LIMITS, type PublicationInput } from '@observatory/shared';
import { buildInstitution, buildPerson, buildProject, buildPublication, buildRole, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/** The real BibTeX file of the demo (42 references on ecological forecasting). */
const BIB = fs.readFileSync(new URL('../../db/seed/files/efi_ecological_forecasting_refs.bib', import.meta.url), 'utf8');

let t: TestApp;
/** Anyone signed in adds publications; a co-author; an outsider; a publications manager; a project's owner and editor. */
let adder: TestUser;
let coauthor: TestUser;
let outsider: TestUser;
let manager: TestUser;
let projectOwner: TestUser;
let projectEditor: TestUser;
let admin: TestUser;
let project: { id: string; slug: string };
let hiddenProject: { id: string; slug: string };

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const doi = () => `10.5555/${unique('test-')}`;
/** A publication as a person would cite it: an author, a year, a DOI of its own. */
const paper = (): PublicationInput => ({
  type: 'article',
  title: unique('Lichen growth on granite '),
  authors: [{ name: 'Lindqvist, Ada' }],
  year: 2021,
  doi: doi(),
});
/** The create call under test, with a paper's fields unless told. */
const add = (who: TestUser | null, publication: Record<string, unknown>) => api(t.app, 'POST', '/pubs', { ...as(who), body: { publication } });
const fields = (overrides: Record<string, unknown> = {}) => ({ ...paper(), ...overrides });
const count = async () => Number((await api(t.app, 'GET', '/pubs')).headers['pagination-count']);

beforeAll(async () => {
  t = await startTestApp();
  adder = await buildUser(t.app);
  coauthor = await buildUser(t.app);
  outsider = await buildUser(t.app);
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const role = await buildRole(t.app, admin, { permissions: ['managePublications'] });
  manager = await buildUser(t.app, { roles: [{ slug: role.slug }] });
  projectOwner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  project = await buildProject(t.app, projectOwner);
  hiddenProject = await buildProject(t.app, projectOwner, { visibility: 'members' });
  projectEditor = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: project.id, type: 'project' } }] });
});
afterAll(() => t.close());

describe('a publication by hand', () => {
  it('is added by any signed-in user, stores a DOI given as an address bare, and is read by slug or id', async () => {
    const bare = doi();
    const res = await add(
      adder,
      fields({
        title: 'Iterative near-term ecological forecasting',
        doi: `https://doi.org/${bare}`,
        keywords: ['forecast', 'forecast', 'ecology'],
        url: 'https://example.org/paper',
        abstract: 'Near-term forecasts.',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { publication, abstract, permissions } = res.json();
    expect(publication).toMatchObject({
      type: 'article',
      title: 'Iterative near-term ecological forecasting',
      year: 2021,
      doi: bare,
      keywords: ['forecast', 'ecology'],
      authors: [{ name: 'Lindqvist, Ada', person: null, confirmed: false }],
      projects: [],
    });
    expect(publication.slug).toMatch(/^lindqvist-2021-iterative-near-term-ecological/);
    expect(abstract).toBe('Near-term forecasts.');
    expect(permissions).toEqual(['view', 'edit', 'delete']);

    const bySlug = await api(t.app, 'GET', `/pubs/${publication.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().publication.id).toBe(publication.id);
    expect(bySlug.json().permissions).toEqual(['view']);
    expect((await api(t.app, 'GET', `/pubs/${publication.id}`, as(outsider))).json().permissions).toEqual(['view']);
    expect((await api(t.app, 'GET', '/pubs/no-such-publication')).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await count();
    const next = new Date().getFullYear() + 1;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: '  ' }, 'body.publication.title', /title/i],
      [{ doi: 'not-a-doi' }, 'body.publication.doi', /Not a DOI/],
      [{ doi: 'https://example.org/10.1234/x' }, 'body.publication.doi', /Not a DOI/],
      [{ year: 1599 }, 'body.publication.year', /1600/],
      [{ year: next + 1 }, 'body.publication.year', /next year/],
      [{ year: 2020.5 }, 'body.publication.year', /whole number/],
      [{ title: 'x'.repeat(PUBLICATION_LIMITS.title + 1) }, 'body.publication.title', new RegExp(`${PUBLICATION_LIMITS.title}`)],
      [{ abstract: 'x'.repeat(PUBLICATION_LIMITS.abstract + 1) }, 'body.publication.abstract', new RegExp(`${PUBLICATION_LIMITS.abstract}`)],
      [
        { authors: [{ name: 'y'.repeat(PUBLICATION_LIMITS.authorName + 1) }] },
        'body.publication.authors.0.name',
        new RegExp(`${PUBLICATION_LIMITS.authorName}`),
      ],
      [{ type: 'poem' }, 'body.publication.type', /./],
      [{ url: 'javascript:alert(1)' }, 'body.publication.url', /http/],
      [{ authors: [{ name: 'Someone', person: 'nobody-of-that-name' }] }, 'body.publication.authors.0.person', /No such person/],
    ];
    for (const [bad, field, message] of cases) {
      const res = await add(adder, fields(bad));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const detail = res.json().details.find((d: { field: string }) => d.field === field);
      expect(detail, `${field}: ${res.body}`).toBeDefined();
      expect(detail.message).toMatch(message);
    }
    expect((await add(adder, fields({ year: next }))).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a DOI already in the catalogue, whatever its case, with a link to that publication', async () => {
    const first = await buildPublication(t.app, adder, { ...paper(), doi: '10.5555/Case-Test-' + unique('') });
    const res = await add(outsider, fields({ doi: `doi:${first.doi!.toLowerCase()}` }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ field: 'body.publication.doi', message: expect.stringContaining(first.title), href: `/pubs/${first.slug}` }]);
    const other = await buildPublication(t.app, adder, paper());
    const change = await api(t.app, 'PUT', `/pubs/${other.id}`, { ...as(adder), body: { publication: { doi: first.doi } } });
    expect(change.statusCode).toBe(409);
    expect((await api(t.app, 'GET', `/pubs/${other.id}`)).json().publication.doi).toBe(other.doi);
    // Its own DOI again is no conflict.
    expect(
      (await api(t.app, 'PUT', `/pubs/${first.id}`, { ...as(adder), body: { publication: { doi: first.doi!.toUpperCase().replace('10.5555', '10.5555') } } }))
        .statusCode,
    ).toBe(200);
  });

  it('is for signed-in users to add; changed by its adder and managePublications; deleted by them only', async () => {
    expect((await add(null, fields())).statusCode).toBe(401);
    const pub = await buildPublication(t.app, adder, paper());
    const change = (who: TestUser | null, publication: Record<string, unknown>) => api(t.app, 'PUT', `/pubs/${pub.id}`, { ...as(who), body: { publication } });
    expect((await change(null, { title: 'Mine' })).statusCode).toBe(401);
    expect((await change(outsider, { title: 'Mine' })).statusCode).toBe(403);
    expect((await change(projectEditor, { title: 'Mine' })).statusCode).toBe(403);
    const changed = await change(adder, { title: 'Renamed', venue: 'Ecology Letters' });
    expect(changed.statusCode, changed.body).toBe(200);
    // What the change leaves out stays.
    expect(changed.json().publication).toMatchObject({
      title: 'Renamed',
      venue: 'Ecology Letters',
      year: 2021,
      doi: pub.doi,
      authors: [{ name: 'Lindqvist, Ada' }],
    });
    expect((await change(manager, { year: 2019 })).json().publication.year).toBe(2019);
    expect((await change(adder, { year: 1500 })).statusCode).toBe(400);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`)).json().publication.year).toBe(2019);

    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}`, as(outsider))).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}`, as(adder))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`)).statusCode).toBe(404);
    const another = await buildPublication(t.app, adder, paper());
    expect((await api(t.app, 'DELETE', `/pubs/${another.slug}`, as(manager))).statusCode).toBe(204);
  });
});

describe('authors linked to people', () => {
  it('are suggestions until the person confirms; then they show on the person’s page and let them edit, not delete', async () => {
    const pub = await buildPublication(t.app, adder, {
      ...paper(),
      authors: [{ name: 'Lindqvist, Ada' }, { name: 'Coauthor, C.', person: coauthor.username }],
    });
    const detail = (await api(t.app, 'GET', `/pubs/${pub.id}`, as(coauthor))).json().publication;
    expect(detail.authors[1]).toMatchObject({ name: 'Coauthor, C.', person: { id: coauthor.personId, slug: coauthor.username }, confirmed: false });
    const profile = async () => (await api(t.app, 'GET', `/people/${coauthor.username}`)).json().publications.map((p: { id: string }) => p.id);
    expect(await profile()).not.toContain(pub.id);
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}`, { ...as(coauthor), body: { publication: { title: 'Not yet' } } })).statusCode).toBe(403);

    const suggestions = await api(t.app, 'GET', '/pubs/suggestions', as(coauthor));
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json().publications.map((p: { id: string }) => p.id)).toContain(pub.id);
    expect((await api(t.app, 'GET', '/pubs/suggestions')).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/pubs/suggestions', as(outsider))).json().publications).toEqual([]);

    // Only the person (or managePublications) confirms: not the adder, not someone else (to whom the link is not there).
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`, as(adder))).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`, as(outsider))).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`)).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${outsider.username}`, as(outsider))).statusCode).toBe(404);
    const confirmed = await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`, as(coauthor));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().publication.authors[1].confirmed).toBe(true);
    expect(confirmed.json().permissions).toEqual(['view', 'edit']);
    expect(await profile()).toContain(pub.id);
    expect((await api(t.app, 'GET', '/pubs/suggestions', as(coauthor))).json().publications.map((p: { id: string }) => p.id)).not.toContain(pub.id);

    // A confirmed author edits; the link stays confirmed through the edit; deleting stays the adder's.
    const edited = await api(t.app, 'PUT', `/pubs/${pub.id}`, {
      ...as(coauthor),
      body: { publication: { title: 'Corrected title', authors: [{ name: 'Coauthor, C.', person: coauthor.personId }, { name: 'Lindqvist, Ada' }] } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().publication.authors[0]).toMatchObject({ person: { id: coauthor.personId }, confirmed: true });
    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}`, as(coauthor))).statusCode).toBe(403);

    // The person filter lists confirmed ones.
    const byPerson = await api(t.app, 'GET', `/pubs?person=${coauthor.username}`);
    expect(byPerson.json().publications.map((p: { id: string }) => p.id)).toEqual([pub.id]);

    // "Not me": the link goes, the name stays.
    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}/authors/${coauthor.username}`, as(outsider))).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/pubs/${pub.id}/authors/${coauthor.username}`, as(coauthor))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`)).json().publication.authors[0]).toMatchObject({ name: 'Coauthor, C.', person: null, confirmed: false });
    expect(await profile()).not.toContain(pub.id);
  });

  it('are confirmed at once when the writer is that person or holds managePublications', async () => {
    const own = await buildPublication(t.app, coauthor, { ...paper(), authors: [{ name: 'Coauthor, C.', person: coauthor.personId }] });
    expect((await api(t.app, 'GET', `/pubs/${own.id}`)).json().publication.authors[0].confirmed).toBe(true);
    const byManager = await buildPublication(t.app, manager, { ...paper(), authors: [{ name: 'Out, Sider', person: outsider.username }] });
    expect((await api(t.app, 'GET', `/pubs/${byManager.id}`)).json().publication.authors[0].confirmed).toBe(true);
  });

  it('waiting for their person, show only to that person and managePublications: everyone else reads the name alone, on every path', async () => {
    // The adder links themselves (confirmed at once), a co-author and a person without an account (both waiting).
    const noAccount = await buildPerson(t.app, admin);
    const title = unique('Unconfirmed links ');
    const pub = await buildPublication(t.app, adder, {
      ...paper(),
      title,
      authors: [
        { name: 'Adder, A.', person: adder.personId },
        { name: 'Coauthor, C.', person: coauthor.personId },
        { name: 'Nobody, N.', person: noAccount.id },
      ],
    });
    const cited = await buildProject(t.app, projectOwner);
    const linked = await api(t.app, 'PUT', `/projects/${cited.id}/pubs/${pub.id}`, as(projectOwner));
    expect(linked.statusCode, linked.body).toBe(200);
    const personOf = async (user: TestUser) => {
      const { id, slug, name } = (await api(t.app, 'GET', `/people/${user.personId}`)).json().person;
      return { id, slug, name };
    };
    const adderLink = { name: 'Adder, A.', person: await personOf(adder), confirmed: true };
    const coauthorLink = { name: 'Coauthor, C.', person: await personOf(coauthor), confirmed: false };
    const noAccountLink = { name: 'Nobody, N.', person: { id: noAccount.id, slug: noAccount.slug, name: noAccount.name }, confirmed: false };
    const nameOnly = (name: string) => ({ name, person: null, confirmed: false });
    // Each reader, and the waiting links they are shown.
    const readers: [string, TestUser | null, ('coauthor' | 'noAccount')[]][] = [
      ['a visitor', null, []],
      ['another signed-in user', outsider, []],
      ['its adder', adder, []],
      ['the co-author', coauthor, ['coauthor']],
      ['a publications manager', manager, ['coauthor', 'noAccount']],
      ['an administrator', admin, ['coauthor', 'noAccount']],
    ];
    for (const [who, reader, shown] of readers) {
      const res = await api(t.app, 'GET', `/pubs/${pub.id}`, as(reader));
      expect(res.statusCode, who).toBe(200);
      const detail = res.json().publication;
      expect(detail.authors, who).toEqual([
        adderLink,
        shown.includes('coauthor') ? coauthorLink : nameOnly('Coauthor, C.'),
        shown.includes('noAccount') ? noAccountLink : nameOnly('Nobody, N.'),
      ]);
      const hidden = [
        ...(shown.includes('coauthor') ? [] : [coauthor.personId, coauthor.username]),
        ...(shown.includes('noAccount') ? [] : [noAccount.id, noAccount.slug]),
      ];
      // The list and its search, the project's page, the confirmed author's page: exactly the detail, counted alike.
      const listed = await api(t.app, 'GET', `/pubs?q=${encodeURIComponent(title)}`, as(reader));
      expect([listed.json().publications, listed.headers['pagination-count']], who).toEqual([[detail], '1']);
      expect((await api(t.app, 'GET', `/projects/${cited.id}`, as(reader))).json().publications, who).toEqual([detail]);
      const adderPage = (await api(t.app, 'GET', `/people/${adder.username}`, as(reader))).json().publications;
      expect(
        adderPage.filter((p: { id: string }) => p.id === pub.id),
        who,
      ).toEqual([detail]);
      // Nor is it listed as the waiting people's, by their page or by the person filter.
      for (const person of [coauthor.username, noAccount.slug]) {
        const page = await api(t.app, 'GET', `/people/${person}`, as(reader));
        expect(
          page.json().publications.map((p: { id: string }) => p.id),
          who,
        ).not.toContain(pub.id);
        const byPerson = await api(t.app, 'GET', `/pubs?person=${person}&q=${encodeURIComponent(title)}`, as(reader));
        expect([byPerson.json().publications, byPerson.headers['pagination-count']], who).toEqual([[], '0']);
      }
      // No path carries a hidden person's id or address, the citations and files included.
      const paths = [
        `/pubs/${pub.id}`,
        `/pubs?q=${encodeURIComponent(title)}`,
        `/projects/${cited.id}`,
        `/people/${adder.username}`,
        `/pubs/${pub.id}/citation?style=apa`,
        ...['bibtex', 'ris', 'csl'].flatMap((format) => [
          `/pubs/${pub.id}/export?format=${format}`,
          `/pubs/export?format=${format}&q=${encodeURIComponent(title)}`,
        ]),
      ];
      for (const path of paths) {
        const res = await api(t.app, 'GET', path, as(reader));
        expect(res.statusCode, `${who}: ${path}`).toBe(200);
        for (const key of hidden) expect(res.body, `${who}: ${path}`).not.toContain(key);
      }
    }
    // The co-author's suggestions show their own link; the other waiting one stays a name.
    const suggested = (await api(t.app, 'GET', '/pubs/suggestions', as(coauthor))).json().publications.find((p: { id: string }) => p.id === pub.id);
    expect(suggested.authors).toEqual([adderLink, coauthorLink, nameOnly('Nobody, N.')]);

    // To those not shown it, a waiting link is no link: confirming or taking it off answers as for someone never linked.
    for (const [method, who] of [
      ['PUT', outsider],
      ['DELETE', outsider],
      ['DELETE', adder],
    ] as const) {
      const res = await api(t.app, method, `/pubs/${pub.id}/authors/${coauthor.username}`, as(who));
      const never = await api(t.app, method, `/pubs/${pub.id}/authors/${outsider.username}`, as(who));
      expect([res.statusCode, res.json().error], `${method} as ${who.username}`).toEqual([never.statusCode, never.json().error]);
    }

    // The adder edits with the authors as they read them: the links they were not shown stay as they were.
    const seenByAdder = (await api(t.app, 'GET', `/pubs/${pub.id}`, as(adder))).json().publication.authors as { name: string; person: { id: string } | null }[];
    const edited = await api(t.app, 'PUT', `/pubs/${pub.id}`, {
      ...as(adder),
      body: { publication: { title: `${title} (revised)`, authors: seenByAdder.map((a) => ({ name: a.name, person: a.person?.id ?? null })) } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().publication.authors).toEqual([adderLink, nameOnly('Coauthor, C.'), nameOnly('Nobody, N.')]);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`, as(manager))).json().publication.authors).toEqual([adderLink, coauthorLink, noAccountLink]);

    // Once confirmed, the link shows to everyone, and the co-author's page lists it.
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`, as(coauthor))).statusCode).toBe(200);
    const confirmed = { ...coauthorLink, confirmed: true };
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`)).json().publication.authors).toEqual([adderLink, confirmed, nameOnly('Nobody, N.')]);
    expect((await api(t.app, 'GET', `/people/${coauthor.username}`)).json().publications.map((p: { id: string }) => p.id)).toContain(pub.id);
    // A link that shows is refused to an outsider as such (403), not hidden.
    expect((await api(t.app, 'PUT', `/pubs/${pub.id}/authors/${coauthor.username}`, as(outsider))).statusCode).toBe(403);
  });

  it('list an institution’s publications through its people’s affiliations', async () => {
    const institution = await buildInstitution(t.app, admin);
    const affiliated = await api(t.app, 'PUT', `/people/${coauthor.personId}/affiliations/${institution.id}`, {
      ...as(coauthor),
      body: { title: 'Ecologist' },
    });
    expect(affiliated.statusCode, affiliated.body).toBe(200);
    const pub = await buildPublication(t.app, coauthor, { ...paper(), authors: [{ name: 'Coauthor, C.', person: coauthor.personId }] });
    const pending = await buildPublication(t.app, adder, { ...paper(), authors: [{ name: 'Coauthor, C.', person: coauthor.personId }] });
    const listed = (await api(t.app, 'GET', `/institutions/${institution.slug}`)).json().publications.map((p: { id: string }) => p.id);
    expect(listed).toContain(pub.id);
    expect(listed).not.toContain(pending.id);
  });
});

describe('on projects', () => {
  it('PUT links a publication (edit on the project) and answers it; the project lists it; DELETE takes it off', async () => {
    const pub = await buildPublication(t.app, adder, paper());
    const link = (who: TestUser | null, projectKey = project.slug, pubKey = pub.id) => api(t.app, 'PUT', `/projects/${projectKey}/pubs/${pubKey}`, as(who));
    const unlink = (who: TestUser | null, projectKey = project.slug, pubKey = pub.id) =>
      api(t.app, 'DELETE', `/projects/${projectKey}/pubs/${pubKey}`, as(who));
    expect((await link(null)).statusCode).toBe(401);
    expect((await link(outsider)).statusCode).toBe(403);
    expect((await link(adder)).statusCode).toBe(403);
    expect((await link(outsider, hiddenProject.slug)).statusCode).toBe(404);
    expect((await link(projectEditor, project.slug, 'no-such-publication')).statusCode).toBe(404);
    const linked = await link(projectEditor, project.slug, pub.slug);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: pub.id, projects: [{ id: project.id, slug: project.slug }] });
    expect((await link(projectEditor)).statusCode).toBe(200);

    const detail = await api(t.app, 'GET', `/projects/${project.slug}`);
    expect(detail.json().publications.map((p: { id: string }) => p.id)).toEqual([pub.id]);
    expect((await api(t.app, 'GET', `/pubs?project=${project.slug}`)).json().publications.map((p: { id: string }) => p.id)).toEqual([pub.id]);

    expect((await unlink(outsider)).statusCode).toBe(403);
    expect((await unlink(null)).statusCode).toBe(401);
    expect((await unlink(projectOwner)).statusCode).toBe(204);
    expect((await unlink(projectOwner)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/projects/${project.slug}`)).json().publications).toEqual([]);
  });

  it('shows a members-only project only to those who see it, and its filter answers as a missing project', async () => {
    const pub = await buildPublication(t.app, adder, paper());
    expect((await api(t.app, 'PUT', `/projects/${hiddenProject.slug}/pubs/${pub.id}`, as(projectOwner))).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`)).json().publication.projects).toEqual([]);
    expect((await api(t.app, 'GET', `/pubs/${pub.id}`, as(projectOwner))).json().publication.projects).toEqual([
      expect.objectContaining({ id: hiddenProject.id }),
    ]);
    const hidden = await api(t.app, 'GET', `/pubs?project=${hiddenProject.slug}`, as(outsider));
    const missing = await api(t.app, 'GET', `/pubs?project=no-such-project`, as(outsider));
    expect([hidden.statusCode, hidden.json(), hidden.headers['pagination-count']]).toEqual([
      missing.statusCode,
      missing.json(),
      missing.headers['pagination-count'],
    ]);
    expect((await api(t.app, 'GET', `/pubs?project=${hiddenProject.slug}`, as(projectOwner))).json().publications.map((p: { id: string }) => p.id)).toEqual([
      pub.id,
    ]);
  });
});

describe('search', () => {
  it('finds words of the title, the authors and the abstract, filters by year and type, and pages', async () => {
    const word = unique('saxifraga');
    const byTitle = await buildPublication(t.app, adder, { ...paper(), title: `Alpine ${word} phenology`, year: 2003, type: 'report' });
    const byAuthor = await buildPublication(t.app, adder, { ...paper(), authors: [{ name: `${word}, Ada` }], year: 2004 });
    const byAbstract = await buildPublication(t.app, adder, { ...paper(), abstract: `We counted ${word} in plots.`, year: 2005, type: 'dataset' });
    const ids = async (query: string) => (await api(t.app, 'GET', `/pubs?${query}`)).json().publications.map((p: { id: string }) => p.id);
    expect(await ids(`q=${word}`)).toEqual([byAbstract.id, byAuthor.id, byTitle.id]);
    expect(await ids(`q=${word}&year=2004`)).toEqual([byAuthor.id]);
    expect(await ids(`q=${word}&type=dataset`)).toEqual([byAbstract.id]);
    const page = await api(t.app, 'GET', `/pubs?q=${word}`);
    expect(page.headers['pagination-count']).toBe('3');
    expect(page.headers['pagination-limit']).toBe('25');
    const years = (await api(t.app, 'GET', '/pubs/years')).json().years;
    expect(years).toEqual(expect.arrayContaining([expect.objectContaining({ year: 2003 }), expect.objectContaining({ year: 2005 })]));
    expect(years.map((y: { year: number }) => y.year)).toEqual([...years.map((y: { year: number }) => y.year)].sort((a, b) => b - a));
    for (const bad of ['p=0', 'p=x', 'type=poem', 'year=1200']) expect((await api(t.app, 'GET', `/pubs?${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('paste and import', () => {
  it('reads every entry of the real BibTeX file, then imports all 42 at once, linked to a project', async () => {
    const parsed = await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: BIB } });
    expect(parsed.statusCode, parsed.body.slice(0, 500)).toBe(200);
    const { format, entries } = parsed.json();
    expect(format).toBe('bibtex');
    expect(entries).toHaveLength(42);
    expect(entries.filter((e: { error: string | null }) => e.error)).toEqual([]);
    const dietze = entries.find((e: { key: string }) => e.key === 'dietze_iterative_2018');
    expect(dietze.publication).toMatchObject({
      type: 'article',
      year: 2018,
      doi: '10.1073/pnas.1710231115',
      volume: '115',
      issue: '7',
      pages: '1424-1432',
      venue: 'Proceedings of the National Academy of Sciences',
      citationKey: 'dietze_iterative_2018',
    });
    expect(dietze.publication.authors).toHaveLength(19);
    expect(dietze.publication.authors[0]).toEqual({ name: 'Dietze, Michael C.', person: null });
    // Braces that protect capitals are gone from the title, kept with it as written in extra; the fields without a column too.
    expect(entries.find((e: { key: string }) => e.key === 'dietze_ecological_2017').publication).toMatchObject({
      type: 'book',
      title: 'Ecological Forecasting',
      extra: { bibtex: { fields: { address: 'Princeton', title: 'Ecological {Forecasting}' } } },
    });
    expect(dietze.publication.extra.bibtex.fields).toMatchObject({
      urldate: '2020-08-14',
      issn: '0027-8424, 1091-6490',
      pmid: '29382745',
      language: 'en',
      note: 'Publisher: National Academy of Sciences\nSection: Perspective',
      shorttitle: 'Iterative near-term ecological forecasting',
    });
    expect(entries.map((e: { line: number }) => e.line)).toEqual([...entries.map((e: { line: number }) => e.line)].sort((a, b) => a - b));

    const before = await count();
    const imported = await api(t.app, 'POST', '/pubs/import', {
      ...as(projectEditor),
      body: { publications: entries.map((e: { publication: unknown }) => e.publication), projects: [project.slug] },
    });
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(201);
    expect(imported.json().publications).toHaveLength(42);
    const saved = (await api(t.app, 'GET', `/pubs/${imported.json().publications[1].slug}`)).json();
    expect(saved.publication.citationKey).toBe('dietze_iterative_2018');
    expect(saved.extra).toEqual(dietze.publication.extra);
    expect(await count()).toBe(before + 42);
    expect((await api(t.app, 'GET', `/pubs?project=${project.slug}&q=forecasting`)).json().publications.length).toBeGreaterThan(5);

    // Read again, every entry with a DOI now names the publication holding it.
    const again = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: BIB } })).json().entries;
    const withDoi = again.filter((e: { publication: { doi: string | null } }) => e.publication.doi);
    expect(withDoi.length).toBeGreaterThan(20);
    expect(withDoi.every((e: { duplicate: unknown }) => e.duplicate)).toBe(true);
    const reimport = await api(t.app, 'POST', '/pubs/import', { ...as(adder), body: { publications: [withDoi[0].publication] } });
    expect(reimport.statusCode).toBe(409);
    expect(reimport.json().details[0]).toMatchObject({ field: 'body.publications.0.doi', href: `/pubs/${withDoi[0].duplicate.slug}` });
  });

  it('names a malformed entry by its key and line and reads the others', async () => {
    const text = `\n@article{good_one,\n  title = {Fine},\n  year = 2001,\n  author = {Doe, Jane}\n}\n\n@article{broken_one,\n  title = {Missing comma}\n  year = 2002\n}\n\n@book{old_one, title = {Too old}, year = 1500}\n`;
    const res = await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().entries;
    expect(entries.map((e: { key: string; line: number }) => [e.key, e.line])).toEqual([
      ['good_one', 2],
      ['broken_one', 8],
      ['old_one', 13],
    ]);
    expect(entries[0]).toMatchObject({ error: null, publication: { title: 'Fine', year: 2001, authors: [{ name: 'Doe, Jane' }] } });
    expect(entries[1].publication).toBeNull();
    // Said in words, where it is: the missing comma before the next field.
    expect(entries[1].error).toBe('Line 10, column 3: Expected "," between two fields or "}" to close the entry, found the word "year"');
    expect(entries[2].publication).toBeNull();
    expect(entries[2].error).toMatch(/^Line 13: year: A year from 1600 on/);
  });

  it('reads RIS and CSL-JSON, and says where JSON goes wrong', async () => {
    const ris =
      'TY  - JOUR\nTI  - Snow cover and soil frost\nAU  - Doe, Jane\nAU  - Roe, Richard\nPY  - 2019\nJO  - Arctic Science\nDO  - https://doi.org/10.5555/ris-one\nER  - \n\nTY  - RPRT\nTI  - A report\nPY  - 2020\nER  - \n';
    const fromRis = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: ris } })).json();
    expect(fromRis.format).toBe('ris');
    expect(fromRis.entries.map((e: { line: number; publication: { type: string } }) => [e.line, e.publication.type])).toEqual([
      [1, 'article'],
      [10, 'report'],
    ]);
    expect(fromRis.entries[0].publication).toMatchObject({
      title: 'Snow cover and soil frost',
      year: 2019,
      doi: '10.5555/ris-one',
      authors: [{ name: 'Doe, Jane' }, { name: 'Roe, Richard' }],
    });

    const unended = (
      await api(t.app, 'POST', '/pubs/parse', {
        ...as(adder),
        body: { text: 'TY  - JOUR\nTI  - First\nTY  - BOOK\nTI  - Second\nER  - \nTI  - Stray\n', format: 'ris' },
      })
    ).json();
    expect(unended.entries.map((e: { line: number; error: string | null }) => [e.line, e.error])).toEqual([
      [1, 'Line 1: this entry has no end (ER  - ) before the next one starts on line 3'],
      [3, null],
      [6, 'Line 6: a tag outside any entry (an entry starts with TY  - )'],
    ]);

    const csl = JSON.stringify(
      [
        {
          id: 'a1',
          type: 'dataset',
          title: 'Plot census',
          author: [{ family: 'Doe', given: 'Jane' }],
          issued: { 'date-parts': [[2022]] },
          publisher: 'Zenodo',
        },
        { id: 'no-title', type: 'article-journal' },
      ],
      null,
      2,
    );
    const fromCsl = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: csl, format: 'csl' } })).json();
    expect(fromCsl.entries[0].publication).toMatchObject({ type: 'dataset', title: 'Plot census', venue: 'Zenodo', year: 2022, citationKey: 'a1' });
    // The second item's opening brace: the last line that is one.
    const secondLine = csl.split('\n').lastIndexOf('  {') + 1;
    expect(fromCsl.entries[1]).toMatchObject({ key: 'no-title', line: secondLine, publication: null, error: `Line ${secondLine}: title: Give a title` });
    const broken = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: '[\n  {"id": "x",\n   "title": }\n]', format: 'csl' } })).json();
    expect(broken.entries).toEqual([expect.objectContaining({ line: 3, publication: null, error: expect.stringMatching(/^Line 3: not valid JSON/) })]);
  });

  it('is for signed-in users; refuses an empty paste; imports all or none', async () => {
    expect((await api(t.app, 'POST', '/pubs/parse', { body: { text: '@book{a, title={A}}' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/pubs/import', { body: { publications: [fields()] } })).statusCode).toBe(401);
    const empty = await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body.text');
    expect((await api(t.app, 'POST', '/pubs/import', { ...as(adder), body: { publications: [] } })).statusCode).toBe(400);
    const tooMany = Array.from({ length: PUBLICATION_LIMITS.importEntries + 1 }, (_, i) => `@misc{e${i}, title = {Entry ${i}}, year = 2000}`).join('\n');
    const refused = await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: tooMany } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'body.text', message: expect.stringContaining(`${PUBLICATION_LIMITS.importEntries + 1}`) });

    const before = await count();
    const bad = await api(t.app, 'POST', '/pubs/import', { ...as(adder), body: { publications: [fields(), fields({ year: 1400 })] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.publications.1.year');
    const same = doi();
    const twice = await api(t.app, 'POST', '/pubs/import', {
      ...as(adder),
      body: { publications: [fields({ doi: same }), fields({ doi: same.toUpperCase() })] },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details[0].field).toBe('body.publications.1.doi');
    // Linking needs edit on the project: refused before anything is written.
    const noEdit = await api(t.app, 'POST', '/pubs/import', { ...as(outsider), body: { publications: [fields()], projects: [project.slug] } });
    expect(noEdit.statusCode).toBe(403);
    expect((await api(t.app, 'POST', '/pubs/import', { ...as(outsider), body: { publications: [fields()], projects: [hiddenProject.slug] } })).statusCode).toBe(
      404,
    );
    expect(await count()).toBe(before);
  });
});

describe('fields without a column (extra)', () => {
  const protectedTitle = { bibtex: { fields: { title: 'Seedlings of {Pinus} {cembra}', urldate: '2020-08-14', copyright: '© {ETH}' } } };

  it('are taken on create, answered with the detail, written back in the exports and mapped to the other formats', async () => {
    const res = await add(adder, fields({ title: 'Seedlings of Pinus cembra', extra: protectedTitle, citationKey: unique('herrera-seedlings_') }));
    expect(res.statusCode, res.body).toBe(201);
    const { publication, extra } = res.json();
    expect(extra).toEqual(protectedTitle);
    const bib = (await api(t.app, 'GET', `/pubs/${publication.slug}/export?format=bibtex`)).body;
    expect(bib).toContain(`@article{${publication.citationKey},`);
    for (const line of ['title = {Seedlings of {Pinus} {cembra}}', 'urldate = {2020-08-14}', 'copyright = {© {ETH}}']) expect(bib).toContain(`  ${line},`);
    const ris = (await api(t.app, 'GET', `/pubs/${publication.slug}/export?format=ris`)).body;
    expect(ris).toContain('\r\nY2  - 2020/08/14\r\n');
    expect(ris).toContain(`\r\nLB  - ${publication.citationKey}\r\n`);
    expect(ris).not.toContain('ETH');
    const [csl] = JSON.parse((await api(t.app, 'GET', `/pubs/${publication.slug}/export?format=csl`)).body);
    expect(csl.accessed).toEqual({ 'date-parts': [[2020, 8, 14]] });
  });

  it('stay through an edit that leaves them out; what held a changed column as written goes with its old value; sent, they replace', async () => {
    const pub = (await add(adder, fields({ title: 'Seedlings of Pinus cembra', extra: protectedTitle }))).json().publication;
    const change = (publication: Record<string, unknown>) => api(t.app, 'PUT', `/pubs/${pub.id}`, { ...as(adder), body: { publication } });
    expect((await change({ venue: 'Alpine Botany' })).json().extra).toEqual(protectedTitle);
    const retitled = await change({ title: 'Seedlings of the stone pine' });
    expect(retitled.json().extra).toEqual({ bibtex: { fields: { urldate: '2020-08-14', copyright: '© {ETH}' } } });
    expect((await api(t.app, 'GET', `/pubs/${pub.id}/export?format=bibtex`)).body).toContain('  title = {Seedlings of the stone pine},');
    const replaced = await change({ extra: { ris: { type: 'CONF', tags: { CY: ['Oslo'] } } } });
    expect(replaced.json().extra).toEqual({ ris: { type: 'CONF', tags: { CY: ['Oslo'] } } });
    expect((await api(t.app, 'GET', `/pubs/${pub.id}/export?format=ris`)).body).toMatch(/^TY {2}- CONF\r\n[\s\S]*\r\nCY {2}- Oslo\r\n/);
    expect((await change({ extra: {} })).json().extra).toEqual({});
  });

  it('are refused naming the field when malformed or too large', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ bibtex: { fields: { note: 'an {unclosed brace' } } }, 'body.publication.extra.bibtex.fields.note', /Braces must balance/],
      [{ bibtex: { fields: { 'Not A Field': 'x' } } }, 'body.publication.extra.bibtex.fields.Not A Field', /BibTeX field name/],
      [{ ris: { tags: { N1: ['two\nlines'] } } }, 'body.publication.extra.ris.tags.N1.0', /one line/],
      [{ ris: { tags: { n1: ['x'] } } }, 'body.publication.extra.ris.tags.n1', /RIS tag/],
      [{ bibtex: { fields: { note: 'x'.repeat(PUBLICATION_LIMITS.extraValue + 1) } } }, 'body.publication.extra.bibtex.fields.note', /20000/],
      [
        { bibtex: { fields: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 'x'.repeat(15_000)])) } },
        'body.publication.extra',
        new RegExp(`${PUBLICATION_LIMITS.extraSize}`),
      ],
      [{ endnote: {} }, 'body.publication.extra.endnote', /Not a field here/],
    ];
    for (const [extra, field, message] of cases) {
      const res = await add(adder, fields({ extra }));
      expect(res.statusCode, `${field}: ${res.body.slice(0, 300)}`).toBe(400);
      const detail = res.json().details.find((d: { field: string }) => d.field === field);
      expect(detail, `${field}: ${res.body.slice(0, 300)}`).toBeDefined();
      expect(detail.message).toMatch(message);
    }
  });
});

describe('citations and export', () => {
  it('formats a publication in each style as plain runs', async () => {
    const pub = await buildPublication(t.app, adder, {
      ...paper(),
      title: 'Forecasting a bright future for ecology',
      authors: [{ name: 'Dietze, Michael' }, { name: 'Lynch, Heather' }],
      year: 2019,
      venue: 'Frontiers in Ecology and the Environment',
      volume: '17',
      issue: '1',
      pages: '3-3',
    });
    const cite = async (style: string) => api(t.app, 'GET', `/pubs/${pub.slug}/citation?style=${style}`);
    const apa = (await cite('apa')).json();
    expect(apa.text).toBe(
      `Dietze, M., & Lynch, H. (2019). Forecasting a bright future for ecology. Frontiers in Ecology and the Environment, 17(1), 3–3. https://doi.org/${pub.doi}`,
    );
    expect(apa.runs).toContainEqual({ text: 'Frontiers in Ecology and the Environment', italic: true });
    expect((await cite('chicago')).json().text).toMatch(/^Dietze, Michael, and Heather Lynch\. 2019\. “Forecasting a Bright Future for Ecology\.”/);
    expect((await cite('vancouver')).json().text).toMatch(/^Dietze M, Lynch H\. Forecasting a bright future for ecology\./);
    expect((await cite('harvard1')).json().text).toMatch(/^Dietze, M\. and Lynch, H\. \(2019\)/);
    expect((await cite('mla')).statusCode).toBe(400);
    expect((await api(t.app, 'GET', '/pubs/no-such-one/citation')).statusCode).toBe(404);
  });

  it('exports one publication or a list as BibTeX, RIS and CSL-JSON, which read back the same', async () => {
    const word = unique('betula');
    const one = await buildPublication(t.app, adder, {
      ...paper(),
      title: `Birch ${word} treeline`,
      authors: [{ name: 'Doe, Jane' }, { name: 'Richard Roe' }],
      venue: 'Arctic Science',
      year: 2018,
      keywords: ['treeline'],
    });
    await buildPublication(t.app, adder, { ...paper(), title: `Second ${word} survey`, type: 'dataset', venue: 'Zenodo', year: 2020 });
    const ris = await api(t.app, 'GET', `/pubs/export?format=ris&q=${word}`);
    expect(ris.statusCode).toBe(200);
    expect(ris.headers['content-type']).toMatch(/^application\/x-research-info-systems/);
    expect(ris.headers['content-disposition']).toBe('attachment; filename="publications.ris"');
    expect(ris.body.match(/^TY {2}- /gm)).toHaveLength(2);
    const back = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: ris.body } })).json().entries;
    expect(back.map((e: { publication: { title: string } }) => e.publication.title).sort()).toEqual([`Birch ${word} treeline`, `Second ${word} survey`]);

    const bib = await api(t.app, 'GET', `/pubs/${one.slug}/export?format=bibtex`);
    expect(bib.headers['content-type']).toMatch(/^application\/x-bibtex/);
    const entry = (await api(t.app, 'POST', '/pubs/parse', { ...as(adder), body: { text: bib.body } })).json().entries[0].publication;
    expect(entry).toMatchObject({
      type: 'article',
      title: `Birch ${word} treeline`,
      venue: 'Arctic Science',
      year: 2018,
      doi: one.doi,
      authors: [{ name: 'Doe, Jane' }, { name: 'Roe, Richard' }],
    });

    const json = await api(t.app, 'GET', `/pubs/${one.id}/export?format=csl`);
    expect(JSON.parse(json.body)).toEqual([expect.objectContaining({ type: 'article-journal', title: `Birch ${word} treeline`, DOI: one.doi })]);
    expect((await api(t.app, 'GET', `/pubs/export?format=endnote`)).statusCode).toBe(400);
    expect((await api(t.app, 'GET', `/pubs/no-such-one/export?format=ris`)).statusCode).toBe(404);
  });
});
