/**
 * `npm run bench`: requests per second and p99 latency of a few endpoints, served over
 * real HTTP by the whole app, once on the embedded database and once on a PostgreSQL
 * server when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Each figure is also
 * given relative to the reference of the same run (a read of one row), which makes runs
 * on different machines comparable. Reports only: no timed assertions.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { prepareData } from '../src/db/seed/index.js';
import { cpuOfServerTiming } from '../src/lib/server-timing.js';
import { benchImages, printImages } from './images.js';
import { benchImports, printImports, type ImportFigures } from './imports.js';
import { benchInsights, printInsights, type InsightFigures } from './insights.js';
import { benchMeasured, printMeasured, type MeasuredFigures } from './measured.js';
import { benchLatest, printLatest, type LatestFigures } from './latest.js';
import {
  BENCH_OBJECTS,
  benchFetch,
  FEW_OBJECTS,
  HEAVY_READ_CPU_TARGET,
  mapRequests,
  measureLatency,
  NOTED_OBJECT,
  ONE_MILLION,
  printLatency,
  seedObjects,
  WORLD_VIEW_TARGET_BYTES,
  worldView,
  type LatencyFigure,
} from './objects.js';
import { benchOgc, printOgc, type OgcFigures } from './ogc.js';
import { benchPhotos, printPhotos, type PhotoFigures } from './photos.js';
import { benchSandbox, printSandbox, type SandboxFigures } from './sandbox.js';
import type { SandboxService } from '../src/modules/sandbox/index.js';
import { BENCH_PROJECTS, MEASURED_PROJECT, seedProjects } from './projects.js';
import { benchStartup, printStartup } from './startup.js';
import { benchWeb, firstMapDraws, printWeb } from './web.js';

const SECONDS = secondsFromEnv('BENCH_SECONDS', 3);
const CONNECTIONS = 10;
/** The load figure: many connections at once on a list and a detail. */
const LOAD_SECONDS = secondsFromEnv('BENCH_LOAD_SECONDS', 10);
const LOAD_CONNECTIONS = 200;
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const PARTS = ['startup', 'endpoints', 'load', 'map', 'ogc', 'measured', 'latest', 'imports', 'insights', 'photos', 'sandbox', 'images', 'web'] as const;
/** The parts measured without the app and its database. */
const STANDALONE: readonly (typeof PARTS)[number][] = ['startup', 'images', 'web'];
/**
 * What `npm run bench` measures unless told: the figures of the speed targets (start-up,
 * reads and their CPU, the load, the map, the insights search, the first visit), in about
 * ten minutes on two cores. The data parts of other targets take as long again each.
 */
const DEFAULT_PARTS: readonly (typeof PARTS)[number][] = ['startup', 'endpoints', 'load', 'map', 'insights', 'web'];
/** Default parts whose target is PostgreSQL's: measured on the embedded database only when named (seeding them there takes minutes). */
const SERVER_TARGETS: readonly (typeof PARTS)[number][] = ['insights'];
const PARTS_NAMED = Boolean(process.env.BENCH_PARTS);
/** What to measure (BENCH_PARTS, a comma-separated subset of PARTS, or "all"): DEFAULT_PARTS when unset. */
const MEASURED = partsFromEnv();
/** BENCH_SCALE=1m: the map part seeds a PostgreSQL server up to a million objects and measures again (long; never by default). */
const AT_A_MILLION = scaleFromEnv();

interface Endpoint {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Send the admin's access token. */
  signedIn?: boolean;
  body?: unknown;
  /** On PostgreSQL, at most this many times the reference's server CPU per request. */
  cpuTarget?: number;
}

const HEALTH: Endpoint = { label: 'GET /api/v1/health', method: 'GET', path: '/api/v1/health' };
/**
 * What every ratio is put against: a read of one row (a unit of measure, with the
 * metrics in it, none here), through the same app, its auth hook and its serialiser.
 * Health no longer reads the database on every request, so it is no measure of a read.
 */
