import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { API_ROOT, IMAGE_SIZES, type ImageRef } from '@observatory/shared';
import { can, type Actor, type Resource } from '../../authz/authorize.js';
import { findByKey } from '../../authz/lookup.js';
import type { Database, Db } from '../../db/client.js';
import type { AssetVariant } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedQuery, UrlSigner } from '../../lib/signed-urls.js';
import { SNIFF_BYTES, makeImageVersions, notAnImage, peek, sniffImageType, type ImageVersion } from '../../lib/images.js';
import { newStorageKey, type Storage } from '../../lib/storage/index.js';
import * as repo from './repo.js';

/** A file as a route hands it over: its bytes, still streaming, and the name it came with. */
export interface Upload {
  stream: Readable;
  fileName: string | null;
}

/** The name under which the original of every asset is served. */
export const ORIGINAL = 'original';

export const assetUrl = (id: string, variant: string | number) => `${API_ROOT}/assets/${id}/${variant}`;

/** How responses carry an image: URLs of its display size, its thumbnail and its full view (with `query` when signed). */
export const imageRef = (assetId: string | null, query = ''): ImageRef | null =>
  assetId
    ? { id: assetId, url: assetUrl(assetId, IMAGE_SIZES.display) + query, thumbUrl: assetUrl(assetId, IMAGE_SIZES.thumb) + query, largeUrl: assetUrl(assetId, IMAGE_SIZES.large) + query }
    : null;

/** How long a signed image URL works: long enough for a page left open, short enough to end with a membership. */
export const IMAGE_URL_TTL_SECONDS = 3600;

const isPublic = (holder: Resource) => !holder.visibility || holder.visibility === 'public';

const seesOriginal = (actor: Actor | null, asset: repo.AssetRow) =>
  !!actor && (actor.super || actor.global.has('manageAssets') || (asset.ownerId !== null && actor.userId === asset.ownerId));

/** An asset whose files are stored, before its record is. */
export type StoredAsset = Omit<repo.AssetRow, 'ownerId' | 'createdAt'>;

/** What the audit log keeps of an asset. */
export const describeAsset = (a: StoredAsset) => ({ assetId: a.id, fileName: a.fileName, mediaType: a.mediaType, size: a.size, sha256: a.sha256, width: a.width, height: a.height });

/**
 * Uploaded files: their bytes in the storage, their record in `assets`. Other modules
 * attach an asset to their rows through `attachImage` and drop it with `removeAsset`.
 */
