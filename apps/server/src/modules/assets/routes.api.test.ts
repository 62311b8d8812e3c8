import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLog } from '../../db/schema/index.js';
import { buildInstitution, buildPerson, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, upload, type FilePart, type TestApp } from '../../../test/harness.js';

const MiB = 1024 * 1024;
const LIMITS = { maxBytes: 3 * MiB, maxPixels: 2_000_000 };

let t: TestApp;
let manager: TestUser;
let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp({ images: LIMITS });
  manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  user = await buildUser(t.app);
  other = await buildUser(t.app);
});
afterAll(() => t.close());

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 190 } } });
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
/** A JPEG as a camera makes it: stored landscape, EXIF saying "turn 90° clockwise", and a tell-tale copyright field. */
const cameraJpeg = (width: number, height: number) =>
  solid(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Private Photographer' } })
    .toBuffer();
const png = (width: number, height: number) => solid(width, height).png().toBuffer();
const webp = (width: number, height: number) => solid(width, height).webp().toBuffer();
const gif = () => solid(40, 40).gif().toBuffer();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

const putPhoto = (person: string, file: FilePart | undefined, token = user.token) => upload(t.app, 'PUT', `/people/${person}/photo`, { token, file });
const putLogo = (institution: string, file: FilePart | undefined, token = manager.token) =>
  upload(t.app, 'PUT', `/institutions/${institution}/logo`, { token, file });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Every stored file, relative to the storage root (temporary files included). */
const storedFiles = () => (fs.readdirSync(t.filesDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(t.filesDir, f)).isFile()).sort();
const assetCount = () => t.database.use(async (d) => (await d.select({ id: assets.id }).from(assets)).length);
const auditOf = (action: string, targetId: string) =>
  t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, action))).then((rows) => rows.filter((r) => r.targetId === targetId));

