import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import * as repo from './repo.js';

/**
 * A setting Site Admin changes without a restart, kept as JSON in the settings table. Every
 * request may read it from a copy at most `cacheMs` old, so processes sharing the database
 * agree within that time; the process that changes it at once. A stored value that cannot
 * be read (or none) reads as `fallback`.
 */
export function storedSetting<T>(deps: { db: Database; key: string; fallback: T; parse: (stored: unknown) => T; cacheMs: number; log: FastifyBaseLogger }) {
  const { db, key, fallback } = deps;
  let current = fallback;
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  const parse = (value: string | null | undefined): T => {
    if (!value) return fallback;
    try {
      return deps.parse(JSON.parse(value));
    } catch {
      return fallback;
    }
  };

  async function load(): Promise<void> {
    try {
      current = parse(await db.use((d) => repo.getSetting(d, key)));
    } catch (err) {
      // The last value known is kept: a page without the newest setting beats a site that answers nothing.
      deps.log.warn({ err, key }, 'A setting could not be read');
    }
    loadedAt = Date.now();
  }

  return {
    /** The value as last read. */
    current: (): T => current,
    /** Reads the setting again when the copy is older than cacheMs (one read at a time). */
    async refresh(): Promise<void> {
      if (Date.now() - loadedAt < deps.cacheMs) return;
      loading ??= load().finally(() => (loading = null));
      await loading;
    },
    /** The stored value now, read afresh. */
    async read(): Promise<T> {
      await load();
      return current;
    },
    /** Stores the value and audits the change as `action`; this process uses it from the next request. */
    async write(actor: Actor | null, action: string, next: T): Promise<T> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
        const value = JSON.stringify(next);
        await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
        await audit(tx, actor, action, { type: 'setting', id: key }, { before: parse(before?.value), after: next });
      });
      current = next;
      loadedAt = Date.now();
      return current;
    },
  };
}
