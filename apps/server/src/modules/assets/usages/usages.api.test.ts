import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetDetail, AssetListItem, AssetsResponse, ProseMirrorDoc } from '@observatory/shared';
import {
  buildAsset,
  buildComment,
  buildCommentPhoto,
  buildImportSession,
  buildInsight,
  buildInstitution,
  buildObject,
  buildPhoto,
  buildProject,
  buildProjectFile,
  buildRole,
  buildTeam,
  buildUser,
  type TestUser,
} from '../../../../test/factories.js';
import { api, startTestApp, unique, upload, type TestApp } from '../../../../test/harness.js';
import { assets, auditLog, fileVersions, importSessions, projects } from '../../../db/schema/index.js';
import { newStorageKey } from '../../../lib/storage/index.js';
import { imageNode } from './service.js';

let t: TestApp;
/** manageAssets and nothing else: sees every asset, not every project or insight. */
let keeper: TestUser;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let openProject: { id: string; slug: string; title: string };
let closedProject: { id: string; slug: string };
let closedObject: { name: string; title: string };

const png = (background = '#3a6ea5') =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
const get = (url: string, token?: string) => api(t.app, 'GET', url, { token });
const detail = async (id: string, token?: string) => {
  const res = await get(`/assets/${id}`, token);
  return { status: res.statusCode, body: res.json() as AssetDetail };
};
const assetRow = async (id: string) => (await t.database.use((d) => d.select().from(assets).where(eq(assets.id, id))))[0];
const keysOf = (row: typeof assets.$inferSelect) => [row.storageKey, ...Object.values(row.variants).map((v) => v.key)];
const doc = (...content: unknown[]) => ({ type: 'doc', content }) as unknown as ProseMirrorDoc;

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { super: true });
  const role = await buildRole(t.app, admin, { permissions: ['manageAssets'] });
  keeper = await buildUser(t.app, { roles: [{ slug: role.slug }] });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  member = await buildUser(t.app);
  outsider = await buildUser(t.app);
  openProject = await buildProject(t.app, owner);
  closedProject = await buildProject(t.app, owner, { visibility: 'members' });
  expect(
    (await api(t.app, 'PUT', `/projects/${closedProject.id}/members/${member.username}`, { token: owner.token, body: { role: 'viewer' } })).statusCode,
  ).toBe(200);
  closedObject = await buildObject(t.app, owner, { title: unique('Closed site '), projects: [closedProject.id], visibility: 'members' });
});
afterAll(() => t.close());

