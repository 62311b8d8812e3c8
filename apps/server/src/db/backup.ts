import fs from 'node:fs';
import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { ROOT_DIR, loadConfig } from '../config.js';
import { openDatabase } from './client.js';

/**
 * `npm run db:backup [-- file.sql]`: a SQL dump of the embedded database, made with
 * PGlite's own pg_dump (Debian's pg_dump 15 cannot read PostgreSQL 18). The server
 * must be stopped: the database directory takes one process at a time.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.database.url) {
    throw new Error('DATABASE_URL is set: back up the PostgreSQL server with its own pg_dump (docs/operations.md).');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(process.env.INIT_CWD ?? ROOT_DIR, process.argv[2] ?? path.join('backups', `observatory-${stamp}.sql`));
  const db = await openDatabase({ ...config.database, queueTimeoutMs: 600_000 });
  try {
    // PostGIS's spatial_ref_sys is recreated by CREATE EXTENSION; dumping it row by row takes minutes.
    const dump = await pgDump({ pg: db.pglite!, args: ['--no-owner', '--exclude-table=public.spatial_ref_sys'] });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, await dump.text());
    console.log(`Backup written: ${out} (${fs.statSync(out).size} bytes)`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
