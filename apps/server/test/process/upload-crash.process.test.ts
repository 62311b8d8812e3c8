import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client.js';
import { call, killChildren, signIn, startServer } from './server-process.js';

const MiB = 1024 * 1024;
afterAll(killChildren);

/**
 * The body of a GET on a connection of its own, closed when answered: a pooled keep-alive
 * connection still busy when SIGTERM arrives would hold the server's close open.
 */
const download = (url: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('error', reject);
        res.socket.on('close', () => resolve(body));
      })
      .on('error', reject);
  });

/** Every file under the storage root, relative to it, temporary ones included. */
const filesUnder = (root: string) =>
  fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort() : [];

/** The temporary file a put is writing, once it holds at least `bytes`. */
async function waitForTemporaryFile(storageDir: string, bytes: number): Promise<{ name: string; size: number }> {
  const tempDir = path.join(storageDir, '.tmp');
  for (let i = 0; i < 600; i++) {
    const found = (fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [])
      .map((name) => ({ name, size: fs.statSync(path.join(tempDir, name)).size }))
      .find((f) => f.size >= bytes);
    if (found) return found;
    await sleep(50);
  }
  throw new Error('The upload never reached the storage');
}

describe('a project file upload cut off by SIGKILL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-upload-crash-'));
  const storageDir = path.join(dataDir, 'files');

  it('leaves no half-written version: no record, no asset, nothing under a real key', async () => {
    const first = await startServer(dataDir);
    const token = await signIn(first.url);
    const created = await call(first.url, 'POST', '/projects', { project: { title: 'Crash course' } }, token);
    expect(created.status).toBe(201);
    const projectId = (created.body.project as { id: string }).id;

    // A 50 MB file, sent 1 MB at a time without a Content-Length, slowly enough to be caught midway.
    const boundary = 'crash-test-boundary';
    const request = http.request(`${first.url}/api/v1/projects/${projectId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const outcome = new Promise<string>((resolve) => {
      request.on('response', (res) => resolve(`answered ${res.statusCode}`));
      request.on('error', (err) => resolve(`failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    });
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf a file\r\n`);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logger.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    let sent = 0;
    let stop = false;
    const sending = (async () => {
      const chunk = Buffer.alloc(MiB, 0x5a);
      while (!stop && sent < 50 * MiB && !request.destroyed) {
        request.write(chunk);
        sent += chunk.length;
        await sleep(40);
      }
    })();

    const partial = await waitForTemporaryFile(storageDir, 5 * MiB);
    first.proc.kill('SIGKILL');
    await first.exited;
    stop = true;
    await sending;
    expect(await outcome).toMatch(/^failed/);
    expect(sent).toBeLessThan(50 * MiB);

    // What the killed process left: at most its temporary file, nothing under a key.
    const left = filesUnder(storageDir);
    expect(left.filter((f) => !f.startsWith('.tmp'))).toEqual([]);
    expect(left).toContain(path.join('.tmp', partial.name));

    // After a restart the project has no file, and uploads work again.
    const second = await startServer(dataDir);
    const token2 = await signIn(second.url);
    const detail = await call(second.url, 'GET', `/projects/${projectId}`, undefined, token2);
    expect(detail.body.files).toEqual([]);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('a whole file')]), 'whole.txt');
    const whole = await fetch(`${second.url}/api/v1/projects/${projectId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token2}` },
      body: form,
    });
    expect(whole.status).toBe(201);
    const file = (await whole.json()) as { id: string };
    const signed = await call(second.url, 'GET', `/auth/sign/projects/${projectId}/files/${file.id}/1`, undefined, token2);
    expect(await download(`${second.url}${signed.body.url as string}`)).toBe('a whole file');
    second.proc.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);

    // The database holds the one whole upload and nothing of the cut one; every stored object has its asset.
    const db = await openDatabase({ url: null, dataDir, poolSize: 1, queueTimeoutMs: 10_000 });
    try {
      const counts = await db.use(async (d) => ({
        files: rowsOf<{ n: number }>(await d.execute(sql`select count(*)::int as n from project_files`))[0]!.n,
        versions: rowsOf<{ n: number }>(await d.execute(sql`select count(*)::int as n from file_versions`))[0]!.n,
        keys: rowsOf<{ storage_key: string }>(await d.execute(sql`select storage_key from assets`)).map((r) => r.storage_key),
      }));
      expect(counts).toMatchObject({ files: 1, versions: 1 });
      expect(counts.keys).toHaveLength(1);
      expect(filesUnder(storageDir).filter((f) => !f.startsWith('.tmp'))).toEqual(counts.keys);
    } finally {
      await db.close();
    }
  });
});
