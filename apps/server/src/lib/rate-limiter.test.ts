import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows `limit` hits per window, then answers the seconds to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(60_000, () => now);
    expect([1, 2, 3].map(() => limiter.hit('k', 3))).toEqual([null, null, null]);
    now = 15_000;
    expect(limiter.hit('k', 3)).toBe(45);
    expect(limiter.hit('other', 3)).toBeNull();
    now = 60_000;
    expect(limiter.hit('k', 3)).toBeNull();
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter(60_000);
    limiter.hit('k', 1);
    expect(limiter.hit('k', 1)).not.toBeNull();
    limiter.reset('k');
    expect(limiter.hit('k', 1)).toBeNull();
  });
});
