import { count, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildObject, buildPhoto, buildProject, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, upload, type TestApp } from '../../../../test/harness.js';
import { assets, photos } from '../../../db/schema/index.js';

let t: TestApp;
let owner: TestUser;
let contributor: TestUser;
let stranger: TestUser;
let objectName: string;
let otherName: string;
let closedName: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  contributor = await buildUser(t.app);
  stranger = await buildUser(t.app);
  const project = await buildProject(t.app, owner);
  await api(t.app, 'PUT', `/projects/${project.id}/members/${contributor.username}`, { token: owner.token, body: { role: 'contributor' } });
  objectName = (await buildObject(t.app, owner, { projects: [project.id] })).name;
  otherName = (await buildObject(t.app, owner, { projects: [project.id] })).name;
  closedName = (await buildObject(t.app, owner, { projects: [project.id], visibility: 'members' })).name;
});
afterAll(() => t.close());

/** A camera JPEG: taken 1 July 2024 at 10:30, at 46.5° N 7.5° E. */
const fieldPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2024:07:01 10:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 30/1 0/1' },
    })
    .toBuffer();
const plainPng = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();

/** The create call under test: a photo of an object, by the contributor unless told. */
const post = async (name: string, data: Buffer, token = contributor.token) =>
  upload(t.app, 'POST', `/data/obj/${name}/photos`, { token, file: { data, fileName: 'photo.jpg' } });

