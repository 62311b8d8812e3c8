import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/db/client.js';
import { ensureBuiltinObjectTypes, ensureBuiltinRoles } from '../src/db/seed/index.js';
import { withDatabase } from './global-setup.js';

/** Configuration for tests: cheap argon2 (production keeps OWASP's), quiet logs, no web build. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'unused',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
    // A test file uploads many images as one user; the image limit's own test sets a small one.
    IMAGE_RATE_LIMIT_PER_USER: '100000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: 'test/no-web-build',
    // Tests run the webhook rounds themselves (services.webhooks.tick), with their own clock.
    WEBHOOK_POLL_MS: '0',
  });
  return { ...base, ...overrides };
}

/** A database of its own for one test file, copied from the migrated template. */
export async function openTestDatabase(options: { queueTimeoutMs?: number; poolSize?: number } = {}): Promise<Database> {
  const template = inject('dbTemplate');
  const queueTimeoutMs = options.queueTimeoutMs ?? 30_000;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({ url: null, dataDir: null, poolSize: 1, queueTimeoutMs, loadDataDir: fs.readFileSync(template) });
  }
  const name = `observatory_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const db = await openDatabase({ url: withDatabase(serverUrl, name), dataDir: null, poolSize: options.poolSize ?? 4, queueTimeoutMs });
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return db;
}

/**
 * Waits until the change feed lists every change written so far. The feed lists an entry
 * once every transaction begun before it has ended (modules/system/changes.ts), and on a
 * PostgreSQL server transaction ids are the whole server's: another test file's database,
 * busy at the same moment, holds the feed back for as long as its transaction runs.
 */
export async function feedSettled(database: Database, timeoutMs = 30_000): Promise<void> {
  const [{ xid }] = rowsOf<{ xid: string }>(await database.use((d) => d.execute(sql`select pg_current_xact_id()::text as xid`))) as [{ xid: string }];
  // Counted, not timed by Date: a test may have stopped the clock.
  for (let waited = 0; ; waited += 50) {
    const [{ past }] = rowsOf<{ past: boolean }>(
      await database.use((d) => d.execute(sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${xid}::xid8 as past`)),
    ) as [{ past: boolean }];
    if (past) return;
    if (waited > timeoutMs) throw new Error(`the change feed is still held back after ${timeoutMs} ms by a transaction begun before ${xid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Where this app's uploaded files go (its own, removed on close). */
  filesDir: string;
  close: () => Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, database?: Database): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-test-files-'));
  const app = await buildApp(testConfig({ storage: { dir: filesDir, s3: null }, ...overrides }), { database: db });
  await app.ready();
  await ensureBuiltinRoles(app);
  await ensureBuiltinObjectTypes(app);
  return {
    app,
    database: db,
    filesDir,
    close: async () => {
      await app.close();
      if (!database) await db.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A directory holding the web app's page for tests of what the server writes into it (page
 * heads): the source index.html stands in for the build.
 */
export function sourceWebDist(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observatory-test-web-'));
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(dir, 'index.html'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

let counter = 0;
/** A name no other test uses, so suites run in parallel on one database. */
export const unique = (prefix: string) => `${prefix}${++counter}${randomBytes(3).toString('hex')}`;

/** A distinct client address, so rate limits of one test never touch another. */
export const uniqueIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${++counter % 250}`;

export async function api(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string; cookies?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export interface FilePart {
  data: Buffer;
  /** The file name the client sends (any: the server never uses it for anything but display). */
  fileName?: string;
  /** The declared type (ignored by the server, which reads the bytes). */
  type?: string;
  /** The part's field name; "file" unless told. */
  field?: string;
}

/** A multipart/form-data request, as a browser's FormData would send it. */
export async function upload(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; file?: FilePart; fields?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  const file = options.file;
  if (file) form.append(file.field ?? 'file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.fileName ?? 'upload');
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return api(app, method, url, { token: options.token, body, headers: { 'content-type': encoded.headers.get('content-type')! } });
}

/** A versioned resource's ETag at version `n`: `"n"` on a write's answer, `"n.<hash of the answer>"` on a read's (plugins/http-cache.ts). */
export const versionTag = (n: number) => new RegExp(`^"${n}(\\.[\\w-]{22})?"$`);
