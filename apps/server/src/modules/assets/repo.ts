import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, insightCommentPhotos, photos } from '../../db/schema/index.js';

export type AssetRow = typeof assets.$inferSelect;

export async function insertAsset(db: Db, values: typeof assets.$inferInsert): Promise<AssetRow> {
  const [row] = await db.insert(assets).values(values).returning();
  return row!;
}

export async function findAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row ?? null;
}

/** The object whose photo the asset is, if it is one: images of what not everyone may see are served to those who may. */
export async function objectOfPhoto(db: Db, assetId: string): Promise<string | null> {
  const [row] = await db.select({ objectId: photos.objectId }).from(photos).where(eq(photos.assetId, assetId));
  return row?.objectId ?? null;
}

/** When the asset is an image uploaded for comments: the insight it is for (null once that is deleted). Served as the insight is seen. */
export async function insightOfCommentPhoto(db: Db, assetId: string): Promise<{ insightId: string | null } | null> {
  const [row] = await db.select({ insightId: insightCommentPhotos.insightId }).from(insightCommentPhotos).where(eq(insightCommentPhotos.assetId, assetId));
  return row ?? null;
}

export async function deleteAsset(db: Db, id: string): Promise<AssetRow | null> {
  const [row] = await db.delete(assets).where(eq(assets.id, id)).returning();
  return row ?? null;
}
