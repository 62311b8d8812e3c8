import type { Health } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';

/** A probe of the database this recent is answered as it is. */
export const HEALTH_FRESH_MS = 2000;
/** With no probe answered for this long (a database stuck or away), health says degraded. */
export const HEALTH_STALE_MS = 30_000;

/**
 * Health answers from the last probe of the database. One older than `freshMs` is
 * answered while a new one runs (one at a time): behind heavy reads holding the
 * database's queue, health stays quick and says what was last seen, and when. Once no
 * probe has answered for `staleMs`, it says degraded, so a monitor reading the status
 * alone sees a database that is stuck.
 */
export function healthProbe(database: Database, log: FastifyBaseLogger, options: { freshMs?: number; staleMs?: number } = {}) {
  const { freshMs = HEALTH_FRESH_MS, staleMs = HEALTH_STALE_MS } = options;
  const kind = database.kind;
  let last: Health | null = null;
  /** When `last` was seen (a monotonic clock). */
  let lastAt = 0;
  let running: { since: number; answer: Promise<Health> } | null = null;

  const seen = (health: Health): Health => {
    last = health;
    lastAt = performance.now();
    return health;
  };

  const probe = async (): Promise<Health> => {
    try {
      const [version, migration] = await Promise.all([database.serverVersion(), database.migrationState()]);
      return seen({ status: 'ok', database: { ok: true, kind, version }, migration, checkedAt: new Date().toISOString() });
    } catch (err) {
      // A queue too long to wait in (503 with Retry-After): the database is busy, not away.
      if (err instanceof AppError) {
        if (last) return last;
        throw err;
      }
      log.error({ err }, 'Health check failed');
      return seen({
        status: 'degraded',
        database: { ok: false, kind, version: null },
        migration: { applied: 0, latest: null },
        checkedAt: new Date().toISOString(),
      });
    }
  };

  /** A new probe, unless one is under way (one under way longer than `staleMs` is given up on). */
  const start = (now: number): Promise<Health> => {
    if (running && now - running.since < staleMs) return running.answer;
    const current = { since: now, answer: probe() };
    const done = () => {
      if (running === current) running = null;
    };
    current.answer.then(done, done);
    running = current;
    return current.answer;
  };

  return function health(): Promise<Health> {
    const now = performance.now();
    if (last && now - lastAt < freshMs) return Promise.resolve(last);
    const answer = start(now);
    if (!last) return answer;
    if (now - lastAt < staleMs) return Promise.resolve(last);
    const stuck: Health = { ...last, status: 'degraded', database: { ...last.database, ok: false } };
    return Promise.resolve(stuck);
  };
}
