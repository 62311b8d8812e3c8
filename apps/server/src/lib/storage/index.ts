import type { StorageConfig } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './types.js';

export { isGeneratedKey, newStorageKey, type ListedObject, type Storage } from './types.js';
export { createLocalStorage } from './local.js';
export { createS3Storage } from './s3.js';

/** S3-compatible object storage when a bucket is configured, else the local directory. */
export function createStorage(config: StorageConfig): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dir);
}
