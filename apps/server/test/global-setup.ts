import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrationsKey } from '../src/db/template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded: path of a migrated data-directory tarball. Server: name of a migrated template database. */
    dbTemplate: string;
  }
}

/**
 * One migrated database made once per run (cached across runs for the embedded one);
 * each test file then starts from a copy of it (DESIGN.md section 8).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = path.join(os.tmpdir(), `observatory-test-template-${migrationsKey()}.tar`);
    if (!fs.existsSync(file)) {
      const db = await openDatabase({ url: null, dataDir: null, poolSize: 1, queueTimeoutMs: 120_000 });
      await db.migrate();
      const tarball = await db.pglite!.dumpDataDir('none');
      await db.close();
      fs.writeFileSync(`${file}.tmp`, Buffer.from(await tarball.arrayBuffer()));
      fs.renameSync(`${file}.tmp`, file);
    }
    project.provide('dbTemplate', file);
    return;
  }
  const template = `observatory_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = await openDatabase({ url: withDatabase(serverUrl, template), dataDir: null, poolSize: 2, queueTimeoutMs: 120_000 });
  await db.migrate();
  await db.close();
  project.provide('dbTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