describe('photos', () => {
  it('are uploaded by those who may upload; the EXIF time and GPS are read and offered as the location', async () => {
    const res = await post(objectName, await fieldPhoto(), owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({
      takenAt: expect.stringMatching(/^2024-07-01T/),
      geo: { type: 'Point', coordinates: [7.5, 46.5] },
      author: { id: owner.personId },
      object: { name: objectName },
      caption: null,
      permissions: ['view', 'edit', 'delete'],
    });
    const served = await t.app.inject({ method: 'GET', url: photo.image.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const without = (await post(objectName, await plainPng())).json();
    expect(without).toMatchObject({ takenAt: null, geo: null });
  });

  it('take the device’s position and time, sent before the file, where the EXIF has none; the EXIF wins where it has them', async () => {
    const told = { lon: '18.812345', lat: '68.354321', takenAt: '2026-06-01T05:40:00+02:00' };
    const sendWith = async (data: Buffer, fields: Record<string, string>) =>
      upload(t.app, 'POST', `/data/obj/${objectName}/photos`, { token: owner.token, fields, file: { data, fileName: 'photo.jpg' } });
    const plain = await sendWith(await plainPng(), told);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ takenAt: '2026-06-01T03:40:00.000Z', geo: { type: 'Point', coordinates: [18.812345, 68.354321] } });
    const camera = await sendWith(await fieldPhoto(), told);
    expect(camera.json()).toMatchObject({ takenAt: expect.stringMatching(/^2024-07-01T/), geo: { type: 'Point', coordinates: [7.5, 46.5] } });
    // Empty fields are none.
    expect((await sendWith(await plainPng(), { lon: '', lat: '', takenAt: '' })).json()).toMatchObject({ takenAt: null, geo: null });
  });

  it('refuse a position or time that is not one, naming the field, and store nothing', async () => {
    const before = await t.database.use((d) => d.select({ n: count() }).from(photos));
    for (const [fields, field] of [
      [{ lon: '190', lat: '10' }, 'body.lon'],
      [{ lon: '10', lat: 'north' }, 'body.lat'],
      [{ lon: '10' }, 'body.lat'],
      [{ takenAt: 'yesterday' }, 'body.takenAt'],
    ] as const) {
      const res = await upload(t.app, 'POST', `/data/obj/${objectName}/photos`, {
        token: owner.token,
        fields,
        file: { data: await plainPng(), fileName: 'p.png' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expect(await t.database.use((d) => d.select({ n: count() }).from(photos))).toEqual(before);
  });

  it('show where they were taken only to those who may edit the object: it can say more than the object’s own geometry', async () => {
    const photo = (await post(objectName, await fieldPhoto())).json();
    // Its uploader may upload but not edit the object: the time, not the place.
    expect(photo).toMatchObject({ takenAt: expect.stringMatching(/^2024-07-01T/), geo: null });
    const geoSeenBy = async (token?: string) =>
      ((await api(t.app, 'GET', `/data/obj/${objectName}/photos`, { token })).json().photos as { id: string; geo: unknown }[]).find((p) => p.id === photo.id)
        ?.geo;
    expect(await geoSeenBy(owner.token)).toEqual({ type: 'Point', coordinates: [7.5, 46.5] });
    for (const reader of [undefined, stranger.token, contributor.token]) expect(await geoSeenBy(reader)).toBeNull();
    // A caption saved by its author answers without it too; by the object's editor, with it.
    const one = `/data/obj/${objectName}/photos/${photo.id}`;
    expect((await api(t.app, 'PUT', one, { token: contributor.token, body: { caption: 'Ridge' } })).json().geo).toBeNull();
    expect((await api(t.app, 'PUT', one, { token: owner.token, body: { caption: 'Ridge' } })).json().geo).toEqual({ type: 'Point', coordinates: [7.5, 46.5] });
  });

  it('are listed 50 a page, newest first, with pagination headers', async () => {
    const name = otherName;
    for (let i = 0; i < 3; i++) await buildPhoto(t.app, owner, name);
    const list = await api(t.app, 'GET', `/data/obj/${name}/photos`);
    expect(list.headers['pagination-limit']).toBe('50');
    expect(list.headers['pagination-count']).toBe('3');
    expect(list.json().photos).toHaveLength(3);
    expect(list.json().photos[0].permissions).toEqual(['view']);
  });

  it('get a caption or move to another object (author or editor), and are deleted with their files', async () => {
    const photo = await buildPhoto(t.app, contributor, objectName);
    const one = `/data/obj/${objectName}/photos/${photo.id}`;
    expect((await api(t.app, 'PUT', one, { token: stranger.token, body: { caption: 'x' } })).statusCode).toBe(403);
    const captioned = await api(t.app, 'PUT', one, { token: contributor.token, body: { caption: 'North plot after the storm' } });
    expect(captioned.json().caption).toBe('North plot after the storm');
    const moved = await api(t.app, 'PUT', one, { token: owner.token, body: { object: otherName } });
    expect(moved.json().object.name).toBe(otherName);
    const there = `/data/obj/${otherName}/photos/${photo.id}`;
    expect((await api(t.app, 'DELETE', there, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', there, { token: contributor.token })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: photo.image.url })).statusCode).toBe(404);
  });

  it('are served in three sizes for thumbnails, the page and a full view, all WebP without the EXIF location', async () => {
    const big = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#5a8c3c' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 30/1 0/1' } })
      .toBuffer();
    const { image } = await buildPhoto(t.app, contributor, objectName, { file: { data: big } });
    expect(image.largeUrl).toBe(`/api/v1/assets/${image.id}/1600`);
    for (const [url, width, height] of [
      [image.thumbUrl, 96, 64],
      [image.url, 400, 267],
      [image.largeUrl!, 1600, 1067],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif], url).toEqual(['webp', width, height, undefined]);
      expect(await exifr.gps(served.rawPayload).catch(() => undefined), url).toBeUndefined();
    }
  });

  it('refuse HEIC with a message naming the formats to send, storing nothing', async () => {
    // The start of an iPhone photo: sharp's bundled libvips has no HEVC decoder to convert it (lib/images.ts).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    const counts = () =>
      t.database.use(async (d) => [
        (
          await d
            .select({ n: count() })
            .from(photos)
            .where(eq(photos.objectId, (photoObject as { id: string }).id))
        )[0]!.n,
        (await d.select({ n: count() }).from(assets))[0]!.n,
      ]);
    const photoObject = (await api(t.app, 'GET', `/data/obj/${objectName}`)).json().obj;
    const before = await counts();
    const res = await upload(t.app, 'POST', `/data/obj/${objectName}/photos`, {
      token: contributor.token,
      file: { data: heic, fileName: 'IMG_0001.HEIC', type: 'image/heic' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: expect.stringMatching(/HEIC .*JPEG, PNG or WebP/),
      details: [{ field: 'file' }],
    });
    expect(await counts()).toEqual(before);
  });

  it('of an object not everyone may see are served through URLs signed for the reader, privately cached, until membership ends', async () => {
    const member = await buildUser(t.app);
    const project = await buildProject(t.app, owner);
    await api(t.app, 'PUT', `/projects/${project.id}/members/${member.username}`, { token: owner.token, body: { role: 'viewer' } });
    const { name } = await buildObject(t.app, owner, { projects: [project.id], visibility: 'members' });
    await buildPhoto(t.app, owner, name);
    const image = (await api(t.app, 'GET', `/data/obj/${name}/photos`, { token: member.token })).json().photos[0].image;
    for (const url of [image.url, image.thumbUrl, image.largeUrl])
      expect(url).toMatch(new RegExp(`^/api/v1/assets/${image.id}/\\d+\\?expires=\\d+&user=${member.id}&signature=`));

    // An <img> sends no token: the signature is what lets it through.
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=(3[0-5]\d\d|3600)$/);
    // Unsigned, or with a signature not the server's, it is answered as an image that does not exist.
    const plain = image.url.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: plain, headers: { authorization: `Bearer ${member.token}` } })).statusCode).toBe(404);
    const altered = image.url.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: image.url.replace(`user=${member.id}`, `user=${stranger.id}`) })).statusCode).toBe(404);

    // Out of the project: the URL made for them stops working.
    await api(t.app, 'DELETE', `/projects/${project.id}/members/${member.username}`, { token: owner.token });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);

    // A public object's photos keep plain URLs, cached publicly.
    const open = (await buildPhoto(t.app, contributor, objectName)).image;
    expect(open.url).toBe(`/api/v1/assets/${open.id}/400`);
    expect((await t.app.inject({ method: 'GET', url: open.url })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuse what is not an image, need sign-in and upload, and stay hidden with a hidden object', async () => {
    const text = await post(objectName, Buffer.from('not a photo at all'));
    expect(text.statusCode).toBe(415);
    expect((await upload(t.app, 'POST', `/data/obj/${objectName}/photos`, { file: { data: await plainPng() } })).statusCode).toBe(401);
    expect((await post(objectName, await plainPng(), stranger.token)).statusCode).toBe(403);
    expect((await post(closedName, await plainPng(), stranger.token)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/data/obj/${closedName}/photos`)).statusCode).toBe(404);
    const missing = await upload(t.app, 'POST', `/data/obj/${objectName}/photos`, { token: contributor.token });
    expect(missing.statusCode).toBe(400);
  });
});
