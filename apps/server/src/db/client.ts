import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { CountCache } from './counts.js';
import { lockDataDir } from './lock.js';
import { postgisExtension } from './postgis-bundle.js';
import { namingPool, nameStatements, StatementNames } from './statements.js';
import { DbQueue } from './queue.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** A database handle or a transaction: repos take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** The advisory lock start-up work holds (any constant, the same in every process). */
const START_LOCK = 7_210_431_001;

/**
 * Inside a transaction: waits for any other process doing start-up work on the same
 * database (migrating, creating the first administrator), until this transaction ends.
 */
export async function holdStartLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
}

export interface DatabaseOptions {
  /** A PostgreSQL server; null for the embedded database. */
  url: string | null;
  /** The embedded database's directory; null keeps it in memory (tests). */
  dataDir: string | null;
  poolSize: number;
  queueTimeoutMs: number;
  /** Start the in-memory database from a data-directory tarball (test template). */
  loadDataDir?: Uint8Array;
  /**
   * A migrated data-directory tarball (db/template.ts) that a new embedded data directory
   * starts from; an existing one never reads it.
   */
  templateFile?: string | null;
}

/** The template a new data directory starts from, if there is one to use. */
function templateFor(options: DatabaseOptions): Uint8Array | undefined {
  if (options.loadDataDir) return options.loadDataDir;
  const { dataDir, templateFile } = options;
  if (!dataDir || !templateFile || fs.existsSync(path.join(dataDir, 'pgdata')) || !fs.existsSync(templateFile)) return undefined;
  const bytes = fs.readFileSync(templateFile);
  return templateFile.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/**
 * A tarball as PGlite reads it: through `arrayBuffer()` alone (and its `type`, which says
 * it is not gzipped). A Blob of Node 20 copies the bytes in, then out in 64 KB reads: about
 * a second of CPU for the 70 MB of a migrated data directory, at every open of a test's.
 */
function tarball(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.slice().buffer;
  return { type: 'application/x-tar', arrayBuffer: async () => buffer } as Blob;
}

/**
 * All database access goes through here: `use` and `transaction` wait their turn in
 * one queue. Calls nested inside a running job reuse its handle instead of queueing
 * again (which would deadlock the single embedded connection).
 */
export class Database {
  private readonly current = new AsyncLocalStorage<Db>();

  constructor(
    readonly kind: 'embedded' | 'server',
    private readonly root: Db,
    private readonly queue: DbQueue,
    private readonly closeClient: () => Promise<void>,
    /** The embedded engine, for backups and test templates. */
    readonly pglite: PGlite | null,
    private readonly counter: StatementCounter,
  ) {}

  /** Statements sent since the database was opened: each is a round trip (tests hold answers to their budget). */
  get statements(): number {
    return this.counter.sent;
  }

  /** The write generation: it changes whenever a statement other than a select is sent, and again when that job has ended. */
  get writes(): number {
    return this.counter.writes;
  }

  /** Totals of lists, kept until the next write. */
  readonly counts = new CountCache(() => this.counter.writes);

  use<T>(job: (db: Db) => Promise<T>): Promise<T> {
    const running = this.current.getStore();
    if (running) return job(running);
    return this.queue.run(() =>
      this.current.run(this.root, async () => {
        const writes = this.counter.writes;
        try {
          return await job(this.root);
        } finally {
          // Once committed: a count read while the write was under way is not kept.
          if (this.counter.writes !== writes) this.counter.writes++;
        }
      }),
    );
  }

  transaction<T>(job: (tx: Db) => Promise<T>): Promise<T> {
    return this.use((db) => db.transaction((tx) => this.current.run(tx, () => job(tx))));
  }

  get pendingJobs(): number {
    return this.queue.pending;
  }

  /** Jobs that run at once: 1 embedded, the pool size on a server. */
  get capacity(): number {
    return this.queue.capacity;
  }

  async migrate(): Promise<void> {
    await this.use(async () => {
      if (this.pglite) await migratePglite(drizzlePglite(this.pglite), { migrationsFolder: MIGRATIONS_DIR });
      // Processes starting together on one server take turns: the first migrates, the rest find it done.
      else
        await this.root.transaction(async (tx) => {
          await holdStartLock(tx);
          await migratePg(tx as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
        });
    });
  }

  /** How many migrations are applied, and the tag of the newest. */
  async migrationState(): Promise<{ applied: number; latest: string | null }> {
    const rows = await this.use((db) => db.execute<{ created_at: string }>(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc`));
    const list = rowsOf<{ created_at: string }>(rows);
    const newest = list[0] ? Number(list[0].created_at) : null;
    const latest = readJournal().find((entry) => entry.when === newest)?.tag ?? null;
    return { applied: list.length, latest };
  }

  async serverVersion(): Promise<string> {
    const rows = await this.use((db) => db.execute<{ v: string }>(sql`select current_setting('server_version') as v`));
    return rowsOf<{ v: string }>(rows)[0]?.v ?? 'unknown';
  }

  async close(): Promise<void> {
    await this.closeClient();
  }
}

/** Result rows of db.execute, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Exchanges with the embedded engine between turns of the event loop. */
const EXCHANGES_PER_TURN = 50;

/**
 * The embedded engine answers in microtasks, so a long job (an import's commit, a bulk
 * write) would keep the server from even reading other requests, which then could not
 * wait their bounded time and answer 503. Every EXCHANGES_PER_TURN-th exchange first lets
 * the event loop take a turn; the queue still keeps other jobs off the connection.
 */
function takeTurns(lite: PGlite): void {
  let exchanges = 0;
  const turn = async () => {
    if (++exchanges % EXCHANGES_PER_TURN === 0) await nextTurn();
  };
  const execProtocol = lite.execProtocol.bind(lite);
  const execProtocolStream = lite.execProtocolStream.bind(lite);
  lite.execProtocol = async (...args) => (await turn(), execProtocol(...args));
  lite.execProtocolStream = async (...args) => (await turn(), execProtocolStream(...args));
}

let journal: { tag: string; when: number }[] | null = null;
/** drizzle-kit's list of migrations: it maps an applied migration's timestamp to its name. */
function readJournal(): { tag: string; when: number }[] {
  const file = path.join(MIGRATIONS_DIR, 'meta/_journal.json');
  journal ??= (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
  return journal;
}

/** Counts the statements Drizzle sends (its logger sees each one), and the writes among them. */
class StatementCounter {
  sent = 0;
  writes = 0;
  logQuery(query: string): void {
    this.sent++;
    if (!/^\s*select\b/i.test(query)) this.writes++;
  }
}

/** PGlite starts with fsync off ("-F"); the last setting wins, so this turns it on. */
const DURABLE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'fsync=on'];
/**
 * A database held in memory alone is a scratch one (a test's, a template being made): with
 * 16 MB of shared buffers rather than 128 it opens about half a second sooner.
 */
const SCRATCH_START_PARAMS = [...DURABLE_START_PARAMS, '-c', 'shared_buffers=16MB'];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = namingPool({ connectionString: options.url, max: options.poolSize }, new StatementNames());
    // An idle connection dropped by the server (restart, admin command) must not crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const counter = new StatementCounter();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger: counter });
    const queue = new DbQueue(options.poolSize, options.queueTimeoutMs);
    return new Database('server', db as unknown as Db, queue, () => pool.end(), null, counter);
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const loadDataDir = templateFor(options);
    const pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(loadDataDir ? { loadDataDir: tarball(loadDataDir) } : {}),
      extensions: { postgis: postgisExtension() },
      startParams: options.dataDir ? DURABLE_START_PARAMS : SCRATCH_START_PARAMS,
    });
    nameStatements(pglite, new StatementNames());
    takeTurns(pglite);
    const counter = new StatementCounter();
    const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case', logger: counter });
    const queue = new DbQueue(1, options.queueTimeoutMs);
    const close = async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    };
    return new Database('embedded', db as unknown as Db, queue, close, pglite, counter);
  } catch (err) {
    release();
    throw err;
  }
}
