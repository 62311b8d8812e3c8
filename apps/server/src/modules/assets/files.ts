import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { FILE_SNIFF_BYTES, storedMediaType } from '../../lib/file-types.js';
import { peek } from '../../lib/images.js';
import { newStorageKey, type Storage } from '../../lib/storage/index.js';
import * as repo from './repo.js';
import type { DeclaredUpload } from '../../lib/uploads.js';
import type { StoredAsset } from './service.js';

/**
 * Uploaded files of any type (project files): stored as they come, never decoded, and
 * always served as downloads. Images go through the assets service instead.
 */
export function createFileAssets(deps: { db: Database; storage: Storage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;

  /** Best effort, like the assets service: a file left behind is garbage, not a failure. */
  async function discard(asset: Pick<StoredAsset, 'storageKey'>): Promise<void> {
    await storage.delete(asset.storageKey).catch((err: unknown) => log.warn({ err, key: asset.storageKey }, 'Could not remove a stored file'));
  }

  return {
    /**
     * Streams the upload to the storage (a failure midway, e.g. past the size limit,
     * leaves nothing under the key) and answers the asset to record. The media type is
     * decided from the first bytes and the declared type.
     */
    /** The declared type is kept only when the bytes are harmless (see storedMediaType). */
    async store(upload: DeclaredUpload): Promise<StoredAsset> {
      const { head, stream } = await peek(upload.stream, FILE_SNIFF_BYTES);
      if (head.length === 0) {
        stream.destroy();
        throw invalidField('file', 'The file is empty (0 bytes): choose a file with something in it');
      }
      const mediaType = storedMediaType(upload.declaredType, head);
      const storageKey = newStorageKey();
      try {
        const stored = await storage.put(storageKey, stream, { contentType: mediaType });
        return { id: randomUUID(), storageKey, fileName: upload.fileName, mediaType, ...stored, width: null, height: null, variants: {} };
      } catch (err) {
        stream.destroy();
        await discard({ storageKey });
        throw err;
      }
    },

    /** Removes the bytes of an asset that was stored but will not be recorded. */
    discard,

    /** Records a stored asset inside the caller's transaction. */
    async record(tx: Db, actor: Actor | null, asset: StoredAsset): Promise<void> {
      await repo.insertAsset(tx, { ...asset, ownerId: actor?.userId ?? null });
    },

    /** An asset's record and a way to stream its bytes (null when either is gone). */
    async find(id: string) {
      const asset = await db.use((d) => repo.findAsset(d, id));
      if (!asset) return null;
      return {
        id: asset.id,
        fileName: asset.fileName,
        mediaType: asset.mediaType,
        size: asset.size,
        sha256: asset.sha256,
        open: async () => {
          const stream = await storage.get(asset.storageKey);
          if (!stream) log.warn({ assetId: id, key: asset.storageKey }, 'An asset’s file is missing from the storage');
          return stream;
        },
      };
    },
  };
}
export type FileAssets = ReturnType<typeof createFileAssets>;