const REFERENCE: Endpoint = { label: 'GET /api/v1/data/units/{code} (reference)', method: 'GET', path: '/api/v1/data/units/mol' };
const ENDPOINTS: Endpoint[] = [
  REFERENCE,
  HEALTH,
  { label: 'GET /api/v1/auth/user', method: 'GET', path: '/api/v1/auth/user', signedIn: true },
  { label: 'POST /api/v1/auth/login', method: 'POST', path: '/api/v1/auth/login', body: ADMIN },
  { label: 'GET /api/v1/people (1 of 10000)', method: 'GET', path: '/api/v1/people', cpuTarget: HEAVY_READ_CPU_TARGET },
  { label: 'GET /api/v1/people/{slug}', method: 'GET', path: '/api/v1/people/bench-person-5000', cpuTarget: HEAVY_READ_CPU_TARGET },
  { label: `GET /api/v1/projects (page 1 of ${BENCH_PROJECTS})`, method: 'GET', path: '/api/v1/projects' },
  { label: 'GET /api/v1/projects/{slug}', method: 'GET', path: `/api/v1/projects/${MEASURED_PROJECT}`, cpuTarget: HEAVY_READ_CPU_TARGET },
  { label: 'GET /api/v1/data/obj?limit=25', method: 'GET', path: '/api/v1/data/obj?limit=25' },
  { label: `GET /api/v1/data/obj/{name} (1 of ${BENCH_OBJECTS})`, method: 'GET', path: `/api/v1/data/obj/${NOTED_OBJECT}` },
  { label: 'GET /api/v1/data/obj/{name}/notes (page 1)', method: 'GET', path: `/api/v1/data/obj/${NOTED_OBJECT}/notes` },
];
/** Under load: the catalogue's first page and an object's detail. */
const LOADED: Endpoint[] = ENDPOINTS.filter((e) => e.path === '/api/v1/data/obj?limit=25' || e.path === `/api/v1/data/obj/${NOTED_OBJECT}`);

const BENCH_PEOPLE = 10_000;

/** Ten thousand people, each with a primary affiliation, in three statements. */
async function seedPeople(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`insert into institutions (slug, name) values ('bench-institute', 'Bench Institute')`);
    await tx.execute(
      sql`insert into people (slug, name) select 'bench-person-' || g, 'Person ' || lpad(g::text, 5, '0') from generate_series(1, ${BENCH_PEOPLE}) g`,
    );
    await tx.execute(sql`insert into affiliations (person_id, institution_id, title, "primary")
      select p.id, i.id, 'Researcher', true from people p, institutions i where p.slug like 'bench-person-%' and i.slug = 'bench-institute'`);
  });
}

interface Figure {
  endpoint: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** requestsPerSecond / the reference's. */
  rpsRatio: number;
  /** p99Ms / the reference's. */
  p99Ratio: number;
  /** Server CPU per request (Server-Timing), median of CPU_REPEATS × CPU_REQUESTS one at a time. */
  cpuMs: number;
  /** cpuMs / the reference's. */
  cpuRatio: number;
  /** The repeats' medians differ by more than 2x: the figure is not steady. */
  unsteady: boolean;
  cpuTarget?: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** One endpoint under LOAD_CONNECTIONS connections: what a crowd meets. */
interface LoadFigure {
  endpoint: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** 503: waited longer than DB_QUEUE_TIMEOUT_MS for the database. */
  unavailable: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** GET /health asked one request at a time meanwhile: its p99 and its answers other than 200. */
  healthP99Ms: number;
  healthFailures: number;
}

interface Opened {
  database: Database;
  /** The server database's address (null: embedded). */
  url: string | null;
  /** Close the database (and, for a server, drop the bench database). */
  dispose: () => Promise<void>;
}

type Kind = 'embedded' | 'server';
type WorldView = Awaited<ReturnType<typeof worldView>>;

interface KindFigures {
  endpoints: Figure[];
  /** Map data, map tiles and the bbox query, by number of objects. */
  latency: Record<number, LatencyFigure[]>;
  /** The world's view of the web map (its zoom-1 tiles together), by number of objects. */
  world: Record<number, WorldView>;
  /** The map page's first draws (ms, sorted) by number of objects: with BENCH_SCALE=1m on a server, at FEW_OBJECTS and ONE_MILLION. */
  firstDraws: Record<number, number[] | string>;
  load: LoadFigure[];
  /** Observations seeded, reads and bulk writes of a data table (the measured part), or null. */
  measured: MeasuredFigures | null;
  /** Each datastream's latest value at 10,000 datastreams and 10M observations (the latest part), or null. */
  latest: LatestFigures | null;
  /** An import of 100,000 records against a COPY of the same rows (the imports part), or null. */
  imports: ImportFigures | null;
  /** Searches, list, detail and comments over 50,000 insights (the insights part), or null. */
  insights: InsightFigures | null;
  /** The photo search over 100,000 photos (the photos part), or null. */
  photos: PhotoFigures | null;
  /** Sandbox queries, a chart and an export over the bench objects (the sandbox part), or null. */
  sandbox: SandboxFigures | null;
  /** OGC API - Features items over the bench objects (the ogc part), or null. */
  ogc: OgcFigures | null;
}

function secondsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const seconds = raw ? Number(raw) : fallback;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return seconds;
}

