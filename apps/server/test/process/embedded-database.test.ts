import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../src/config';

/** The real server (`npm start`'s entry point) as a child process on an embedded database. */
interface Running {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

function run(script: string, env: Record<string, string>, args: string[] = []) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'off',
      ADMIN_PASSWORD: 'admin-password-1',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      WEB_DIST: 'test/no-web-build',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += chunk));
  proc.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<Running> {
  const child = run('apps/server/src/server.ts', { DATA_DIR: dataDir });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Listening on (http:\/\/[\d.]+:\d+)/.exec(child.output());
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 100);
    void child.exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`Server exited (${code}) before listening:\n${child.output()}`));
    });
  });
  return { ...child, url };
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Record<string, unknown> };
}

async function signIn(base: string): Promise<string> {
  const res = await call(base, 'POST', '/auth/login', { username: 'admin', password: 'admin-password-1' });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

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
    const intruder = run('apps/server/src/server.ts', { DATA_DIR: dataDir });
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toMatch(/in use by process \d+/);
    expect((await call(second.url, 'GET', '/health')).status).toBe(200);

    // SIGTERM closes the database cleanly and releases the lock.
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'observatory.lock'))).toBe(false);
  });

  it('backs up to a SQL dump that restores into a new directory', async () => {
    const backup = run('apps/server/src/db/backup.ts', { DATA_DIR: dataDir }, [backupFile]);
    expect(await backup.exited).toBe(0);
    const dump = fs.readFileSync(backupFile, 'utf8');
    expect(dump).toContain('CREATE EXTENSION IF NOT EXISTS postgis');
    expect(dump).toContain('CREATE TABLE public.users');
    expect(dump).toContain('survives a crash');

    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-restored-'));
    const restore = run('apps/server/src/db/restore.ts', { DATA_DIR: restoredDir }, [backupFile]);
    expect(await restore.exited).toBe(0);
    const refused = run('apps/server/src/db/restore.ts', { DATA_DIR: restoredDir }, [backupFile]);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('already holds a database');

    const restored = await startServer(restoredDir);
    const keys = await call(restored.url, 'GET', '/users/admin/apikeys', undefined, await signIn(restored.url));
    expect((keys.body.apikeys as { comment: string }[]).map((k) => k.comment)).toContain('survives a crash');
    restored.proc.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
  });
});
