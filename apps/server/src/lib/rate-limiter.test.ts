import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limiter.js';

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per window, then answers the seconds to wait', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(60_000, () => now);
    expect([await limiter.hit('k', 3), await limiter.hit('k', 3), await limiter.hit('k', 3)]).toEqual([null, null, null]);
    now = 15_000;
    expect(await limiter.hit('k', 3)).toBe(45);
    expect(await limiter.hit('other', 3)).toBeNull();
    now = 60_000;
    expect(await limiter.hit('k', 3)).toBeNull();
  });

  it('tells whether a limit is reached without counting', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(60_000, () => now);
    await limiter.hit('k', 2);
    expect(await limiter.over('k', 2)).toBeNull();
    await limiter.hit('k', 2);
    now = 30_000;
    expect(await limiter.over('k', 2)).toBe(30);
    expect(await limiter.over('k', 2)).toBe(30);
  });

  it('forgets a key on reset', async () => {
    const limiter = new MemoryRateLimiter(60_000);
    await limiter.hit('k', 1);
    expect(await limiter.hit('k', 1)).not.toBeNull();
    await limiter.reset('k');
    expect(await limiter.hit('k', 1)).toBeNull();
  });
});
