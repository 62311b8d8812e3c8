import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssetDetail, AssetsResponse } from '@observatory/shared';
import { buildAsset, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, upload, type FilePart, type TestApp } from '../../../test/harness.js';
import { assets, auditLog } from '../../db/schema/index.js';

const MAX_BYTES = 200_000;

let t: TestApp;
let writer: TestUser;
let other: TestUser;
let keeper: TestUser;
let project: { id: string; slug: string; title: string };

beforeAll(async () => {
  t = await startTestApp({ images: { maxBytes: MAX_BYTES, maxPixels: 4_000_000 } });
  writer = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  other = await buildUser(t.app);
  keeper = await buildUser(t.app, { super: true });
  project = await buildProject(t.app, writer);
});
afterAll(() => t.close());

const png = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
const post = (file: FilePart | undefined, token?: string) => upload(t.app, 'POST', '/assets', { token, file });
const assetCount = () => t.database.use(async (d) => (await d.select({ id: assets.id }).from(assets)).length);
const unusedIds = async () => ((await api(t.app, 'GET', '/assets?unused=true', { token: keeper.token })).json() as AssetsResponse).assets.map((a) => a.id);

describe('POST /assets: an image for a document', () => {
  it('stores the image and its versions, answers it as GET assets/{id} does, and counts it unused until a document names it', async () => {
    const res = await post({ data: await png(), fileName: 'C:\\fieldwork\\core.png', type: 'image/png' }, writer.token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as AssetDetail;
    const { id } = answer.asset;
    expect(answer).toEqual({
      asset: {
        id,
        fileName: 'core.png',
        mediaType: 'image/png',
        size: expect.any(Number),
        width: 1200,
        height: 800,
        // No text holds it yet: its uploader's alone, through URLs signed for them.
        image: {
          id,
          url: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/400\\?expires=\\d+&user=${writer.id}&signature=`)),
          thumbUrl: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/96\\?`)),
          largeUrl: expect.stringMatching(new RegExp(`^/api/v1/assets/${id}/1600\\?`)),
        },
        owner: { username: writer.username },
        createdAt: expect.any(String),
      },
      usages: [],
      hiddenUsages: 0,
      permissions: ['view', 'delete'],
    });
    // The same answer, its URLs signed anew (their expiry may be a second later).
    const again = (await api(t.app, 'GET', `/assets/${id}`, { token: writer.token })).json() as AssetDetail;
    const withoutImage = (detail: AssetDetail) => ({ ...detail, asset: { ...detail.asset, image: null } });
    expect(withoutImage(again)).toEqual(withoutImage(answer));
    expect(again.asset.image!.url.split('?')[0]).toBe(`/api/v1/assets/${id}/400`);
    const version = await t.app.inject({ method: 'GET', url: answer.asset.image!.url });
    expect([version.statusCode, version.headers['content-type']]).toEqual([200, 'image/webp']);
    const audited = await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, 'asset.upload')));
    expect(audited.filter((a) => a.targetId === id)).toEqual([
      expect.objectContaining({ actorId: writer.id, after: expect.objectContaining({ assetId: id, mediaType: 'image/png' }) }),
    ]);

    // Unused: only its uploader and manageAssets see it, and it may be removed.
    expect(await unusedIds()).toContain(id);
    expect((await api(t.app, 'GET', `/assets/${id}`)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/assets/${id}`, { token: other.token })).statusCode).toBe(404);

    // Named by the text of a public project: used, and seen by all who see the project.
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'The core:' }] },
        { type: 'image', attrs: { asset: id, alt: 'A soil core' } },
      ],
    };
    const saved = await api(t.app, 'PUT', `/projects/${project.id}`, { token: writer.token, body: { doc } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await unusedIds()).not.toContain(id);
    const seen = await api(t.app, 'GET', `/assets/${id}`);
    expect(seen.statusCode).toBe(200);
    // Now everyone may see it: its URLs are plain.
    expect(seen.json()).toMatchObject({
      asset: { id, image: { id, url: `/api/v1/assets/${id}/400`, thumbUrl: `/api/v1/assets/${id}/96`, largeUrl: `/api/v1/assets/${id}/1600` } },
      usages: [{ kind: 'document', label: `An image in the text of ${project.title}`, path: `/projects/${project.slug}` }],
    });
    expect((await api(t.app, 'DELETE', `/assets/${id}`, { token: writer.token })).statusCode).toBe(409);
  });

  it('refuses a file that is not an image, naming the file, and stores nothing', async () => {
    const before = await assetCount();
    const text = await post({ data: Buffer.from('depth,moisture\n10,0.31\n'), fileName: 'readings.png', type: 'image/png' }, writer.token);
    expect(text.statusCode).toBe(415);
    expect(text.json().details).toEqual([{ field: 'file', message: 'Accepted types: image/jpeg, image/png, image/webp' }]);
    const svg = await post(
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), fileName: 'x.svg', type: 'image/svg+xml' },
      writer.token,
    );
    expect(svg.statusCode).toBe(415);
    const none = await upload(t.app, 'POST', '/assets', { token: writer.token, fields: { caption: 'no file' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toContainEqual(expect.objectContaining({ field: 'file' }));
    const json = await api(t.app, 'POST', '/assets', { token: writer.token, body: { asset: 'x' } });
    expect([json.statusCode, json.json().error]).toEqual([415, 'Send the file as multipart/form-data, in a part named "file"']);
    expect(await assetCount()).toBe(before);
  });

  it('refuses an image over the size limit with 413, naming the limit, and stores nothing', async () => {
    const before = await assetCount();
    const noisy = await sharp(Buffer.alloc(600 * 600 * 3, 7), { raw: { width: 600, height: 600, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(MAX_BYTES);
    const res = await post({ data: noisy, fileName: 'big.png' }, writer.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().details).toEqual([{ field: 'file', message: `At most ${MAX_BYTES} bytes` }]);
    expect(await assetCount()).toBe(before);
  });

  it('is for the signed in only: 401, nothing stored', async () => {
    const before = await assetCount();
    const res = await post({ data: await png(40, 40), fileName: 'anon.png' });
    expect(res.statusCode).toBe(401);
    expect(await assetCount()).toBe(before);
  });
});

describe('GET /assets?mine=true: one’s own uploads', () => {
  it('lists the caller’s uploads alone, newest first, counted, for anyone signed in; every asset stays manageAssets’', async () => {
    const uploader = await buildUser(t.app);
    const first = await buildAsset(t.app, uploader);
    const second = await buildAsset(t.app, uploader);
    await buildAsset(t.app, other);
    const res = await api(t.app, 'GET', '/assets?mine=true', { token: uploader.token });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AssetsResponse).assets.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(res.headers['pagination-count']).toBe('2');
    expect((res.json() as AssetsResponse).totals.count).toBe(2);
    expect((await api(t.app, 'GET', '/assets?mine=true')).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/assets', { token: uploader.token })).statusCode).toBe(403);
    const bad = await api(t.app, 'GET', '/assets?mine=maybe', { token: uploader.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('querystring.mine');
  });
});

describe('Image decoding: one image at a time (IMAGE_CONCURRENCY 1)', () => {
  it('lets an upload wait its turn while another image is decoded, then stores both', async () => {
    const queue = t.app.services.assets.imageQueue;
    const { started, waited } = queue.counts;
    const before = await assetCount();
    // An image being decoded: the one turn is taken until it is let go.
    let letGo!: () => void;
    const decoding = queue.run(() => new Promise<void>((resolve) => (letGo = resolve)));
    const uploads = [
      post({ data: await png(800, 600), fileName: 'one.png' }, writer.token),
      post({ data: await png(600, 800), fileName: 'two.png' }, writer.token),
    ];
    await vi.waitFor(() => expect(queue.counts.waiting).toBe(2), { timeout: 10_000 });
    expect(queue.counts.running).toBe(1);
    expect(await assetCount()).toBe(before);

    letGo();
    await decoding;
    expect((await Promise.all(uploads)).map((res) => res.statusCode)).toEqual([201, 201]);
    expect(await assetCount()).toBe(before + 2);
    // Three decodes wanted a turn together; never more than one ran.
    expect(queue.counts).toMatchObject({ running: 0, waiting: 0, peak: 1, started: started + 3, waited: waited + 2 });
  });
});
