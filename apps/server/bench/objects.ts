/**
 * Geo objects for the benchmark, made in a few set-based statements, and the map figures:
 * bytes and server time of GET data/map for the whole world and for a city, and the p99
 * of a catalogue query in a city's box against its 20 ms target.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

/** Objects of the map figures on both databases; a PostgreSQL server adds up to ONE_MILLION. */
export const BENCH_OBJECTS = 100_000;
export const ONE_MILLION = 1_000_000;
/** An object with NOTES notes, for GET data/obj/{name} and its notes page 1. */
export const NOTED_OBJECT = 'bench-object-5000';
const NOTES = 45;
export const BBOX_TARGET_MS = 20;

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
  requests: number;
  targetMs?: number;
}

export interface LatencyRequest {
  label: string;
  path: string;
  targetMs?: number;
  /** The items of one answer, when they are not its features or objects. */
  count?: (answer: unknown) => number;
}

export const mapRequests = (objects: number): LatencyRequest[] => [
  { label: `GET data/map world, zoom 1 (${objects} objects)`, path: `/api/v1/data/map?bbox=${WORLD_BBOX}&zoom=1` },
  { label: `GET data/map city, zoom 12 (${objects} objects)`, path: `/api/v1/data/map?bbox=${CITY_BBOX}&zoom=12` },
  { label: `GET data/obj?bbox= city (${objects} objects)`, path: `/api/v1/data/obj?bbox=${CITY_BBOX}`, targetMs: BBOX_TARGET_MS },
];

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
/** Even a slow request is timed this often, whatever the duration. */
const MIN_REQUESTS = 5;

async function fetchBody(url: string, label: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The server's time per request: one request after another, so none waits behind
 * another (with ten connections, p99 measures the queue), for `seconds` and at least
 * MIN_REQUESTS times after one unrecorded warm-up. Plus one answer's size.
 */
export async function measureLatency(baseUrl: string, request: LatencyRequest, seconds: number): Promise<LatencyFigure> {
  const url = `${baseUrl}${request.path}`;
  const body = await fetchBody(url, request.label);
  const parsed = JSON.parse(body.toString('utf8')) as { features?: unknown[]; objects?: unknown[] };
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (times.length < MIN_REQUESTS || performance.now() < until) {
    const started = performance.now();
    await fetchBody(url, request.label);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    label: request.label,
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    items: request.count ? request.count(parsed) : (parsed.features ?? parsed.objects ?? []).length,
    meanMs: round(times.reduce((sum, t) => sum + t, 0) / times.length, 2),
    p99Ms: round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!, 2),
    requests: times.length,
    ...(request.targetMs ? { targetMs: request.targetMs } : {}),
  };
}

export function printLatency(title: string, figures: LatencyFigure[]): void {
  console.log(`\n${title}: one request at a time (server time per request)`);
  const header = ['request', 'items', 'bytes', 'gzip', 'mean ms', 'p99 ms', 'target'];
  const rows = figures.map((f) => [
    f.label,
    String(f.items),
    String(f.bytes),
    String(f.gzipBytes),
    f.meanMs.toFixed(1),
    f.p99Ms.toFixed(1),
    f.targetMs ? `${f.p99Ms <= f.targetMs ? 'within' : 'OVER'} ${f.targetMs} ms` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
