/**
 * Geo objects for the benchmark, made in a few set-based statements, and the map figures:
 * bytes and server time of GET data/map for the whole world and for a city, and the p99
 * of a catalogue query in a city's box against its 20 ms target.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { cpuOfServerTiming } from '../src/lib/server-timing.js';

/** Objects of the map figures on both databases; a PostgreSQL server adds up to ONE_MILLION. */
export const BENCH_OBJECTS = 100_000;
export const ONE_MILLION = 1_000_000;
/** The few objects the map page's first draw at a million is held against (BENCH_SCALE=1m). */
export const FEW_OBJECTS = 1_000;
/** An object with NOTES notes, for GET data/obj/{name} and its notes page 1. */
export const NOTED_OBJECT = 'bench-object-5000';
const NOTES = 45;
export const BBOX_TARGET_MS = 20;
/** Any map tile's p99 on PostgreSQL with a million objects (issue: fast at every size). */
const TILE_TARGET_MS = 50;
/** On PostgreSQL, a heavy detail read's (a project, the insights search, people) server CPU at most this many times the reference read's. */
export const HEAVY_READ_CPU_TARGET = 2;
/** A tile's server CPU at most this many times the reference read's. */
const TILE_CPU_TARGET = 5;
/** What the whole world's view may download, its tiles together. */
export const WORLD_VIEW_TARGET_BYTES = 500_000;

/** Kraków's centre, about 1280 x 800 pixels at zoom 12: what a laptop's map shows of a city. */
export const CITY_BBOX = '19.83,50.01,20.05,50.11';
const WORLD_BBOX = '-180,-85,180,85';

/**
 * Objects bench-object-{from..to}: one in twenty in a dense 20 x 20 km patch around Kraków,
 * the others scattered around twenty European cities (a triangular spread of about
 * ±2 degrees), one in ten an area (a small square) rather than a point, in four types
 * (each city has all four), one in a hundred for signed-in users only.
 */
