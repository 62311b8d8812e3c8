import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInsight, buildObject, buildRole, buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
/** A researcher (createInsights) who writes; a team editor and viewer; an outsider; a manager of insights. */
let author: TestUser;
let teamEditor: TestUser;
let teamViewer: TestUser;
let outsider: TestUser;
let manager: TestUser;
let team: { id: string; slug: string };
let site: string;

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
/** The create call under test, with a text. */
const write = (who: TestUser | null, insight: Record<string, unknown>, text = 'Body') =>
  api(t.app, 'POST', '/insights', { ...as(who), body: { insight, doc: doc(text) } });

beforeAll(async () => {
  t = await startTestApp();
  const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  team = await buildTeam(t.app, admin);
  author = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  teamEditor = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: team.id, type: 'team' } }] });
  teamViewer = await buildUser(t.app, { roles: [{ slug: 'viewer', target: { id: team.id, type: 'team' } }] });
  outsider = await buildUser(t.app);
  const role = await buildRole(t.app, admin, { permissions: ['manageInsights'] });
  manager = await buildUser(t.app, { roles: [{ slug: role.slug }] });
  site = (await buildObject(t.app, admin, { title: 'Insight site', geo: { type: 'Point', coordinates: [10, 50] } })).name;
});
afterAll(() => t.close());

