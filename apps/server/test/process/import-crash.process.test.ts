import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_PROGRESS_TYPE, type ImportStreamLine } from '@observatory/shared';
import { call, killChildren, signIn, startServer } from './server-process.js';

afterAll(killChildren);

/** A CSV of sites crash-site-1 … crash-site-N: an id and a title each. */
const sitesCsv = (count: number) => ['id,title', ...Array.from({ length: count }, (_, i) => `crash-site-${i + 1},Crash site ${i + 1}`)].join('\n');
const options = { idColumn: 0, titleColumn: 1, objtypes: ['site'] };

async function upload(base: string, token: string, csv: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'crash-sites.csv');
  const res = await fetch(`${base}/api/v1/data/import/sessions`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { session: { id: string } }).session.id;
}

/** Reads a streamed commit's lines until one says records have been written: the transaction is open then. */
async function untilWriting(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ImportStreamLine> {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`The stream ended before writing: ${text}`);
    text += decoder.decode(value, { stream: true });
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ImportStreamLine);
    const writing = lines.find((l) => 'progress' in l && l.progress.phase === 'writing' && l.progress.done > 0);
    if (writing) return writing;
  }
}

describe('an object import on the embedded database, cut off by SIGKILL during its commit', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-import-crash-'));

  it('streams its progress; makes other requests wait a bounded time, then answer 503 with Retry-After; leaves the database as it was; the same import then commits whole', async () => {
    // The commit holds the one connection: others wait at most 200 ms here.
    const first = await startServer(dataDir, { DB_QUEUE_TIMEOUT_MS: '200' });
    const token = await signIn(first.url);
    const session = await upload(first.url, token, sitesCsv(100_000));
    const commit = await fetch(`${first.url}/api/v1/data/import/objects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: IMPORT_PROGRESS_TYPE },
      body: JSON.stringify({ session, options }),
    });
    expect(commit.status).toBe(200);
    expect(commit.headers.get('content-type')).toContain(IMPORT_PROGRESS_TYPE);
    const reader = commit.body!.getReader();
    expect(await untilWriting(reader)).toMatchObject({ progress: { phase: 'writing', total: 100_000 } });
    expect(first.output()).toContain('Import of 100000 records as objects: writing');

    const waited = await fetch(`${first.url}/api/v1/data/obj?limit=1`);
    expect(waited.status).toBe(503);
    expect(Number(waited.headers.get('retry-after'))).toBeGreaterThan(0);
    first.proc.kill('SIGKILL');
    await first.exited;
    // The answer is cut off: no result line, no clean end.
    const rest = (async () => {
      while (!(await reader.read()).done);
    })();
    await expect(rest).rejects.toThrow();

    const second = await startServer(dataDir);
    const token2 = await signIn(second.url);
    const found = await call(second.url, 'GET', '/data/obj?q=crash-site&limit=1', undefined, token2);
    expect(found.body.objects).toEqual([]);
    const whole = await call(second.url, 'POST', '/data/import/objects', { session, options }, token2);
    expect(whole.status).toBe(200);
    expect((whole.body.stats as { created: number }).created).toBe(100_000);
    second.proc.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  });
});
