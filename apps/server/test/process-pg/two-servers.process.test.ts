import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '@observatory/shared';
import { killChildren, startServer, type Running } from '../process/server-process.js';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (docs/
 * operations.md): a session made on one goes on through the other, and the sign-in limits
 * are counted once for both. Runs when TEST_DATABASE_URL names a server.
 */

const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `observatory_procs_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
let servers: Running[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), AUTH_RATE_LIMIT_PER_ACCOUNT: '3', JWT_SECRET: undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-procs-'));
  // Both at once on an empty database: they take turns to migrate, and share the token secret one of them made.
  servers = await Promise.all([startServer(dataDir, env), startServer(dataDir, env)]);
});

afterAll(async () => {
  killChildren();
  await Promise.all(servers.map((s) => s.exited));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function post(server: Running, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie: `${REFRESH_COOKIE}=${cookie}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: setCookie?.split(';')[0]!.split('=')[1] };
}

describe('two server processes on one database', () => {
  it('share sessions: signed in on one, refreshed on the other, the access token good on both', async () => {
    const [a, b] = servers as [Running, Running];
    const login = await post(a, '/auth/login', { username: 'admin', password: 'admin-password-1', remember: true });
    expect(login.status).toBe(200);
    const refreshed = await post(b, '/auth/refresh', undefined, login.cookie);
    expect(refreshed.status).toBe(200);
    for (const server of servers) {
      const me = await fetch(`${server.url}/api/v1/auth/user`, { headers: { authorization: `Bearer ${refreshed.body.access_token as string}` } });
      expect(me.status).toBe(200);
    }
    // The rotated-out cookie is refused by either: reuse detection is shared too.
    expect((await post(a, '/auth/refresh', undefined, login.cookie)).status).toBe(401);
  });

  it('end sessions at once for both: signed out on one, the access token is refused by the other', async () => {
    const [a, b] = servers as [Running, Running];
    const login = await post(a, '/auth/login', { username: 'admin', password: 'admin-password-1', remember: true });
    const token = login.body.access_token as string;
    const me = (server: Running) => fetch(`${server.url}/api/v1/auth/user`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    expect([await me(a), await me(b)]).toEqual([200, 200]);
    const logout = await fetch(`${b.url}/api/v1/auth/logout`, { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=${login.cookie}` } });
    expect(logout.status).toBe(204);
    expect([await me(a), await me(b)]).toEqual([401, 401]);
  });

  it('share sign-in limits: failures on both count together', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(servers[i % 2]!, '/auth/login', { username: 'someone', password: 'wrong-password' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await post(servers[0]!, '/auth/login', { username: 'someone', password: 'wrong-password' })).status).toBe(429);
  });
});
