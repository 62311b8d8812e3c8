import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@observatory/shared';
import { buildAsset, buildCommentPhoto, buildInsight, buildPage, buildProject, buildTeam, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';
import { imageNode } from './usages/service.js';

/**
 * An image in a document is seen as the document is: served plainly only when a current
 * text everyone may see holds it, otherwise through URLs signed for a reader who may see it,
 * cached privately; to anyone else it is an asset that does not exist. A writer names only
 * images they may see.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  member = await buildUser(t.app);
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
});
afterAll(() => t.close());

const docWith = (...ids: string[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'See:' }] }, ...ids.map((id) => imageNode(id))],
});
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** What GET assets/{id} answers this reader of the image: its URLs (signed when restricted), or the status. */
async function imageFor(id: string, as?: TestUser) {
  const res = await api(t.app, 'GET', `/assets/${id}`, as ? { token: as.token } : {});
  return res.statusCode === 200 ? (res.json().asset as Asset).image! : res.statusCode;
}
const unsigned = (id: string) => `/api/v1/assets/${id}/400`;

/** What a stranger gets for a random id: the answer a hidden image must give too. */
async function expectAsUnknown(url: string) {
  const res = await get(url);
  const unknown = await get(unsigned(randomUUID()));
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe(unknown.json().error);
}

describe('an image in a members-only project’s documentation', () => {
  let asset: Asset;
  let project: { id: string };
  beforeAll(async () => {
    asset = await buildAsset(t.app, owner);
    project = await buildProject(t.app, owner, { visibility: 'members', doc: docWith(asset.id) });
    expect((await api(t.app, 'PUT', `/projects/${project.id}/members/${member.personId}`, { token: owner.token, body: { role: 'viewer' } })).statusCode).toBe(
      200,
    );
  });

  it('is answered as no image to visitors and strangers, unsigned or through the asset', async () => {
    await expectAsUnknown(unsigned(asset.id));
    expect(await imageFor(asset.id)).toBe(404);
    expect(await imageFor(asset.id, stranger)).toBe(404);
  });

  it('is served to a member through a URL signed for them, cached privately', async () => {
    const image = await imageFor(asset.id, member);
    expect(typeof image).toBe('object');
    const url = (image as Asset['image'] & object).url;
    expect(url).toContain('?');
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('is no longer served through their signed URL once their membership ends', async () => {
    const leaver = await buildUser(t.app);
    await api(t.app, 'PUT', `/projects/${project.id}/members/${leaver.personId}`, { token: owner.token, body: { role: 'viewer' } });
    const { url } = (await imageFor(asset.id, leaver)) as { url: string };
    expect((await get(url)).statusCode).toBe(200);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/members/${leaver.personId}`, { token: owner.token })).statusCode).toBe(204);
    await expectAsUnknown(url);
  });
});

describe('images of other hidden documents', () => {
  it('follow a team-only insight and a draft page, and are public in a public one', async () => {
    const team = await buildTeam(t.app, owner);
    const inInsight = await buildAsset(t.app, owner);
    await buildInsight(t.app, owner, { team: team.id, visibility: 'members', doc: docWith(inInsight.id) });
    const admin = await buildUser(t.app, { super: true });
    const inDraft = await buildAsset(t.app, admin);
    await buildPage(t.app, admin, { draft: true, doc: docWith(inDraft.id) });
    const inPublic = await buildAsset(t.app, admin);
    await buildPage(t.app, admin, { draft: false, doc: docWith(inPublic.id) });
    for (const hidden of [inInsight, inDraft]) {
      await expectAsUnknown(unsigned(hidden.id));
      expect(await imageFor(hidden.id, stranger)).toBe(404);
    }
    const res = await get(unsigned(inPublic.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await imageFor(inPublic.id)).toMatchObject({ url: unsigned(inPublic.id) });
  });

  it('an image no text holds yet is its uploader’s alone, signed for them', async () => {
    const asset = await buildAsset(t.app, owner);
    await expectAsUnknown(unsigned(asset.id));
    const { url } = (await imageFor(asset.id, owner)) as { url: string };
    expect((await get(url)).headers['cache-control']).toMatch(/^private/);
    expect(await imageFor(asset.id, stranger)).toBe(404);
  });

  it('an image of a comment on a hidden insight is answered as no image, not 403', async () => {
    const team = await buildTeam(t.app, owner);
    const insight = await buildInsight(t.app, owner, { team: team.id, visibility: 'members' });
    const photo = await buildCommentPhoto(t.app, owner, insight.num);
    await expectAsUnknown(`/api/v1/assets/${photo.id}/96`);
  });
});

describe('an image uploaded for a comment', () => {
  it('is seen as its insight is, also past the grace that counts it used: plain on a public insight, as no image on a hidden one', async () => {
    const graceless = await startTestApp({ pendingUploadMinutes: 0 }, t.database);
    try {
      const open = await buildInsight(graceless.app, owner);
      const preview = await buildCommentPhoto(graceless.app, member, open.num);
      const served = await graceless.app.inject({ method: 'GET', url: preview.thumbUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const team = await buildTeam(graceless.app, owner);
      const hidden = await buildInsight(graceless.app, owner, { team: team.id, visibility: 'members' });
      const secret = await buildCommentPhoto(graceless.app, owner, hidden.num);
      expect((await graceless.app.inject({ method: 'GET', url: secret.thumbUrl })).statusCode).toBe(200);
      expect((await graceless.app.inject({ method: 'GET', url: secret.thumbUrl.split('?')[0] })).statusCode).toBe(404);
    } finally {
      await graceless.close();
    }
  });
});

describe('older revisions', () => {
  it('never keep an image public: taken out of a public page, it is served only to those who may edit the page', async () => {
    const admin = await buildUser(t.app, { super: true });
    const asset = await buildAsset(t.app, admin);
    const page = await buildPage(t.app, admin, { doc: docWith(asset.id) });
    expect((await get(unsigned(asset.id))).statusCode).toBe(200);
    const res = await api(t.app, 'PUT', `/pages/${page.id}`, { token: admin.token, body: { doc: docWith() } });
    expect(res.statusCode).toBe(200);
    await expectAsUnknown(unsigned(asset.id));
    expect(await imageFor(asset.id)).toBe(404);
    expect(await imageFor(asset.id, stranger)).toBe(404);
    const editor = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    const { url } = (await imageFor(asset.id, editor)) as { url: string };
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe('a writer names only images they may see', () => {
  it('refuses someone else’s hidden image or an unknown id with a 400 naming the node, changing nothing', async () => {
    const hidden = await buildAsset(t.app, owner);
    await buildProject(t.app, owner, { visibility: 'members', doc: docWith(hidden.id) });
    const mine = await buildAsset(t.app, stranger);
    const project = await buildProject(t.app, stranger, { doc: docWith(mine.id) });
    for (const id of [hidden.id, randomUUID()]) {
      const res = await api(t.app, 'PUT', `/projects/${project.id}`, { token: stranger.token, body: { doc: docWith(mine.id, id) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'body.doc.content.2.attrs.asset', message: expect.stringMatching(/^No such image/) }]);
    }
    const after = (await api(t.app, 'GET', `/projects/${project.id}`, { token: stranger.token })).json();
    expect(after.doc).toEqual(docWith(mine.id));
    await expectAsUnknown(unsigned(hidden.id));
  });

  it('takes an image of their own, one they may see elsewhere, and one the text already had', async () => {
    const shown = await buildAsset(t.app, owner);
    await buildProject(t.app, owner, { doc: docWith(shown.id) });
    const mine = await buildAsset(t.app, stranger);
    const { id } = await buildProject(t.app, stranger, { title: 'Borrowing', doc: docWith(mine.id, shown.id) });
    // Another editor keeps an image the text had, though it is not theirs.
    const editor = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    expect((await api(t.app, 'PUT', `/projects/${id}`, { token: editor.token, body: { doc: docWith(shown.id, mine.id) } })).statusCode).toBe(200);
  });
});
