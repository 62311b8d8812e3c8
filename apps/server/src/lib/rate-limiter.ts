/**
 * Fixed-window counters in memory, keyed by e.g. "login:ip:1.2.3.4" or
 * "login:user:ada". One process holds its own counts; behind several processes
 * the limits apply per process (docs/operations.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one hit; answers the seconds to wait when `limit` is exceeded, else null. */
  hit(key: string, limit: number): number | null {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count++;
    return window.count > limit ? Math.ceil((window.resetAt - now) / 1000) : null;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
