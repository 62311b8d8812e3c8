import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMITS, type PageDetail, type PageSummary, type ProseMirrorDoc } from '@observatory/shared';
import { buildPage, buildRole, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';
import { auditLog, documentRevisions, pages } from '../../db/schema/index.js';
import { imageNode } from '../assets/index.js';

let t: TestApp;
/** Signed in, no permission on pages. */
let reader: TestUser;
/** A role holding managePages and nothing else. */
let editor: TestUser;
let admin: TestUser;

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
/** A top-level segment no other test uses. */
const top = (prefix: string) => unique(prefix);

/** The create call under test. */
const create = (who: TestUser | null, body: Record<string, unknown>) => api(t.app, 'POST', '/pages', { ...as(who), body });
const at = (path: string, who: TestUser | null = null) => api(t.app, 'GET', `/pages/at/${path}`, as(who));
const tree = async (who: TestUser | null, query = '') => (await api(t.app, 'GET', `/pages${query}`, as(who))).json().pages as PageSummary[];
const under = (list: PageSummary[], root: string) => list.filter((p) => p.path === root || p.path.startsWith(`${root}/`)).map((p) => p.path);
const search = async (q: string, who: TestUser | null = null) =>
  (await api(t.app, 'GET', `/pages/search?q=${encodeURIComponent(q)}`, as(who))).json().results as {
    id: string;
    path: string;
    title: string;
    snippet: string;
  }[];
/** Every page, drafts too: to see that a refused write changed nothing. */
const everything = async () => (await api(t.app, 'GET', '/pages?drafts=true', as(editor))).json();
const field = (res: { json: () => { details?: { field: string; message: string }[] } }) => res.json().details?.map((d) => d.field);

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const role = await buildRole(t.app, admin, { permissions: ['managePages'] });
  editor = await buildUser(t.app, { roles: [{ slug: role.slug }] });
  reader = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
});
afterAll(() => t.close());

describe('the tree', () => {
  it('lists pages depth-first by path, siblings in their places; a page without a place goes last', async () => {
    const root = top('tree');
    await buildPage(t.app, editor, { path: root, position: 0 });
    await buildPage(t.app, editor, { path: `${root}/beta`, title: 'Beta', position: 1 });
    await buildPage(t.app, editor, { path: `${root}/alpha`, title: 'Zulu', position: 1 });
    await buildPage(t.app, editor, { path: `${root}/first`, title: 'Gamma', position: 0 });
    await buildPage(t.app, editor, { path: `${root}/first/deep`, position: 0 });
    const last = await buildPage(t.app, editor, { path: `${root}/last`, title: 'Aardvark' });
    expect(last.position).toBe(3);
    expect(under(await tree(null), root)).toEqual([root, `${root}/first`, `${root}/first/deep`, `${root}/beta`, `${root}/alpha`, `${root}/last`]);
  });

  it('refuses a drafts filter that is neither true nor false, naming it', async () => {
    const res = await api(t.app, 'GET', '/pages?drafts=maybe');
    expect(res.statusCode).toBe(400);
    expect(field(res)).toEqual(['querystring.drafts']);
  });
});

