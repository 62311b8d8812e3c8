import type { StorageConfig } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export { checkKey, newStorageKey, type ByteRange, type Storage, type StoredObject } from './types';
export { createLocalStorage } from './local';
export { createS3Storage } from './s3';

/** S3-compatible object storage when a bucket is configured, else the local directory. */
export function createStorage(config: StorageConfig): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dir);
}
