/**
 * Measured data for the benchmark: a million observations in one data table of the
 * measured project, made in set-based statements, plus one long series for a chart; then
 * one request at a time, the reads a table page and a chart make (a series' p99 against
 * its 50 ms target on a PostgreSQL server), and bulk writes of 100,000 rows, new and
 * rewritten, in rows per second; the same rows sent as SensorThings' data array and
 * imported from a spreadsheet (a CSV uploaded, then committed), each write held against a PostgreSQL COPY of the same rows into the same table (its indexes
 * and all) in the same run: the ingest target is at least 1/3 of COPY's rate.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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
  /** Its rate as a fraction of COPY's in the same run. */
  ofCopy?: number;
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
    // Plausibility rules on both, so every write below runs them (set-wise in SQL) as a real logger's would.
    const rules = JSON.stringify([
      { kind: 'range', name: 'Gross range', flag: 'bad', min: -40, max: 50 },
      { kind: 'spike', name: 'Spike', flag: 'suspect', threshold: 15 },
      { kind: 'flat', name: 'Flat line', flag: 'suspect', count: 6 },
    ]);
    await tx.execute(sql`insert into metrics (name, title, unit, type, min, max, rules) values
      (${METRICS[0]}, 'Air temperature', 'Cel', 'number', -60, 60, ${rules}::jsonb), (${METRICS[1]}, 'Soil moisture', '%', 'number', 0, 100, ${rules}::jsonb)`);
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
    // Each series a datastream, as written values make them (SensorThings' ids).
    await tx.execute(sql`insert into datastreams (project_id, table_id, object_id, metric_id)
      select distinct t.project_id, o.table_id, o.object_id, o.metric_id from observations o join data_tables t on t.id = o.table_id
      where o.table_id = ${table!.id}::uuid`);
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

/** WRITE_ROWS values like writeBody's, as rows: object name, metric, time, value. */
function writeRows(start: string): [string, string, string, number][] {
  const rows: [string, string, string, number][] = [];
  for (let g = 1; g <= OBJECTS; g++)
    for (const metric of METRICS)
      for (let k = 0; k < WRITE_TIMES; k++)
        rows.push([`bench-object-${g}`, metric, new Date(Date.parse(start) + k * HOUR_MS).toISOString(), Math.round(20 * Math.random() * 100) / 100]);
  return rows;
}

/** The rows as SensorThings' data array: one group per datastream. */
async function dataArrayBody(database: Database, tableId: string, rows: [string, string, string, number][]): Promise<string> {
  const streams = rowsOf<{ id: string; object: string; metric: string }>(
    await database.use((d) =>
      d.execute(sql`select s.id, o.name as object, m.name as metric from datastreams s join objects o on o.id = s.object_id
        join metrics m on m.id = s.metric_id where s.table_id = ${tableId}::uuid`),
    ),
  );
  const groups = new Map<string, unknown[][]>();
  for (const [object, metric, time, value] of rows) {
    const id = streams.find((s) => s.object === object && s.metric === metric)!.id;
    groups.set(id, [...(groups.get(id) ?? []), [time, value]]);
  }
  return JSON.stringify([...groups].map(([id, dataArray]) => ({ Datastream: { '@iot.id': id }, components: ['phenomenonTime', 'result'], dataArray })));
}

async function timeDataArray(baseUrl: string, token: string, label: string, body: string): Promise<WriteFigure> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/sta/v1.1/CreateObservations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = await response.text();
  const ms = performance.now() - started;
  if (!response.ok)
    return { label, rows: WRITE_ROWS, written: 0, replaced: 0, ms: Math.round(ms), rowsPerSecond: 0, error: `HTTP ${response.status} ${answer.slice(0, 300)}` };
  const written = (JSON.parse(answer) as string[]).length;
  return { label, rows: WRITE_ROWS, written, replaced: 0, ms: Math.round(ms), rowsPerSecond: Math.round(WRITE_ROWS / (ms / 1000)), error: null };
}

/**
 * The rows as a spreadsheet (CSV, one observation a record: object, metric, time, value),
 * uploaded and committed into the table: the commit alone (planning, checking and writing
 * the file's records), and the upload and the commit together.
 */
