import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, isValidKey, measuring, type ByteRange, type ListedObject, type Storage, type StoredObject } from './types.js';

/** Temporary files older than this were left by a process that died mid-upload. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under `root`. A put writes to `root/.tmp` (same file system), flushes,
 * then renames into place, so a killed process never leaves a half-written object under
 * its key. Keys never start with a dot, so `.tmp` cannot collide with one.
 */
export function createLocalStorage(root: string): Storage {
  const tempDir = path.join(root, '.tmp');
  const pathOf = (key: string) => path.join(root, checkKey(key));
  let prepared: Promise<void> | null = null;

  async function prepare() {
    await fs.mkdir(tempDir, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(tempDir)) {
      const file = path.join(tempDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
    }
  }

  async function put(key: string, body: Readable): Promise<StoredObject> {
    const target = pathOf(key);
    await (prepared ??= prepare());
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    const measure = measuring();
    try {
      await pipeline(body, measure.stream, createWriteStream(temp, { flags: 'wx', flush: true }));
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    await syncDirectory(path.dirname(target));
    return measure.result();
  }

  async function get(key: string, range?: ByteRange): Promise<Readable | null> {
    // Opening first turns a missing file into null here rather than an error mid-stream.
    const handle = await fs.open(pathOf(key), 'r').catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return handle?.createReadStream(range ? { start: range.start, end: range.end } : {}) ?? null;
  }

  async function stat(key: string) {
    const found = await fs.stat(pathOf(key)).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return found?.isFile() ? { size: found.size } : null;
  }

  /**
   * Walks the directory tree, one directory at a time, in name order. Names starting with
   * a dot are skipped: `.tmp` holds the writes in progress, and no key starts with a dot.
   * Symbolic links and anything else that is not a plain file are not objects.
   */
  async function* walk(dir: string): AsyncGenerator<ListedObject> {
    const entries = await fs.readdir(dir ? path.join(root, dir) : root, { withFileTypes: true }).catch((err: unknown) => {
      // Nothing stored yet (the directory is made by the first put), or removed meanwhile.
      if (isMissing(err)) return [];
      throw err;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        yield* walk(key);
      } else if (entry.isFile() && isValidKey(key)) {
        const found = await fs.lstat(path.join(root, key)).catch(() => null);
        if (found?.isFile()) yield { key, size: found.size, modifiedAt: found.mtime };
      }
    }
  }

  return {
    kind: 'local',
    put,
    get,
    stat,
    exists: async (key) => (await stat(key)) !== null,
    delete: (key) => fs.rm(pathOf(key), { force: true }),
    list: () => walk(''),
    close: async () => {},
  };
}

/** Makes the rename itself durable; not every platform can open a directory, which is fine. */
async function syncDirectory(dir: string) {
  const handle = await fs.open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Windows and some network file systems refuse fsync on a directory.
  } finally {
    await handle.close();
  }
}
