import { afterEach, vi } from 'vitest';

/** API test files share a worker (vitest.config.ts): a test's fake clock ends with it. */
afterEach(() => {
  vi.useRealTimers();
});
