import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { assets, importSessions, users } from '../../db/schema/index.js';
import type { Page } from '../../lib/pagination.js';
import { usedAssetIds } from './usages/repo.js';

export type AssetRow = typeof assets.$inferSelect;

export async function insertAsset(db: Db, values: typeof assets.$inferInsert): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  return row!;
}

export async function findAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row ?? null;
}

export async function findAssets(db: Db, ids: readonly string[]): Promise<AssetRow[]> {
  return ids.length
    ? db
        .select()
        .from(assets)
        .where(inArray(assets.id, [...ids]))
    : [];
}

export async function deleteAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.delete(assets).where(eq(assets.id, id)).returning();
  return row ?? null;
}

/** An asset with its uploader's username. */
export async function findAssetWithOwner(db: Db, id: string) {
  const [row] = await db
    .select({ asset: assets, username: users.username })
    .from(assets)
    .leftJoin(users, eq(users.id, assets.ownerId))
    .where(eq(assets.id, id));
  return row ?? null;
}

/** The asset, locked until the transaction ends: a row about to point at it waits (and then fails), rather than slipping in between the check and the delete. */
export async function lockAsset(tx: Db, id: string): Promise<AssetRow | null> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update');
  return row ?? null;
}

/** What an asset's files take in the storage: the original and its versions. */
const storedBytes = sql`${assets.size} + coalesce((select sum((v.value ->> 'size')::bigint) from jsonb_each(${assets.variants}) as v), 0)`;

/** A page of assets, newest first, with their uploaders; only the unused ones when asked. */
export async function assetPage(db: Db, page: Page, unusedOnly: boolean, graceMinutes: number, ownerId: string | null = null) {
  const query = db.select({ asset: assets, username: users.username }).from(assets).leftJoin(users, eq(users.id, assets.ownerId)).$dynamic();
  const mine = ownerId ? eq(assets.ownerId, ownerId) : undefined;
  // An anti-join with the used ids, computed once (a correlated "not exists" would run the usages per asset).
  if (unusedOnly) query.leftJoin(sql`${usedAssetIds(graceMinutes)} as used`, sql`used.asset_id = ${assets.id}`).where(and(sql`used.asset_id is null`, mine));
  else if (mine) query.where(mine);
  return query.orderBy(desc(assets.createdAt), desc(assets.id)).limit(page.limit).offset(page.offset);
}

/** How many assets there are and what their files take, and the same of the unused ones. */
export async function assetTotals(
  db: Db,
  graceMinutes: number,
  ownerId: string | null = null,
): Promise<{ count: number; bytes: number; unusedCount: number; unusedBytes: number }> {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(a.bytes), 0)::float8 as bytes,
      (count(*) filter (where used.asset_id is null))::int as unused_count,
      coalesce(sum(a.bytes) filter (where used.asset_id is null), 0)::float8 as unused_bytes
    from (select ${assets.id} as id, ${storedBytes} as bytes from ${assets} ${ownerId ? sql`where ${assets.ownerId} = ${ownerId}` : sql``}) as a
      left join ${usedAssetIds(graceMinutes)} as used on used.asset_id = a.id`);
  const [row] = rowsOf<{ count: number; bytes: number; unused_count: number; unused_bytes: number }>(result);
  return {
    count: Number(row?.count ?? 0),
    bytes: Number(row?.bytes ?? 0),
    unusedCount: Number(row?.unused_count ?? 0),
    unusedBytes: Number(row?.unused_bytes ?? 0),
  };
}

/**
 * Of `keys` (storage keys of ours, `<xx>/<uuid>` or `<xx>/<uuid>.<version>`), those no
 * record names: not an asset's original, not a version of the asset whose key is the part
 * before the dot (as storeImage makes them), not an import session's file (the only other
 * table that keeps storage keys). The assets are read by their key's index;
 * `variantKeysAmong` then checks what is left against every asset's versions.
 */
export async function unnamedKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const result = await db.execute(sql`
    select k.key from unnest(${sql.param(keys)}::text[]) as k(key)
    where not exists (select 1 from ${assets} where ${assets.storageKey} = k.key)
      and not exists (select 1 from ${assets} where ${assets.storageKey} = split_part(k.key, '.', 1)
        and jsonb_path_exists(${assets.variants}, '$.* ? (@.key == $key)', jsonb_build_object('key', k.key)))
      and not exists (select 1 from ${importSessions} where ${importSessions.storageKey} = k.key)`);
  return rowsOf<{ key: string }>(result).map((r) => r.key);
}

/** Which of `keys` are the key of a version of any asset, whatever its name (one pass over the assets). */
export async function variantKeysAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const result = await db.execute(sql`
    select distinct v.value ->> 'key' as key from ${assets} cross join lateral jsonb_each(${assets.variants}) as v
    where v.value ->> 'key' = any(${sql.param(keys)}::text[])`);
  return new Set(rowsOf<{ key: string }>(result).map((r) => r.key));
}
