import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  API_ROOT,
  IMAGE_SIZES,
  type Asset,
  type AssetDetail,
  type AssetListItem,
  type AssetsResponse,
  type ImageRef,
  type StrayFiles,
} from '@observatory/shared';
import { authorize, can, isPublic, ownsOrManages, requireActor, type Actor, type Resource } from '../../authz/authorize.js';
import { findByKey, resourceOf } from '../../authz/lookup.js';
import type { Kind } from '../../authz/resources.js';
import type { Database, Db } from '../../db/client.js';
import type { AssetVariant } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { pageOf, type Page } from '../../lib/pagination.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SignedQuery, UrlSigner } from '../../lib/signed-urls.js';
import { SNIFF_BYTES, makeImageVersions, notAnImage, peek, sniffImageType, type ImageVersion } from '../../lib/images.js';
import { isGeneratedKey, newStorageKey, type ListedObject, type Storage } from '../../lib/storage/index.js';
import { createTaskQueue } from '../../lib/task-queue.js';
import type { Upload } from '../../lib/uploads.js';
import * as repo from './repo.js';
import * as usagesRepo from './usages/repo.js';
import { byKindAndLabel, toUsage, whereUsed, type UsageRow } from './usages/service.js';

/**
 * Who may see an image: its holders, an image uploaded for comments held by its insight
 * however long ago (the grace of COMMENT_UPLOAD_GRACE_MINUTES only says how long it counts as used).
 */
const HELD_FOR_ACCESS = null;

/** The registry's kind of what owns a document, by its owner type (a bio is its person's). */
const DOCUMENT_OWNER_KINDS: Partial<Record<string, Kind>> = {
  project: 'project',
  update: 'update',
  object: 'object',
  insight: 'insight',
  page: 'page',
  bio: 'person',
};

/** The name under which the original of every asset is served. */
export const ORIGINAL = 'original';

export const assetUrl = (id: string, variant: string | number) => `${API_ROOT}/assets/${id}/${variant}`;

/** How responses carry an image: URLs of its display size, its thumbnail and its full view (with `query` when signed). */
export const imageRef = (assetId: string | null, query = ''): ImageRef | null =>
  assetId
    ? {
        id: assetId,
        url: assetUrl(assetId, IMAGE_SIZES.display) + query,
        thumbUrl: assetUrl(assetId, IMAGE_SIZES.thumb) + query,
        largeUrl: assetUrl(assetId, IMAGE_SIZES.large) + query,
      }
    : null;

/** How long a signed image URL works: long enough for a page left open, short enough to end with a membership. */
export const IMAGE_URL_TTL_SECONDS = 3600;

/** Assets a page of GET assets. */
export const ASSETS_PER_PAGE = 25;

/** A file in storage no record names is a stray once it is this old: younger, it may be an upload whose record is not committed yet. */
export const STRAY_AFTER_MS = 60 * 60 * 1000;

/** Storage keys checked against the database in one statement while looking for strays. */
const STRAY_BATCH = 500;

/** Whether an asset is an image: it has the sized versions `imageRef` links (project files have none). */
const isImage = (asset: Pick<repo.AssetRow, 'variants'>) => Object.hasOwn(asset.variants, String(IMAGE_SIZES.thumb));

/** The original may hold what the versions drop (a photo's EXIF position): its uploader and manageAssets see it. */
const seesOriginal = (actor: Actor | null, asset: repo.AssetRow) => ownsOrManages(actor, resourceOf('asset', asset));

/** An asset whose files are stored, before its record is. */
export type StoredAsset = Omit<repo.AssetRow, 'ownerId' | 'createdAt'>;

/** What the audit log keeps of an asset. */
export const describeAsset = (a: StoredAsset) => ({
  assetId: a.id,
  fileName: a.fileName,
  mediaType: a.mediaType,
  size: a.size,
  sha256: a.sha256,
  width: a.width,
  height: a.height,
});

