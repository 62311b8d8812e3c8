import type { Health } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';

/** A probe of the database this recent is answered as it is. */
export const HEALTH_FRESH_MS = 2000;

/**
 * Health answers from the last probe of the database. One older than HEALTH_FRESH_MS is
 * answered while a new one runs (one at a time): behind heavy reads holding the
 * database's queue, health stays quick and says what was last seen, and when.
 */
export function healthProbe(database: Database, log: FastifyBaseLogger, freshMs = HEALTH_FRESH_MS) {
  let last: Health | null = null;
  let running: Promise<Health> | null = null;

  const probe = async (): Promise<Health> => {
    const kind = database.kind;
    const checkedAt = new Date().toISOString();
    try {
      const [version, migration] = await Promise.all([database.serverVersion(), database.migrationState()]);
      return (last = { status: 'ok', database: { ok: true, kind, version }, migration, checkedAt });
    } catch (err) {
      // A queue too long to wait in (503 with Retry-After): the database is busy, not away.
      if (err instanceof AppError) {
        if (last) return last;
        throw err;
      }
      log.error({ err }, 'Health check failed');
      return (last = { status: 'degraded', database: { ok: false, kind, version: null }, migration: { applied: 0, latest: null }, checkedAt });
    }
  };

  return function health(): Promise<Health> {
    if (last && Date.now() - Date.parse(last.checkedAt) < freshMs) return Promise.resolve(last);
    running ??= probe().finally(() => (running = null));
    return last ? Promise.resolve(last) : running;
  };
}
