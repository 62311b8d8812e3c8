import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { ROOT_DIR } from '../../src/config.js';

/** The real, compiled server (`npm start`'s entry point) as a child process on an embedded database. */
export interface Running {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

/** Kills every child still running: call it in afterAll. */
export const killChildren = () => children.forEach((c) => c.kill('SIGKILL'));

/** `script` is a path inside the server's build, e.g. `db/backup.js`; `env` overrides the defaults (undefined unsets one). */
export function run(script: string, env: Record<string, string | undefined>, args: string[] = []) {
  const proc = spawn(process.execPath, [path.join(ROOT_DIR, 'apps/server/dist', script), ...args], {
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

export async function startServer(dataDir: string, env: Record<string, string | undefined> = {}): Promise<Running> {
  const child = run('bundle/server.js', { DATA_DIR: dataDir, ...env });
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

export async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (res.status === 204 ? null : await res.json()) as Record<string, unknown> };
}

export async function signIn(base: string): Promise<string> {
  const res = await call(base, 'POST', '/auth/login', { username: 'admin', password: 'admin-password-1' });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}