describe('drafts', () => {
  let root: string;
  const word = unique('zyxdraftword');
  beforeAll(async () => {
    root = top('drafts');
    await buildPage(t.app, editor, { path: root, doc: text(`Published ${word}`) });
    await buildPage(t.app, editor, { path: `${root}/hidden`, title: 'Hidden draft', draft: true, doc: text(`Draft ${word}`) });
    // Not told: below a draft, a page starts as one.
    expect((await buildPage(t.app, editor, { path: `${root}/hidden/below`, title: 'Below a draft', doc: text('Below') })).draft).toBe(true);
  });

  it('are hidden from visitors and users, with or without drafts=true; managePages sees them only when asking', async () => {
    for (const who of [null, reader]) {
      expect(under(await tree(who), root)).toEqual([root]);
      expect(under(await tree(who, '?drafts=true'), root)).toEqual([root]);
    }
    expect(under(await tree(editor), root)).toEqual([root]);
    const all = await tree(editor, '?drafts=true');
    expect(under(all, root)).toEqual([root, `${root}/hidden`, `${root}/hidden/below`]);
    expect(all.filter((p) => p.path.startsWith(`${root}/`)).every((p) => p.draft)).toBe(true);
  });

  it('is not found at its path but by managePages, who sees which pages above are drafts', async () => {
    for (const path of [`${root}/hidden`, `${root}/hidden/below`]) {
      expect((await at(path)).statusCode).toBe(404);
      expect((await at(path, reader)).json()).toMatchObject({ code: 'NOT_FOUND', error: 'Page not found' });
    }
    const seen = await at(`${root}/hidden`, editor);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().permissions).toEqual(['view', 'edit', 'delete']);
    expect((await at(`${root}/hidden/below`, editor)).json().ancestors).toEqual([
      { path: root, title: `Page ${root}`, draft: false },
      { path: `${root}/hidden`, title: 'Hidden draft', draft: true },
    ]);
  });

  it('are never found by search, even by managePages; published, they are', async () => {
    for (const who of [null, reader, editor, admin]) expect((await search(word, who)).map((r) => r.path)).toEqual([root]);
    const draft = (await at(`${root}/hidden`, editor)).json() as PageDetail;
    expect((await api(t.app, 'PUT', `/pages/${draft.page.id}`, { token: editor.token, body: { draft: false } })).statusCode).toBe(200);
    expect((await search(word)).map((r) => r.path).sort()).toEqual([root, `${root}/hidden`].sort());
    expect((await api(t.app, 'PUT', `/pages/${draft.page.id}`, { token: editor.token, body: { draft: true } })).statusCode).toBe(200);
  });
});

describe('a page below a draft', () => {
  const put = (id: string, body: Record<string, unknown>) => api(t.app, 'PUT', `/pages/${id}`, { token: editor.token, body });
  const move = (id: string, path: string) => api(t.app, 'POST', `/pages/${id}/move`, { token: editor.token, body: { path } });

  it('cannot be made or published while the page above is a draft: 400 naming body.draft, changing nothing', async () => {
    const root = top('below');
    await buildPage(t.app, editor, { path: root, draft: true });
    const before = await everything();
    const res = await create(editor, { path: `${root}/open`, title: 'Open', draft: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'body.draft', message: `The page above it, /doc/${root}, is a draft: publish that first, or keep this one a draft` },
    ]);
    expect(await everything()).toEqual(before);

    const child = await buildPage(t.app, editor, { path: `${root}/child` });
    const grandchild = await buildPage(t.app, editor, { path: `${root}/child/leaf` });
    const refused = await put(grandchild.id, { draft: false, title: 'Renamed' });
    expect(refused.statusCode).toBe(400);
    expect(field(refused)).toEqual(['body.draft']);
    expect((await at(`${root}/child/leaf`, editor)).json().page).toMatchObject({ title: `Page ${root}/child/leaf`, draft: true });
    // Published from the top down, it may be.
    const parent = (await at(root, editor)).json() as PageDetail;
    for (const id of [parent.page.id, child.id, grandchild.id]) expect((await put(id, { draft: false })).statusCode).toBe(200);
    expect(under(await tree(null), root)).toEqual([root, `${root}/child`, `${root}/child/leaf`]);
  });

  it('becomes a draft with the page above when that is made one; published again, the page above does not publish it', async () => {
    const root = top('unpublish');
    const parent = await buildPage(t.app, editor, { path: root, doc: text('Section') });
    await buildPage(t.app, editor, { path: `${root}/a` });
    await buildPage(t.app, editor, { path: `${root}/a/b` });
    await buildPage(t.app, editor, { path: `${root}/c`, draft: true });
    const res = await put(parent.id, { draft: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(under(await tree(null), root)).toEqual([]);
    expect((await tree(editor, '?drafts=true')).filter((p) => p.path.startsWith(root)).map((p) => [p.path, p.draft])).toEqual([
      [root, true],
      [`${root}/a`, true],
      [`${root}/a/b`, true],
      [`${root}/c`, true],
    ]);
    const audit = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, parent.id), eq(auditLog.action, 'page.update'))),
    );
    expect(audit.at(-1)!.after).toMatchObject({ draft: true, draftedBelow: 2 });
    expect((await put(parent.id, { draft: false })).statusCode).toBe(200);
    expect(under(await tree(null), root)).toEqual([root]);
  });

  it('a published page cannot move below a draft (400 naming body.path, changing nothing); a draft may', async () => {
    const [draftTop, other] = [top('drafttop'), top('other')];
    await buildPage(t.app, editor, { path: draftTop, draft: true });
    const open = await buildPage(t.app, editor, { path: other });
    const before = await everything();
    const res = await move(open.id, `${draftTop}/moved`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'body.path', message: `/doc/${draftTop} is a draft: a published page cannot go below it (publish that first, or make this page a draft)` },
    ]);
    expect(await everything()).toEqual(before);
    expect((await put(open.id, { draft: true })).statusCode).toBe(200);
    expect((await move(open.id, `${draftTop}/moved`)).statusCode).toBe(200);
  });

  it('published below a draft before this rule (migration 0026): made a draft', async () => {
    const root = top('migrated');
    await buildPage(t.app, editor, { path: root, draft: true });
    await buildPage(t.app, editor, { path: `${root}/open` });
    await buildPage(t.app, editor, { path: `${root}/open/deeper` });
    const elsewhere = await buildPage(t.app, editor, { path: top('untouched') });
    await t.database.use((d) =>
      d
        .update(pages)
        .set({ draft: false })
        .where(sql`${pages.path} like ${`${root}/%`}`),
    );
    expect(under(await tree(null), root)).toEqual([`${root}/open`, `${root}/open/deeper`]);
    const migration = await readFile(new URL('../../db/migrations/0026_pages_below_drafts.sql', import.meta.url), 'utf8');
    await t.database.use((d) => d.execute(sql.raw(migration)));
    expect(under(await tree(null), root)).toEqual([]);
    expect(under(await tree(editor, '?drafts=true'), root)).toEqual([root, `${root}/open`, `${root}/open/deeper`]);
    expect((await at(elsewhere.path)).statusCode).toBe(200);
  });
});

