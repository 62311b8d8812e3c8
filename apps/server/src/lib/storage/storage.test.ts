import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, newStorageKey, type Storage } from './index.js';

const MiB = 1024 * 1024;
const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `observatory-${name}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** `total` bytes in 64 KiB chunks made on demand, calling `midway` once halfway through. */
function chunked(total: number, midway: () => void = () => {}, fail = false): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let sent = 0; sent < total; sent += 64 * 1024) {
      if (sent >= total / 2 && sent < total / 2 + 64 * 1024) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        midway();
        if (fail) throw new Error('the client went away');
      }
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

const s3 = { server: null as S3rver | null, endpoint: '' };
beforeAll(async () => {
  s3.server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tempDir('s3rver'), configureBuckets: [{ name: 'files', configs: [] }] });
  const { port } = await s3.server.run();
  s3.endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3.server?.close());

const adapters: [string, () => Storage][] = [
  ['local directory', () => createLocalStorage(tempDir('files'))],
  [
    'S3 (s3rver in process)',
    () =>
      createS3Storage({
        bucket: 'files',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      }),
  ],
];

describe.each(adapters)('storage: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => storage.close());

  it('streams a multi-megabyte body in, measuring its size and SHA-256 on the way, and back out', async () => {
    const key = newStorageKey();
    const body = chunked(12 * MiB);
    const stored = await storage.put(key, body.stream, { contentType: 'application/octet-stream' });
    expect(stored).toEqual({ size: 12 * MiB, sha256: body.sha256() });
    expect(await storage.stat(key)).toEqual({ size: 12 * MiB });
    const back = createHash('sha256');
    for await (const chunk of (await storage.get(key))!) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(stored.sha256);
  });

  it('reads a byte range', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('0123456789')]));
    expect(await text((await storage.get(key, { start: 2, end: 5 }))!)).toBe('2345');
  });

  it('leaves nothing under the key when the body fails midway', async () => {
    const key = newStorageKey();
    const body = chunked(8 * MiB, () => {}, true);
    await expect(storage.put(key, body.stream)).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it('answers null and false for a missing object, and deletes idempotently', async () => {
    const key = newStorageKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await storage.put(key, Readable.from([Buffer.from('x')]));
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('refuses keys that could escape its root', async () => {
    for (const key of ['../outside', '/etc/passwd', '.tmp/x', 'a/../../b', 'Upper', 'a//b', '']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('local storage on disk', () => {
  it('writes a temporary file first and renames it into place only when complete', async () => {
    const root = tempDir('files');
    const storage = createLocalStorage(root);
    const key = newStorageKey();
    const seen = { tempBytes: 0, finalExists: true };
    const body = chunked(6 * MiB, () => {
      const temp = path.join(root, '.tmp');
      seen.tempBytes = fs.readdirSync(temp).reduce((sum, name) => sum + fs.statSync(path.join(temp, name)).size, 0);
      seen.finalExists = fs.existsSync(path.join(root, key));
    });
    const stored = await storage.put(key, body.stream);
    // Halfway, bytes were already on disk (streamed, not buffered) but not under the key.
    expect(seen.tempBytes).toBeGreaterThan(MiB);
    expect(seen.finalExists).toBe(false);
    expect(fs.statSync(path.join(root, key)).size).toBe(stored.size);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('removes the temporary file of a failed upload, and stale ones a dead process left', async () => {
    const root = tempDir('files');
    fs.mkdirSync(path.join(root, '.tmp'));
    const stale = path.join(root, '.tmp', 'left-by-a-killed-process');
    const fresh = path.join(root, '.tmp', 'another-process-writing-now');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(stale, old, old);
    const storage = createLocalStorage(root);
    await expect(storage.put(newStorageKey(), chunked(2 * MiB, () => {}, true).stream)).rejects.toThrow('went away');
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual(['another-process-writing-now']);
  });
});
