import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';
import { describeWithTool, GDAL } from '../../../test/tools.js';
import { prepareData } from '../../db/seed/index.js';

/**
 * GDAL's OAPIF driver (what QGIS reads OGC API - Features with) on the demo catalogue,
 * served on a port: it lists every collection, sends its box and attribute filters to the
 * server (the equalities as the parameters the OGC API's OpenAPI definition lists), and
 * copies every feature of every collection to GeoPackage. The server's record
 * of the requests it received proves what was filtered there rather than in GDAL.
 */

// Asynchronous: GDAL calls this very process's server, which must go on answering.
const run = promisify(execFile);
let t: TestApp;
let root: string;
/** The path and query of every request the server received, in order. */
const received: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ogc-gdal-'));

/** Feature counts by layer from ogrinfo -so. */
const featureCounts = (text: string) =>
  [...text.matchAll(/Layer name: (\S+)[\s\S]*?Feature Count: (\d+)/g)].map(([, layer, n]) => [layer!, Number(n)] as const);

describeWithTool(GDAL, 'GDAL reads the OGC API', () => {
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true, demoPassword: 'demo-password-1', admin: { username: 'admin', password: 'admin-password-1', email: null } });
    await prepareData(t.app);
    t.app.server.on('request', (request: { url?: string }) => received.push(decodeURIComponent(request.url ?? '')));
    root = `OAPIF:${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/ogc`;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const collections = async () => ((await api(t.app, 'GET', '/ogc/collections')).json().collections as { id: string }[]).map((c) => c.id);
  const matched = async (id: string, query = '') => (await api(t.app, 'GET', `/ogc/collections/${id}/items?limit=1${query}`)).json().numberMatched as number;

  it('lists every collection as a layer', async () => {
    const { stdout } = await run('ogrinfo', ['-ro', '-q', root]);
    const layers = [...stdout.matchAll(/^\d+: (\S+)/gm)].map((m) => m[1]);
    expect(layers).toEqual(await collections());
    expect(layers.length).toBeGreaterThan(2);
  }, 60_000);

  it('sends a box to the server, which sends fewer features than the collection holds', async () => {
    const site = (await api(t.app, 'GET', '/ogc/collections/site/items?limit=1')).json().features[0];
    const [lon, lat] = site.geometry.coordinates as [number, number];
    received.length = 0;
    const box = [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01].map(String);
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-q', root, 'site', '-spat', ...box]);
    expect(stdout).toContain(site.properties.name);
    const asked = received.filter((url) => url.includes('/collections/site/items') && url.includes('bbox='));
    expect(asked.length).toBeGreaterThan(0);
    const all = await matched('site');
    const inBox = await matched('site', `&bbox=${box.join(',')}`);
    expect(inBox).toBeGreaterThan(0);
    expect(inBox).toBeLessThan(all);
    expect([...stdout.matchAll(/^OGRFeature\(site\)/gm)].length).toBe(inBox);
  }, 60_000);

  it('sends an attribute filter to the server as property parameters, which sends only what matches', async () => {
    const site = (await api(t.app, 'GET', '/ogc/collections/site/items?limit=1')).json().features[0];
    const { name, habitat } = site.properties as { name: string; habitat: string };
    received.length = 0;
    // GDAL reads the items' parameters from the service-desc (ogc/api) and sends equalities on them.
    const where = `name = '${name}' AND habitat = '${habitat}'`;
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-q', root, 'site', '-where', where], { maxBuffer: 64 * 1024 * 1024 });
    expect([...stdout.matchAll(/^OGRFeature\(site\)/gm)].length).toBe(1);
    expect(stdout).toContain(name);
    const asked = received.filter((url) => url.includes('/collections/site/items') && url.includes(`name=${name}`));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toContain(`habitat=${habitat}`);
    const sent = await matched('site', `&name=${encodeURIComponent(name)}&habitat=${encodeURIComponent(habitat)}`);
    expect(sent).toBe(1);
    expect(sent).toBeLessThan(await matched('site'));
  }, 60_000);

  it('copies every feature of every collection to GeoPackage, as many as numberMatched', async () => {
    const gpkg = path.join(tmp, 'catalogue.gpkg');
    await run('ogr2ogr', ['-f', 'GPKG', gpkg, root], { maxBuffer: 64 * 1024 * 1024 });
    const { stdout } = await run('ogrinfo', ['-ro', '-so', '-al', gpkg]);
    const counts = Object.fromEntries(featureCounts(stdout));
    const expected = Object.fromEntries(await Promise.all((await collections()).map(async (id) => [id, await matched(id)] as const)));
    expect(counts).toEqual(expected);
    expect(expected.objects).toBeGreaterThan(100);
  }, 180_000);
});