describe('insights', () => {
  it('are written by createInsights holders, read by id or number, changed and deleted by their author', async () => {
    const marker = unique('lichen');
    const made = await write(
      author,
      { title: `Crustose ${marker} on granite`, tags: ['Lichens', ' field '], objects: [site] },
      `The ${marker} survey found twelve species.`,
    );
    expect(made.statusCode, made.body).toBe(201);
    const { insight, doc: stored, permissions } = made.json();
    expect(insight).toMatchObject({
      title: `Crustose ${marker} on granite`,
      tags: ['lichens', 'field'],
      visibility: 'public',
      team: null,
      comments: 0,
      author: { id: author.personId },
    });
    expect(insight.objects.map((o: { name: string }) => o.name)).toEqual([site]);
    expect(stored).toMatchObject({ type: 'doc' });
    expect(permissions).toEqual(expect.arrayContaining(['view', 'edit', 'delete', 'comment']));

    const byNum = await api(t.app, 'GET', `/insights/${insight.num}`);
    expect(byNum.statusCode).toBe(200);
    expect(byNum.json().insight.id).toBe(insight.id);
    expect(byNum.json().permissions).toEqual(['view']);

    const changed = await api(t.app, 'PUT', `/insights/${insight.id}`, { ...as(author), body: { insight: { title: 'Renamed' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    // What the change leaves out stays as it is.
    expect(changed.json().insight).toMatchObject({ title: 'Renamed', tags: ['lichens', 'field'], visibility: 'public', objects: [{ name: site }] });
    expect(changed.json().doc).toEqual(stored);
    const retagged = await api(t.app, 'PUT', `/insights/${insight.id}`, { ...as(author), body: { insight: { tags: ['moss'], objects: [] } } });
    expect(retagged.json().insight).toMatchObject({ title: 'Renamed', tags: ['moss'], objects: [] });
    expect((await api(t.app, 'PUT', `/insights/${insight.id}`, { ...as(outsider), body: { insight: { title: 'Mine now' } } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/insights/${insight.id}`, { body: { insight: { title: 'Mine now' } } })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/insights/${insight.id}`, as(outsider))).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/insights/${insight.id}`, as(author))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/insights/${insight.num}`)).statusCode).toBe(404);
  });

  it('need createInsights to write; bad input is refused naming the field and writes nothing', async () => {
    expect((await write(null, { title: 'x' })).statusCode).toBe(401);
    expect((await write(outsider, { title: 'x' })).statusCode).toBe(403);
    const refused = async (insight: Record<string, unknown>, field: string) => {
      const res = await write(author, insight);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await refused({ title: '   ' }, 'body.insight.title');
    await refused({ title: 'Tags', tags: ['   '] }, 'body.insight.tags.0');
    await refused({ title: 'Team', team: 'no-such-team' }, 'body.insight.team');
    await refused({ title: 'Object', objects: ['no-such-object'] }, 'body.insight.objects.0');
    await refused({ title: 'Visibility', visibility: 'friends' }, 'body.insight.visibility');
    expect((await api(t.app, 'GET', '/insights?q=Visibility')).json().results).toEqual([]);
  });

  it('members-only: seen by the team’s members (no team: the author alone), changed by its editors; hidden alike from search, tags and counts', async () => {
    const tag = unique('secret-tag-');
    const teamOnly = await buildInsight(t.app, author, { title: 'Team plan', tags: [tag], visibility: 'members', team: team.slug });
    const own = await buildInsight(t.app, author, { title: 'Own notes', tags: [tag], visibility: 'members' });
    const signedIn = await buildInsight(t.app, author, { title: 'For the signed in', tags: [tag], visibility: 'signed-in' });

    const ids = async (who: TestUser | null) =>
      (await api(t.app, 'GET', `/insights?tag=${tag}`, as(who)))
        .json()
        .results.map((r: { id: string }) => r.id)
        .sort();
    expect(await ids(null)).toEqual([]);
    expect(await ids(outsider)).toEqual([signedIn.id]);
    expect(await ids(teamViewer)).toEqual([teamOnly.id, signedIn.id].sort());
    expect(await ids(author)).toEqual([teamOnly.id, own.id, signedIn.id].sort());
    expect(await ids(manager)).toEqual([teamOnly.id, own.id, signedIn.id].sort());

    for (const [who, readable] of [
      [null, false],
      [outsider, false],
      [teamViewer, true],
    ] as const) {
      expect((await api(t.app, 'GET', `/insights/${teamOnly.num}`, as(who))).statusCode).toBe(readable ? 200 : 404);
      expect((await api(t.app, 'GET', `/insights/${own.num}`, as(who))).statusCode).toBe(404);
    }
    const tagCount = async (who: TestUser | null) =>
      (await api(t.app, 'GET', '/insights/tags', as(who))).json().tags.find((x: { tag: string }) => x.tag === tag)?.count ?? 0;
    expect([await tagCount(null), await tagCount(outsider), await tagCount(teamViewer), await tagCount(author)]).toEqual([0, 1, 2, 3]);

    // The team's editors change and delete it; its viewers do neither (404 for what they cannot see, 403 else).
    expect((await api(t.app, 'PUT', `/insights/${teamOnly.id}`, { ...as(teamViewer), body: { insight: { title: 'No' } } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/insights/${own.id}`, { ...as(teamEditor), body: { insight: { title: 'No' } } })).statusCode).toBe(404);
    const edited = await api(t.app, 'PUT', `/insights/${teamOnly.id}`, { ...as(teamEditor), body: { insight: { title: 'Team plan, revised' } } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().permissions).toEqual(expect.arrayContaining(['edit', 'delete']));
    expect((await api(t.app, 'DELETE', `/insights/${teamOnly.id}`, as(teamEditor))).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/insights/${own.id}`, as(manager))).statusCode).toBe(204);
  });

  it('search in full text, ranked, with plain-text snippets and highlight ranges: markup stays text', async () => {
    const word = unique('xylotomy');
    const evil = await buildInsight(t.app, author, { title: `Wood ${word}`, doc: doc(`Cut <img src=x onerror=alert(1)> sections: ${word} of oak`) });
    const weaker = await buildInsight(t.app, author, { title: 'Other wood', doc: doc(`Once, ${word}.`) });
    const res = await api(t.app, 'GET', `/insights?q=${encodeURIComponent(word)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['pagination-count']).toBe('2');
    const [first, second] = res.json().results;
    expect([first.id, second.id]).toEqual([evil.id, weaker.id]);
    expect(first.snippet).toContain('<img src=x onerror=alert(1)>');
    expect(first.highlights.length).toBeGreaterThan(0);
    for (const [start, end] of first.highlights) expect(first.snippet.slice(start, end).toLowerCase()).toBe(word.toLowerCase());
    expect(res.json().query).toEqual({ q: word, s: 'relevance' });
    // Without q, the text's beginning: not the title again.
    const plain = (await api(t.app, 'GET', `/insights?u=${author.username}&s=oldest`)).json().results.find((r: { id: string }) => r.id === weaker.id);
    expect(plain).toMatchObject({ snippet: `Once, ${word}.`, highlights: [] });

    // Web-search syntax forgives: quotes, minus and stray operators never answer 500.
    for (const q of [`"${word} of oak"`, `${word} -oak`, 'or or ((', '"unclosed', '!!! & |']) {
      expect((await api(t.app, 'GET', `/insights?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    }
    expect((await api(t.app, 'GET', `/insights?q=${encodeURIComponent(`"${word} of oak"`)}`)).json().results.map((r: { id: string }) => r.id)).toEqual([
      evil.id,
    ]);
    expect((await api(t.app, 'GET', '/insights?p=0')).statusCode).toBe(400);
    expect((await api(t.app, 'GET', '/insights?s=loudest')).statusCode).toBe(400);
  });

  it('filter by tag, object, author and team, and sort oldest first', async () => {
    const tag = unique('filter-tag-');
    const a = await buildInsight(t.app, author, { title: 'First', tags: [tag], objects: [site] });
    const b = await buildInsight(t.app, author, { title: 'Second', tags: [tag], team: team.slug });
    const list = async (query: string) =>
      (await api(t.app, 'GET', `/insights?tag=${tag}&${query}`, as(author))).json().results.map((r: { id: string }) => r.id);
    expect(await list('s=oldest')).toEqual([a.id, b.id]);
    expect(await list('s=newest')).toEqual([b.id, a.id]);
    expect(await list(`o=${site}`)).toEqual([a.id]);
    expect(await list(`t=${team.slug}`)).toEqual([b.id]);
    expect(await list(`u=${author.username}`)).toEqual([b.id, a.id]);
    expect(await list('u=no-such-person')).toEqual([]);
    expect(await list('v=public')).toEqual([b.id, a.id]);
  });
});
