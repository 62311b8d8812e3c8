/**
 * OGC API - Features over the bench objects: one items page of 1,000 features, and a
 * whole collection read page by page through its next links (what ogr2ogr does), against
 * the reference read of the same run, GET data/obj?format=geojson&limit=1000 (the
 * catalogue's own GeoJSON of as many objects). One request at a time; the app runs in
 * this process, so CPU time is the server's plus a thin fetch client's.
 */
import { performance } from 'node:perf_hooks';

const PAGE = 1000;
/** The largest page (OGC_MAX_LIMIT): fewest requests for a whole collection. */
const WHOLE_PAGE = 10_000;

export interface OgcReadFigure {
  label: string;
  requests: number;
  features: number;
  seconds: number;
  featuresPerSecond: number;
  /** CPU milliseconds per 1,000 features. */
  cpuMsPerThousand: number;
  /** cpuMsPerThousand ÷ the reference read's. */
  cpuRatio: number;
  /** Resident memory at its highest during the read, above where it started, in MB. */
  peakMbAbove: number;
}

export interface OgcFigures {
  reference: OgcReadFigure;
  reads: OgcReadFigure[];
}

interface Read {
  requests: number;
  features: number;
  seconds: number;
  cpuMs: number;
  peakMb: number;
}

/** Follows `first` and its next links to the end, counting features, CPU and the highest resident memory. */
async function readPages(first: string, nextOf: (body: { links?: { rel: string; href: string }[] }) => string | null, repeat: number): Promise<Read> {
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let requests = 0;
  let features = 0;
  try {
    for (let i = 0; i < repeat; i++) {
      for (let url: string | null = first; url;) {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { features: unknown[]; links?: { rel: string; href: string }[] };
        requests++;
        features += body.features.length;
        url = nextOf(body);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { requests, features, seconds: (performance.now() - t0) / 1000, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: (peak - rss0) / 2 ** 20 };
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

function figure(label: string, read: Read, referenceCpuPerThousand: number | null): OgcReadFigure {
  const cpuMsPerThousand = (read.cpuMs / read.features) * 1000;
  return {
    label,
    requests: read.requests,
    features: read.features,
    seconds: round(read.seconds, 2),
    featuresPerSecond: Math.round(read.features / read.seconds),
    cpuMsPerThousand: round(cpuMsPerThousand),
    cpuRatio: round(cpuMsPerThousand / (referenceCpuPerThousand ?? cpuMsPerThousand), 2),
    peakMbAbove: round(read.peakMb),
  };
}

const nextLink = (body: { links?: { rel: string; href: string }[] }) => body.links?.find((l) => l.rel === 'next')?.href ?? null;

/** The figures, as a visitor (what a GIS program without a key reads). */
export async function benchOgc(baseUrl: string, repeat = 5): Promise<OgcFigures> {
  const ogc = `${baseUrl}/api/v1/ogc/collections/objects/items`;
  // Warm-up: JIT and the database's caches, unrecorded.
  await readPages(`${ogc}?limit=${PAGE}`, () => null, 1);
  const ref = await readPages(`${baseUrl}/api/v1/data/obj?format=geojson&limit=${PAGE}`, () => null, repeat);
  const reference = figure(`GET data/obj?format=geojson&limit=${PAGE} (reference)`, ref, null);
  const reads = [
    figure(`GET ogc/collections/objects/items?limit=${PAGE}`, await readPages(`${ogc}?limit=${PAGE}`, () => null, repeat), reference.cpuMsPerThousand),
    figure(`the whole collection, ${WHOLE_PAGE} a page`, await readPages(`${ogc}?limit=${WHOLE_PAGE}`, nextLink, 1), reference.cpuMsPerThousand),
  ];
  return { reference, reads };
}

export function printOgc(kind: string, figures: OgcFigures): void {
  console.log(`\nOGC API - Features, ${kind} database (one request at a time; CPU of this process, server and client):`);
  console.table(
    [figures.reference, ...figures.reads].map((f) => ({
      read: f.label,
      requests: f.requests,
      features: f.features,
      'features/s': f.featuresPerSecond,
      'CPU ms / 1,000 features': f.cpuMsPerThousand,
      'CPU ÷ reference': f.cpuRatio,
      'peak MB above start': f.peakMbAbove,
    })),
  );
}
