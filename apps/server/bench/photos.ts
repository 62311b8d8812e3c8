/**
 * Photos for the benchmark: 100,000 object photos made in set-based statements (rows only,
 * pointing at a few asset records: no image is made or stored), captioned from a short
 * list of field scenes, seven in ten with an EXIF time, half with their own position near
 * their object. Then, as a visitor, the photo search's first page unfiltered, with q and
 * with a city's box: one request at a time (mean and p99), and the requests/s of each as a
 * fraction of the reference's in the same run.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client.js';
import { CITY_BBOX, measureLatency, printLatency, type LatencyFigure, type LatencyRequest } from './objects.js';

export const BENCH_PHOTOS = 100_000;
/** Asset records the photos share. */
const ASSETS = 20;
/** In about one caption in twenty (two scenes of the list). */
export const PHOTO_WORD = 'larch';

const SCENES = [
  'Larch seedlings',
  'Snow cover',
  'Soil pit profile',
  'Logger mast',
  'Flowering meadow',
  'Frost heave',
  'Boardwalk',
  'Sphagnum hummocks',
  'Dwarf birch',
  'Grazing sheep',
  'Exclosure fence',
  'Stream gauge',
  'Cushion plants',
  'Scree slope',
  'Plot corner tag',
  'Lichen on granite',
  'Bark beetle traces',
  'Cloudberry in flower',
  'Larch canopy',
  'Meltwater pond',
  'Peat core',
  'Phenocam view',
  'Marmot burrow',
  'Quadrat frame',
  'Willow thicket',
  'Spruce regeneration',
  'Ice-off on the lake',
  'Thermistor string',
  'Gravel bar',
  'Seedling census',
  'Drone take-off point',
  'Storm damage',
  'Sedge tussocks',
  'Sample bags drying',
  'Moraine ridge',
  'Anemometer',
  'Crowberry heath',
  'Ridge at dawn',
  'Cairn on the summit',
  'Beech litter',
];
const PLACES = [
  'on the north slope',
  'by the stream',
  'at the plot corner',
  'after the storm',
  'in the morning fog',
  'below the ridge',
  'near the hut',
  'at the transect start',
  'in late snow',
  'after mowing',
  'along the fence',
  'at noon',
];

export interface PhotoFigures {
  photos: number;
  seedSeconds: number;
  reads: LatencyFigure[];
  /** autocannon: requests/s and their ratio to the reference's; `requests` answered in the duration. */
  throughput: { endpoint: string; requestsPerSecond: number; p99Ms: number; rpsRatio: number; requests: number; non2xx: number; errors: number }[];
}

/** The asset records, then the photos of bench-object-1..100000 by bench-person-1..10000, then vacuum analyze. */
export async function seedPhotos(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`insert into assets (storage_key, file_name, media_type, size, sha256, width, height)
      select 'bench/photo-' || g, 'photo-' || g || '.jpg', 'image/jpeg', 250000, md5(g::text), 1600, 1200 from generate_series(0, ${ASSETS - 1}) g`);
    await tx.execute(sql`
      with lists as (select string_to_array(${SCENES.join('|')}, '|') as scenes, string_to_array(${PLACES.join('|')}, '|') as places),
      drawn as (
        select g, now() - (${BENCH_PHOTOS} - g) * interval '20 minutes' as created, random() as r1, random() as r2
        from generate_series(1, ${BENCH_PHOTOS}) g)
      insert into photos (object_id, asset_id, author_id, caption, taken_at, geo, created_at, updated_at)
      select o.id, a.id, pe.id,
        case when d.g % 10 = 0 then null else l.scenes[1 + d.g % ${SCENES.length}] || ' ' || l.places[1 + (d.g * 7) % ${PLACES.length}] end,
        case when d.g % 10 < 7 then d.created - (d.g % 40) * interval '1 day' - (d.g % 600) * interval '1 minute' end,
        case when d.g % 2 = 0 then ST_SetSRID(ST_MakePoint(ST_X(o.anchor) + (d.r1 - 0.5) * 0.004, ST_Y(o.anchor) + (d.r2 - 0.5) * 0.003), 4326) end,
        d.created, d.created
      from drawn d cross join lists l
      join objects o on o.name = 'bench-object-' || (1 + (d.g * 7919) % 100000)
      join assets a on a.storage_key = 'bench/photo-' || (d.g % ${ASSETS})
      join people pe on pe.slug = 'bench-person-' || (1 + (d.g * 31) % 10000)`);
  });
  await database.use(async (d) => {
    for (const table of ['assets', 'photos']) await d.execute(sql.raw(`vacuum analyze ${table}`));
  });
}

const answer = (body: unknown) => body as { photos: unknown[]; total_count: number };

/**
 * Seeds the photos, then measures; `throughput` runs autocannon on a path, `referenceRps` is
 * the reference's requests/s in the same run.
 */
export async function benchPhotos(
  database: Database,
  baseUrl: string,
  seconds: number,
  referenceRps: number,
  throughput: (path: string) => Promise<{ requestsPerSecond: number; p99Ms: number; requests: number; non2xx: number; errors: number }>,
): Promise<PhotoFigures> {
  const started = performance.now();
  await seedPhotos(database);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  // The embedded engine held the event loop through the seeding: let idle sockets close first.
  await sleep(100);
  const [counted] = await database.use(async (d) => rowsOf<{ n: number }>(await d.execute(sql`select count(*)::int as n from photos`)));
  const paths = [
    ['GET photos (page 1)', '/api/v1/photos'],
    [`GET photos?q=${PHOTO_WORD}`, `/api/v1/photos?q=${PHOTO_WORD}`],
    ['GET photos?bbox= city', `/api/v1/photos?bbox=${CITY_BBOX}`],
  ] as const;
  const reads: LatencyFigure[] = [];
  for (const [label, path] of paths) {
    const first = await fetch(`${baseUrl}${path}`);
    if (!first.ok) throw new Error(`${label}: HTTP ${first.status} ${await first.text()}`);
    const found = answer(await first.json()).total_count;
    const request: LatencyRequest = { label: `${label} (${found} found)`, path, count: (body) => answer(body).photos.length };
    reads.push(await measureLatency(baseUrl, request, seconds));
  }
  const loaded = [];
  for (const [label, path] of paths) {
    const figure = await throughput(path);
    loaded.push({ endpoint: label, ...figure, rpsRatio: Number((figure.requestsPerSecond / referenceRps).toFixed(3)) });
  }
  return { photos: counted!.n, seedSeconds, reads, throughput: loaded };
}

export function printPhotos(title: string, figures: PhotoFigures, connections: number, referenceCpuMs?: number): void {
  console.log(`\n${title}: ${figures.photos} photos seeded in ${figures.seedSeconds} s`);
  printLatency(`${title}, photos`, figures.reads, referenceCpuMs);
  console.log(`\n${title}, photos: ${connections} connections`);
  for (const f of figures.throughput) {
    if (f.non2xx || f.errors) console.warn(`warning: ${f.endpoint}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    if (!f.requests) console.log(`${f.endpoint}: no answer within the duration (0 req/s)`);
    else
      console.log(
        `${f.endpoint}: ${f.requestsPerSecond.toFixed(1)} req/s (${f.rpsRatio.toFixed(3)} of the reference), p99 ${f.p99Ms.toFixed(1)} ms, ${f.requests} answered`,
      );
  }
}
