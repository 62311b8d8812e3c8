import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { call, killChildren, signIn, startServer } from './server-process.js';

afterAll(killChildren);

/** Records of sites crash-site-{from..to}: an id and a title each. */
const records = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [`crash-site-${from + i}`, `Crash site ${from + i}`]);
const options = { idColumn: 0, titleColumn: 1, objtypes: ['site'] };

describe('an object import on the embedded database, cut off by SIGKILL during its commit', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-import-crash-'));

  it('makes other requests wait a bounded time, then answer 503 with Retry-After; leaves the database as it was; the same import then commits whole', async () => {
    // The commit holds the one connection: others wait at most 200 ms here.
    const first = await startServer(dataDir, { DB_QUEUE_TIMEOUT_MS: '200' });
    const token = await signIn(first.url);
    const outcome = call(first.url, 'POST', '/data/import/objects', { records: records(1, 5000), options }, token).then(
      (res) => `answered ${res.status}`,
      (err: Error) => `failed: ${err.message}`,
    );
    // The commit logs when its plan is made and it starts writing, inside its transaction.
    for (let i = 0; i < 600 && !first.output().includes('Import of 5000 records as objects: writing'); i++) await sleep(50);
    expect(first.output()).toContain('Import of 5000 records as objects: writing');
    const waited = await fetch(`${first.url}/api/v1/data/obj?limit=1`);
    expect(waited.status).toBe(503);
    expect(Number(waited.headers.get('retry-after'))).toBeGreaterThan(0);
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(await outcome).toMatch(/^failed/);

    const second = await startServer(dataDir);
    const token2 = await signIn(second.url);
    const found = await call(second.url, 'GET', '/data/obj?q=crash-site&limit=1', undefined, token2);
    expect(found.body.objects).toEqual([]);
    const whole = await call(second.url, 'POST', '/data/import/objects', { records: records(1, 50), options }, token2);
    expect(whole.status).toBe(200);
    expect((whole.body.stats as { created: number }).created).toBe(50);
    second.proc.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  });
});
