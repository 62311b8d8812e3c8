import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, killChildren, run, signIn, startServer } from './server-process.js';

afterAll(killChildren);

describe('the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-data-'));
  const backupFile = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.sql`);

  it('keeps a committed write when the server is killed with SIGKILL', async () => {
    const first = await startServer(dataDir);
    const token = await signIn(first.url);
    const created = await call(first.url, 'POST', '/users/admin/apikeys', { comment: 'survives a crash' }, token);
    expect(created.status).toBe(201);
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'observatory.lock'))).toBe(true);

    const second = await startServer(dataDir);
    const keys = await call(second.url, 'GET', '/users/admin/apikeys', undefined, await signIn(second.url));
    expect((keys.body.apikeys as { comment: string }[]).map((k) => k.comment)).toContain('survives a crash');

    // A second process on the same directory refuses to start, saying why.
    const intruder = run('bundle/server.js', { DATA_DIR: dataDir });
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toMatch(/in use by process \d+/);
    expect((await call(second.url, 'GET', '/health')).status).toBe(200);

    // SIGTERM closes the database cleanly and releases the lock.
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'observatory.lock'))).toBe(false);
  });

  it('backs up to a SQL dump that restores into a new directory', async () => {
    const backup = run('db/backup.js', { DATA_DIR: dataDir }, [backupFile]);
    expect(await backup.exited).toBe(0);
    const dump = fs.readFileSync(backupFile, 'utf8');
    expect(dump).toContain('CREATE EXTENSION IF NOT EXISTS postgis');
    expect(dump).toContain('CREATE TABLE public.users');
    expect(dump).toContain('survives a crash');

    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-restored-'));
    const restore = run('db/restore.js', { DATA_DIR: restoredDir }, [backupFile]);
    expect(await restore.exited).toBe(0);
    const refused = run('db/restore.js', { DATA_DIR: restoredDir }, [backupFile]);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('already holds a database');

    const restored = await startServer(restoredDir);
    const keys = await call(restored.url, 'GET', '/users/admin/apikeys', undefined, await signIn(restored.url));
    expect((keys.body.apikeys as { comment: string }[]).map((k) => k.comment)).toContain('survives a crash');
    restored.proc.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
  });
});
