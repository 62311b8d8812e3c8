import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../db/schema/index.js';
import { buildAsset, buildObject, buildPhoto, buildUser, type TestUser } from '../../../test/factories.js';
import { startTestApp, upload, type FilePart, type TestApp } from '../../../test/harness.js';

/** A small allowance, so the test reaches it: three images every ten minutes. */
const PER_USER = 3;
const WINDOW_S = 600;

let t: TestApp;
let uploader: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp({ imageRateLimit: { perUser: PER_USER, windowMs: WINDOW_S * 1000 } });
  uploader = await buildUser(t.app, { super: true });
  other = await buildUser(t.app);
});
afterAll(() => t.close());

const image = async (): Promise<FilePart> => ({
  data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a8f3c' } })
    .png()
    .toBuffer(),
  fileName: 'plot.png',
  type: 'image/png',
});
const putPortrait = async (as: TestUser) => upload(t.app, 'PUT', `/people/${as.username}/photo`, { token: as.token, file: await image() });
/** Every stored file (temporary ones included) and every asset record. */
const stored = async () => ({
  files: (fs.readdirSync(t.filesDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(t.filesDir, f)).isFile()).length,
  assets: await t.database.use(async (d) => (await d.select({ id: assets.id }).from(assets)).length),
});

describe('Image uploads per user (IMAGE_RATE_LIMIT_PER_USER a window)', () => {
  it('counts every route that takes an image together; past the limit 429 with Retry-After, nothing stored; other users are not counted', async () => {
    // Three images by three routes: a document's image, an object's photo, the uploader's own portrait.
    const object = await buildObject(t.app, uploader);
    await buildAsset(t.app, uploader);
    await buildPhoto(t.app, uploader, object.name);
    expect((await putPortrait(uploader)).statusCode).toBe(200);

    const before = await stored();
    for (const refused of [
      await upload(t.app, 'POST', '/assets', { token: uploader.token, file: await image() }),
      // eslint-disable-next-line tests/factories-for-test-data -- the photo's create call, refused past the limit, is what this test checks
      await upload(t.app, 'POST', `/data/obj/${object.name}/photos`, { token: uploader.token, file: await image() }),
      await putPortrait(uploader),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        requestId: expect.any(String),
        code: 'RATE_LIMITED',
        error: expect.stringMatching(/^Too many images uploaded: at most 3 every 10 min; try again in \d+ s$/),
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(WINDOW_S);
    }
    expect(await stored()).toEqual(before);

    // Another user has an allowance of their own.
    expect((await putPortrait(other)).statusCode).toBe(200);
  });
});
