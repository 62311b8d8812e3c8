import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/index.js';

export type AssetRow = typeof assets.$inferSelect;

export async function insertAsset(db: Db, values: typeof assets.$inferInsert): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  return row!;
}

export async function findAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row ?? null;
}

export async function deleteAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.delete(assets).where(eq(assets.id, id)).returning();
  return row ?? null;
}
