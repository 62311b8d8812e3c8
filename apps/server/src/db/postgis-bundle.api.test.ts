import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf } from './client.js';
import { filterTar, leanBundleFile, makeLeanBundle } from './postgis-bundle.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-postgis-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The names of a tar file's entries, read with the same walk that filters them. */
function namesIn(tar: Buffer): string[] {
  const names: string[] = [];
  filterTar(tar, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

describe('PostGIS’s lean bundle', () => {
  it('keeps PostGIS’s library, control file, install script and PROJ’s data, and drops raster, topology and the geocoder', () => {
    const file = path.join(dir, 'bundles', 'postgis-lean.tar.gz');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(path.join(path.dirname(file), 'postgis-older-lean0.tar.gz'), 'from another version');
    expect(makeLeanBundle(file)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(makeLeanBundle(file)).toBe(false);

    const names = namesIn(gunzipSync(fs.readFileSync(file)));
    expect(names).toEqual(expect.arrayContaining(['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis.control', 'share/proj/proj.db']));
    expect(names.some((n) => /^share\/postgresql\/extension\/postgis--\d+\.\d+\.\d+\.sql$/.test(n))).toBe(true);
    expect(names.filter((n) => /raster|topology|tiger|unpackaged|contrib/.test(n))).toEqual([]);
  });

  it('filters a tar whose entries have long (GNU) names, each with its name', () => {
    const tree = path.join(dir, 'tree');
    const long = `${'deep/'.repeat(25)}kept-file.txt`;
    fs.mkdirSync(path.join(tree, path.dirname(long)), { recursive: true });
    fs.writeFileSync(path.join(tree, long), 'kept');
    fs.writeFileSync(path.join(tree, 'dropped.txt'), 'dropped');
    const tar = execFileSync('tar', ['--format=gnu', '-cf', '-', '-C', tree, long, 'dropped.txt']);
    const filtered = filterTar(tar, (name) => name.endsWith('kept-file.txt'));
    expect(namesIn(filtered)).toEqual([long]);
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    execFileSync('tar', ['-xf', '-', '-C', out], { input: filtered });
    expect(fs.readFileSync(path.join(out, long), 'utf8')).toBe('kept');
    expect(fs.existsSync(path.join(out, 'dropped.txt'))).toBe(false);
  });

  it('is what the embedded database opens with, and PostGIS answers from it: a transform through PROJ, an area on the sphere', async () => {
    // Embedded in either test run: from the tests' template where it is a file (else made afresh, slower).
    const template = inject('dbTemplate');
    const loadDataDir = fs.existsSync(template) ? fs.readFileSync(template) : undefined;
    const db = await openDatabase({ url: null, dataDir: null, poolSize: 1, queueTimeoutMs: 60_000, ...(loadDataDir ? { loadDataDir } : {}) });
    try {
      expect(fs.existsSync(leanBundleFile())).toBe(true);
      await db.use((d) => d.execute(sql`create extension if not exists postgis`));
      const [row] = await db.use(async (d) =>
        rowsOf<{ x: number; area: number }>(
          await d.execute(sql`select ST_X(ST_Transform(ST_SetSRID(ST_Point(19.94, 50.06), 4326), 3857)) as x,
            ST_Area(ST_MakeEnvelope(19, 50, 20, 51, 4326)::geography) / 1e6 as area`),
        ),
      );
      expect(row!.x).toBeCloseTo(2219710.65, 1);
      expect(row!.area).toBeGreaterThan(7800);
      expect(row!.area).toBeLessThan(8000);
    } finally {
      await db.close();
    }
  }, 60_000);
});
