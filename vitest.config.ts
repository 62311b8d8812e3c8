import { defineConfig } from 'vitest/config';

/**
 * unit: pure logic. api: the in-process app on a real database (embedded by default,
 * TEST_DATABASE_URL for a PostgreSQL server). process: the real server as a child
 * process on the embedded database (durability, locking, backups). web: the web app's
 * own logic in a simulated browser (happy-dom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['scripts/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/server/src/{authz,lib}/**/*.test.ts', 'apps/server/src/db/*.test.ts', 'apps/server/src/config.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/db/seed/**/*.test.ts', 'apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'process',
          include: ['apps/server/test/process/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
