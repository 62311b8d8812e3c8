import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../../test/harness.js';
import { databaseRateLimiter } from './rate-limiter.js';

/** The windows kept in the database, as every process on one server shares them. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('databaseRateLimiter', () => {
  it('allows `limit` hits per window, then answers the seconds to wait, for every limiter on the database', async () => {
    const one = databaseRateLimiter(database, 60_000);
    const other = databaseRateLimiter(database, 60_000);
    expect([await one.hit('k', 3), await other.hit('k', 3), await one.hit('k', 3)]).toEqual([null, null, null]);
    const wait = await other.hit('k', 3);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await one.over('k', 3)).toBe(wait);
    expect(await one.hit('another', 3)).toBeNull();
  });

  it('starts a new window once the last one is over', async () => {
    const limiter = databaseRateLimiter(database, 1000);
    await limiter.hit('short', 1);
    expect(await limiter.hit('short', 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.over('short', 1)).toBeNull();
    expect(await limiter.hit('short', 1)).toBeNull();
  });

  it('forgets a key on reset, and counts nothing when asked whether a limit is reached', async () => {
    const limiter = databaseRateLimiter(database, 60_000);
    expect(await limiter.over('fresh', 1)).toBeNull();
    await limiter.hit('fresh', 1);
    expect(await limiter.over('fresh', 1)).not.toBeNull();
    await limiter.reset('fresh');
    expect(await limiter.over('fresh', 1)).toBeNull();
    expect(await limiter.hit('fresh', 1)).toBeNull();
  });
});
