import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { sqlKey } from './sql-key.js';

/** A cached total is trusted this long at most (another process may write to a database server). */
const TTL_MS = 30_000;
/** Conditions remembered; the oldest goes first. */
const MAX_ENTRIES = 2000;

/**
 * The totals of list pages (count(*) under the page's condition), kept until anything is
 * written: a list of 100,000 objects then costs one statement, not a page and a count of
 * every row. `writes` is the database's write generation (Database bumps it when a
 * statement other than a select is sent, and again when its job has ended, after commit).
 */
export class CountCache {
  private readonly totals = new Map<string, { writes: number; at: number; total: number }>();

  constructor(private readonly writes: () => number) {}

  /** count(*) of the table's rows under `where`, from the cache while nothing has been written. */
  async count(d: Db, table: PgTable, where: SQL | undefined): Promise<number> {
    const key = `${getTableName(table)} ${where ? sqlKey(where) : ''}`;
    const writes = this.writes();
    const hit = this.totals.get(key);
    if (hit && hit.writes === writes && Date.now() - hit.at < TTL_MS) return hit.total;
    const [row] = await d
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
    const total = row?.n ?? 0;
    this.totals.delete(key);
    this.totals.set(key, { writes, at: Date.now(), total });
    if (this.totals.size > MAX_ENTRIES) this.totals.delete(this.totals.keys().next().value!);
    return total;
  }
}
