import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceWebDist, startTestApp, type TestApp } from '../../test/harness.js';

/** The web app's files served as they are (icons): the build copies them. */
const PUBLIC = path.resolve(import.meta.dirname, '../../../web/public');

/** The built web app as the build lays it out: the page, a hashed asset, a file at the root. */
const web = sourceWebDist();
fs.mkdirSync(path.join(web.dir, 'assets'));
fs.writeFileSync(path.join(web.dir, 'assets/index-Ab12Cd34.js'), 'console.log("app");\n');
fs.mkdirSync(path.join(web.dir, '.vite'));
fs.writeFileSync(path.join(web.dir, '.vite/manifest.json'), '{}');
fs.writeFileSync(path.join(web.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(web.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
fs.writeFileSync(path.join(web.dir, '..', `secret-${path.basename(web.dir)}.txt`), 'not for the web');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDist: web.dir });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(path.join(web.dir, '..', `secret-${path.basename(web.dir)}.txt`), { force: true });
  web.remove();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('serves a hashed asset for a year and a root file for revalidation', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('serves the service worker for revalidation on every visit, so a browser finds a new version at once', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("serves the web app manifest with the deployment's name, and the page links it", async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: t.app.config.app.productName, start_url: '/', scope: '/', display: 'standalone' });
    // Browsers install from a PNG of 192 px and one of 512 px; Android masks the maskable one.
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect((await get('/')).body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it('names icons the web app has, at the sizes it says', async () => {
    const icons = (await get('/manifest.webmanifest')).json().icons as { src: string; sizes: string; type: string }[];
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const meta = await sharp(path.join(PUBLIC, icon.src)).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format, icon.src).toBe('png');
    }
  });

  it('answers a client route, and the root, with the page', async () => {
    for (const url of ['/', '/projects', '/map/properties?z=3']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("answers 404, not the page, for a missing file, the build's records, an unknown API path and a path out of the directory", async () => {
    const missing = await get('/assets/index-Zz99Zz99.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: expect.any(String) });
    const out = await get(`/..%2fsecret-${path.basename(web.dir)}.txt`);
    expect(out.statusCode).toBeGreaterThanOrEqual(400);
    expect(out.body).not.toContain('not for the web');
  });
});
