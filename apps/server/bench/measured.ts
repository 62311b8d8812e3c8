/**
 * Measured data for the benchmark: a million observations in one data table of the
 * measured project, made in set-based statements, plus one long series for a chart; then
 * one request at a time, the reads a table page and a chart make (a series' p99 against
 * its 50 ms target on a PostgreSQL server), and bulk writes of 100,000 rows, new and
 * rewritten, in rows per second.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client.js';
import { measureLatency, printLatency, type LatencyFigure, type LatencyRequest } from './objects.js';
import { MEASURED_PROJECT } from './projects.js';

/** bench-object-1..OBJECTS × both metrics × TIMES times, every STEP_HOURS from SEED_START: one series spans five years. */
const OBJECTS = 100;
const TIMES = 5000;
const STEP_HOURS = 9;
const SEED_START = '2020-01-01T00:00:00Z';
export const OBSERVATIONS = OBJECTS * 2 * TIMES;
/** One more object's temperature, hourly from CHART_START: the series a chart reduces. */
const CHART_OBJECT = `bench-object-${OBJECTS + 1}`;
const CHART_POINTS = 100_000;
const CHART_START = '2014-01-01T00:00:00Z';
/** Rows of one bulk write (the most one takes): every object, both metrics, WRITE_TIMES times. */
const WRITE_ROWS = 100_000;
const WRITE_TIMES = WRITE_ROWS / (OBJECTS * 2);
export const SERIES_TARGET_MS = 50;
const METRICS = ['bench-temperature', 'bench-moisture'] as const;
const HOUR_MS = 3_600_000;

export interface WriteFigure {
  label: string;
  rows: number;
  written: number;
  replaced: number;
  ms: number;
  rowsPerSecond: number;
  /** A refused or failed write: its status and answer (reported, not thrown, so the other figures still come). */
  error: string | null;
}

export interface MeasuredFigures {
  observations: number;
  seedSeconds: number;
  reads: LatencyFigure[];
  writes: WriteFigure[];
}

