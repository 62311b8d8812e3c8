import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createStorage, newStorageKey, type Storage } from './index.js';
import type { S3Config } from '../../config.js';

const MiB = 1024 * 1024;
const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `observatory-${name}-`));
  tempDirs.push(dir);
  return dir;
};
/** A bucket's storage as the server makes it (its SDK loaded with the first call). */
const createS3Storage = (s3: S3Config) => createStorage({ dir: tempDir('unused'), s3 });
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

/** Everything an async iterable yields. */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
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

  it('lists every stored object with its size and time, and not one deleted', async () => {
    const before = new Date(Date.now() - 2000);
    const keys = Array.from({ length: 5 }, () => newStorageKey());
    for (const [i, key] of keys.entries()) await storage.put(key, Readable.from([Buffer.alloc(i + 1, 0x61)]));
    await storage.put(`${keys[0]}.96`, Readable.from([Buffer.from('a version')]));
    await storage.delete(keys[4]!);
    // One page here: s3rver makes continuation tokens with DES, which OpenSSL 3 refuses (see "S3 listing" below).
    const listed = await all(storage.list());
    // Each object once, whatever else the storage holds (earlier tests' objects).
    expect(new Set(listed.map((o) => o.key)).size).toBe(listed.length);
    const mine = listed.filter((o) => o.key.startsWith(keys[0]!) || keys.includes(o.key));
    expect(mine.map((o) => [o.key, o.size]).sort()).toEqual(
      [
        [keys[0], 1],
        [`${keys[0]}.96`, 9],
        [keys[1], 2],
        [keys[2], 3],
        [keys[3], 4],
      ].sort(),
    );
    for (const o of mine) {
      expect(o.modifiedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(o.modifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
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

  it('lists what is under keys only: not the writes in progress in .tmp, not names that are no key, not links', async () => {
    const root = tempDir('files');
    const storage = createLocalStorage(root);
    expect(await all(storage.list())).toEqual([]);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('whole')]));
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(root, '.tmp', 'being-written'), 'half');
    fs.writeFileSync(path.join(root, 'README.TXT'), 'not a key: upper case');
    fs.writeFileSync(path.join(root, '.hidden'), 'not a key: a dot first');
    fs.symlinkSync(path.join(root, key), path.join(root, 'ab-link'));
    const old = new Date(Date.now() - 3 * 3600 * 1000);
    fs.utimesSync(path.join(root, key), old, old);
    expect(await all(storage.list())).toEqual([{ key, size: 5, modifiedAt: old }]);
  });
});

describe('S3 listing', () => {
  /**
   * A bucket that answers ListObjectsV2 two keys a page, as S3 does (continuation tokens
   * of its own making): s3rver cannot page (its tokens need DES, gone from OpenSSL 3).
   */
  it('follows continuation tokens page after page, and skips names that are no key', async () => {
    const keys = ['0a/one', '0b/two', '0c/three', 'Not A Key', '0d/four', '0e/five'];
    const asked: (string | null)[] = [];
    const server = http.createServer((req, res) => {
      const query = new URL(req.url!, 'http://bucket').searchParams;
      const token = query.get('continuation-token');
      asked.push(token);
      const start = token ? Number(token.replace('page-', '')) : 0;
      const page = keys.slice(start, start + 2);
      const next = start + 2 < keys.length ? `<NextContinuationToken>page-${start + 2}</NextContinuationToken>` : '';
      const contents = page
        .map(
          (key, i) => `<Contents><Key>${key}</Key><LastModified>2026-01-0${start + i + 1}T00:00:00.000Z</LastModified><Size>${start + i + 1}</Size></Contents>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>files</Name><IsTruncated>${next ? 'true' : 'false'}</IsTruncated><KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys>${contents}${next}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const storage = createS3Storage({
      bucket: 'files',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    try {
      const listed = await all(storage.list({ pageSize: 2 }));
      expect(listed).toEqual([
        { key: '0a/one', size: 1, modifiedAt: new Date('2026-01-01T00:00:00.000Z') },
        { key: '0b/two', size: 2, modifiedAt: new Date('2026-01-02T00:00:00.000Z') },
        { key: '0c/three', size: 3, modifiedAt: new Date('2026-01-03T00:00:00.000Z') },
        { key: '0d/four', size: 5, modifiedAt: new Date('2026-01-05T00:00:00.000Z') },
        { key: '0e/five', size: 6, modifiedAt: new Date('2026-01-06T00:00:00.000Z') },
      ]);
      expect(asked).toEqual([null, 'page-2', 'page-4']);
    } finally {
      await storage.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
