import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** What `put` measured while the bytes streamed through. */
export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

/** An object as `list` finds it. */
export interface ListedObject {
  key: string;
  size: number;
  /** When its bytes were last written (null when the storage does not say). */
  modifiedAt: Date | null;
}

/** Byte offsets, both inclusive, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: a local directory or S3-compatible object storage. Keys
 * are made by `newStorageKey`, never from a user's file name.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` under `key`; an object appears there whole or not at all. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<StoredObject>;
  /** The object's bytes, or a range of them; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored object, read a page at a time (`pageSize` objects per request where the
   * storage pages: S3, 1,000 by default): whole objects only (not one being written), and
   * only names that are valid keys (anything else in the directory or bucket is not ours).
   */
  list(options?: { pageSize?: number }): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

/** A fresh key: the first two hex digits spread objects over 256 directories. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** A key `newStorageKey` made (`<xx>/<uuid>`, xx its first two digits), or a derived version beside one (`<key>.<name>`). */
const GENERATED_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{6}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.[a-z0-9]+)?$/;

/** Whether the key is one of ours (see GENERATED_KEY): only those are ever taken for strays. */
export const isGeneratedKey = (key: string): boolean => GENERATED_KEY.test(key);

/** Lower-case segments that start with a letter or digit: no "..", no absolute paths, no hidden names. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether a name could be a key: what `checkKey` lets through. */
export const isValidKey = (key: string): boolean => key.length <= 512 && KEY_PATTERN.test(key);

/** Our keys are ours, but a key that could escape the storage root is refused anyway. */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A pass-through stream that counts and hashes what flows through it. */
export function measuring(): { stream: Transform; result: () => StoredObject } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
