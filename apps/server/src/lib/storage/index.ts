import type { S3Config, StorageConfig } from '../../config.js';
import { createLocalStorage } from './local.js';
import type { Storage } from './types.js';

export { isGeneratedKey, newStorageKey, type ListedObject, type Storage } from './types.js';
export { createLocalStorage } from './local.js';

/** S3-compatible object storage when a bucket is configured, else the local directory. */
export function createStorage(config: StorageConfig): Storage {
  return config.s3 ? lazyS3Storage(config.s3) : createLocalStorage(config.dir);
}

/** The bucket's storage, whose SDK (a tenth of a second of CPU to load) loads with the first call, not at every start. */
function lazyS3Storage(config: S3Config): Storage {
  let loaded: Promise<Storage> | undefined;
  const s3 = () => (loaded ??= import('./s3.js').then(({ createS3Storage }) => createS3Storage(config)));
  return {
    kind: 's3',
    put: async (...args) => (await s3()).put(...args),
    get: async (...args) => (await s3()).get(...args),
    stat: async (key) => (await s3()).stat(key),
    exists: async (key) => (await s3()).exists(key),
    delete: async (key) => (await s3()).delete(key),
    async *list(options) {
      yield* (await s3()).list(options);
    },
    close: async () => (loaded ? (await loaded).close() : undefined),
  };
}
