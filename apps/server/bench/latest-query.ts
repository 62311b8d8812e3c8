/**
 * The latest-values query timed in a server process of its own: one that holds the app and
 * has served nothing, as a server does, not the bench's, which has seeded two worlds first
 * (their garbage's collections fell in its runs: a p99 twice a fresh process's). latest.ts
 * runs it on the bench's database, with the cases as JSON, and reads its figures from stdout.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { timedQuery, type LatestCase } from './latest.js';

const [url, given] = process.argv.slice(2);
const { cases, withTarget } = JSON.parse(given!) as { cases: LatestCase[]; withTarget: boolean };
const database = await openDatabase({ url: url!, dataDir: null, poolSize: 4, queueTimeoutMs: 30_000 });
const app = await buildApp(
  loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', SEED_DEMO: '0', WEB_DIST: 'apps/server/bench/no-web-build' }),
  { database },
);
try {
  const figures = [];
  for (const c of cases) figures.push(await timedQuery(app.services.dataTables, c, withTarget, 'in a server process of its own'));
  process.stdout.write(JSON.stringify(figures));
} finally {
  await app.close();
  await database.close();
}