export function createAssetsService(deps: {
  db: Database;
  storage: Storage;
  images: { maxPixels: number };
  log: FastifyBaseLogger;
  /** Signs image URLs of what not everyone may see (IMAGE_URL_TTL_SECONDS). */
  signer: UrlSigner;
  actorFor: (userId: string) => Promise<Actor | null>;
}) {
  const { db, storage, log, signer } = deps;

  /** What holds the image when not everyone may see it (a photo of a members-only object, a comment's image on such an insight), else null. */
  async function restrictedHolder(d: Db, assetId: string): Promise<Resource | null> {
    const objectId = await repo.objectOfPhoto(d, assetId);
    const comment = objectId ? null : await repo.insightOfCommentPhoto(d, assetId);
    // A comment's image whose insight is gone: for managers only, as a row whose parent is gone.
    const insight = comment && ((comment.insightId && (await findByKey(d, 'insight', comment.insightId))?.resource) || { type: 'insight' as const, id: assetId, visibility: 'members' as const, targetIds: [] });
    const holder = objectId ? (await findByKey(d, 'object', objectId))?.resource : insight;
    return holder && !isPublic(holder) ? holder : null;
  }

  /** A signed image answers only while the one it was signed for may still see its holder. */
  async function checkSignature(id: string, holder: Resource, query: SignedQuery): Promise<number> {
    const { verdict, claim } = signer.verifyQuery(`assets/${id}`, query);
    if (verdict === 'expired') throw new AppError('FORBIDDEN', 'This image link has expired: reload the page to get a new one');
    if (verdict !== 'valid') throw new AppError('FORBIDDEN', 'This image is shown only through the page that holds it');
    const signedFor = claim!.userId ? await deps.actorFor(claim!.userId) : null;
    if (!can(signedFor, 'view', holder)) throw notFound('Asset');
    return claim!.expires;
  }

  /** Best effort: a file left behind is garbage, not a failure of the request that made it. */
  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'Could not remove a stored file'));
    }
  }

  const keysOf = (asset: Pick<repo.AssetRow, 'storageKey' | 'variants'>) => [asset.storageKey, ...Object.values(asset.variants).map((v) => v.key)];

  /**
   * Checks the first bytes (JPEG, PNG or WebP, else 415, nothing stored), streams the
   * original to the storage, then stores a WebP of each size in IMAGE_SIZES beside it.
   */
  async function storeImage(upload: Upload): Promise<StoredAsset> {
    const { head, stream } = await peek(upload.stream, SNIFF_BYTES);
    const mediaType = sniffImageType(head);
    if (!mediaType) {
      stream.destroy();
      throw notAnImage(head);
    }
    const storageKey = newStorageKey();
    const variants: Record<string, AssetVariant> = {};
    try {
      const original = await storage.put(storageKey, stream, { contentType: mediaType });
      const sizes = Object.values(IMAGE_SIZES);
      const decoded = await makeImageVersions((await storage.get(storageKey))!, { mediaType, sizes, maxPixels: deps.images.maxPixels });
      for (const version of decoded.versions) variants[String(version.size)] = await storeVersion(`${storageKey}.${version.size}`, version);
      return { id: randomUUID(), storageKey, fileName: upload.fileName, mediaType, ...original, width: decoded.width, height: decoded.height, variants };
    } catch (err) {
      await removeFiles(keysOf({ storageKey, variants }));
      throw err;
    }
  }

  async function storeVersion(key: string, version: ImageVersion): Promise<AssetVariant> {
    const stored = await storage.put(key, Readable.from([version.data]), { contentType: 'image/webp' });
    return { key, mediaType: 'image/webp', ...stored, width: version.width, height: version.height };
  }

  /** Deletes the asset's record inside the caller's transaction; answers its storage keys, for `removeFiles` after commit. */
  async function removeAsset(tx: Db, id: string): Promise<string[]> {
    const row = await repo.deleteAsset(tx, id);
    return row ? keysOf(row) : [];
  }

  return {
    removeFiles,
    removeAsset,

    /**
     * Stores an uploaded image, then, in one transaction, records it and runs `link`,
     * which points the caller's row at it and answers the asset it replaced (if any).
     * The replaced asset's record goes with the transaction, its files after it; when
     * anything fails, the new files are removed again.
     */
    async attachImage<T>(actor: Actor | null, upload: Upload, link: (tx: Db, asset: StoredAsset) => Promise<{ replaced: string | null; result: T }>): Promise<T> {
      const asset = await storeImage(upload);
      let outcome: { result: T; removed: string[] };
      try {
        outcome = await db.transaction(async (tx) => {
          await repo.insertAsset(tx, { ...asset, ownerId: actor?.userId ?? null });
          const linked = await link(tx, asset);
          return { result: linked.result, removed: linked.replaced ? await removeAsset(tx, linked.replaced) : [] };
        });
      } catch (err) {
        await removeFiles(keysOf(asset));
        throw err;
      }
      await removeFiles(outcome.removed);
      return outcome.result;
    },

    /**
     * The image of something held by `holder` (a photo by its object), for `actor`: plain
     * URLs when everyone may see the holder, else URLs signed for the actor.
     */
    imageFor(actor: Actor | null, assetId: string, holder: Resource): ImageRef {
      if (isPublic(holder)) return imageRef(assetId)!;
      return imageRef(assetId, `?${signer.signQuery(`assets/${assetId}`, actor?.userId ?? null).query}`)!;
    },

    /**
     * A version of an asset and how it may be cached. Derived versions of public images are
     * public; those of an image not everyone may see need its signed URL (imageFor), are
     * cached privately and only until the URL expires. The original may hold what the
     * versions drop (a photo's EXIF location), so only its uploader and holders of
     * manageAssets see it.
     */
    async findVariant(actor: Actor | null, id: string, variant: string, signature: SignedQuery = {}) {
      const { asset, holder } = await db.use(async (d) => {
        const asset = await repo.findAsset(d, id);
        return { asset, holder: asset ? await restrictedHolder(d, asset.id) : null };
      });
      const file = !asset ? null : variant === ORIGINAL ? (seesOriginal(actor, asset) ? { ...asset, key: asset.storageKey } : null) : Object.hasOwn(asset.variants, variant) ? asset.variants[variant] : null;
      if (!asset || !file) throw notFound('Asset');
      let cacheControl = `${variant === ORIGINAL ? 'private' : 'public'}, max-age=31536000, immutable`;
      if (holder && variant !== ORIGINAL) {
        const expires = await checkSignature(id, holder, signature);
        cacheControl = `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`;
      }
      return {
        mediaType: file.mediaType,
        size: file.size,
        sha256: file.sha256,
        fileName: asset.fileName,
        cacheControl,
        open: async () => {
          const stream = await storage.get(file.key);
          if (!stream) {
            log.warn({ assetId: id, key: file.key }, 'An asset’s file is missing from the storage');
            throw notFound('Asset');
          }
          return stream;
        },
      };
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