describe('GET pages/at/{path}', () => {
  it('answers a nested page with its ancestors top first, who changed it, its text and permissions', async () => {
    const root = top('nest');
    await buildPage(t.app, editor, { path: root, title: 'Guide' });
    await buildPage(t.app, editor, { path: `${root}/map`, title: 'The map' });
    const created = await buildPage(t.app, editor, { path: `${root}/map/layers`, title: 'Layers', doc: text('Switch layers on and off.') });
    const res = await at(`${root}/map/layers`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PageDetail;
    expect(body).toMatchObject({
      page: { id: created.id, path: `${root}/map/layers`, title: 'Layers', draft: false, position: 0, updatedBy: { id: editor.personId } },
      doc: text('Switch layers on and off.'),
      ancestors: [
        { path: root, title: 'Guide' },
        { path: `${root}/map`, title: 'The map' },
      ],
      permissions: ['view'],
    });
    expect((await at(`${root}/map/layers`, reader)).json().permissions).toEqual(['view']);
    expect((await at(`${root}/map/layers`, admin)).json().permissions).toEqual(['view', 'edit', 'delete']);
  });

  it('is 404 for a missing page and for a path no page can have', async () => {
    for (const path of [`${top('none')}/nothing`, 'Upper', 'a//b', `${top('slash')}/`]) {
      const res = await at(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error).toBe('Page not found');
    }
  });
});

describe('POST pages', () => {
  it('adds a page (201), records it in the audit log, and keeps its text as the first revision', async () => {
    const path = top('new');
    const res = await create(editor, { path, title: '  Welcome  ', doc: text('Hello.') });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as PageDetail;
    expect(body.page).toMatchObject({ path, title: 'Welcome', draft: false });
    const entries = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, body.page.id), eq(auditLog.action, 'page.create'))),
    );
    expect(entries).toHaveLength(1);
    expect((await api(t.app, 'GET', `/pages/${body.page.id}/revisions`, as(editor))).json().revisions).toHaveLength(1);
    // The admin overview names the page and its path (its address).
    const audit = (await api(t.app, 'GET', '/admin/summary', as(admin))).json().audit as { action: string; target: unknown }[];
    expect(audit.find((a) => a.action === 'page.create')?.target).toEqual({ state: 'shown', name: 'Welcome', key: path });
  });

  it('puts a page in the place given among its siblings, numbering them again', async () => {
    const root = top('place');
    await buildPage(t.app, editor, { path: root });
    const [a, b] = [await buildPage(t.app, editor, { path: `${root}/a` }), await buildPage(t.app, editor, { path: `${root}/b` })];
    const placed = await buildPage(t.app, editor, { path: `${root}/between`, position: 1 });
    expect(placed.position).toBe(1);
    const places = (await tree(null)).filter((p) => p.path.startsWith(`${root}/`)).map((p) => [p.id, p.position]);
    expect(places).toEqual([
      [a.id, 0],
      [placed.id, 1],
      [b.id, 2],
    ]);
    // PUT takes a place the same way.
    const first = await api(t.app, 'PUT', `/pages/${b.id}`, { token: editor.token, body: { position: 0 } });
    expect(first.json().page.position).toBe(0);
    expect((await tree(null)).filter((p) => p.path.startsWith(`${root}/`)).map((p) => p.path)).toEqual([`${root}/b`, `${root}/a`, `${root}/between`]);
  });

  it('refuses a page whose parent does not exist, naming body.path, changing nothing', async () => {
    const parent = top('guide');
    const before = await everything();
    const res = await create(editor, { path: `${parent}/child`, title: 'Orphan' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.path', message: `Create the page ${parent} first` }]);
    expect(await everything()).toEqual(before);
  });

  it('refuses a taken path with 409 naming body.path', async () => {
    const path = top('taken');
    await buildPage(t.app, editor, { path });
    const res = await create(editor, { path, title: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'body.path', message: `A page exists at /doc/${path}` }] });
  });

  it('refuses bad paths and titles, naming the field, changing nothing', async () => {
    const root = top('bad');
    await buildPage(t.app, editor, { path: root });
    const before = await everything();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ path: `${root}//b` }, 'body.path', /empty segments/],
      [{ path: `${root}/` }, 'body.path', /empty segments/],
      [{ path: '' }, 'body.path', /needs a path/],
      [{ path: 'api/x' }, 'body.path', /API reference/],
      [{ path: `${root}/Upper` }, 'body.path', /lower-case/],
      [{ path: `${root}/a b` }, 'body.path', /lower-case/],
      [{ path: `${root}/x`, title: '  ' }, 'body.title', /title/],
      [{ path: `${root}/x`, title: 'x'.repeat(PAGE_LIMITS.title + 1) }, 'body.title', /At most/],
      [{ path: `${root}/x`, position: -1 }, 'body.position', /./],
      [{ path: `${root}/x`, doc: { type: 'doc', content: [{ type: 'script' }] } }, 'body.doc', /./],
    ];
    for (const [body, name, message] of cases) {
      const res = await create(editor, { title: 'A page', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(field(res)?.[0], JSON.stringify(body)).toMatch(new RegExp(`^${name.replace('.', '\\.')}`));
      expect(res.json().details[0].message, JSON.stringify(body)).toMatch(message);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('PUT pages/{id} and the revisions', () => {
  it('changes the fields given, keeps each changed text as a revision, restores an older one, and keeps search in step', async () => {
    const path = top('rev');
    const [oldWord, newWord] = [unique('qqoldword'), unique('qqnewword')];
    const page = await buildPage(t.app, editor, { path, title: 'Field notes', doc: text(`First ${oldWord}`) });
    expect((await search(oldWord)).map((r) => r.id)).toEqual([page.id]);

    const changed = await api(t.app, 'PUT', `/pages/${page.id}`, {
      token: editor.token,
      body: { title: 'Field notes, revised', doc: text(`Second ${newWord}`) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ page: { title: 'Field notes, revised' }, doc: text(`Second ${newWord}`) });
    expect(await search(oldWord)).toEqual([]);
    const [found] = await search(newWord);
    expect(found).toMatchObject({ id: page.id, path, title: 'Field notes, revised' });
    expect(found!.snippet).toContain(`«${newWord}»`);
    expect((await search('revised')).map((r) => r.id)).toContain(page.id);

    // The same text again is no new revision.
    expect((await api(t.app, 'PUT', `/pages/${page.id}`, { token: editor.token, body: { doc: text(`Second ${newWord}`) } })).statusCode).toBe(200);
    const revisions = (await api(t.app, 'GET', `/pages/${page.id}/revisions`, as(editor))).json().revisions as { id: string }[];
    expect(revisions).toHaveLength(2);
    const first = revisions[1]!.id;
    expect((await api(t.app, 'GET', `/pages/${page.id}/revisions/${first}`, as(editor))).json().doc).toEqual(text(`First ${oldWord}`));

    const restored = await api(t.app, 'POST', `/pages/${page.id}/revisions/${first}/restore`, as(editor));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().doc).toEqual(text(`First ${oldWord}`));
    expect((await search(oldWord)).map((r) => r.id)).toEqual([page.id]);
    expect((await api(t.app, 'GET', `/pages/${page.id}/revisions`, as(editor))).json().revisions).toHaveLength(3);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const page = await buildPage(t.app, editor, { path: top('badput') });
    const before = await at(page.path);
    for (const [body, name] of [
      [{ title: '' }, 'body.title'],
      [{ position: 10_001 }, 'body.position'],
      [{ draft: 'yes' }, 'body.draft'],
      [{ doc: { type: 'doc', content: [] } }, 'body.doc'],
    ] as const) {
      const res = await api(t.app, 'PUT', `/pages/${page.id}`, { token: editor.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(field(res)?.[0]).toBe(name);
    }
    expect((await api(t.app, 'PUT', '/pages/not-an-id', { token: editor.token, body: {} })).json().details[0].field).toBe('params.id');
    expect((await at(page.path)).json()).toEqual(before.json());
  });

  it('history: 404 for a page no one may see, 403 to users, 401 to visitors', async () => {
    const draft = await buildPage(t.app, editor, { path: top('hist'), draft: true, doc: text('Secret') });
    const published = await buildPage(t.app, editor, { path: top('hist'), doc: text('Open') });
    const [rev] = (await api(t.app, 'GET', `/pages/${published.id}/revisions`, as(editor))).json().revisions;
    expect((await api(t.app, 'GET', `/pages/${draft.id}/revisions`, as(reader))).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/pages/${published.id}/revisions`, as(reader))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/pages/${published.id}/revisions/${rev.id}`, as(reader))).statusCode).toBe(403);
    expect((await api(t.app, 'POST', `/pages/${published.id}/revisions/${rev.id}/restore`, as(reader))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/pages/${published.id}/revisions`)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', `/pages/${published.id}/revisions/${rev.id}`)).statusCode).toBe(401);
    // A revision of another page, or no revision id at all.
    expect((await api(t.app, 'GET', `/pages/${draft.id}/revisions/${rev.id}`, as(editor))).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/pages/${published.id}/revisions/not-an-id`, as(editor))).json().details[0].field).toMatch(/^params\./);
    expect((await api(t.app, 'POST', `/pages/${published.id}/revisions/${rev.id}/restore`)).statusCode).toBe(401);
  });
});

describe('POST pages/{id}/move', () => {
  const move = (id: string, body: Record<string, unknown>, who: TestUser | null = editor) => api(t.app, 'POST', `/pages/${id}/move`, { ...as(who), body });

  it('rewrites the path of the page and of every page below it; it goes last among its new siblings', async () => {
    const [from, to] = [top('from'), top('to')];
    const moving = await buildPage(t.app, editor, { path: from, doc: text('Moving') });
    await buildPage(t.app, editor, { path: `${from}/a` });
    await buildPage(t.app, editor, { path: `${from}/a/b` });
    await buildPage(t.app, editor, { path: to });
    await buildPage(t.app, editor, { path: `${to}/existing`, position: 5 });
    const res = await move(moving.id, { path: `${to}/moved` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ page: { id: moving.id, path: `${to}/moved`, position: 1 }, ancestors: [{ path: to }] });
    expect(under(await tree(null), to)).toEqual([to, `${to}/existing`, `${to}/moved`, `${to}/moved/a`, `${to}/moved/a/b`]);
    expect(under(await tree(null), from)).toEqual([]);
    for (const path of [from, `${from}/a/b`]) expect((await at(path)).statusCode).toBe(404);
    // Its history moves with it: it is kept by id.
    expect((await api(t.app, 'GET', `/pages/${moving.id}/revisions`, as(editor))).json().revisions).toHaveLength(1);
    const audit = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, moving.id), eq(auditLog.action, 'page.move'))),
    );
    expect(audit[0]!.after).toMatchObject({ path: `${to}/moved`, moved: 3 });
  });

  it('refuses a move below itself, onto a taken path, below a missing page or too deep: naming body.path, changing nothing', async () => {
    const root = top('mv');
    const page = await buildPage(t.app, editor, { path: root });
    await buildPage(t.app, editor, { path: `${root}/child` });
    await buildPage(t.app, editor, { path: `${root}/child/grandchild` });
    const other = top('mvtaken');
    await buildPage(t.app, editor, { path: other });
    const deep = top('deep');
    await buildPage(t.app, editor, { path: deep });
    for (const path of [`${deep}/a`, `${deep}/a/b`, `${deep}/a/b/c`]) await buildPage(t.app, editor, { path });
    const before = await everything();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ path: `${root}/child/inside` }, 400, /cannot move below itself/],
      [{ path: other }, 409, /A page exists at/],
      [{ path: `${top('nowhere')}/x` }, 400, /Create the page/],
      [{ path: `${deep}/a/b` }, 409, /A page exists/],
      // Its grandchild would be seven segments deep.
      [{ path: `${deep}/a/b/c/x` }, 400, /At most 6 segments/],
      [{ path: 'API' }, 400, /lower-case/],
      [{ path: 'api' }, 400, /is the API reference/],
      [{ path: `${root}//x` }, 400, /no empty segments/],
    ];
    for (const [body, status, message] of cases) {
      const res = await move(page.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().details, JSON.stringify(body)).toEqual([{ field: 'body.path', message: expect.stringMatching(message) }]);
    }
    expect(await everything()).toEqual(before);
  });

  it('to its own path only changes its place among its siblings, which are numbered again', async () => {
    const root = top('same');
    await buildPage(t.app, editor, { path: root });
    const [a, b, c] = [
      await buildPage(t.app, editor, { path: `${root}/a` }),
      await buildPage(t.app, editor, { path: `${root}/b` }),
      await buildPage(t.app, editor, { path: `${root}/c` }),
    ];
    const res = await move(c.id, { path: `${root}/c`, position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().page).toMatchObject({ path: `${root}/c`, position: 0 });
    const places = async () => (await tree(null)).filter((p) => p.path.startsWith(`${root}/`)).map((p) => [p.id, p.position]);
    expect(await places()).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    // Past the end is the last place.
    expect((await move(c.id, { path: `${root}/c`, position: 99 })).json().page.position).toBe(2);
    expect(await places()).toEqual([
      [a.id, 0],
      [b.id, 1],
      [c.id, 2],
    ]);
  });
});