/**
 * Uploaded files: their bytes in the storage, their record in `assets`. Other modules
 * attach an asset to their rows through `attachImage` and drop it with `removeAsset`.
 * Where each is used (usages.repo.ts) decides who may see it and whether it may go; files
 * in the storage that no record names are found and swept as strays.
 */
export function createAssetsService(deps: {
  db: Database;
  storage: Storage;
  images: { maxPixels: number };
  /** Images decoded at once (IMAGE_CONCURRENCY); the others wait in `imageQueue`. */
  imageConcurrency: number;
  /** Images a user may upload per window (IMAGE_RATE_LIMIT_PER_USER, IMAGE_RATE_LIMIT_WINDOW_S), counted by a limiter of that window. */
  uploads: { limiter: RateLimiter; perUser: number; windowMs: number };
  /** How long an image uploaded for a comment not written yet counts as used. */
  pendingUploadMinutes: number;
  log: FastifyBaseLogger;
  /** Signs image URLs of what not everyone may see (IMAGE_URL_TTL_SECONDS). */
  signer: UrlSigner;
  actorFor: (userId: string) => Promise<Actor | null>;
}) {
  const { db, storage, log, signer } = deps;
  /** Every upload's decoding, at most imageConcurrency at once: decodes cannot take every core, or every libuv pool thread, from requests. */
  const imageQueue = createTaskQueue(deps.imageConcurrency);

  /**
   * The uses of `ids` the actor may see: those whose holder they see (usagesOf), except that
   * a use in older revisions of a document only is seen by those who may read that history
   * (who may edit the document's owner): an image taken out of a text does not stay open to
   * the text's readers through its history.
   */
  async function seenUses(d: Db, actor: Actor | null, ids: readonly string[]): Promise<UsageRow[]> {
    return seenAmong(d, actor, await usagesRepo.usagesOf(d, actor, ids, HELD_FOR_ACCESS));
  }

  async function seenAmong(d: Db, actor: Actor | null, rows: UsageRow[]): Promise<UsageRow[]> {
    const seen: UsageRow[] = [];
    for (const row of rows) {
      if (!row.visible) continue;
      if (row.current === false && !(await editsDocumentOwner(d, actor, row))) continue;
      seen.push(row);
    }
    return seen;
  }

  async function editsDocumentOwner(d: Db, actor: Actor | null, row: UsageRow): Promise<boolean> {
    const kind = DOCUMENT_OWNER_KINDS[row.holder];
    const owner = actor && kind ? await findByKey(d, kind, row.holderId) : null;
    return !!owner && can(actor, 'edit', owner.resource);
  }

  /**
   * Of `ids`, the assets everyone may see: held by something public (its current text, for a
   * document). Their images are served plainly; every other image only through URLs signed
   * for a reader who may see it, and cached privately.
   */
  async function publicAmong(d: Db, ids: readonly string[]): Promise<Set<string>> {
    const rows = await usagesRepo.usagesOf(d, null, ids, HELD_FOR_ACCESS);
    return new Set(rows.filter((r) => r.visible && r.current !== false).map((r) => r.assetId));
  }

  /**
   * A signed image answers only while the one it was signed for may still see it: through a
   * use they see, or as its uploader or a holder of manageAssets. Anything else is answered
   * as an asset that does not exist.
   */
  async function checkSignature(asset: repo.AssetRow, query: SignedQuery): Promise<number> {
    const { verdict, claim } = signer.verifyQuery(`assets/${asset.id}`, query);
    if (verdict === 'expired') throw new AppError('FORBIDDEN', 'This image link has expired: reload the page to get a new one');
    if (verdict !== 'valid') throw notFound('Asset');
    const signedFor = claim!.userId ? await deps.actorFor(claim!.userId) : null;
    if (!seesOriginal(signedFor, asset) && (await db.use((d) => seenUses(d, signedFor, [asset.id]))).length === 0) throw notFound('Asset');
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
   * original to the storage, then, its turn come in `imageQueue`, decodes it and stores a
   * WebP of each size in IMAGE_SIZES beside it. The upload streams outside the queue: a slow
   * client holds no one's turn.
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
      const decoded = await imageQueue.run(async () =>
        makeImageVersions((await storage.get(storageKey))!, { mediaType, sizes, maxPixels: deps.images.maxPixels }),
      );
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

  /**
   * Counts an image upload against its uploader's allowance, the same for every route that
   * takes an image; past it, 429 with Retry-After, and the upload is dropped unread.
   */
  async function countUpload(actor: Actor | null, upload: Upload): Promise<void> {
    const wait = await deps.uploads.limiter.hit(`images:user:${actor?.userId ?? 'none'}`, deps.uploads.perUser);
    if (wait === null) return;
    upload.stream.destroy();
    const { perUser, windowMs } = deps.uploads;
    const window = windowMs % 60_000 ? `${windowMs / 1000} s` : `${windowMs / 60_000} min`;
    throw new AppError('RATE_LIMITED', `Too many images uploaded: at most ${perUser} every ${window}; try again in ${wait} s`, {
      headers: { 'retry-after': String(wait) },
    });
  }

  /** Deletes the asset's record inside the caller's transaction; answers its storage keys, for `removeFiles` after commit. */
  async function removeAsset(tx: Db, id: string): Promise<string[]> {
    const row = await repo.deleteAsset(tx, id);
    return row ? keysOf(row) : [];
  }

  /** The image of an asset for `actor`: signed when what holds it is restricted. */
  const imageOf = (actor: Actor | null, assetId: string, restricted: boolean): ImageRef =>
    restricted ? imageRef(assetId, `?${signer.signQuery(`assets/${assetId}`, actor?.userId ?? null).query}`)! : imageRef(assetId)!;

  const toAsset = (asset: repo.AssetRow, username: string | null, image: ImageRef | null): Asset => ({
    id: asset.id,
    fileName: asset.fileName,
    mediaType: asset.mediaType,
    size: asset.size,
    width: asset.width,
    height: asset.height,
    image,
    owner: username ? { username } : null,
    createdAt: asset.createdAt.toISOString(),
  });

  /** The uses of an asset as `actor` may read them (seenUses), and how many others there are. */
  async function usagesFor(d: Db, actor: Actor | null, id: string) {
    const rows = await usagesRepo.usagesOf(d, actor, [id], deps.pendingUploadMinutes);
    const usages = (await seenAmong(d, actor, rows)).map(toUsage).sort(byKindAndLabel);
    return { uses: rows.length, usages, hidden: rows.length - usages.length };
  }

  /** The 404 rule of an asset: seen through a use the reader sees, by its uploader, and by manageAssets. */
  const seesAsset = (actor: Actor | null, asset: repo.AssetRow, seenUses: number) =>
    seenUses > 0 || (!!actor && asset.ownerId === actor.userId) || can(actor, 'manageAssets');

  /**
   * Files in the storage that no record names, older than STRAY_AFTER_MS: keys of ours
   * only (isGeneratedKey), checked against the database a batch at a time while the
   * storage is listed (the database queue is not held while listing).
   */
  async function findStrays(now = Date.now()): Promise<ListedObject[]> {
    const strays: ListedObject[] = [];
    let batch: ListedObject[] = [];
    const take = async () => {
      const objects = batch;
      batch = [];
      const unnamed = new Set(
        await db.use((d) =>
          repo.unnamedKeys(
            d,
            objects.map((o) => o.key),
          ),
        ),
      );
      // Usually none left: a version is named after its original, which the first check reads by index.
      if (unnamed.size) for (const key of await db.use((d) => repo.variantKeysAmong(d, [...unnamed]))) unnamed.delete(key);
      strays.push(...objects.filter((o) => unnamed.has(o.key)));
    };
    for await (const object of storage.list()) {
      if (!isGeneratedKey(object.key) || !object.modifiedAt || now - object.modifiedAt.getTime() < STRAY_AFTER_MS) continue;
      batch.push(object);
      if (batch.length >= STRAY_BATCH) await take();
    }
    if (batch.length) await take();
    return strays;
  }

  const toStrays = (found: ListedObject[]): StrayFiles => ({
    files: found.map((o) => ({ key: o.key, size: o.size, modifiedAt: o.modifiedAt?.toISOString() ?? null })),
    bytes: found.reduce((sum, o) => sum + o.size, 0),
  });

  return {
    /** Its counters tell how many images are being decoded and how many wait, and the most ever decoded at once. */
    imageQueue,
    deleteFiles: removeFiles,
    deleteAssetIn: removeAsset,

    /**
     * GET assets/{id}: the asset, the uses the reader may see and how many others there
     * are. 404 unless the reader sees one of its uses, uploaded it, or holds manageAssets.
     */
    async getAsset(actor: Actor | null, id: string): Promise<AssetDetail> {
      const found = await db.use(async (d) => {
        const row = await repo.findAssetWithOwner(d, id);
        if (!row) return null;
        const used = await usagesFor(d, actor, id);
        return { ...row, ...used, restricted: isImage(row.asset) && !(await publicAmong(d, [id])).has(id) };
      });
      if (!found || !seesAsset(actor, found.asset, found.usages.length)) throw notFound('Asset');
      const { asset } = found;
      const mayDelete = found.uses === 0 && can(actor, 'delete', resourceOf('asset', asset));
      const image = isImage(asset) ? imageOf(actor, asset.id, found.restricted) : null;
      return {
        asset: toAsset(asset, found.username, image),
        usages: found.usages,
        hiddenUsages: found.hidden,
        permissions: mayDelete ? ['view', 'delete'] : ['view'],
      };
    },

    /** GET assets (manageAssets): a page of every asset (or of the unused ones), newest first, with its uses counted, and the totals. */
    async listAssets(actor: Actor | null, p: number, unusedOnly: boolean, mine = false): Promise<AssetsResponse & { page: Page; total: number }> {
      const who = requireActor(actor);
      // Everyone signed in lists their own uploads; every asset is manageAssets'.
      if (!mine) authorize(who, 'manageAssets');
      const owner = mine ? who.userId : null;
      const page = pageOf(p, ASSETS_PER_PAGE);
      const { totals, rows, uses, open } = await db.use(async (d) => {
        const totals = await repo.assetTotals(d, deps.pendingUploadMinutes, owner);
        const rows = await repo.assetPage(d, page, unusedOnly, deps.pendingUploadMinutes, owner);
        const ids = rows.map((r) => r.asset.id);
        return { totals, rows, uses: await usagesRepo.useCounts(d, ids, deps.pendingUploadMinutes), open: await publicAmong(d, ids) };
      });
      const assets = rows.map((r): AssetListItem => ({
        ...toAsset(r.asset, r.username, isImage(r.asset) ? imageOf(actor, r.asset.id, !open.has(r.asset.id)) : null),
        uses: uses.get(r.asset.id) ?? 0,
      }));
      return { assets, totals, page, total: unusedOnly ? totals.unusedCount : totals.count };
    },

    /**
     * DELETE assets/{id} (manageAssets, or its uploader): refused with 409 while anything
     * uses it, naming where (the uses the reader sees, and how many others); else its record
     * goes, audited, and its files after the commit.
     */
    async deleteAsset(actor: Actor | null, id: string): Promise<void> {
      const who = requireActor(actor);
      const keys = await db.transaction(async (tx) => {
        const asset = await repo.lockAsset(tx, id);
        if (!asset) throw notFound('Asset');
        const used = await usagesFor(tx, who, id);
        if (!can(who, 'delete', resourceOf('asset', asset))) {
          if (!seesAsset(who, asset, used.usages.length)) throw notFound('Asset');
          throw new AppError('FORBIDDEN', 'Only its uploader and holders of manageAssets may remove a file');
        }
        if (used.uses > 0)
          throw new AppError('CONFLICT', `This file is in use: ${whereUsed(used.usages, used.hidden)}. Take it off ${used.uses === 1 ? 'it' : 'them'} first.`);
        await audit(tx, who, 'asset.delete', { type: 'asset', id }, { before: describeAsset(asset) });
        return removeAsset(tx, id);
      });
      await removeFiles(keys);
    },

    /** GET assets/strays (manageAssets): the files no record names, older than an hour. */
    async listStrays(actor: Actor | null): Promise<StrayFiles> {
      authorize(requireActor(actor), 'manageAssets');
      return toStrays(await findStrays());
    },

    /** POST assets/strays/sweep (manageAssets): removes the strays found now (as GET assets/strays lists them), audited. */
    async sweepStrays(actor: Actor | null): Promise<{ removed: number; bytes: number }> {
      const who = requireActor(actor);
      authorize(who, 'manageAssets');
      const strays = await findStrays();
      const removed: ListedObject[] = [];
      for (const stray of strays) {
        try {
          await storage.delete(stray.key);
          removed.push(stray);
        } catch (err) {
          log.warn({ err, key: stray.key }, 'Could not remove a stray file');
        }
      }
      const { files, bytes } = toStrays(removed);
      if (removed.length) {
        await db.transaction((tx) =>
          audit(tx, who, 'asset.strays.sweep', { type: 'storage', id: 'strays' }, { after: { removed: removed.length, bytes, files: files.slice(0, 1000) } }),
        );
      }
      return { removed: removed.length, bytes };
    },

    /**
     * Stores an uploaded image, then, in one transaction, records it and runs `link`,
     * which points the caller's row at it and answers the asset it replaced (if any).
     * The replaced asset's record goes with the transaction, its files after it; when
     * anything fails, the new files are removed again. Every image uploaded comes this way,
     * so this is where uploads are counted against their uploader's allowance (429 past it).
     */
    async attachImage<T>(
      actor: Actor | null,
      upload: Upload,
      link: (tx: Db, asset: StoredAsset) => Promise<{ replaced: string | null; result: T }>,
    ): Promise<T> {
      await countUpload(actor, upload);
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
     * Of `ids`, the assets `actor` may see (in the caller's transaction): as its uploader, a
     * holder of manageAssets, or through a use they see. A document may name only those, or
     * an id would publish someone's hidden image.
     */
    async readableAssets(tx: Db, actor: Actor | null, ids: readonly string[]): Promise<Set<string>> {
      const rows = await repo.findAssets(tx, ids);
      const seen = new Set((await seenUses(tx, actor, ids)).map((r) => r.assetId));
      return new Set(rows.filter((asset) => seen.has(asset.id) || seesOriginal(actor, asset)).map((asset) => asset.id));
    },

    /**
     * The image of something held by `holder` (a photo by its object), for `actor`: plain
     * URLs when everyone may see the holder, else URLs signed for the actor.
     */
    getImage(actor: Actor | null, assetId: string, holder: Resource): ImageRef {
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
      const { asset, open } = await db.use(async (d) => {
        const asset = await repo.findAsset(d, id);
        return { asset, open: !!asset && (await publicAmong(d, [asset.id])).has(asset.id) };
      });
      const file = !asset
        ? null
        : variant === ORIGINAL
          ? seesOriginal(actor, asset)
            ? { ...asset, key: asset.storageKey }
            : null
          : Object.hasOwn(asset.variants, variant)
            ? asset.variants[variant]
            : null;
      if (!asset || !file) throw notFound('Asset');
      let cacheControl = `${variant === ORIGINAL ? 'private' : 'public'}, max-age=31536000, immutable`;
      if (!open && variant !== ORIGINAL) {
        const expires = await checkSignature(asset, signature);
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
