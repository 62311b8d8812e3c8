import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, rowsOf } from './client.js';
import { makeTemplate, migrationsKey } from './template.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-template-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const migrations = () => fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
const open = (dataDir: string, templateFile: string) => openDatabase({ url: null, dataDir, poolSize: 1, queueTimeoutMs: 60_000, templateFile });

describe('the empty database’s template', () => {
  const file = path.join(dir, 'templates', `${migrationsKey()}.tar.gz`);
  const dataDir = path.join(dir, 'data');

  it('is made once for a set of migrations, in place of the older ones', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(path.join(path.dirname(file), 'older.tar.gz'), 'from other migrations');
    expect(await makeTemplate(file)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(await makeTemplate(file)).toBe(false);
  }, 120_000);

  it('starts a new data directory migrated, with PostGIS, and is never read for an existing one', async () => {
    fs.mkdirSync(dataDir);
    const first = await open(dataDir, file);
    try {
      expect((await first.migrationState()).applied).toBe(migrations());
      const gis = rowsOf<{ v: string }>(await first.use((db) => db.execute(sql`select postgis_lib_version() as v`)));
      expect(gis[0]!.v).toMatch(/^\d+\.\d+/);
      await first.use((db) => db.execute(sql`create table kept (note text)`));
      await first.use((db) => db.execute(sql`insert into kept values ('written after the start')`));
    } finally {
      await first.close();
    }
    // A file that is no tarball: reading it would fail the start.
    const garbage = path.join(dir, 'garbage.tar.gz');
    fs.writeFileSync(garbage, 'not a tarball');
    const again = await open(dataDir, garbage);
    try {
      const kept = rowsOf<{ note: string }>(await again.use((db) => db.execute(sql`select note from kept`)));
      expect(kept).toEqual([{ note: 'written after the start' }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