describe('GET /assets/{id}: where an asset is used, as the reader may see it', () => {
  it('a photo of a members-only object: 404 to visitors and outsiders, named to members, its uploader and (counted) to manageAssets', async () => {
    const { id } = (await buildPhoto(t.app, owner, closedObject.name, { file: { data: await png(), fileName: 'plot.png' } })).image;
    const usage = { kind: 'photo', label: `Photo of ${closedObject.title}`, path: `/data/${closedObject.name}/photos` };

    expect((await detail(id)).status).toBe(404);
    expect((await detail(id, outsider.token)).status).toBe(404);
    const seen = await detail(id, member.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ usages: [usage], hiddenUsages: 0, permissions: ['view'] });
    expect(seen.body.asset).toMatchObject({ id, fileName: 'plot.png', mediaType: 'image/png', width: 120, height: 80, owner: { username: owner.username } });
    // Signed, as the photo's own answers are: not everyone may see the object.
    expect(seen.body.asset.image!.thumbUrl).toMatch(new RegExp(`^/api/v1/assets/${id}/96\\?expires=`));
    expect((await detail(id, owner.token)).body).toMatchObject({ usages: [usage], permissions: ['view'] });
    const kept = await detail(id, keeper.token);
    expect(kept.body).toMatchObject({ usages: [], hiddenUsages: 1, permissions: ['view'] });
    // manageAssets sees the image through its signed URL, as it sees the original.
    expect((await t.app.inject({ method: 'GET', url: kept.body.asset.image!.thumbUrl })).statusCode).toBe(200);
  });

  it('a photo whose object was deleted: "Photo of a deleted object", for its uploader and manageAssets only, its image no longer public', async () => {
    const { name } = await buildObject(t.app, owner, { projects: [openProject.id] });
    const photo = await buildPhoto(t.app, owner, name);
    const id = photo.image.id;
    expect((await t.app.inject({ method: 'GET', url: photo.image.thumbUrl })).statusCode).toBe(200);
    expect((await detail(id, outsider.token)).body.usages).toEqual([{ kind: 'photo', label: `Photo of ${name}`, path: `/data/${name}/photos` }]);
    expect((await api(t.app, 'DELETE', `/data/obj/${name}`, { token: owner.token })).statusCode).toBe(204);

    const orphan = { kind: 'photo', label: 'Photo of a deleted object', path: null };
    expect((await detail(id, outsider.token)).status).toBe(404);
    expect((await detail(id, owner.token)).body).toMatchObject({ usages: [orphan], hiddenUsages: 0, permissions: ['view'] });
    expect((await detail(id, keeper.token)).body).toMatchObject({ usages: [orphan], hiddenUsages: 0 });
    expect((await t.app.inject({ method: 'GET', url: photo.image.thumbUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: (await detail(id, owner.token)).body.asset.image!.thumbUrl })).statusCode).toBe(200);
  });

  it('a portrait and a logo are public; a project file’s version is seen as its project', async () => {
    const someone = await buildUser(t.app);
    const portrait = (await upload(t.app, 'PUT', `/people/${someone.username}/photo`, { token: someone.token, file: { data: await png() } })).json().person
      .photo.id as string;
    expect((await detail(portrait)).body).toMatchObject({
      usages: [{ kind: 'person', label: `Test ${someone.username}’s portrait`, path: `/people/${someone.username}` }],
      hiddenUsages: 0,
      permissions: ['view'],
    });
    expect((await detail(portrait, someone.token)).body.permissions).toEqual(['view']);

    const manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
    const institution = await buildInstitution(t.app, manager);
    const logo = (await upload(t.app, 'PUT', `/institutions/${institution.slug}/logo`, { token: manager.token, file: { data: await png() } })).json().logo
      .id as string;
    expect((await detail(logo)).body.usages).toEqual([{ kind: 'institution', label: `${institution.name}’s logo`, path: `/partners/${institution.slug}` }]);

    const posted = await buildProjectFile(t.app, owner, closedProject.id, {
      file: { data: Buffer.from('depth,value\n1,2\n'), fileName: 'cores.csv', type: 'text/csv' },
      name: 'Core depths',
    });
    const [version] = await t.database.use((d) => d.select().from(fileVersions).where(eq(fileVersions.fileId, posted.id)));
    const title = (await t.database.use((d) => d.select({ title: projects.title }).from(projects).where(eq(projects.id, closedProject.id))))[0]!.title;
    const file = await detail(version!.assetId, member.token);
    expect(file.body).toMatchObject({
      usages: [{ kind: 'file', label: `Version 1 of the file “Core depths” of ${title}`, path: `/projects/${closedProject.slug}/files` }],
      hiddenUsages: 0,
    });
    expect(file.body.asset).toMatchObject({ fileName: 'cores.csv', image: null, width: null });
    expect((await detail(version!.assetId, outsider.token)).status).toBe(404);
    expect((await detail(version!.assetId, keeper.token)).body).toMatchObject({ usages: [], hiddenUsages: 1 });
  });

  it('an unused asset: 404 to all but its uploader and manageAssets, who may delete it', async () => {
    const { id } = await buildAsset(t.app, member, { file: { data: await png('#aa3322'), fileName: 'spare.png' } });
    expect((await detail(id)).status).toBe(404);
    expect((await detail(id, outsider.token)).status).toBe(404);
    expect((await detail(id, member.token)).body).toMatchObject({ usages: [], hiddenUsages: 0, permissions: ['view', 'delete'] });
    expect((await detail(id, keeper.token)).body.permissions).toEqual(['view', 'delete']);
    // No one else may see it: its image is served through URLs signed for the reader.
    expect((await detail(id, keeper.token)).body.asset.image).toEqual({
      id,
      url: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/400\\?expires=\\d+&user=${keeper.id}&signature=`)),
      thumbUrl: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/96\\?`)),
      largeUrl: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/1600\\?`)),
    });
  });

  it('400 for an id that is not one; 404 for one no asset has', async () => {
    const bad = await get('/assets/not-a-uuid', keeper.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.id');
    expect((await detail('00000000-0000-4000-8000-000000000000', keeper.token)).status).toBe(404);
  });
});

describe('comment images and images in documents', () => {
  let insight: { id: string; num: number; title: string };
  let teamMember: TestUser;
  beforeAll(async () => {
    const team = await buildTeam(t.app, admin);
    teamMember = await buildUser(t.app, { roles: [{ slug: 'researcher' }, { slug: 'editor', target: { id: team.id, type: 'team' } }] });
    insight = await buildInsight(t.app, teamMember, { visibility: 'members', team: team.slug });
  });

  it('an image uploaded for a comment counts as used before the comment is posted, and as the comment’s after', async () => {
    const { id } = await buildCommentPhoto(t.app, teamMember, insight.num);
    expect((await detail(id, teamMember.token)).body).toMatchObject({
      usages: [{ kind: 'comment', label: `Image uploaded for a comment on “${insight.title}”`, path: `/insights/${insight.num}` }],
      permissions: ['view'],
    });
    await buildComment(t.app, teamMember, insight.num, { content: 'See the picture', photo: id });
    expect((await detail(id, teamMember.token)).body).toMatchObject({
      usages: [{ kind: 'comment', label: `Image of a comment on “${insight.title}”`, path: `/insights/${insight.num}` }],
      hiddenUsages: 0,
    });
    expect((await detail(id, outsider.token)).status).toBe(404);
  });

  it('an image uploaded for a comment never written is unused once the grace ends (COMMENT_UPLOAD_GRACE_MINUTES), and its uploader may remove it', async () => {
    const { id } = await buildCommentPhoto(t.app, teamMember, insight.num);
    // The grace is a setting: the rows written an hour ago read as such.
    await t.database.use((d) => d.execute(sql`update insight_comment_photos set created_at = now() - interval '61 minutes' where asset_id = ${id}`));
    const detailed = (await detail(id, teamMember.token)).body;
    expect(detailed).toMatchObject({ usages: [], hiddenUsages: 0, permissions: ['view', 'delete'] });
    expect((await api(t.app, 'DELETE', `/assets/${id}`, { token: teamMember.token })).statusCode).toBe(204);
    expect((await assetRow(id)) ?? null).toBeNull();
  });

  it('an image node in an OLD revision only counts (as a document’s), seen by who may edit it; the list counts it; deleting is refused with 409 naming where, changing nothing', async () => {
    const { id } = await buildAsset(t.app, owner);
    const before = doc({ type: 'paragraph', content: [{ type: 'text', text: 'Before' }] }, { type: 'callout', content: [imageNode(id)] });
    expect((await api(t.app, 'PUT', `/projects/${openProject.id}`, { token: owner.token, body: { doc: before } })).statusCode).toBe(200);
    // The current text does not show it.
    expect(
      (
        await api(t.app, 'PUT', `/projects/${openProject.id}`, {
          token: owner.token,
          body: { doc: doc({ type: 'paragraph', content: [{ type: 'text', text: 'After' }] }) },
        })
      ).statusCode,
    ).toBe(200);
    const usage = { kind: 'document', label: `An image in an earlier version of the text of ${openProject.title}`, path: `/projects/${openProject.slug}` };
    // Its history is its editors': a reader of the project no longer sees the image.
    expect((await detail(id, outsider.token)).status).toBe(404);
    expect((await detail(id, owner.token)).body).toMatchObject({ usages: [usage], hiddenUsages: 0, permissions: ['view'] });
    expect((await detail(id, keeper.token)).body.permissions).toEqual(['view']);

    const refused = await api(t.app, 'DELETE', `/assets/${id}`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: `This file is in use: ${usage.label}. Take it off it first.` });
    // manageAssets without a say over the project: told there is a use it cannot see.
    const unseen = await api(t.app, 'DELETE', `/assets/${id}`, { token: keeper.token });
    expect(unseen.json()).toMatchObject({ code: 'CONFLICT', error: 'This file is in use: 1 place you cannot see. Take it off it first.' });
    const row = (await assetRow(id))!;
    for (const key of keysOf(row)) expect(await t.app.services.storage.exists(key)).toBe(true);

    const listed = await findListed(id);
    expect(listed.uses).toBe(1);
  });

  it('a comment image also shown in a public document: the document named, the comment counted for outsiders; the 409 says so', async () => {
    const { id } = await buildCommentPhoto(t.app, teamMember, insight.num);
    await buildComment(t.app, teamMember, insight.num, { content: 'Another one', photo: id });
    // Its author shows it in their bio too, which everyone may read.
    const bioDoc = doc({ type: 'paragraph', content: [{ type: 'text', text: 'Me' }] }, imageNode(id));
    expect((await api(t.app, 'PUT', `/people/${teamMember.username}`, { token: teamMember.token, body: { bio: bioDoc } })).statusCode).toBe(200);
    const bio = { kind: 'document', label: `An image in the text of Test ${teamMember.username}’s bio`, path: `/people/${teamMember.username}` };
    expect((await detail(id, outsider.token)).body).toMatchObject({ usages: [bio], hiddenUsages: 1, permissions: ['view'] });
    expect((await detail(id, teamMember.token)).body).toMatchObject({ usages: [expect.objectContaining({ kind: 'comment' }), bio], hiddenUsages: 0 });
    const refused = await api(t.app, 'DELETE', `/assets/${id}`, { token: keeper.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`This file is in use: ${bio.label} and 1 more you cannot see. Take it off them first.`);
    expect((await findListed(id)).uses).toBe(2);
  });
});

/** The list item of an asset, from the pages of GET assets. */
async function findListed(id: string): Promise<AssetListItem> {
  for (let p = 1; p < 100; p++) {
    const page = (await get(`/assets?p=${p}`, keeper.token)).json() as AssetsResponse;
    const found = page.assets.find((a) => a.id === id);
    if (found) return found;
    if (page.assets.length === 0) break;
  }
  throw new Error(`${id} is not listed`);
}

describe('GET /assets (manageAssets)', () => {
  it('pages every asset newest first with how often each is used, and totals over all of them', async () => {
    await buildAsset(t.app, owner);
    const res = await get('/assets', keeper.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AssetsResponse;
    const rows = await t.database.use((d) => d.select().from(assets));
    const stored = (r: (typeof rows)[number]) => r.size + Object.values(r.variants).reduce((sum, v) => sum + v.size, 0);
    expect(res.headers).toMatchObject({ 'pagination-page': '1', 'pagination-limit': '25', 'pagination-count': String(rows.length) });
    expect(body.totals).toMatchObject({ count: rows.length, bytes: rows.reduce((sum, r) => sum + stored(r), 0) });
    expect(body.assets.length).toBe(Math.min(25, rows.length));
    const times = body.assets.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Each count is what the detail shows, hidden uses included.
    for (const item of body.assets) {
      const shown = (await detail(item.id, keeper.token)).body;
      expect(item.uses, item.id).toBe(shown.usages.length + shown.hiddenUsages);
      expect(item.image).toEqual(item.width === null ? null : expect.objectContaining({ id: item.id }));
    }
    // Images of restricted holders are signed; others are not.
    expect(body.assets.some((a) => a.image?.url.includes('?expires='))).toBe(true);
    expect(body.assets.some((a) => a.image && !a.image.url.includes('?'))).toBe(true);

    const unused = await get('/assets?unused=true', keeper.token);
    const unusedBody = unused.json() as AssetsResponse;
    expect(unusedBody.assets.length).toBeGreaterThan(0);
    expect(unusedBody.assets.every((a) => a.uses === 0)).toBe(true);
    expect(unused.headers['pagination-count']).toBe(String(body.totals.unusedCount));
    const unusedIds = new Set(unusedBody.assets.map((a) => a.id));
    expect(body.totals.unusedBytes).toBe(rows.filter((r) => unusedIds.has(r.id)).reduce((sum, r) => sum + stored(r), 0));
    expect(body.assets.filter((a) => a.uses === 0).every((a) => unusedIds.has(a.id))).toBe(true);

    const second = await get('/assets?p=2', keeper.token);
    expect(second.statusCode).toBe(200);
    expect(second.headers['pagination-page']).toBe('2');
  });

  it('401 signed out, 403 without manageAssets, 400 for a bad page or filter', async () => {
    expect((await get('/assets')).statusCode).toBe(401);
    expect((await get('/assets', owner.token)).statusCode).toBe(403);
    for (const query of ['p=0', 'p=abc', 'unused=yes']) {
      const res = await get(`/assets?${query}`, keeper.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field).toMatch(/^querystring\./);
    }
  });
});

describe('DELETE /assets/{id}', () => {
  it('removes an unused asset and its files for its uploader, audited; then 404', async () => {
    const { id } = await buildAsset(t.app, member, { file: { data: await png('#aa3322'), fileName: 'spare.png' } });
    const row = (await assetRow(id))!;
    expect((await api(t.app, 'DELETE', `/assets/${id}`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/assets/${id}`, { token: outsider.token })).statusCode).toBe(404);
    expect(await assetRow(id)).toBeDefined();
    const res = await api(t.app, 'DELETE', `/assets/${id}`, { token: member.token });
    expect(res.statusCode).toBe(204);
    expect(await assetRow(id)).toBeUndefined();
    for (const key of keysOf(row)) expect(await t.app.services.storage.exists(key)).toBe(false);
    const [entry] = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'asset.delete' and ${auditLog.targetId} = ${id}`),
    );
    expect(entry).toMatchObject({ actorId: member.id, before: expect.objectContaining({ assetId: id, fileName: 'spare.png' }) });
    expect((await api(t.app, 'DELETE', `/assets/${id}`, { token: member.token })).statusCode).toBe(404);
  });

  it('lets manageAssets remove anyone’s unused asset; a used one’s uploader may not (409), one who sees it but did not upload it gets 403', async () => {
    const spare = (await buildAsset(t.app, owner)).id;
    expect((await api(t.app, 'DELETE', `/assets/${spare}`, { token: keeper.token })).statusCode).toBe(204);

    const someone = await buildUser(t.app);
    const portrait = (await upload(t.app, 'PUT', `/people/${someone.username}/photo`, { token: someone.token, file: { data: await png() } })).json().person
      .photo.id as string;
    const refused = await api(t.app, 'DELETE', `/assets/${portrait}`, { token: someone.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`This file is in use: Test ${someone.username}’s portrait. Take it off it first.`);
    expect((await api(t.app, 'DELETE', `/assets/${portrait}`, { token: outsider.token })).statusCode).toBe(403);
    expect((await detail(portrait, someone.token)).status).toBe(200);
  });

  it('400 for an id that is not one', async () => {
    const res = await api(t.app, 'DELETE', '/assets/12', { token: keeper.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('params.id');
  });
});

describe('stray files', () => {
  const HOURS = 3600 * 1000;
  const age = (file: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    fs.utimesSync(file, when, when);
  };
  /** Every stored file, relative to the storage root (temporary ones left out). */
  const storedFiles = () =>
    (fs.readdirSync(t.filesDir, { recursive: true }) as string[])
      .filter((f) => !f.startsWith('.tmp') && fs.statSync(path.join(t.filesDir, f)).isFile())
      .map((f) => f.split(path.sep).join('/'));

  it('lists files no record names that are older than an hour, and the sweep removes exactly those', async () => {
    // Referenced files of every kind, all old: an image and its versions, a project file, an import's spreadsheet.
    const session = await buildImportSession(t.app, outsider, { file: { data: Buffer.from('name,title\nx,y\n'), fileName: 'sites.csv' } });
    const [imported] = await t.database.use((d) => d.select().from(importSessions).where(eq(importSessions.id, session.id)));
    const referenced = storedFiles();
    expect(referenced).toContain(imported!.storageKey);
    for (const file of referenced) age(path.join(t.filesDir, file), 2 * HOURS);

    const write = (key: string, bytes: number, old: number) => {
      fs.mkdirSync(path.join(t.filesDir, path.dirname(key)), { recursive: true });
      fs.writeFileSync(path.join(t.filesDir, key), Buffer.alloc(bytes, 1));
      age(path.join(t.filesDir, key), old);
    };
    const stray = newStorageKey();
    const strayVersion = `${stray}.96`;
    const fresh = newStorageKey();
    write(stray, 1000, 2 * HOURS);
    write(strayVersion, 24, 3 * HOURS);
    write(fresh, 500, 10 * 60 * 1000);
    // Not a key of ours: never taken for a stray, however old.
    write('notes.txt', 10, 48 * HOURS);

    const listed = await get('/assets/strays', keeper.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      files: expect.arrayContaining([
        { key: stray, size: 1000, modifiedAt: expect.any(String) },
        { key: strayVersion, size: 24, modifiedAt: expect.any(String) },
      ]),
      bytes: 1024,
    });
    expect(listed.json().files).toHaveLength(2);

    const swept = await api(t.app, 'POST', '/assets/strays/sweep', { token: keeper.token });
    expect(swept.statusCode).toBe(200);
    expect(swept.json()).toEqual({ removed: 2, bytes: 1024 });
    expect(storedFiles().sort()).toEqual([...referenced, fresh, 'notes.txt'].sort());
    expect((await get('/assets/strays', keeper.token)).json()).toEqual({ files: [], bytes: 0 });
    const [entry] = await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, 'asset.strays.sweep')));
    expect(entry).toMatchObject({ actorId: keeper.id, after: { removed: 2, bytes: 1024 } });
    expect((await api(t.app, 'POST', '/assets/strays/sweep', { token: keeper.token })).json()).toEqual({ removed: 0, bytes: 0 });
  });

  it('401 signed out, 403 without manageAssets, changing nothing', async () => {
    const stray = newStorageKey();
    fs.mkdirSync(path.join(t.filesDir, path.dirname(stray)), { recursive: true });
    fs.writeFileSync(path.join(t.filesDir, stray), 'left');
    age(path.join(t.filesDir, stray), 2 * HOURS);
    expect((await get('/assets/strays')).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/assets/strays/sweep')).statusCode).toBe(401);
    expect((await get('/assets/strays', owner.token)).statusCode).toBe(403);
    expect((await api(t.app, 'POST', '/assets/strays/sweep', { token: owner.token })).statusCode).toBe(403);
    expect(fs.existsSync(path.join(t.filesDir, stray))).toBe(true);
    expect((await get('/assets/strays', keeper.token)).json().files).toEqual([expect.objectContaining({ key: stray })]);
  });
});
