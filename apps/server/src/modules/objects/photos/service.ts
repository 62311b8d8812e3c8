import exifr from 'exifr';
import { PAGE_SIZES, PhotoUploadFieldsSchema, type Photo, type PhotoUploadFields } from '@observatory/shared';
import { authorize, can, type Actor, type Resource } from '../../../authz/authorize.js';
import { keepRow } from '../../../authz/lookup.js';
import type { Database } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { checkVersion, type Precondition } from '../../../lib/versions.js';
import type { Storage } from '../../../lib/storage/index.js';
import { invalidField } from '../../../lib/errors.js';
import type { ReceiveUpload } from '../../../lib/uploads.js';
import { describeAsset, type AssetsService } from '../../assets/index.js';
import { attachedTo } from '../attached.js';
import type { ObjectsService } from '../service.js';
import * as repo from './repo.js';

/** EXIF sits at the start of a JPEG (and in WebP/PNG chunks near it): this much is read. */
const EXIF_BYTES = 512 * 1024;

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
  const exif = (await exifr.parse(Buffer.concat(chunks), { gps: true }).catch(() => null)) as {
    DateTimeOriginal?: unknown;
    CreateDate?: unknown;
    latitude?: unknown;
    longitude?: unknown;
  } | null;
  const when = exif?.DateTimeOriginal ?? exif?.CreateDate;
  const lat = typeof exif?.latitude === 'number' && Math.abs(exif.latitude) <= 90 ? exif.latitude : null;
  const lon = typeof exif?.longitude === 'number' && Math.abs(exif.longitude) <= 180 ? exif.longitude : null;
  return { takenAt: when instanceof Date && !Number.isNaN(when.getTime()) ? when : null, lon: lat === null ? null : lon, lat: lon === null ? null : lat };
}

/** The form's fields (an empty one is none), checked as PhotoUploadFieldsSchema; errors name `body.<field>`. */
function photoFields(fields: Readonly<Record<string, string>>): PhotoUploadFields {
  const given = Object.fromEntries(Object.entries(fields).filter(([name, value]) => ['lon', 'lat', 'takenAt'].includes(name) && value.trim() !== ''));
  const parsed = PhotoUploadFieldsSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidField(`body.${issue.path.join('.')}`, issue.message);
  }
  return parsed.data;
}

/** Photos of an object: seen with it, added by those who may upload, changed by their author or an editor. */
export function createPhotosService(deps: { db: Database; objects: ObjectsService; assets: AssetsService; storage: Storage }) {
  const { db, objects, assets, storage } = deps;

  const attached = attachedTo<repo.PhotoRow>('photo', objects);

  const toPhoto = (actor: Actor | null, object: Resource, row: repo.PhotoRow): Photo => ({
    id: row.id,
    // Signed for the reader when not everyone may see the object.
    image: assets.getImage(actor, row.assetId, object),
    caption: row.caption,
    takenAt: row.takenAt?.toISOString() ?? null,
    // Where it was taken can say more than the object's own geometry: for its editors only.
    geo: row.geo && can(actor, 'edit', object) ? (JSON.parse(row.geo) as Photo['geo']) : null,
    object: row.object?.id ? row.object : null,
    author: row.author?.id ? row.author : null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    permissions: attached.permissions(actor, object, row),
  });

  const loadPhoto = (actor: Actor | null, key: string, photoId: string) =>
    attached.loadForEdit(actor, key, (objectId) => db.use((d) => repo.findPhoto(d, objectId, photoId)));

  return {
    /** 50 a page, newest first. */
    async listPhotos(actor: Actor | null, key: string, p: number) {
      const { resource, page, rows, total } = await attached.page(actor, key, p, PAGE_SIZES.photos, (objectId, page) =>
        db.use((d) => repo.photosOf(d, objectId, page)),
      );
      return { photos: rows.map((r) => toPhoto(actor, resource, r)), page, total };
    },

    /**
     * A new photo: its caption is set afterwards (PUT), its time and place come from its EXIF,
     * else from the fields sent before the file (the device's, PhotoUploadFieldsSchema).
     */
    async createPhoto(actor: Actor | null, key: string, receive: ReceiveUpload) {
      const { row: object, resource } = await objects.loadObject(actor, key);
      authorize(actor, 'upload', resource, 'Object');
      let id: string | null = null;
      await receive(async (upload, fields) => {
        const told = photoFields(fields);
        id = await assets.attachImage(actor, upload, async (tx, asset) => {
          await keepRow(tx, 'object', object.id);
          const exif = await readExif(storage, asset.storageKey);
          const place = exif.lon !== null && exif.lat !== null ? exif : { lon: told.lon ?? null, lat: told.lat ?? null };
          const created = await repo.insertPhoto(tx, {
            objectId: object.id,
            assetId: asset.id,
            authorId: actor!.personId,
            takenAt: exif.takenAt ?? (told.takenAt ? new Date(told.takenAt) : null),
            lon: place.lon,
            lat: place.lat,
          });
          await audit(tx, actor, 'photo.create', { type: 'object', id: object.id }, { after: { id: created, ...describeAsset(asset) } });
          return { replaced: null, result: created };
        });
      });
      return toPhoto(actor, resource, await db.use((d) => repo.photoById(d, id!)));
    },

    async updatePhoto(
      actor: Actor | null,
      key: string,
      photoId: string,
      input: { caption?: string | null | undefined; object?: string | undefined },
      precondition: Precondition = {},
    ) {
      const { object, resource, row: photo } = await loadPhoto(actor, key, photoId);
      const target = input.object ? await objects.loadObject(actor, input.object) : null;
      if (target) authorize(actor, 'upload', target.resource, 'Object');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.photoVersion(photo.id), precondition);
        await repo.changePhoto(tx, actor, photo.id, {
          ...(input.caption !== undefined ? { caption: input.caption || null } : {}),
          ...(target ? { objectId: target.row.id } : {}),
        });
        await audit(tx, actor, 'photo.update', { type: 'object', id: object.id }, { before: { id: photo.id, caption: photo.caption }, after: input });
      });
      return toPhoto(actor, target?.resource ?? resource, await db.use((d) => repo.photoById(d, photo.id)));
    },

    async deletePhoto(actor: Actor | null, key: string, photoId: string, precondition: Precondition = {}) {
      const { object, row: photo } = await loadPhoto(actor, key, photoId);
      const files = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.photoVersion(photo.id), precondition);
        await repo.deletePhoto(tx, photo.id);
        await audit(tx, actor, 'photo.delete', { type: 'object', id: object.id }, { before: { id: photo.id, assetId: photo.assetId } });
        return assets.deleteAssetIn(tx, photo.assetId);
      });
      await assets.deleteFiles(files);
    },
  };
}
