import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, loadConfig } from '../config.js';
import { openDatabase } from './client.js';

/**
 * `npm run db:restore -- file.sql`: loads a dump made by db:backup into an empty
 * DATA_DIR (a directory that already holds a database is left alone).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const file = process.argv[2];
  if (!file) throw new Error('Name the dump to restore: npm run db:restore -- backups/observatory-....sql');
  if (config.database.url) throw new Error('DATABASE_URL is set: restore into a PostgreSQL server with psql (docs/operations.md).');
  const dataDir = config.database.dataDir!;
  if (fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new Error(`${dataDir} already holds a database; move it aside (or set DATA_DIR to a new directory) and run this again.`);
  }
  const dump = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? ROOT_DIR, file), 'utf8');
  const db = await openDatabase({ ...config.database, queueTimeoutMs: 600_000 });
  try {
    await db.pglite!.exec(dump);
    console.log(`Restored ${file} into ${dataDir}`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
