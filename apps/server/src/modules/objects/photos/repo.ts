import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { objects as objectsTable, people, photos } from '../../../db/schema/index.js';
import type { Page } from '../../../lib/pagination.js';
import { bumped } from '../../../lib/versions.js';
import type { Actor } from '../../../authz/policy.js';

const columns = {
  id: photos.id,
  assetId: photos.assetId,
  caption: photos.caption,
  takenAt: photos.takenAt,
  geo: sql<string | null>`ST_AsGeoJSON(${photos.geo})`,
  authorId: photos.authorId,
  createdAt: photos.createdAt,
  version: photos.version,
  author: { id: people.id, slug: people.slug, name: people.name },
  object: { id: objectsTable.id, name: objectsTable.name, title: objectsTable.title },
};
export type PhotoRow = {
  id: string;
  assetId: string;
  caption: string | null;
  takenAt: Date | null;
  geo: string | null;
  authorId: string | null;
  createdAt: Date;
  version: number;
  author: { id: string; slug: string; name: string } | null;
  object: { id: string; name: string; title: string } | null;
};

const selectPhotos = (d: Db) =>
  d.select(columns).from(photos).leftJoin(people, eq(people.id, photos.authorId)).leftJoin(objectsTable, eq(objectsTable.id, photos.objectId));

/** A page of an object's photos, newest first, and their total. */
export async function photosOf(d: Db, objectId: string, page: Page): Promise<{ rows: PhotoRow[]; total: number }> {
  const rows = await selectPhotos(d)
    .where(eq(photos.objectId, objectId))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await d.select({ n: count() }).from(photos).where(eq(photos.objectId, objectId));
  return { rows, total: total?.n ?? 0 };
}

export async function findPhoto(d: Db, objectId: string, id: string): Promise<PhotoRow | null> {
  return (await selectPhotos(d).where(and(eq(photos.objectId, objectId), eq(photos.id, id))))[0] ?? null;
}

export async function photoById(d: Db, id: string): Promise<PhotoRow> {
  return (await selectPhotos(d).where(eq(photos.id, id)))[0]!;
}

/** A new photo of an object; `lon`/`lat` from its EXIF, when it had them. */
export async function insertPhoto(
  d: Db,
  v: { objectId: string; assetId: string; authorId: string; takenAt: Date | null; lon: number | null; lat: number | null },
): Promise<string> {
  const [created] = await d
    .insert(photos)
    .values({
      objectId: v.objectId,
      assetId: v.assetId,
      authorId: v.authorId,
      takenAt: v.takenAt,
      geo: (v.lon !== null && v.lat !== null ? sql`ST_SetSRID(ST_MakePoint(${v.lon}::float8, ${v.lat}::float8), 4326)` : null) as never,
    })
    .returning({ id: photos.id });
  return created!.id;
}

/** A photo's version, for a write's check (lib/versions.ts). */
export const photoVersion = (id: string) => ({ table: photos, where: eq(photos.id, id), type: 'photo', id, what: 'The photo' });

export async function changePhoto(d: Db, actor: Actor | null, id: string, values: { caption?: string | null; objectId?: string }): Promise<void> {
  await d
    .update(photos)
    .set({ ...values, ...bumped(photos, actor) })
    .where(eq(photos.id, id));
}

export async function deletePhoto(d: Db, id: string): Promise<void> {
  await d.delete(photos).where(eq(photos.id, id));
}