async function timeImport(baseUrl: string, token: string, tableId: string, label: string, rows: [string, string, string, number][]): Promise<WriteFigure[]> {
  const post = (path: string, body: string | FormData) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
      body,
    });
  const figure = (what: string, ms: number, written: number, replaced: number, error: string | null = null): WriteFigure => ({
    label: `${label}: ${what}`,
    rows: WRITE_ROWS,
    written,
    replaced,
    ms: Math.round(ms),
    rowsPerSecond: error ? 0 : Math.round(WRITE_ROWS / (ms / 1000)),
    error,
  });
  const failed = async (response: Response) => [figure('upload and commit', 0, 0, 0, `HTTP ${response.status} ${(await response.text()).slice(0, 300)}`)];
  const form = new FormData();
  form.append('file', new Blob([['object,metric,time,value', ...rows.map((r) => r.join(','))].join('\n')], { type: 'text/csv' }), 'loggers.csv');
  const started = performance.now();
  const uploaded = await post('/data/import/sessions', form);
  if (!uploaded.ok) return failed(uploaded);
  const { session } = (await uploaded.json()) as { session: { id: string } };
  const committing = performance.now();
  const options = { project: MEASURED_PROJECT, table: tableId, objectColumn: 0, metricColumn: 1, timeColumn: 2, valueColumn: 3 };
  const committed = await post('/data/import/observations', JSON.stringify({ session: session.id, options }));
  if (!committed.ok) return failed(committed);
  const { stats } = (await committed.json()) as { stats: Record<string, number> };
  const ended = performance.now();
  const [written, replaced] = [stats.observationsCreated! + stats.observationsReplaced!, stats.observationsReplaced!];
  return [figure('the commit', ended - committing, written, replaced), figure('upload and commit', ended - started, written, replaced)];
}

/** The same rows by COPY into the observations table (its indexes and constraints as they are): the rate an ingest is held against. */
async function timeCopy(database: Database, url: string | null, tableId: string, rows: [string, string, string, number][]): Promise<WriteFigure> {
  const ids = new Map(
    rowsOf<{ key: string; id: string }>(
      await database.use((d) =>
        d.execute(sql`select o.name || '|' || m.name as key, o.id || '|' || m.id as id from objects o cross join metrics m
          where o.name like 'bench-object-%' and m.name in (${METRICS[0]}, ${METRICS[1]})`),
      ),
    ).map((r) => [r.key, r.id.split('|')]),
  );
  const csv = rows.map(([object, metric, time, value]) => `${tableId},${ids.get(`${object}|${metric}`)!.join(',')},${time},${value}`).join('\n') + '\n';
  const copy = 'copy observations (table_id, object_id, metric_id, time, number) from stdin with (format csv)';
  const started = performance.now();
  if (database.pglite) await database.pglite.query(copy.replace('stdin', "'/dev/blob'"), [], { blob: new Blob([csv]) });
  else {
    const client = new pg.Client({ connectionString: url! });
    await client.connect();
    try {
      await new Promise<void>((resolve, reject) => {
        const stream = client.query(copyFrom(copy));
        stream.on('finish', () => resolve());
        stream.on('error', reject);
        stream.end(csv);
      });
    } finally {
      await client.end();
    }
  }
  const ms = performance.now() - started;
  return {
    label: 'COPY of the same rows (the reference)',
    rows: WRITE_ROWS,
    written: WRITE_ROWS,
    replaced: 0,
    ms: Math.round(ms),
    rowsPerSecond: Math.round(WRITE_ROWS / (ms / 1000)),
    error: null,
  };
}

const observationCount = (answer: unknown) => (answer as { observations: unknown[] }).observations.length;
const chartPoints = (answer: unknown) => (answer as { series: { times: number[] }[] }).series.reduce((n, s) => n + s.times.length, 0);

/** Seeds the observations, then measures reads (the series' target on a server only) and writes. */
export async function benchMeasured(
  database: Database,
  baseUrl: string,
  token: string,
  seconds: number,
  withTarget: boolean,
  databaseUrl: string | null,
): Promise<MeasuredFigures> {
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
    await timeDataArray(
      baseUrl,
      token,
      'POST CreateObservations (SensorThings data array): new keys',
      await dataArrayBody(database, tableId, writeRows('2032-01-01T00:00:00Z')),
    ),
    ...(await timeImport(baseUrl, token, tableId, 'import of a spreadsheet (CSV), new keys', writeRows('2034-01-01T00:00:00Z'))),
  ];
  const copied = await timeCopy(database, databaseUrl, tableId, writeRows('2033-01-01T00:00:00Z'));
  for (const w of writes) if (!w.error) w.ofCopy = Number((w.rowsPerSecond / copied.rowsPerSecond).toFixed(2));
  writes.push(copied);
  return { observations: OBSERVATIONS + CHART_POINTS, seedSeconds, reads: latency, writes };
}

export function printMeasured(title: string, figures: MeasuredFigures, referenceCpuMs?: number): void {
  console.log(`\n${title}: ${figures.observations} observations seeded in ${figures.seedSeconds} s`);
  printLatency(`${title}, measured data`, figures.reads, referenceCpuMs);
  console.log(`\n${title}, bulk writes of ${WRITE_ROWS} observations (one request each)`);
  for (const w of figures.writes) {
    if (w.error) console.warn(`warning: ${w.label}: failed after ${w.ms} ms: ${w.error}`);
    else
      console.log(
        `${w.label}: ${w.ms} ms, ${w.rowsPerSecond} rows/s, ${w.written} written, ${w.replaced} replaced${w.ofCopy === undefined ? '' : `, ${w.ofCopy} of COPY's rate (target ≥ 0.33)`}`,
      );
  }
}