function scaleFromEnv(): boolean {
  const raw = process.env.BENCH_SCALE;
  if (!raw) return false;
  if (raw !== '1m') throw new Error(`BENCH_SCALE: "${raw}" is no scale; 1m (a million objects) is the one there is`);
  return true;
}

function partsFromEnv(): Set<(typeof PARTS)[number]> {
  const raw = process.env.BENCH_PARTS;
  if (!raw) return new Set(DEFAULT_PARTS);
  if (raw === 'all') return new Set(PARTS);
  const parts = raw.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`BENCH_PARTS: unknown part ${unknown.join(', ')}; choose from ${PARTS.join(', ')}, or all`);
  return new Set(parts as (typeof PARTS)[number][]);
}

/** BENCH_SCALE=1m on a server: the map part measures again at a million objects, and times the web map's first draw at a few and at a million. */
const measuresAtAMillion = (kind: Kind) => kind === 'server' && AT_A_MILLION && MEASURED.has('map');

/** Production settings (argon2 cost included: login cost is part of what is measured), quiet, no rate limit in the way; the API alone (no web build served) unless the web map's first draws are measured. */
function benchConfig(kind: Kind): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ...(measuresAtAMillion(kind) ? {} : { WEB_DIST: 'apps/server/bench/no-web-build' }),
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT_PER_IP: '100000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000000',
  });
}

async function openEmbedded(): Promise<Opened> {
  const database = await openDatabase({ url: null, dataDir: null, poolSize: 1, queueTimeoutMs: 30_000 });
  return { database, url: null, dispose: () => database.close() };
}

/**
 * pg's Pool.end() resolves before its connections have closed; dropping WITH (FORCE)
 * then would kill them, and the pool's unhandled error event would crash the process.
 */
async function waitForDisconnect(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await sleep(50);
  }
}

