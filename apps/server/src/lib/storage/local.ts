import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, measuring, type ByteRange, type Storage, type StoredObject } from './types.js';

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

  return {
    kind: 'local',
    put,
    get,
    stat,
    exists: async (key) => (await stat(key)) !== null,
    delete: (key) => fs.rm(pathOf(key), { force: true }),
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
