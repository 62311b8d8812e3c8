/**
 * The object import for the benchmark: a CSV of 100,000 records × 20 columns (an id, a
 * title, a location, three fields the site type's schema checks and thirteen free ones)
 * is uploaded, previewed and committed over HTTP, each timed with the process's peak
 * memory; then the same rows go into a scratch table by a plain COPY, the floor any
 * import stands on. The figures are rows per second and ratios to that COPY.
 */
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../src/db/client.js';

export const IMPORT_ROWS = 100_000;
const FREE_FIELDS = 13;
const HABITATS = ['forest', 'grassland', 'wetland', 'alpine', 'tundra', 'river'];
/** A type without a schema: its objects' metadata may hold fields of their own. */
const BENCH_TYPE = 'bench-station';

export interface ImportStep {
  step: string;
  ms: number;
  rowsPerSecond: number;
  /** ms ÷ the COPY's ms. */
  copyRatio: number;
  /** The process's highest resident memory during the step (server and client share it). */
  peakRssMb: number;
  /** A failed step's status and answer (reported, so the other figures still come). */
  error: string | null;
}

export interface ImportFigures {
  rows: number;
  columns: number;
  csvMb: number;
  copyMs: number;
  /** The process's resident memory before the upload: the steps' peaks less this is what the import adds. */
  baselineRssMb: number;
  steps: ImportStep[];
}

function benchCsv(): string {
  const free = Array.from({ length: FREE_FIELDS }, (_, i) => `note${i + 1}`);
  const header = ['station_id', 'title', 'latitude', 'longitude', 'elevation', 'habitat', 'site_code', ...free];
  const lines = [header.join(',')];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const lat = (45 + (i % 1000) / 100).toFixed(5);
    const lon = (-(100 + (i % 997) / 100)).toFixed(5);
    const notes = free.map((_, j) => `"value ${j}, row ${i}"`);
    lines.push([`bench-station-${i}`, `Station ${i}`, lat, lon, String(100 + (i % 2500)), HABITATS[i % HABITATS.length], `BS${i}`, ...notes].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const options = {
  idColumn: 0,
  titleColumn: 1,
  setLocation: true,
  latColumn: 2,
  lonColumn: 3,
  objtypes: ['site', BENCH_TYPE],
  metadataColumns: Object.fromEntries([
    ['4', 'elevation'],
    ['5', 'habitat'],
    ['6', 'siteCode'],
    ...Array.from({ length: FREE_FIELDS }, (_, j) => [String(7 + j), `note${j + 1}`]),
  ]),
};

/** Runs `job`, sampling the resident memory meanwhile: its time and the highest sample. */
async function sampled<T>(job: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  try {
    const value = await job();
    return { value, ms: performance.now() - started, peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

async function request(baseUrl: string, token: string, path: string, body: string | FormData, json = true): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** The rows into a scratch table of twenty text columns by COPY: through the embedded engine's blob, or a server connection's COPY FROM STDIN. */
async function copyRows(database: Database, serverUrl: string | null, csv: string): Promise<number> {
  const columns = Array.from({ length: 20 }, (_, i) => `c${i} text`).join(', ');
  await database.use((d) => d.execute(sql.raw(`create table bench_copy (${columns})`)));
  try {
    const started = performance.now();
    if (database.pglite) {
      await database.use(() => database.pglite!.query(`copy bench_copy from '/dev/blob' with (format csv, header true)`, [], { blob: new Blob([csv]) }));
    } else {
      const client = new pg.Client({ connectionString: serverUrl! });
      await client.connect();
      try {
        await pipeline(Readable.from([csv]), client.query(copyFrom('copy bench_copy from stdin with (format csv, header true)')));
      } finally {
        await client.end();
      }
    }
    return performance.now() - started;
  } finally {
    await database.use((d) => d.execute(sql`drop table bench_copy`));
  }
}

/** Upload, preview and commit of the bench CSV as objects, then the COPY of the same rows. */
export async function benchImports(database: Database, baseUrl: string, token: string, serverUrl: string | null): Promise<ImportFigures> {
  await database.use((d) => d.execute(sql`insert into object_types (slug, name, marker, position) values (${BENCH_TYPE}, 'Bench station', 'default', 99)`));
  const csv = benchCsv();
  const baselineRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const raw: Omit<ImportStep, 'copyRatio'>[] = [];
  const step = async (name: string, run: () => Promise<{ status: number; text: string }>) => {
    const { value, ms, peakRssMb } = await sampled(run);
    const error = value.status >= 300 ? `${value.status} ${value.text.slice(0, 300)}` : null;
    raw.push({ step: name, ms, rowsPerSecond: IMPORT_ROWS / (ms / 1000), peakRssMb, error });
    return value;
  };
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-stations.csv');
  const uploaded = await step('upload and decode', () => request(baseUrl, token, '/data/import/sessions', form, false));
  const session = uploaded.status === 201 ? (JSON.parse(uploaded.text) as { session: { id: string } }).session.id : null;
  if (session) {
    const body = JSON.stringify({ session, options });
    await step('preview', () => request(baseUrl, token, '/data/import/objects/preview', body));
    await step('commit (creates)', () => request(baseUrl, token, '/data/import/objects', body));
    await step('commit again (unchanged)', () => request(baseUrl, token, '/data/import/objects', body));
  }
  const copyMs = await copyRows(database, serverUrl, csv);
  return {
    rows: IMPORT_ROWS,
    columns: 20,
    csvMb: Number((Buffer.byteLength(csv) / 2 ** 20).toFixed(1)),
    copyMs: Math.round(copyMs),
    baselineRssMb,
    steps: raw.map((s) => ({ ...s, ms: Math.round(s.ms), rowsPerSecond: Math.round(s.rowsPerSecond), copyRatio: Number((s.ms / copyMs).toFixed(1)) })),
  };
}

export function printImports(label: string, f: ImportFigures): void {
  console.log(
    `\n${label}: import of ${f.rows} records × ${f.columns} columns (${f.csvMb} MB CSV); COPY of the same rows into a scratch table: ${f.copyMs} ms; memory before: ${f.baselineRssMb} MB`,
  );
  for (const s of f.steps) {
    const figures = `${s.ms} ms, ${s.rowsPerSecond} rows/s, ${s.copyRatio} × COPY, peak memory ${s.peakRssMb} MB (${s.peakRssMb - f.baselineRssMb >= 0 ? '+' : ''}${s.peakRssMb - f.baselineRssMb} MB)`;
    console.log(`${s.step}: ${s.error ? `failed: ${s.error}` : figures}`);
  }
}