/** A fresh database on the server, dropped again by dispose. */
async function openServer(serverUrl: string, poolSize: number): Promise<Opened> {
  const name = `observatory_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const drop = async () => {
    await waitForDisconnect(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize, queueTimeoutMs: 30_000 });
    const dispose = async () => {
      try {
        await database.close();
      } finally {
        await drop();
      }
    };
    return { database, url: url.toString(), dispose };
  } catch (err) {
    await drop();
    throw err;
  }
}

async function logIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`Login failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** An endpoint's headers and body, as autocannon and fetch both take them. */
function requestOf(endpoint: Endpoint, token: string): { headers: Record<string, string>; body?: string } {
  return {
    headers: {
      ...(endpoint.signedIn ? { authorization: `Bearer ${token}` } : {}),
      ...(endpoint.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(endpoint.body !== undefined ? { body: JSON.stringify(endpoint.body) } : {}),
  };
}

function measure(baseUrl: string, endpoint: Endpoint, token: string, seconds = SECONDS, connections = CONNECTIONS): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    connections,
    duration: seconds,
    // A request still waiting after the queue's own limit and then some counts as a timeout.
    timeout: 30,
    ...requestOf(endpoint, token),
  });
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** The CPU figure: requests one at a time (so each answer's Server-Timing is its own cost), in repeats. */
const CPU_REPEATS = 2;
const CPU_REQUESTS = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Server CPU per request of an endpoint: each repeat's median, from the answers' Server-Timing. */
async function cpuPerRequest(baseUrl: string, endpoint: Endpoint, token: string): Promise<{ cpuMs: number; unsteady: boolean }> {
  const repeats: number[] = [];
  for (let r = 0; r < CPU_REPEATS; r++) {
    const samples: number[] = [];
    for (let i = 0; i < CPU_REQUESTS; i++) {
      const { headers, body } = requestOf(endpoint, token);
      // no-cache: the embedded server's answer cache would answer a repeat without its work.
      const response = await benchFetch(`${baseUrl}${endpoint.path}`, { method: endpoint.method, headers: { ...headers, 'cache-control': 'no-cache' }, body });
      await response.arrayBuffer();
      const cpu = cpuOfServerTiming(response.headers.get('server-timing'));
      if (cpu === null) throw new Error(`${endpoint.label}: the answer has no Server-Timing cpu entry`);
      samples.push(cpu);
    }
    repeats.push(median(samples));
  }
  const unsteady = Math.max(...repeats) > 2 * Math.min(...repeats);
  return { cpuMs: median(repeats), unsteady };
}

/** GET /health asked one request at a time (every 50 ms) while `during` runs: the p99 of its answers, and how many were not 200. */
async function healthDuring<T>(baseUrl: string, during: Promise<T>): Promise<{ result: T; p99Ms: number; failures: number }> {
  let done = false;
  const ms: number[] = [];
  let failures = 0;
  const asking = (async () => {
    while (!done) {
      const started = performance.now();
      const ok = await benchFetch(`${baseUrl}/api/v1/health`).then(
        (res) => res.body?.cancel().then(() => res.ok) ?? res.ok,
        () => false,
      );
      ms.push(performance.now() - started);
      if (!ok) failures++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await during;
  done = true;
  await asking;
  ms.sort((a, b) => a - b);
  return { result, p99Ms: round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? 0), failures };
}

async function measureLoad(baseUrl: string, token: string): Promise<LoadFigure[]> {
  const figures: LoadFigure[] = [];
  for (const endpoint of LOADED) {
    const { result, p99Ms, failures } = await healthDuring(baseUrl, measure(baseUrl, endpoint, token, LOAD_SECONDS, LOAD_CONNECTIONS));
    const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    figures.push({
      endpoint: endpoint.label,
      requestsPerSecond: round(result.requests.average),
      p99Ms: round(result.latency.p99),
      requests: result.requests.total,
      unavailable: stats['503']?.count ?? 0,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      healthP99Ms: p99Ms,
      healthFailures: failures,
    });
  }
  return figures;
}

/** Map data and the bbox query with the objects seeded so far. */
async function measureMap(baseUrl: string, objects: number): Promise<LatencyFigure[]> {
  const figures: LatencyFigure[] = [];
  for (const request of mapRequests(objects)) figures.push(await measureLatency(baseUrl, request, SECONDS));
  return figures;
}

/**
 * The insights part: its requests/s are put against the reference's of the endpoints part,
 * or of a reference run of its own when that part is not measured. Anonymous, like the
 * latency requests: a visitor's search.
 */
async function measureInsights(
  database: Database,
  baseUrl: string,
  token: string,
  kind: Kind,
  reference: autocannon.Result | undefined,
): Promise<InsightFigures> {
  const referenceRps = (reference ?? (await measure(baseUrl, REFERENCE, token))).requests.average;
  return benchInsights(database, baseUrl, SECONDS, kind === 'server', referenceRps, async (path) => {
    const result = await measure(baseUrl, { label: path, method: 'GET', path }, token);
    return {
      requestsPerSecond: round(result.requests.average),
      p99Ms: round(result.latency.p99),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  });
}

/** The photos part: as the insights part, against the reference's requests/s of this run. */
async function measurePhotos(database: Database, baseUrl: string, token: string, reference: autocannon.Result | undefined): Promise<PhotoFigures> {
  const referenceRps = (reference ?? (await measure(baseUrl, REFERENCE, token))).requests.average;
  return benchPhotos(database, baseUrl, SECONDS, referenceRps, async (path) => {
    const result = await measure(baseUrl, { label: path, method: 'GET', path }, token);
    return {
      requestsPerSecond: round(result.requests.average),
      p99Ms: round(result.latency.p99),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  });
}

/** The sandbox part, signed in (visitors are rate-limited): as the photos part, against the reference's requests/s of this run. */
async function measureSandbox(database: Database, sandbox: SandboxService, baseUrl: string, reference: autocannon.Result | undefined): Promise<SandboxFigures> {
  const token = await logIn(baseUrl);
  const referenceRps = (reference ?? (await measure(baseUrl, REFERENCE, token))).requests.average;
  return benchSandbox(database, sandbox, baseUrl, token, SECONDS, referenceRps, (request) => measure(baseUrl, { ...request, signedIn: true }, token));
}

/** On a server: objects up to a million, then the same requests again. */
async function measureMillion(database: Database, baseUrl: string): Promise<LatencyFigure[]> {
  const started = Date.now();
  await seedObjects(database, BENCH_OBJECTS + 1, ONE_MILLION);
  console.log(`server database: ${ONE_MILLION - BENCH_OBJECTS} more objects seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return measureMap(baseUrl, ONE_MILLION);
}

/** A part when it is measured (else null), its time said on stderr as it ends: a long run shows where it is. */
async function part<T>(kind: Kind | 'alone', name: (typeof PARTS)[number], measure: () => Promise<T>): Promise<T | null> {
  if (!MEASURED.has(name)) return null;
  if (kind === 'embedded' && !PARTS_NAMED && SERVER_TARGETS.includes(name)) return null;
  const started = performance.now();
  const result = await measure();
  console.error(`[bench] ${kind === 'alone' ? '' : `${kind} database, `}${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return result;
}

async function benchKind(kind: Kind, open: (config: Config) => Promise<Opened>): Promise<KindFigures> {
  const config = benchConfig(kind);
  const { database, url, dispose } = await open(config);
  try {
    await database.migrate();
    const app = await buildApp(config, { database });
    try {
      const seeding = performance.now();
      await prepareData(app);
      await seedPeople(database);
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      // The map page's first draw at a million objects is held against the same server's at a few.
      const firstDraws: KindFigures['firstDraws'] = {};
      if (measuresAtAMillion(kind)) {
        await seedObjects(database, 1, FEW_OBJECTS);
        firstDraws[FEW_OBJECTS] = await firstMapDraws(baseUrl);
      }
      await seedObjects(database, measuresAtAMillion(kind) ? FEW_OBJECTS + 1 : 1, BENCH_OBJECTS);
      await seedProjects(database);
      console.error(
        `[bench] ${kind} database, people, objects and projects seeded${FEW_OBJECTS in firstDraws ? `, the map drawn at ${FEW_OBJECTS}` : ''}: ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
      );
      const token = await logIn(baseUrl);
      // An unrecorded second first, so JIT warm-up does not land on the reference.
      await measure(baseUrl, REFERENCE, token, 1);
      const results: [Endpoint, autocannon.Result, { cpuMs: number; unsteady: boolean }][] = [];
      await part(kind, 'endpoints', async () => {
        for (const endpoint of ENDPOINTS) results.push([endpoint, await measure(baseUrl, endpoint, token), await cpuPerRequest(baseUrl, endpoint, token)]);
      });
      const reference = results.find(([endpoint]) => endpoint === REFERENCE)?.[1];
      const referenceCpu = results.find(([endpoint]) => endpoint === REFERENCE)?.[2].cpuMs;
      const load = (await part(kind, 'load', () => measureLoad(baseUrl, token))) ?? [];
      const latency: KindFigures['latency'] = {};
      const world: KindFigures['world'] = {};
      await part(kind, 'map', async () => {
        latency[BENCH_OBJECTS] = await measureMap(baseUrl, BENCH_OBJECTS);
        world[BENCH_OBJECTS] = await worldView(baseUrl);
        if (measuresAtAMillion(kind)) {
          latency[ONE_MILLION] = await measureMillion(database, baseUrl);
          world[ONE_MILLION] = await worldView(baseUrl);
          firstDraws[ONE_MILLION] = await firstMapDraws(baseUrl);
        }
      });
      // A fresh login: the first token may have expired (15 minutes) by now.
      const measured = await part(kind, 'measured', async () => benchMeasured(database, baseUrl, await logIn(baseUrl), SECONDS, kind === 'server', url));
      // Ten million rows: a server's figure only (PGlite would take a quarter of an hour to seed them).
      const latest =
        kind !== 'server' ? null : await part(kind, 'latest', () => benchLatest(database, url!, app.services.dataTables, baseUrl, SECONDS, kind === 'server'));
      const imports = await part(kind, 'imports', async () => benchImports(database, baseUrl, await logIn(baseUrl), url));
      const insights = await part(kind, 'insights', () => measureInsights(database, baseUrl, token, kind, reference));
      const photos = await part(kind, 'photos', () => measurePhotos(database, baseUrl, token, reference));
      const sandbox = await part(kind, 'sandbox', () => measureSandbox(database, app.services.sandbox, baseUrl, reference));
      const ogc = await part(kind, 'ogc', () => benchOgc(baseUrl));
      const endpoints = results.map(([endpoint, result, { cpuMs, unsteady }]) => {
        if (result.non2xx > 0 || result.errors > 0) {
          console.warn(`warning (${kind}): ${endpoint.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        return {
          endpoint: endpoint.label,
          requestsPerSecond: round(result.requests.average),
          p99Ms: round(result.latency.p99),
          rpsRatio: round(result.requests.average / reference!.requests.average, 3),
          p99Ratio: round(result.latency.p99 / reference!.latency.p99, 3),
          cpuMs: round(cpuMs, 3),
          cpuRatio: round(cpuMs / referenceCpu!, 3),
          unsteady,
          ...(endpoint.cpuTarget && kind === 'server' ? { cpuTarget: endpoint.cpuTarget } : {}),
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
        };
      });
      return { endpoints, latency, world, firstDraws, load, measured, latest, imports, insights, photos, sandbox, ogc };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

function printKind(kind: Kind, figures: KindFigures): void {
  if (figures.endpoints.length) printTable(kind, figures.endpoints);
  if (figures.load.length) printLoad(kind, figures.load);
  const referenceCpu = figures.endpoints.find((f) => f.endpoint === REFERENCE.label)?.cpuMs;
  for (const [objects, latency] of Object.entries(figures.latency)) printLatency(`${kind} database, ${objects} objects`, latency, referenceCpu);
  for (const [objects, view] of Object.entries(figures.world)) {
    const within = view.bytes <= WORLD_VIEW_TARGET_BYTES ? 'within' : 'OVER';
    console.log(
      `${kind} database, ${objects} objects: the world's view, ${view.tiles} tiles: ${view.points} points, ${view.bytes} bytes (${within} ${WORLD_VIEW_TARGET_BYTES / 1000} KB)`,
    );
  }
  printFirstDraws(kind, figures.firstDraws);
  if (figures.measured) printMeasured(`${kind} database`, figures.measured, referenceCpu);
  if (figures.latest) printLatest(`${kind} database`, figures.latest, referenceCpu);
  if (figures.imports) printImports(`${kind} database`, figures.imports);
  if (figures.insights) printInsights(`${kind} database`, figures.insights, CONNECTIONS, referenceCpu);
  if (figures.photos) printPhotos(`${kind} database`, figures.photos, CONNECTIONS, referenceCpu);
  if (figures.sandbox) printSandbox(`${kind} database`, figures.sandbox, CONNECTIONS);
  if (figures.ogc) printOgc(kind, figures.ogc);
}

/** Target: the first draw at a million objects no slower than at a few: its median within the few's repeats. */
function printFirstDraws(kind: Kind, draws: KindFigures['firstDraws']): void {
  const few = draws[FEW_OBJECTS];
  const million = draws[ONE_MILLION];
  if (few === undefined || million === undefined) return;
  const said = (d: number[] | string) => (typeof d === 'string' ? d : `median ${median(d)} ms (${d.join(', ')})`);
  console.log(`${kind} database: first map data drawn on /map/properties, ${FEW_OBJECTS} objects: ${said(few)}`);
  console.log(`${kind} database: first map data drawn on /map/properties, ${ONE_MILLION} objects: ${said(million)}`);
  if (typeof few === 'string' || typeof million === 'string') return;
  const within = median(million) <= Math.max(...few) ? 'within' : 'OVER';
  console.log(
    `${kind} database: first draw at ${ONE_MILLION} ÷ at ${FEW_OBJECTS}: ${round(median(million) / median(few), 2)} (${within} the target: no slower, the median within the repeats at ${FEW_OBJECTS})`,
  );
}

function printTable(kind: Kind, figures: Figure[]): void {
  const header = ['endpoint', 'req/s', 'p99 ms', 'req/s ÷ ref', 'p99 ÷ ref', 'CPU ms/req', 'CPU ÷ ref', 'target'];
  const rows = figures.map((f) => [
    f.endpoint,
    f.requestsPerSecond.toFixed(1),
    f.p99Ms.toFixed(1),
    f.rpsRatio.toFixed(3),
    f.p99Ratio.toFixed(3),
    `${f.cpuMs.toFixed(2)}${f.unsteady ? ' (unsteady)' : ''}`,
    f.cpuRatio.toFixed(2),
    f.cpuTarget ? `${f.cpuRatio <= f.cpuTarget ? 'within' : 'OVER'} ${f.cpuTarget}x CPU` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\n${kind} database: ${SECONDS} s per endpoint, ${CONNECTIONS} connections (as visitors ask: on the embedded database a repeated public read is a kept answer); CPU: server CPU per request from Server-Timing, asked afresh (no-cache) one at a time, median of ${CPU_REPEATS} × ${CPU_REQUESTS} (unsteady: the repeats differ by more than 2x); ratios to ${REFERENCE.label}`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function printLoad(kind: Kind, figures: LoadFigure[]): void {
  console.log(`\n${kind} database under load: ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s`);
  for (const f of figures) {
    console.log(
      `${f.endpoint}: ${f.requestsPerSecond.toFixed(1)} req/s, p99 ${f.p99Ms.toFixed(0)} ms, ${f.requests} answered, ${f.unavailable} 503s, ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts; health meanwhile p99 ${f.healthP99Ms.toFixed(0)} ms (target 250), ${f.healthFailures} not 200`,
    );
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const kinds: Record<string, KindFigures> = {};
  // First, while nothing else runs in this process: start-up is timed on an idle machine.
  const startup = await part('alone', 'startup', benchStartup);
  if (startup) printStartup(startup);
  if ([...MEASURED].some((part) => !STANDALONE.includes(part))) {
    kinds.embedded = await benchKind('embedded', openEmbedded);
    printKind('embedded', kinds.embedded);
    if (serverUrl) {
      kinds.server = await benchKind('server', (config) => openServer(serverUrl, config.database.poolSize));
      printKind('server', kinds.server);
    }
  }
  const images = await part('alone', 'images', benchImages);
  if (images) printImages(images);
  const web = (await part('alone', 'web', benchWeb)) ?? null;
  if (web) printWeb(web);
  console.log(`\n${JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, node: process.version, startup, kinds, images, web })}`);
}

await main();
