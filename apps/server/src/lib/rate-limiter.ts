import { lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters keyed by e.g. "login:ip:1.2.3.4" or "refresh:session:<id>". In
 * memory for the embedded database (one process); in the database on a server, so that
 * every process behind a proxy counts against the same limits.
 */
export interface RateLimiter {
  /** Counts one hit; answers the seconds to wait when `limit` is exceeded, else null. */
  hit(key: string, limit: number): Promise<number | null>;
  /** The seconds to wait when `limit` hits are already counted, else null; counts nothing. */
  over(key: string, limit: number): Promise<number | null>;
  reset(key: string): Promise<void>;
}

const waitFor = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number): Promise<number | null> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count++;
    return window.count > limit ? waitFor(window.resetAt, now) : null;
  }

  async over(key: string, limit: number): Promise<number | null> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < limit) return null;
    return waitFor(window.resetAt, now);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Windows ended this long ago are swept now and then. */
const SWEEP_EVERY = 500;

/** The same windows in the `rate_limits` table: one upsert per hit, the database's clock for all processes. */
export function databaseRateLimiter(db: Database, windowMs: number): RateLimiter {
  let hits = 0;
  const windowSql = sql`make_interval(secs => ${windowMs / 1000})`;
  return {
    async hit(key, limit) {
      if (++hits % SWEEP_EVERY === 0) await db.use((d) => d.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)));
      const result = await db.use((d) =>
        d.execute(sql`
          insert into ${rateLimits} as r (key, count, reset_at) values (${key}, 1, now() + ${windowSql})
          on conflict (key) do update set
            count = case when r.reset_at <= now() then 1 else r.count + 1 end,
            reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
          returning count, extract(epoch from (reset_at - now())) as seconds`),
      );
      const row = rowsOf<{ count: number; seconds: number | string }>(result)[0]!;
      return row.count > limit ? Math.max(1, Math.ceil(Number(row.seconds))) : null;
    },
    async over(key, limit) {
      const result = await db.use((d) =>
        d.execute(sql`select count, extract(epoch from (reset_at - now())) as seconds from ${rateLimits} where key = ${key} and reset_at > now()`),
      );
      const row = rowsOf<{ count: number; seconds: number | string }>(result)[0];
      return row && row.count >= limit ? Math.max(1, Math.ceil(Number(row.seconds))) : null;
    },
    async reset(key) {
      await db.use((d) => d.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`));
    },
  };
}

/**
 * Counts a visitor's request (no actor) against `limit` for its address under `key`
 * ("sandbox", "objects-export"); past it, 429 with Retry-After saying "Too many `what`".
 * Signed-in callers are not counted: their work is bounded by other means.
 */
export async function admitVisitor(limiter: RateLimiter, actor: object | null, key: string, ip: string, limit: number, what: string): Promise<void> {
  if (actor) return;
  const wait = await limiter.hit(`${key}:ip:${ip}`, limit);
  if (wait !== null) throw new AppError('RATE_LIMITED', `Too many ${what}; try again in ${wait} s`, { headers: { 'retry-after': String(wait) } });
}
