/**
 * The data sandbox for the benchmark: one metric (`bench-sandbox-level`) in a data table
 * of the measured project, 10,000 daily observations on each of the twenty sites
 * bench-object-20..39 (200,000 rows, set-based, then `vacuum analyze`), over the 100,000
 * bench objects. Then:
 *
 * - the planner's cost estimate (EXPLAIN) against the time each of the sandbox's
 *   statements takes on the database, the figures MAX_QUERY_COST (modules/sandbox/service.ts)
 *   is set from (a chart of all 200,000 observations is over CHART_MAX_OBSERVATIONS);
 * - one request at a time (signed in: visitors are rate-limited) the sandbox query of the
 *   sites with the metric, of a city's box, a chart of ten years of them and a CSV
 *   export of the sites in the city's box: mean and p99 ms, bytes;
 * - with autocannon (10 connections) the two queries' and the export's requests/s as a
 *   fraction of the reference's.
 */
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client.js';
import { MAX_QUERY_COST, type SandboxService } from '../src/modules/sandbox/index.js';
import { CITY_BBOX } from './objects.js';
import { MEASURED_PROJECT } from './projects.js';

const METRIC = 'bench-sandbox-level';
const TIMES = 10_000;
const FIRST_SITE = 20;
const SITES = 20;
const CITY = CITY_BBOX.split(',').map(Number) as [number, number, number, number];
/** Even a slow request is timed this often, whatever the duration. */
const MIN_REQUESTS = 5;

export interface SandboxRequest {
  label: string;
  method: 'POST';
  path: string;
  body: unknown;
}

export interface SandboxFigures {
  observations: number;
  seedSeconds: number;
  /** EXPLAIN's estimate and the statement's own time on the database. */
  costs: { label: string; cost: number; ms: number; rows: number; refused: boolean }[];
  /** A refused request (400: too broad) is a figure with its answer, so the others still come. */
  reads: { label: string; bytes: number; meanMs: number; p99Ms: number; requests: number; error: string | null }[];
  throughput: { endpoint: string; requestsPerSecond: number; p99Ms: number; rpsRatio: number; requests: number; non2xx: number; errors: number }[];
}

async function seed(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`insert into metrics (name, title, unit, type, min, max) values (${METRIC}, 'Water level', 'cm', 'number', 0, 1000)`);
    const [table] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into data_tables (project_id, title) select id, 'Gauges' from projects where slug = ${MEASURED_PROJECT} returning id`),
    );
    await tx.execute(sql`insert into data_table_metrics (table_id, metric_id) select ${table!.id}::uuid, id from metrics where name = ${METRIC}`);
    await tx.execute(sql`
      insert into observations (table_id, object_id, metric_id, time, number)
      select ${table!.id}::uuid, o.id, m.id, '1990-01-01'::timestamptz + k * interval '1 day', round((100 + 40 * sin(2 * pi() * k / 365.0) + random() * 10)::numeric, 1)::float8
      from generate_series(${FIRST_SITE}::int, ${FIRST_SITE + SITES - 1}::int) g join objects o on o.name = 'bench-object-' || g
      cross join metrics m cross join generate_series(0, ${TIMES - 1}::int) k
      where m.name = ${METRIC}`);
  });
  await database.use((d) => d.execute(sql`vacuum analyze observations`));
}

type Calibrated = Parameters<SandboxService['calibrate']>;

/**
 * Each statement's estimate, then its time, as a visitor would ask. A page's and an
 * export's are held to the cost of finding their objects (the `objects` ones here); a
 * chart to its whole statement.
 */
async function calibrate(sandbox: SandboxService): Promise<SandboxFigures['costs']> {
  const query = (filter: Partial<Calibrated[2]>): Calibrated[2] => ({
    types: [],
    projects: [],
    metrics: [],
    where: [],
    flags: [],
    levels: [],
    bbox: undefined,
    p: 1,
    n: 100,
    ...filter,
  });
  const sites = { types: ['site'] };
  const statements: [string, Calibrated[1], Calibrated[2]][] = [
    ['objects: page of 100, no filter', 'objects', query({})],
    ['objects: page of 100, sites', 'objects', query(sites)],
    ['objects: page of 100, sites, rows 9,900 on', 'objects', query({ ...sites, p: 100 })],
    ['objects: page of 100, city box', 'objects', query({ bbox: CITY })],
    ['objects: page of 100, elevation = 1220 (sites)', 'objects', query({ ...sites, where: [{ field: 'elevation', value: 1220 }] })],
    ['objects: count to 10,001, sites', 'count', query(sites)],
    ['objects: export chunk of 500, sites, GeoJSON', 'export', query(sites)],
    [`page of 100 sites with the metric's summaries (${SITES} with ${TIMES} observations)`, 'page', query({ ...sites, metrics: [METRIC] })],
    [`chart, sites (${SITES * TIMES} observations: over the bound)`, 'chart', query({ ...sites, metric: METRIC })],
    ['chart, sites, ten years', 'chart', query({ ...sites, metric: METRIC, from: '1990-01-01T00:00:00Z', to: '2000-01-01T00:00:00Z' })],
    ['chart, sites, one year', 'chart', query({ ...sites, metric: METRIC, from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' })],
    ['chart, city box', 'chart', query({ bbox: CITY, metric: METRIC })],
  ];
  const figures: SandboxFigures['costs'] = [];
  for (const [label, kind, input] of statements) {
    const { cost, ms, rows, refused } = await sandbox.calibrate(null, kind, input);
    // The summaries are not held to the cap (the planner's model of them is far off).
    figures.push({ label, cost: Math.round(cost), ms: Number(ms.toFixed(1)), rows, refused: kind === 'page' ? false : refused });
  }
  return figures;
}

/** One request after another for `seconds` (at least MIN_REQUESTS), after an unrecorded one. */
async function timePost(baseUrl: string, token: string, request: SandboxRequest, seconds: number) {
  const send = async () => {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { body, error: response.ok ? null : `HTTP ${response.status} ${body.toString('utf8').slice(0, 200)}` };
  };
  const first = await send();
  if (first.error) return { label: request.label, bytes: 0, meanMs: 0, p99Ms: 0, requests: 0, error: first.error };
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (times.length < MIN_REQUESTS || performance.now() < until) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return {
    label: request.label,
    bytes: first.body.length,
    error: null,
    meanMs: round(times.reduce((s, x) => s + x, 0) / times.length),
    p99Ms: round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!),
    requests: times.length,
  };
}