describe('PUT /people/{id}/photo', () => {
  it('stores the photo, makes upright metadata-free WebP versions, and shows it on the profile and in lists', async () => {
    const photo = await cameraJpeg(1200, 800);
    const res = await putPhoto(user.username, { data: photo, fileName: 'C:\\Users\\me\\IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const ref = res.json().person.photo;
    expect(ref).toEqual({
      id: expect.any(String),
      url: `/api/v1/assets/${ref.id}/400`,
      thumbUrl: `/api/v1/assets/${ref.id}/96`,
      largeUrl: `/api/v1/assets/${ref.id}/1600`,
    });

    expect((await api(t.app, 'GET', `/people/${user.username}`)).json().person.photo).toEqual(ref);
    const list = await api(t.app, 'GET', `/people?q=${user.username}`);
    expect(list.json().people).toEqual([expect.objectContaining({ slug: user.username, photo: ref })]);

    // Turned upright by the EXIF orientation (1200x800 stored -> 800x1200 shown), fitted inside the size.
    for (const [url, width, height] of [
      [ref.url, 267, 400],
      [ref.thumbUrl, 64, 96],
    ] as const) {
      const version = await get(url);
      expect(version.statusCode).toBe(200);
      expect(version.headers['content-type']).toBe('image/webp');
      const meta = await sharp(version.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      expect(meta.exif).toBeUndefined();
    }
    // The original keeps the camera's EXIF (a location, say): only its uploader sees it.
    expect((await get(`/api/v1/assets/${ref.id}/original`)).statusCode).toBe(404);
    expect((await get(`/api/v1/assets/${ref.id}/original`, { authorization: `Bearer ${other.token}` })).statusCode).toBe(404);
    const original = await get(`/api/v1/assets/${ref.id}/original`, { authorization: `Bearer ${user.token}` });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(original.rawPayload.equals(photo)).toBe(true);

    const [row] = await t.database.use((d) => d.select().from(assets).where(eq(assets.id, ref.id)));
    expect(row).toMatchObject({ fileName: 'IMG_0001.JPG', mediaType: 'image/jpeg', size: photo.length, width: 800, height: 1200, ownerId: user.id });
    expect(row!.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(await auditOf('person.photo.put', user.personId)).toEqual([
      expect.objectContaining({ actorId: user.id, after: expect.objectContaining({ assetId: ref.id }) }),
    ]);
  });

  it('takes a camera-sized photo larger than the JSON body limit, streamed', async () => {
    const photo = await noise(1600, 1100).jpeg({ quality: 92 }).toBuffer();
    expect(photo.length).toBeGreaterThan(MiB);
    const res = await putPhoto(other.username, { data: photo, fileName: 'holiday.jpg' }, other.token);
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await get(res.json().person.photo.url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 275]);
  });

  it('replaces the photo: the old asset and its files are gone', async () => {
    const someone = await buildUser(t.app);
    const first = (await putPhoto(someone.username, { data: await png(300, 300) }, someone.token)).json().person.photo;
    const filesBefore = storedFiles();
    const second = (await putPhoto(someone.username, { data: await webp(500, 250) }, someone.token)).json().person.photo;
    expect(second.id).not.toBe(first.id);
    for (const variant of ['original', '1600', '400', '96'])
      expect((await get(`/api/v1/assets/${first.id}/${variant}`, { authorization: `Bearer ${someone.token}` })).statusCode).toBe(404);
    expect((await get(second.url)).statusCode).toBe(200);
    const filesAfter = storedFiles();
    expect(filesAfter.length).toBe(filesBefore.length);
    expect(filesAfter.filter((f) => f.includes(first.id))).toEqual([]);
    expect(filesBefore.filter((f) => !filesAfter.includes(f))).toHaveLength(4); // the original and its three sizes
    expect(await t.database.use((d) => d.select().from(assets).where(eq(assets.id, first.id)))).toEqual([]);
  });

  it('lets managePeople set anyone’s photo; others get 403, visitors 401, unknown people 404', async () => {
    const someone = await buildUser(t.app);
    const file = { data: await png(50, 50) };
    expect((await putPhoto(someone.username, file, manager.token)).statusCode).toBe(200);
    const before = { files: storedFiles(), assets: await assetCount() };
    const refused = await putPhoto(someone.username, file, user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    expect((await upload(t.app, 'PUT', `/people/${someone.username}/photo`, { file })).statusCode).toBe(401);
    expect((await putPhoto('nobody-here', file)).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/people/${someone.username}/photo`, { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/people/${someone.username}/photo`)).statusCode).toBe(401);
    expect({ files: storedFiles(), assets: await assetCount() }).toEqual(before);
  });
});

describe('uploads that are refused change nothing', () => {
  let person: TestUser;
  let kept: { id: string };
  let before: { files: string[]; assets: number };
  beforeAll(async () => {
    person = await buildUser(t.app);
    kept = (await putPhoto(person.username, { data: await png(120, 120) }, person.token)).json().person.photo;
  });
  const snapshot = async () => ({ files: storedFiles(), assets: await assetCount() });
  const unchanged = async () => {
    expect(await snapshot()).toEqual(before);
    expect((await api(t.app, 'GET', `/people/${person.username}`)).json().person.photo.id).toBe(kept.id);
  };

  it.each([
    ['a text file named .jpg', () => ({ data: Buffer.from('Just some text, not a picture at all.'), fileName: 'photo.jpg', type: 'image/jpeg' })],
    ['a GIF', async () => ({ data: await gif(), fileName: 'anim.gif', type: 'image/gif' })],
    ['an SVG', () => ({ data: SVG, fileName: 'logo.svg', type: 'image/svg+xml' })],
    ['an SVG named .png', () => ({ data: SVG, fileName: 'logo.png', type: 'image/png' })],
    ['an empty file', () => ({ data: Buffer.alloc(0), fileName: 'empty.jpg', type: 'image/jpeg' })],
  ])('415 for %s, naming the accepted types', async (_what, make) => {
    before = await snapshot();
    const res = await putPhoto(person.username, await make(), person.token);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.stringContaining('JPEG, PNG or WebP'), details: [{ field: 'file' }] });
    await unchanged();
  });

  it('400 for a damaged JPEG (right first bytes, no picture)', async () => {
    before = await snapshot();
    const broken = Buffer.concat([(await cameraJpeg(200, 100)).subarray(0, 40), randomBytes(2000)]);
    const res = await putPhoto(person.username, { data: broken, fileName: 'broken.jpg' }, person.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'The image file is damaged or not a JPEG, PNG or WebP',
      details: [{ field: 'file' }],
    });
    expect(res.body).not.toMatch(/vips|jpeg data|libjpeg/i);
    await unchanged();
  });

  it('413 for a file over IMAGE_MAX_BYTES, naming the limit', async () => {
    before = await snapshot();
    const big = await noise(1100, 1000).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(LIMITS.maxBytes);
    const res = await putPhoto(person.username, { data: big, fileName: 'huge.png' }, person.token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: expect.stringContaining(`3 MB (${LIMITS.maxBytes} bytes)`),
      details: [{ field: 'file' }],
    });
    await unchanged();
  });

  it('413 for an image over IMAGE_MAX_PIXELS, however small the file', async () => {
    before = await snapshot();
    const res = await putPhoto(person.username, { data: await png(2000, 1001) }, person.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toContain('2 megapixels');
    await unchanged();
  });

  it('400 without a file part; 415 for a body that is not multipart', async () => {
    before = await snapshot();
    const noFile = await upload(t.app, 'PUT', `/people/${person.username}/photo`, { token: person.token, fields: { caption: 'no file' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([{ field: 'file', message: expect.any(String) }]);
    const json = await api(t.app, 'PUT', `/people/${person.username}/photo`, { token: person.token, body: { photo: 'https://example.org/me.jpg' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toContain('multipart/form-data');
    const raw = await api(t.app, 'PUT', `/people/${person.username}/photo`, {
      token: person.token,
      body: await png(10, 10),
      headers: { 'content-type': 'image/png' },
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().error).toContain('multipart/form-data');
    await unchanged();
  });
});

describe('DELETE /people/{id}/photo', () => {
  it('removes the photo, its asset and its files; a second time answers 404', async () => {
    const someone = await buildUser(t.app);
    const photo = (await putPhoto(someone.username, { data: await png(200, 100) }, someone.token)).json().person.photo;
    const res = await api(t.app, 'DELETE', `/people/${someone.username}/photo`, { token: someone.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().person.photo).toBeNull();
    expect((await get(photo.thumbUrl)).statusCode).toBe(404);
    expect(storedFiles().filter((f) => f.includes(photo.id))).toEqual([]);
    expect(await auditOf('person.photo.delete', someone.personId)).toHaveLength(1);
    expect((await api(t.app, 'DELETE', `/people/${someone.username}/photo`, { token: someone.token })).statusCode).toBe(404);
  });

  it('goes with the person when a person is deleted', async () => {
    const added = await buildPerson(t.app, manager);
    const photo = (await putPhoto(added.slug, { data: await png(64, 64) }, manager.token)).json().person.photo;
    expect((await api(t.app, 'DELETE', `/people/${added.slug}`, { token: manager.token })).statusCode).toBe(204);
    expect((await get(photo.url)).statusCode).toBe(404);
    expect(await t.database.use((d) => d.select().from(assets).where(eq(assets.id, photo.id)))).toEqual([]);
  });
});

describe('institution logos', () => {
  it('PUT sets and replaces the logo (manageInstitutions); lists, pages and their people carry images', async () => {
    const institution = await buildInstitution(t.app, manager);
    const first = await putLogo(institution.slug, { data: await png(800, 200), fileName: 'logo.png' });
    expect(first.statusCode).toBe(200);
    const logo = first.json().logo;
    expect(logo).toEqual({
      id: expect.any(String),
      url: `/api/v1/assets/${logo.id}/400`,
      thumbUrl: `/api/v1/assets/${logo.id}/96`,
      largeUrl: `/api/v1/assets/${logo.id}/1600`,
    });
    const meta = await sharp((await get(logo.thumbUrl)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([96, 24]);
    expect((await api(t.app, 'GET', '/institutions')).json().institutions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: institution.id, logo })]),
    );

    const member = await buildUser(t.app);
    await api(t.app, 'PUT', `/people/${member.username}/affiliations/${institution.id}`, { token: member.token, body: { title: 'Engineer' } });
    const memberPhoto = (await putPhoto(member.username, { data: await webp(100, 100) }, member.token)).json().person.photo;
    const page = (await api(t.app, 'GET', `/institutions/${institution.slug}`)).json();
    expect(page.institution.logo).toEqual(logo);
    expect(page.people).toEqual([expect.objectContaining({ slug: member.username, photo: memberPhoto })]);

    const replaced = await putLogo(institution.id, { data: await webp(300, 300), fileName: 'new.webp' });
    expect(replaced.json().logo.id).not.toBe(logo.id);
    expect((await get(logo.url)).statusCode).toBe(404);
    expect(storedFiles().filter((f) => f.includes(logo.id))).toEqual([]);
    expect(await auditOf('institution.logo.put', institution.id)).toHaveLength(2);
  });

  it('DELETE removes the logo; refused without manageInstitutions or sign-in, changing nothing', async () => {
    const institution = await buildInstitution(t.app, manager);
    const file = { data: await png(100, 100) };
    const logo = (await putLogo(institution.slug, file)).json().logo;
    const before = { files: storedFiles(), assets: await assetCount() };
    expect((await putLogo(institution.slug, file, user.token)).statusCode).toBe(403);
    expect((await upload(t.app, 'PUT', `/institutions/${institution.slug}/logo`, { file })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/institutions/${institution.slug}/logo`, { token: user.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/institutions/${institution.slug}/logo`)).statusCode).toBe(401);
    expect((await putLogo(randomUUID(), file)).statusCode).toBe(404);
    expect({ files: storedFiles(), assets: await assetCount() }).toEqual(before);

    const res = await api(t.app, 'DELETE', `/institutions/${institution.slug}/logo`, { token: manager.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo).toBeNull();
    expect((await get(logo.url)).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/institutions/${institution.slug}/logo`, { token: manager.token })).statusCode).toBe(404);
  });

  it('goes with the institution when it is deleted', async () => {
    const institution = await buildInstitution(t.app, manager);
    const logo = (await putLogo(institution.slug, { data: await png(100, 100) })).json().logo;
    expect((await api(t.app, 'DELETE', `/institutions/${institution.slug}`, { token: manager.token })).statusCode).toBe(204);
    expect((await get(logo.url)).statusCode).toBe(404);
    expect(storedFiles().filter((f) => f.includes(logo.id))).toEqual([]);
  });
});

describe('GET /assets/{id}/{variant}', () => {
  let photo: { id: string; url: string; thumbUrl: string };
  beforeAll(async () => {
    const someone = await buildUser(t.app);
    photo = (await putPhoto(someone.username, { data: await png(640, 480) }, someone.token)).json().person.photo;
  });

  it('serves immutable bytes: type, length, nosniff, a year of caching, the SHA-256 as ETag', async () => {
    const res = await get(photo.url);
    expect(res.statusCode).toBe(200);
    const sha256 = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(res.rawPayload.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${sha256}"`,
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    const again = await get(photo.url, { 'if-none-match': `"${sha256}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: photo.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-type': 'image/webp', 'content-length': String(res.rawPayload.length), etag: `"${sha256}"` });
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for an unknown asset or version, 400 for an id that is not one', async () => {
    expect((await get(`/api/v1/assets/${randomUUID()}/96`)).statusCode).toBe(404);
    for (const variant of ['800', 'constructor', '__proto__']) {
      const res = await get(`/api/v1/assets/${photo.id}/${variant}`);
      expect(res.statusCode, variant).toBe(variant === '__proto__' ? 400 : 404);
    }
    const bad = await get('/api/v1/assets/not-a-uuid/96');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.id');
  });
});

describe('multipart bodies elsewhere', () => {
  it('are refused with 415 by routes that take JSON', async () => {
    const res = await upload(t.app, 'PUT', `/people/${user.username}`, { token: user.token, fields: { name: 'Renamed' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Send the body as application/json' });
  });
});

describe('on S3-compatible object storage', () => {
  let s3: S3rver;
  let s3Dir: string;
  let onS3: TestApp;
  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-s3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'uploads', configs: [] }] });
    const { port } = await s3.run();
    const bucket = {
      bucket: 'uploads',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    onS3 = await startTestApp({ images: LIMITS, storage: { dir: path.join(s3Dir, 'unused'), s3: bucket } }, t.database);
  });
  afterAll(async () => {
    await onS3.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores, serves, replaces and removes photos the same way', async () => {
    const someone = await buildUser(onS3.app);
    const photo = await cameraJpeg(900, 600);
    const first = (await upload(onS3.app, 'PUT', `/people/${someone.username}/photo`, { token: someone.token, file: { data: photo } })).json().person.photo;
    const original = await onS3.app.inject({
      method: 'GET',
      url: `/api/v1/assets/${first.id}/original`,
      headers: { authorization: `Bearer ${someone.token}` },
    });
    expect(original.rawPayload.equals(photo)).toBe(true);
    const meta = await sharp((await onS3.app.inject({ method: 'GET', url: first.thumbUrl })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 96]);
    const [row] = await t.database.use((d) => d.select().from(assets).where(eq(assets.id, first.id)));
    expect(await onS3.app.services.storage.exists(row!.storageKey)).toBe(true);

    await upload(onS3.app, 'PUT', `/people/${someone.username}/photo`, { token: someone.token, file: { data: await png(100, 100) } });
    for (const key of [row!.storageKey, ...Object.values(row!.variants).map((v) => v.key)]) expect(await onS3.app.services.storage.exists(key)).toBe(false);
    expect(fs.existsSync(path.join(s3Dir, 'unused'))).toBe(false);
  });
});