describe('DELETE pages/{id}', () => {
  it('is refused with 409 while pages are below it; a page alone goes with its history', async () => {
    const root = top('del');
    const page = await buildPage(t.app, editor, { path: root, doc: text('Soon gone') });
    await buildPage(t.app, editor, { path: `${root}/a` });
    const leaf = await buildPage(t.app, editor, { path: `${root}/b`, doc: text('Leaf') });
    await buildPage(t.app, editor, { path: `${root}/b/c` });
    const refused = await api(t.app, 'DELETE', `/pages/${page.id}`, as(editor));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: 'Move or delete its 3 pages below first' });
    expect((await api(t.app, 'DELETE', `/pages/${leaf.id}`, as(editor))).json().error).toBe('Move or delete its 1 page below first');

    const c = (await at(`${root}/b/c`)).json() as PageDetail;
    expect((await api(t.app, 'DELETE', `/pages/${c.page.id}`, as(editor))).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/pages/${leaf.id}`, as(editor))).statusCode).toBe(204);
    expect((await at(`${root}/b`)).statusCode).toBe(404);
    const revisions = await t.database.use((d) =>
      d
        .select()
        .from(documentRevisions)
        .where(and(eq(documentRevisions.ownerType, 'page'), eq(documentRevisions.ownerId, leaf.id))),
    );
    expect(revisions).toEqual([]);
    expect((await api(t.app, 'DELETE', `/pages/${leaf.id}`, as(editor))).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', '/pages/not-an-id', as(editor))).json().details[0].field).toBe('params.id');
    expect((await api(t.app, 'POST', '/pages/not-an-id/move', { ...as(editor), body: { path: top('x') } })).json().details[0].field).toBe('params.id');
  });
});

describe('who may write', () => {
  it('visitors get 401, users without managePages 403 (404 for a draft), managePages may: each write', async () => {
    const root = top('perm');
    const page = await buildPage(t.app, editor, { path: root });
    const draft = await buildPage(t.app, editor, { path: top('permdraft'), draft: true });
    const writes = (id: string) =>
      [
        ['POST', '/pages', { path: top('permnew'), title: 'New' }],
        ['PUT', `/pages/${id}`, { title: 'Changed' }],
        ['POST', `/pages/${id}/move`, { path: top('permmoved') }],
        ['DELETE', `/pages/${id}`, undefined],
      ] as const;
    for (const [method, url, body] of writes(page.id)) {
      expect((await api(t.app, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(t.app, method, url, { token: reader.token, body })).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of writes(draft.id).slice(1)) expect((await api(t.app, method, url, { token: reader.token, body })).statusCode).toBe(404);
    for (const [method, url, body] of writes(page.id)) {
      const res = await api(t.app, method, url, { token: editor.token, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(method === 'POST' && url === '/pages' ? 201 : method === 'DELETE' ? 204 : 200);
    }
  });
});

describe('GET pages/search', () => {
  it('refuses an empty query naming q, and answers at most the limit', async () => {
    const res = await api(t.app, 'GET', '/pages/search?q=%20');
    expect(res.statusCode).toBe(400);
    expect(field(res)).toEqual(['querystring.q']);
    const word = unique('manyword');
    const root = top('many');
    await buildPage(t.app, editor, { path: root });
    for (let i = 0; i <= PAGE_LIMITS.searchResults; i++) await buildPage(t.app, editor, { path: `${root}/p${i}`, doc: text(`Page ${i} about ${word}`) });
    expect(await search(word)).toHaveLength(PAGE_LIMITS.searchResults);
  });
});

describe('images in pages', () => {
  it('count as uses of their asset, named by the page to those who may see it (a draft: managePages)', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const actor = await t.app.services.users.actorFor(editor.id);
    const assetId = await t.app.services.assets.attachImage(actor, { stream: Readable.from([png]), fileName: 'figure.png' }, async (_tx, asset) => ({
      replaced: null,
      result: asset.id,
    }));
    const draft = await buildPage(t.app, editor, { path: top('img'), title: 'Figures', draft: true });
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'A figure' }] };
    // An image is an asset's id: an outside address (a tracker, and a breach of the CSP) is refused.
    const outside = await api(t.app, 'PUT', `/pages/${draft.id}`, {
      token: editor.token,
      body: { doc: { type: 'doc', content: [paragraph, { type: 'image', attrs: { src: 'https://tracker.example/p.gif' } }] } },
    });
    expect(outside.statusCode).toBe(400);
    expect(field(outside)?.[0]).toMatch(/^body\.doc/);
    const doc = { type: 'doc', content: [paragraph, imageNode(assetId)] } as unknown as ProseMirrorDoc;
    const saved = await api(t.app, 'PUT', `/pages/${draft.id}`, { token: editor.token, body: { doc } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().doc.content[1]).toEqual({ type: 'image', attrs: { asset: assetId } });
    const [revision] = (await api(t.app, 'GET', `/pages/${draft.id}/revisions`, as(editor))).json().revisions as { id: string }[];
    expect((await api(t.app, 'GET', `/pages/${draft.id}/revisions/${revision!.id}`, as(editor))).json().doc.content[1]).toEqual({
      type: 'image',
      attrs: { asset: assetId },
    });
    const usage = { kind: 'document', label: 'An image in the text of “Figures”', path: `/doc/${draft.path}` };
    expect((await api(t.app, 'GET', `/assets/${assetId}`, as(editor))).json()).toMatchObject({ usages: [usage], hiddenUsages: 0 });
    // Used only by a draft, it is not there for a reader; published, the page names it.
    expect((await api(t.app, 'GET', `/assets/${assetId}`, as(reader))).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', `/pages/${draft.id}`, { token: editor.token, body: { draft: false } })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/assets/${assetId}`, as(reader))).json()).toMatchObject({ usages: [usage], hiddenUsages: 0 });
  });
});