export async function seedObjects(database: Database, from: number, to: number): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      with cities(n, lon, lat) as (values
        (0, -9.14, 38.72), (1, -3.70, 40.42), (2, 2.17, 41.39), (3, 2.35, 48.86), (4, -0.13, 51.51),
        (5, 4.90, 52.37), (6, 13.40, 52.52), (7, 16.37, 48.21), (8, 12.50, 41.90), (9, 9.19, 45.46),
        (10, 14.42, 50.09), (11, 21.01, 52.23), (12, 19.04, 47.50), (13, 23.73, 37.98), (14, 18.07, 59.33),
        (15, 10.75, 59.91), (16, 24.94, 60.17), (17, 26.10, 44.43), (18, -6.26, 53.35), (19, 8.54, 47.37)),
      placed as (
        select g,
          case when g % 20 = 0 then 19.80 + random() * 0.30 else c.lon + (random() + random() - 1) * 2.5 end as lon,
          case when g % 20 = 0 then 49.97 + random() * 0.18 else c.lat + (random() + random() - 1) * 1.6 end as lat
        from generate_series(${from}::int, ${to}::int) g join cities c on c.n = g % 20)
      insert into objects (name, title, geo, visibility, metadata)
      select 'bench-object-' || g, 'Object ' || lpad(g::text, 7, '0'),
        case when g % 10 = 3 then ST_MakeEnvelope(lon, lat, lon + 0.002, lat + 0.0015, 4326) else ST_SetSRID(ST_MakePoint(lon, lat), 4326) end,
        case when g % 100 = 7 then 'signed-in' else 'public' end,
        jsonb_build_object('elevation', g % 3000)
      from placed`);
    await tx.execute(sql`
      insert into object_type_links (object_id, type_id)
      select o.id, t.id from objects o
      join object_types t on t.slug = (array['property', 'site', 'vegetation-plot', 'soil-plot'])[1 + split_part(o.name, '-', 3)::int / 20 % 4]
      where o.name like 'bench-object-%' and split_part(o.name, '-', 3)::int between ${from}::int and ${to}::int`);
    if (from <= 5000 && to >= 5000) {
      await tx.execute(sql`
        insert into notes (object_id, content, timestamp)
        select o.id, 'Field note ' || g || ': soil moist, two new seedlings by the marker post.', now() - g * interval '1 hour'
        from objects o, generate_series(1, ${NOTES}) g where o.name = ${NOTED_OBJECT}`);
    }
  });
  // As autovacuum would on a running server: statistics, and the visibility map that lets
  // counting the objects in a box read only the index.
  await database.use(async (d) => {
    await d.execute(sql`vacuum analyze objects`);
    await d.execute(sql`vacuum analyze object_type_links`);
  });
}

export interface LatencyFigure {
  label: string;
  /** Answer size, uncompressed and gzip (what a browser downloads). */
  bytes: number;
  gzipBytes: number;
  /** GeoJSON features (map data), objects (catalogue), observations or chart points in one answer. */
  items: number;
  meanMs: number;
  p99Ms: number;
  /** The server's CPU per request (median of its Server-Timing), ms. */
  cpuMs: number | null;
  requests: number;
  targetMs?: number;
  cpuTarget?: number;
}

export interface LatencyRequest {
  label: string;
  path: string;
  targetMs?: number;
  /** At most this many times the reference's server CPU per request. */
  cpuTarget?: number;
  /** The items of one answer, when they are not its features or objects. */
  count?: (answer: unknown) => number;
  /** A vector tile: its items are its points. */
  tile?: boolean;
}

/** The tile of zoom z holding a place, as MapLibre numbers them. */
function tileAt(lon: number, lat: number, z: number): string {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  return `${z}/${Math.floor(((lon + 180) / 360) * n)}/${Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * n)}`;
}

/** Points in a map tile. */
const tilePoints = (body: Buffer) => (body.length ? (new VectorTile(new Pbf(new Uint8Array(body))).layers.objects?.length ?? 0) : 0);

const KRAKOW: [number, number] = [19.94, 50.06];

export const mapRequests = (objects: number): LatencyRequest[] => [
  { label: `GET data/map world, zoom 1 (${objects} objects)`, path: `/api/v1/data/map?bbox=${WORLD_BBOX}&zoom=1` },
  { label: `GET data/map city, zoom 12 (${objects} objects)`, path: `/api/v1/data/map?bbox=${CITY_BBOX}&zoom=12` },
  { label: `GET data/obj?bbox= city (${objects} objects)`, path: `/api/v1/data/obj?bbox=${CITY_BBOX}`, targetMs: BBOX_TARGET_MS },
  ...[1, 6, 11, 12, 16].map((z) => ({
    label: `GET tiles/objects zoom ${z}, Kraków (${z <= 11 ? 'stored counts' : z < 16 ? 'counted live' : 'one by one'})`,
    path: `/api/v1/tiles/objects/${tileAt(...KRAKOW, z)}.mvt`,
    targetMs: TILE_TARGET_MS,
    cpuTarget: TILE_CPU_TARGET,
    tile: true,
  })),
  {
    label: 'GET tiles/property,site zoom 6, Kraków (two types)',
    path: `/api/v1/tiles/property,site/${tileAt(...KRAKOW, 6)}.mvt`,
    targetMs: TILE_TARGET_MS,
    cpuTarget: TILE_CPU_TARGET,
    tile: true,
  },
];

/** The whole world's view as the web map loads it (zoom 1: its 2 x 2 tiles): points and bytes together. */
export async function worldView(baseUrl: string): Promise<{ tiles: number; points: number; bytes: number }> {
  let [points, bytes] = [0, 0];
  for (const [x, y] of [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ]) {
    const body = await fetchBody(`${baseUrl}/api/v1/tiles/objects/1/${x}/${y}.mvt`, 'world tiles');
    points += tilePoints(body);
    bytes += body.length;
  }
  return { tiles: 4, points, bytes };
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
/** Even a slow request is timed this often, whatever the duration. */
const MIN_REQUESTS = 5;

/**
 * fetch, asked once more when the connection it reused was reset: the embedded engine holds
 * the event loop while it seeds, and a kept-alive socket may be closed as a request takes it.
 */
export async function benchFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

async function fetchAnswer(url: string, label: string): Promise<{ body: Buffer; cpuMs: number | null }> {
  // no-cache: the embedded server's answer cache would answer a repeat without its work.
  const response = await benchFetch(url, { headers: { 'cache-control': 'no-cache' } });
  if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${await response.text()}`);
  return { body: Buffer.from(await response.arrayBuffer()), cpuMs: cpuOfServerTiming(response.headers.get('server-timing')) };
}