/**
 * Seeds, then measures; `throughput` runs autocannon on a request (signed in), `referenceRps`
 * is the reference's requests/s in the same run.
 */
export async function benchSandbox(
  database: Database,
  sandbox: SandboxService,
  baseUrl: string,
  token: string,
  seconds: number,
  referenceRps: number,
  throughput: (request: SandboxRequest) => Promise<autocannon.Result>,
): Promise<SandboxFigures> {
  const started = performance.now();
  await seed(database);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const costs = await calibrate(sandbox);
  const query: SandboxRequest = {
    label: 'POST sandbox/query: sites, the metric',
    method: 'POST',
    path: '/api/v1/sandbox/query',
    body: { types: ['site'], metrics: [METRIC] },
  };
  const exported: SandboxRequest = {
    label: 'POST sandbox/export?format=csv: sites in the city box',
    method: 'POST',
    path: '/api/v1/sandbox/export?format=csv',
    body: { types: ['site'], metrics: [METRIC], bbox: CITY },
  };
  const city: SandboxRequest = { label: 'POST sandbox/query: the city box', method: 'POST', path: '/api/v1/sandbox/query', body: { bbox: CITY } };
  const requests: SandboxRequest[] = [
    query,
    city,
    {
      label: `POST sandbox/chart: sites, ten years (${SITES * 3652} observations)`,
      method: 'POST',
      path: '/api/v1/sandbox/chart',
      body: { types: ['site'], metric: METRIC, buckets: 500, from: '1990-01-01T00:00:00Z', to: '2000-01-01T00:00:00Z' },
    },
    exported,
  ];
  const reads = [];
  for (const request of requests) reads.push(await timePost(baseUrl, token, request, seconds));
  const loaded = [];
  for (const request of [query, city, exported]) {
    const result = await throughput(request);
    loaded.push({
      endpoint: request.label,
      requestsPerSecond: Number(result.requests.average.toFixed(1)),
      p99Ms: result.latency.p99,
      rpsRatio: Number((result.requests.average / referenceRps).toFixed(3)),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  return { observations: SITES * TIMES, seedSeconds, costs, reads, throughput: loaded };
}

export function printSandbox(title: string, figures: SandboxFigures, connections: number): void {
  console.log(`\n${title}: sandbox, ${figures.observations} observations seeded in ${figures.seedSeconds} s`);
  console.log(`\n${title}, sandbox statements: the planner's estimate against the time taken (cap ${MAX_QUERY_COST})`);
  for (const c of figures.costs) console.log(`${c.label}: cost ${c.cost}, ${c.ms} ms, ${c.rows} rows${c.refused ? ' (over the cap: refused)' : ''}`);
  console.log(`\n${title}, sandbox: one request at a time (signed in)`);
  for (const r of figures.reads) {
    if (r.error) console.warn(`warning: ${r.label}: ${r.error}`);
    else console.log(`${r.label}: ${r.bytes} bytes, mean ${r.meanMs} ms, p99 ${r.p99Ms} ms (${r.requests} requests)`);
  }
  console.log(`\n${title}, sandbox: ${connections} connections`);
  for (const f of figures.throughput) {
    if (f.non2xx || f.errors) console.warn(`warning: ${f.endpoint}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    console.log(
      `${f.endpoint}: ${f.requestsPerSecond.toFixed(1)} req/s (${f.rpsRatio.toFixed(3)} of the reference), p99 ${f.p99Ms.toFixed(1)} ms, ${f.requests} answered`,
    );
  }
}
