import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/**
 * A table of ordered links from an owner (a project, an object) to people or institutions:
 * each owner's links hold positions 0..n-1, the order they are shown in.
 */
export interface LinkTable {
  table: PgTable;
  owner: PgColumn;
  /** What a link is known by: its own id (a project's links) or its target (an object's). Always a uuid. */
  key: PgColumn;
  position: PgColumn;
  createdAt: PgColumn;
}

/** `order` with `key` moved (or added) to `position`, clamped to 0..n; the end when not given. */
export function placed(order: string[], key: string, position: number | undefined): string[] {
  const rest = order.filter((k) => k !== key);
  rest.splice(Math.min(Math.max(position ?? rest.length, 0), rest.length), 0, key);
  return rest;
}

/** Put, move, remove and renumber the links of one table: the one algorithm every ordered link uses. */
export function orderedLinks(t: LinkTable) {
  /** The keys of an owner's links, in order. */
  async function order(db: Db, ownerId: string): Promise<string[]> {
    const rows = await db.select({ key: t.key }).from(t.table).where(eq(t.owner, ownerId)).orderBy(asc(t.position), asc(t.createdAt));
    return rows.map((r) => r.key as string);
  }

  /** Positions 0..n-1 in the given order, in one statement. */
  async function renumber(db: Db, ownerId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.execute(sql`update ${t.table} set ${sql.identifier(t.position.name)} = o.n - 1
      from unnest(${`{${keys.join(',')}}`}::uuid[]) with ordinality as o(key, n)
      where ${t.owner} = ${ownerId} and ${t.key} = o.key`);
  }

  return {
    order,

    /**
     * Creates or changes a link: `write(position)` stores it at its current place, or at the
     * end when it is new. Given a position, it then moves there and the rest make room.
     */
    async put(db: Db, ownerId: string, key: string, write: (position: number) => Promise<void>, position?: number): Promise<void> {
      const current = await order(db, ownerId);
      const at = current.indexOf(key);
      await write(at >= 0 ? at : current.length);
      if (position !== undefined) await renumber(db, ownerId, placed(current, key, position));
    },

    /** Moves a link to a position; false when the owner has no such link. */
    async move(db: Db, ownerId: string, key: string, position: number): Promise<boolean> {
      const current = await order(db, ownerId);
      if (!current.includes(key)) return false;
      await renumber(db, ownerId, placed(current, key, position));
      return true;
    },

    /** Removes a link and closes the gap; false when the owner has no such link. */
    async remove(db: Db, ownerId: string, key: string): Promise<boolean> {
      const removed = await db
        .delete(t.table)
        .where(and(eq(t.owner, ownerId), eq(t.key, key)))
        .returning({ key: t.key });
      if (removed.length === 0) return false;
      await renumber(db, ownerId, await order(db, ownerId));
      return true;
    },
  };
}
export type OrderedLinks = ReturnType<typeof orderedLinks>;