const fetchBody = async (url: string, label: string) => (await fetchAnswer(url, label)).body;

/**
 * The server's time per request: one request after another, so none waits behind
 * another (with ten connections, p99 measures the queue), for `seconds` and at least
 * MIN_REQUESTS times after one unrecorded warm-up. Plus one answer's size.
 */
export async function measureLatency(baseUrl: string, request: LatencyRequest, seconds: number): Promise<LatencyFigure> {
  const url = `${baseUrl}${request.path}`;
  const body = await fetchBody(url, request.label);
  const parsed = request.tile ? {} : (JSON.parse(body.toString('utf8')) as { features?: unknown[]; objects?: unknown[] });
  const times: number[] = [];
  const cpu: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (times.length < MIN_REQUESTS || performance.now() < until) {
    const started = performance.now();
    const { cpuMs } = await fetchAnswer(url, request.label);
    times.push(performance.now() - started);
    if (cpuMs !== null) cpu.push(cpuMs);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    label: request.label,
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    items: request.tile ? tilePoints(body) : request.count ? request.count(parsed) : (parsed.features ?? parsed.objects ?? []).length,
    meanMs: round(times.reduce((sum, t) => sum + t, 0) / times.length, 2),
    p99Ms: round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!, 2),
    cpuMs: cpu.length ? round(cpu[Math.floor(cpu.length / 2)]!, 2) : null,
    requests: times.length,
    ...(request.targetMs ? { targetMs: request.targetMs } : {}),
    ...(request.cpuTarget ? { cpuTarget: request.cpuTarget } : {}),
  };
}

/** Whether a figure is within its targets: p99 in ms, CPU as a multiple of the reference's. */
function targetsOf(f: LatencyFigure, referenceCpuMs?: number): string {
  const said: string[] = [];
  if (f.targetMs) said.push(`${f.p99Ms <= f.targetMs ? 'within' : 'OVER'} ${f.targetMs} ms`);
  if (f.cpuTarget && f.cpuMs !== null && referenceCpuMs) said.push(`${f.cpuMs <= f.cpuTarget * referenceCpuMs ? 'within' : 'OVER'} ${f.cpuTarget}x CPU`);
  return said.join(', ');
}

/** The figures of one-at-a-time requests; `referenceCpuMs`, when measured, puts each one's CPU against the reference's. */
export function printLatency(title: string, figures: LatencyFigure[], referenceCpuMs?: number): void {
  console.log(`\n${title}: one request at a time (server time per request)`);
  const header = ['request', 'items', 'bytes', 'gzip', 'mean ms', 'p99 ms', 'cpu ms', 'x ref', 'target'];
  const rows = figures.map((f) => [
    f.label,
    String(f.items),
    String(f.bytes),
    String(f.gzipBytes),
    f.meanMs.toFixed(1),
    f.p99Ms.toFixed(1),
    f.cpuMs === null ? '' : f.cpuMs.toFixed(2),
    f.cpuMs === null || !referenceCpuMs ? '' : (f.cpuMs / referenceCpuMs).toFixed(2),
    targetsOf(f, referenceCpuMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
