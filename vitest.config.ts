import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests read packages/shared from its TypeScript source, not from its build (see its package.json). */
const fromSource = { resolve: { alias: { '@observatory/shared': fileURLToPath(new URL('packages/shared/src/index.ts', import.meta.url)) } } };

/**
 * A test file's name says its tier: `x.test.ts` unit (pure logic, no database),
 * `x.api.test.ts` api, `x.process.test.ts` process; web tests are those under apps/web.
 * unit: pure logic. api: the in-process app on a real database (embedded by default,
 * TEST_DATABASE_URL for a PostgreSQL server). process: the real server as a child
 * process on the embedded database (durability, locking, backups). process-pg: two server
 * processes on one PostgreSQL server (with TEST_DATABASE_URL). web: the web app's
 * own logic in a simulated browser (happy-dom).
 */
export default defineConfig({
  // Also for the global setups, which run outside the projects.
  ...fromSource,
  test: {
    // A worker per core. Vitest's default keeps one core for its own process, which mostly
    // waits: on a 2-core machine that is one worker, and the API tests took 20 minutes, not 9.
    maxWorkers: availableParallelism(),
    projects: [
      {
        ...fromSource,
        test: {
          name: 'unit',
          include: ['scripts/*.test.ts', 'eslint-rules/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        ...fromSource,
        test: {
          name: 'api',
          include: ['apps/server/{src,test}/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/api-setup.ts'],
          // Files follow each other in a worker that keeps the app's modules loaded and
          // PGlite compiled (each file still opens a database of its own, test/harness.ts):
          // a file starts in about a second, not six.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        ...fromSource,
        test: {
          name: 'process',
          include: ['apps/server/test/process/**/*.process.test.ts'],
          globalSetup: ['apps/server/test/process/build.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      // Several server processes on one PostgreSQL database: only with a server to use (.ci/run's second step).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...fromSource,
              test: {
                name: 'process-pg',
                include: ['apps/server/test/process-pg/**/*.process.test.ts'],
                globalSetup: ['apps/server/test/process/build.ts'],
                testTimeout: 120_000,
                hookTimeout: 240_000,
              },
            },
          ]
        : []),
      {
        ...fromSource,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A form test types and clicks through user-event: 2-4 s alone, past 5 s on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