/** The two metrics, a table of the measured project holding them, its observations; the table's id. */
async function seed(database: Database): Promise<string> {
  const tableId = await database.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`insert into metrics (name, title, unit, type, min, max) values
      (${METRICS[0]}, 'Air temperature', 'Cel', 'number', -60, 60), (${METRICS[1]}, 'Soil moisture', '%', 'number', 0, 100)`);
    const [table] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into data_tables (project_id, title, description)
        select id, 'Loggers', 'Air temperature and soil moisture at a hundred sites' from projects where slug = ${MEASURED_PROJECT} returning id`),
    );
    await tx.execute(sql`insert into data_table_metrics (table_id, metric_id, position)
      select ${table!.id}::uuid, id, case name when ${METRICS[0]} then 0 else 1 end from metrics where name in (${METRICS[0]}, ${METRICS[1]})`);
    // A yearly and a daily swing with some noise; soil moisture wanders between 10 and 45 %.
    await tx.execute(sql`
      insert into observations (table_id, object_id, metric_id, time, number, note)
      select ${table!.id}::uuid, o.id, m.id, ${SEED_START}::timestamptz + k * ${STEP_HOURS} * interval '1 hour',
        round((case when m.name = ${METRICS[0]}
          then 8 + 12 * sin(2 * pi() * k * ${STEP_HOURS} / 8766.0) + 4 * sin(2 * pi() * k * ${STEP_HOURS} / 24.0) + random() * 2
          else 10 + 35 * random() end)::numeric, 2)::float8,
        case when k % 1000 = 0 then 'Sensor cleaned' else '' end
      from generate_series(1, ${OBJECTS}::int) g join objects o on o.name = 'bench-object-' || g
      cross join metrics m cross join generate_series(0, ${TIMES - 1}::int) k
      where m.name in (${METRICS[0]}, ${METRICS[1]})`);
    await tx.execute(sql`
      insert into observations (table_id, object_id, metric_id, time, number)
      select ${table!.id}::uuid, o.id, m.id, ${CHART_START}::timestamptz + k * interval '1 hour',
        round((8 + 12 * sin(2 * pi() * k / 8766.0) + 4 * sin(2 * pi() * k / 24.0) + random() * 2)::numeric, 2)::float8
      from objects o, metrics m, generate_series(0, ${CHART_POINTS - 1}::int) k
      where o.name = ${CHART_OBJECT} and m.name = ${METRICS[0]}`);
    return table!.id;
  });
  await database.use((d) => d.execute(sql`vacuum analyze observations`));
  return tableId;
}

/** WRITE_ROWS observations: every object, both metrics, WRITE_TIMES times every `stepHours` from `start`. */
function writeBody(start: string, stepHours: number): string {
  const observations = [];
  for (let g = 1; g <= OBJECTS; g++) {
    for (const metric of METRICS) {
      for (let k = 0; k < WRITE_TIMES; k++) {
        const time = new Date(Date.parse(start) + k * stepHours * HOUR_MS).toISOString();
        const value = Math.round((metric === METRICS[0] ? 5 + 10 * Math.random() : 10 + 35 * Math.random()) * 100) / 100;
        observations.push({ object: `bench-object-${g}`, metric, time, value, ...(k % 100 === 0 ? { note: 'Logger swapped' } : {}) });
      }
    }
  }
  return JSON.stringify({ observations });
}

async function timeWrite(url: string, token: string, label: string, body: string): Promise<WriteFigure> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  const answer = await response.text();
  const ms = performance.now() - started;
  if (!response.ok)
    return { label, rows: WRITE_ROWS, written: 0, replaced: 0, ms: Math.round(ms), rowsPerSecond: 0, error: `HTTP ${response.status} ${answer.slice(0, 300)}` };
  const { written, replaced } = JSON.parse(answer) as { written: number; replaced: number };
  return { label, rows: WRITE_ROWS, written, replaced, ms: Math.round(ms), rowsPerSecond: Math.round(WRITE_ROWS / (ms / 1000)), error: null };
}

const observationCount = (answer: unknown) => (answer as { observations: unknown[] }).observations.length;
const chartPoints = (answer: unknown) => (answer as { series: { times: number[] }[] }).series.reduce((n, s) => n + s.times.length, 0);

/** Seeds the observations, then measures reads (the series' target on a server only) and writes. */
export async function benchMeasured(database: Database, baseUrl: string, token: string, seconds: number, withTarget: boolean): Promise<MeasuredFigures> {
  const started = performance.now();
  const tableId = await seed(database);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const path = `/api/v1/projects/${MEASURED_PROJECT}/datatables/${tableId}`;
  const reads: LatencyRequest[] = [
    {
      label: 'GET observations: 1 object, 1 metric, 5 years (limit 1000)',
      path: `${path}/observations?object=bench-object-1&metric=${METRICS[0]}&from=2020-01-01&to=2025-01-01&limit=1000`,
      count: observationCount,
      ...(withTarget ? { targetMs: SERIES_TARGET_MS } : {}),
    },
    { label: 'GET observations: page 50 of 100 rows', path: `${path}/observations?limit=100&p=50`, count: observationCount },
    { label: 'GET observations: page 50, sort=-value', path: `${path}/observations?limit=100&p=50&sort=-value`, count: observationCount },
    {
      label: `GET chart: ${CHART_POINTS} points, width 1000`,
      path: `${path}/chart?metric=${METRICS[0]}&object=${CHART_OBJECT}&width=1000`,
      count: chartPoints,
    },
  ];
  const latency: LatencyFigure[] = [];
  for (const request of reads) latency.push(await measureLatency(baseUrl, request, seconds));
  const url = `${baseUrl}${path}/observations`;
  const writes = [
    await timeWrite(url, token, 'POST observations: new keys', writeBody('2030-01-01T00:00:00Z', 1)),
    await timeWrite(url, token, 'POST observations: new keys, again', writeBody('2031-01-01T00:00:00Z', 1)),
    await timeWrite(url, token, 'POST observations: existing keys', writeBody(SEED_START, STEP_HOURS)),
  ];
  return { observations: OBSERVATIONS + CHART_POINTS, seedSeconds, reads: latency, writes };
}

export function printMeasured(title: string, figures: MeasuredFigures, referenceCpuMs?: number): void {
  console.log(`\n${title}: ${figures.observations} observations seeded in ${figures.seedSeconds} s`);
  printLatency(`${title}, measured data`, figures.reads, referenceCpuMs);
  console.log(`\n${title}, bulk writes of ${WRITE_ROWS} observations (one request each)`);
  for (const w of figures.writes) {
    if (w.error) console.warn(`warning: ${w.label}: failed after ${w.ms} ms: ${w.error}`);
    else console.log(`${w.label}: ${w.ms} ms, ${w.rowsPerSecond} rows/s, ${w.written} written, ${w.replaced} replaced`);
  }
}
