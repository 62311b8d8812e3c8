import { and, count, desc, eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import { PAGE_SIZES, type Photo } from '@observatory/shared';
import { authorize, permissionsFor, type Actor, type Resource } from '../../authz/authorize';
import { resourceOf } from '../../authz/lookup';
import type { Database, Db } from '../../db/client';
import { objects as objectsTable, people, photos } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import { describeAsset, imageRef, type AssetsService, type Upload } from '../assets/service';
import type { ObjectsService } from './service';

/** EXIF sits at the start of a JPEG (and in WebP/PNG chunks near it): this much is read. */
const EXIF_BYTES = 512 * 1024;

const columns = {
  id: photos.id,
  assetId: photos.assetId,
  caption: photos.caption,
  takenAt: photos.takenAt,
  geo: sql<string | null>`ST_AsGeoJSON(${photos.geo})`,
  authorId: photos.authorId,
  createdAt: photos.createdAt,
  author: { id: people.id, slug: people.slug, name: people.name },
  object: { id: objectsTable.id, name: objectsTable.name, title: objectsTable.title },
};
type PhotoRow = { id: string; assetId: string; caption: string | null; takenAt: Date | null; geo: string | null; authorId: string | null; createdAt: Date; author: { id: string; slug: string; name: string } | null; object: { id: string; name: string; title: string } | null };

const selectPhotos = (d: Db) => d.select(columns).from(photos).leftJoin(people, eq(people.id, photos.authorId)).leftJoin(objectsTable, eq(objectsTable.id, photos.objectId));

/** The capture time and GPS position a camera wrote, if any; a file without EXIF has neither. */
export async function readExif(storage: Storage, key: string): Promise<{ takenAt: Date | null; lon: number | null; lat: number | null }> {
  const stream = await storage.get(key);
  if (!stream) return { takenAt: null, lon: null, lat: null };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= EXIF_BYTES) break;
  }
  stream.destroy();
  // A damaged or missing EXIF block is simply no EXIF.
  const exif = (await exifr.parse(Buffer.concat(chunks), { gps: true }).catch(() => null)) as { DateTimeOriginal?: unknown; CreateDate?: unknown; latitude?: unknown; longitude?: unknown } | null;
  const when = exif?.DateTimeOriginal ?? exif?.CreateDate;
  const lat = typeof exif?.latitude === 'number' && Math.abs(exif.latitude) <= 90 ? exif.latitude : null;
  const lon = typeof exif?.longitude === 'number' && Math.abs(exif.longitude) <= 180 ? exif.longitude : null;
  return { takenAt: when instanceof Date && !Number.isNaN(when.getTime()) ? when : null, lon: lat === null ? null : lon, lat: lon === null ? null : lat };
}

/** Photos of an object: seen with it, added by those who may upload, changed by their author or an editor. */
export function createPhotosService(deps: { db: Database; objects: ObjectsService; assets: AssetsService; storage: Storage }) {
  const { db, objects, assets, storage } = deps;

  /** Seen with its object; its author owns it, and the object's editors may change it too (the registry's photo). */
  const resourceOfPhoto = (row: { id: string; authorId: string | null }, object: Resource) => resourceOf('photo', row, { parent: object });

  const toPhoto = (actor: Actor | null, object: Resource, row: PhotoRow): Photo => ({
    id: row.id,
    image: imageRef(row.assetId)!,
    caption: row.caption,
    takenAt: row.takenAt?.toISOString() ?? null,
    geo: row.geo ? (JSON.parse(row.geo) as Photo['geo']) : null,
    object: row.object?.id ? row.object : null,
    author: row.author?.id ? row.author : null,
    createdAt: row.createdAt.toISOString(),
    permissions: permissionsFor(actor, resourceOfPhoto(row, object)),
  });

  async function loadPhoto(actor: Actor | null, key: string, photoId: string) {
    const { row: object, resource } = await objects.load(actor, key);
    const [photo] = await db.use((d) => selectPhotos(d).where(and(eq(photos.objectId, object.id), eq(photos.id, photoId))));
    if (!photo) throw notFound('Photo');
    authorize(actor, 'edit', resourceOfPhoto(photo, resource), 'Photo');
    return { object, resource, photo };
  }

  return {
    /** 50 a page, newest first. */
    async list(actor: Actor | null, key: string, p: number) {
      const { row: object, resource } = await objects.load(actor, key);
      const page = pageOf(p, PAGE_SIZES.photos);
      return db.use(async (d) => {
        const rows = await selectPhotos(d).where(eq(photos.objectId, object.id)).orderBy(desc(photos.createdAt), desc(photos.id)).limit(page.limit).offset(page.offset);
        const [total] = await d.select({ n: count() }).from(photos).where(eq(photos.objectId, object.id));
        return { photos: rows.map((r) => toPhoto(actor, resource, r)), page, total: total?.n ?? 0 };
      });
    },

    /** A new photo: its caption is set afterwards (PUT), its time and place come from its EXIF. */
    async add(actor: Actor | null, key: string, readUpload: () => Promise<Upload>) {
      const { row: object, resource } = await objects.load(actor, key);
      authorize(actor, 'upload', resource, 'Object');
      const id = await assets.attachImage(actor, await readUpload(), async (tx, asset) => {
        const exif = await readExif(storage, asset.storageKey);
        const [created] = await tx
          .insert(photos)
          .values({
            objectId: object.id,
            assetId: asset.id,
            authorId: actor!.personId,
            takenAt: exif.takenAt,
            geo: (exif.lon !== null && exif.lat !== null ? sql`ST_SetSRID(ST_MakePoint(${exif.lon}::float8, ${exif.lat}::float8), 4326)` : null) as never,
          })
          .returning({ id: photos.id });
        await audit(tx, actor, 'photo.create', { type: 'object', id: object.id }, { after: { id: created!.id, ...describeAsset(asset) } });
        return { replaced: null, result: created!.id };
      });
      const [row] = await db.use((d) => selectPhotos(d).where(eq(photos.id, id)));
      return toPhoto(actor, resource, row!);
    },

    async change(actor: Actor | null, key: string, photoId: string, input: { caption?: string | null | undefined; object?: string | undefined }) {
      const { object, resource, photo } = await loadPhoto(actor, key, photoId);
      const target = input.object ? await objects.load(actor, input.object) : null;
      if (target) authorize(actor, 'upload', target.resource, 'Object');
      await db.transaction(async (tx) => {
        await tx
          .update(photos)
          .set({ ...(input.caption !== undefined ? { caption: input.caption || null } : {}), ...(target ? { objectId: target.row.id } : {}), updatedAt: new Date() })
          .where(eq(photos.id, photo.id));
        await audit(tx, actor, 'photo.update', { type: 'object', id: object.id }, { before: { id: photo.id, caption: photo.caption }, after: input });
      });
      const [row] = await db.use((d) => selectPhotos(d).where(eq(photos.id, photo.id)));
      return toPhoto(actor, target?.resource ?? resource, row!);
    },

    async remove(actor: Actor | null, key: string, photoId: string) {
      const { object, photo } = await loadPhoto(actor, key, photoId);
      const files = await db.transaction(async (tx) => {
        await tx.delete(photos).where(eq(photos.id, photo.id));
        await audit(tx, actor, 'photo.delete', { type: 'object', id: object.id }, { before: { id: photo.id, assetId: photo.assetId } });
        return assets.removeAsset(tx, photo.assetId);
      });
      await assets.removeFiles(files);
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
