/**
 * Insights for the benchmark: 50,000 insights and 200,000 comments made in set-based
 * statements, with text drawn from a vocabulary (a few words common, most rare, as in real
 * writing) so full-text search has work to do; then one request at a time, a search for a
 * common word (p99 against its 100 ms target on a PostgreSQL server), a quoted rare
 * phrase, the list page, the detail and the comments of the insight with 200 comments,
 * and the requests/s of the list page and the search as a fraction of the reference's.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client.js';
import { HEAVY_READ_CPU_TARGET, measureLatency, printLatency, type LatencyFigure, type LatencyRequest } from './objects.js';

export const BENCH_INSIGHTS = 50_000;
export const BENCH_COMMENTS = 200_000;
/** The insight GET insights/{num} and its comments read: exactly DISCUSSED_COMMENTS comments. */
const DISCUSSED = 25_000;
const DISCUSSED_COMMENTS = 200;
const TEAMS = 10;
export const SEARCH_TARGET_MS = 100;

/**
 * The words of the insights' text (300), most common first: a body word is VOCABULARY[n·r²]
 * for r uniform in [0, 1), so the first words are in nearly every insight and the last in
 * few. COMMON_WORD, the 42nd, is in about six in ten.
 */
const VOCABULARY = (
  'site plot snow soil tree season survey sample data forest ' +
  'water summer winter spring field record temperature cover growth slope ' +
  'species year core lake station measure model valley ridge meadow ' +
  'moss shrub grass root leaf needle bark seed seedling sapling ' +
  'larch pine spruce birch willow beech oak maple fir alder ' +
  'heath bog mire fen peat pond stream river creek delta ' +
  'moisture rainfall drought frost thaw melt drift cornice avalanche glacier ' +
  'permafrost talik palsa thermokarst tussock sedge lichen cladonia rhizocarpon sphagnum ' +
  'pollen charcoal radiocarbon lamina sediment tephra diatom chironomid macrofossil isotope ' +
  'logger sensor probe battery mast anemometer thermistor pyranometer datalogger antenna ' +
  'drone orthomosaic photogrammetry lidar multispectral thermal camera phenocam satellite raster ' +
  'transect quadrat exclosure fence marker tag stake pin cairn boulder ' +
  'grazing browsing trampling reindeer sheep cattle deer bison marmot lemming ' +
  'nutcracker ptarmigan pipit wheatear vole shrew beetle moth caterpillar aphid ' +
  'chlorophyll nitrate phosphate turbidity discharge oxygen conductivity alkalinity carbon nitrogen ' +
  'bloom fouling calibration bias offset gap outlier flag spike plateau ' +
  'forecast ensemble persistence climatology horizon interval score likelihood posterior prior ' +
  'phenology greenup budburst leafout senescence flowering fruiting dormancy chilling photoperiod ' +
  'elevation aspect gradient microclimate hollow knoll terrace scree cirque moraine ' +
  'canopy understorey litter humus mineral podzol cambisol leptosol gleysol histosol ' +
  'density porosity texture bulk infiltration runoff erosion deposition accumulation decomposition ' +
  'respiration photosynthesis evapotranspiration albedo radiation insolation humidity pressure wind gust ' +
  'census cohort mortality recruitment survival establishment germination dispersal predation competition ' +
  'transcription notebook archive checksum metadata dictionary schema version licence citation ' +
  'manuscript reviewer figure table appendix supplement protocol handbook checklist inventory ' +
  'helicopter snowmobile boardwalk hut tent crampon ice axe rope harness ' +
  'ordination regression mixed bootstrap bayesian kriging interpolation smoothing spline wavelet ' +
  'monsoon foehn inversion blizzard hailstorm thunderstorm heatwave coldspell rainstorm snowstorm ' +
  'rhododendron juniper crowberry bilberry cowberry cloudberry dryas saxifrage gentian edelweiss ' +
  'tardigrade springtail mite nematode enchytraeid earthworm mycorrhiza hypha spore bacterium'
).split(' ');
export const COMMON_WORD = 'pine';
/** In one insight in RARE_EVERY (public ones), and nowhere else. */
export const RARE_PHRASE = 'larch budmoth outbreak';
const RARE_EVERY = 5000;
const TAGS = [
  'phenology',
  'snow',
  'permafrost',
  'pollen',
  'drones',
  'lichens',
  'soil',
  'chlorophyll',
  'methods',
  'data-quality',
  'treeline',
  'peat',
  'forecasting',
  'fieldwork',
  'grazing',
  'shrubs',
  'sensors',
  'tree-rings',
];

export interface InsightFigures {
  insights: number;
  comments: number;
  seedSeconds: number;
  /** Insights the common word finds (for a visitor). */
  commonMatches: number;
  reads: LatencyFigure[];
  /** autocannon, CONNECTIONS at once: requests/s and their ratio to the reference's; `requests` answered in the duration. */
  throughput: { endpoint: string; requestsPerSecond: number; p99Ms: number; rpsRatio: number; requests: number; non2xx: number; errors: number }[];
}

/** The vocabulary and the tags as arrays, for a statement's `with` (one parameter each). */
const LISTS = sql`lists as (select string_to_array(${VOCABULARY.join(' ')}, ' ') as vocabulary, string_to_array(${TAGS.join(' ')}, ' ') as tags)`;
/** `count` words from the vocabulary, skewed to its start, as one text; `salt` names the row, so each row draws its own. */
const words = (count: SQL, salt: SQL) =>
  sql`(select string_agg(l.vocabulary[1 + floor(${VOCABULARY.length} * random() ^ 2)::int], ' ') from lists l, generate_series(1, ${count}) w where w > -(${salt}))`;
type SQL = ReturnType<typeof sql>;
/** The bench insights numbered 1.. in the order they were written (`g` of the statement that wrote them). */
const NUMBERED = sql`numbered as (select id, num, created_at, row_number() over (order by num) as g from insights)`;

/** Ten teams, the insights with their objects, the comments; then vacuum analyze. */
export async function seedInsights(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`insert into teams (slug, name) select 'bench-team-' || g, 'Team ' || g from generate_series(1, ${TEAMS}) g`);
    // Three paragraphs of 30–110 words each; the title, tags and paragraphs make the search
    // text as the service makes it (title, tags joined by spaces, the document's text).
    // Seven in ten public, two signed-in, one members-only: half of those for a team, half
    // for their author alone; one in twenty insights, public, for a team too.
    await tx.execute(sql`
      with ${LISTS},
      drawn as (
        select g,
          initcap(${words(sql`4 + g % 5`, sql`g`)}) || ' at site ' || (g % 997) as title,
          (select array_agg(distinct l.tags[1 + (g * 7 + k * 5) % ${TAGS.length}]) from lists l, generate_series(1, 1 + g % 3) k) as tags,
          array[
            initcap(${words(sql`30 + g % 80`, sql`g`)}) || '.' || case when g % ${RARE_EVERY} = 11 then ${` A ${RARE_PHRASE} browned the slope.`} else '' end,
            initcap(${words(sql`30 + (g * 7) % 80`, sql`g + 1`)}) || '.',
            initcap(${words(sql`30 + (g * 13) % 80`, sql`g + 2`)}) || '.'
          ] as paragraphs
        from generate_series(1, ${BENCH_INSIGHTS}) g)
      insert into insights (title, doc, search_text, tags, author_id, team_id, visibility, created_at, updated_at)
      select title,
        jsonb_build_object('type', 'doc', 'content', (select jsonb_agg(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', t))) order by n) from unnest(paragraphs) with ordinality u(t, n))),
        concat_ws(E'\n\n', title, nullif(array_to_string(tags, ' '), ''), array_to_string(paragraphs, E'\n\n')),
        tags,
        (select id from people where slug = 'bench-person-' || (1 + g % 10000)),
        case when g % 20 in (3, 9) then (select id from teams where slug = 'bench-team-' || (1 + g % ${TEAMS})) end,
        case when g = ${DISCUSSED} or g % 10 < 7 then 'public' when g % 10 < 9 then 'signed-in' else 'members' end,
        now() - (${BENCH_INSIGHTS} - g) * interval '45 minutes', now() - (${BENCH_INSIGHTS} - g) * interval '45 minutes'
      from drawn order by g`);
    // One or two objects each.
    await tx.execute(sql`
      with ${NUMBERED}
      insert into insight_objects (insight_id, object_id, position)
      select i.id, o.id, k from numbered i
      cross join generate_series(0, 1) k
      join objects o on o.name = 'bench-object-' || (1 + (i.g * 37 + k * 50000) % 100000)
      where k = 0 or i.g % 2 = 0`);
    // DISCUSSED_COMMENTS on the discussed insight; the others spread over the rest, four each or so.
    await tx.execute(sql`
      with ${LISTS}, ${NUMBERED},
      spread as (
        select k, case when k <= ${DISCUSSED_COMMENTS} then ${DISCUSSED} else m + (m >= ${DISCUSSED})::int end as g
        from generate_series(1, ${BENCH_COMMENTS}) k, lateral (select 1 + (k * 7919) % ${BENCH_INSIGHTS - 1} as m) x)
      insert into insight_comments (insight_id, author_id, content, timestamp, created_at, updated_at)
      select i.id, (select id from people where slug = 'bench-person-' || (1 + (k * 31) % 10000)),
        initcap(${words(sql`5 + k % 40`, sql`k`)}) || '.', i.created_at + k * interval '1 second', i.created_at + k * interval '1 second', i.created_at + k * interval '1 second'
      from spread s join numbered i on i.g = s.g`);
  });
  await database.use(async (d) => {
    for (const table of ['teams', 'insights', 'insight_objects', 'insight_comments']) await d.execute(sql.raw(`vacuum analyze ${table}`));
  });
}

const resultCount = (answer: unknown) => (answer as { results: unknown[] }).results.length;

/**
 * Seeds the insights, then measures (the search's target on a server only); `throughput`
 * runs autocannon on a path, `referenceRps` is the reference's requests/s in the same run.
 */
export async function benchInsights(
  database: Database,
  baseUrl: string,
  seconds: number,
  withTarget: boolean,
  referenceRps: number,
  throughput: (path: string) => Promise<{ requestsPerSecond: number; p99Ms: number; requests: number; non2xx: number; errors: number }>,
): Promise<InsightFigures> {
  const started = performance.now();
  await seedInsights(database);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  // The embedded engine held the event loop through the seeding: let the keep-alive timers
  // that expired meanwhile close their idle sockets before a request could pick one up.
  await sleep(100);
  const [counts] = await database.use(async (d) =>
    rowsOf<{ insights: number; comments: number; discussed: number; on_discussed: number }>(
      await d.execute(sql`with ${NUMBERED}, discussed as (select id, num from numbered where g = ${DISCUSSED})
        select (select count(*)::int from insights) as insights, (select count(*)::int from insight_comments) as comments, (select num from discussed) as discussed,
          (select count(*)::int from insight_comments c join discussed on discussed.id = c.insight_id) as on_discussed`),
    ),
  );
  if (counts!.on_discussed !== DISCUSSED_COMMENTS)
    console.warn(`warning: the discussed insight has ${counts!.on_discussed} comments, not ${DISCUSSED_COMMENTS}`);
  const common = `/api/v1/insights?q=${COMMON_WORD}`;
  const list = '/api/v1/insights';
  const matches = await fetch(`${baseUrl}${common}`);
  const commonMatches = Number(matches.headers.get('pagination-count'));
  await matches.arrayBuffer();
  const reads: LatencyRequest[] = [
    {
      label: `GET insights?q=${COMMON_WORD} (${commonMatches} found)`,
      path: common,
      count: resultCount,
      ...(withTarget ? { targetMs: SEARCH_TARGET_MS, cpuTarget: HEAVY_READ_CPU_TARGET } : {}),
    },
    { label: `GET insights?q="${RARE_PHRASE}"`, path: `/api/v1/insights?q=${encodeURIComponent(`"${RARE_PHRASE}"`)}`, count: resultCount },
    { label: 'GET insights (page 1)', path: list, count: resultCount },
    {
      label: `GET insights/{num} (${DISCUSSED_COMMENTS} comments)`,
      path: `/api/v1/insights/${counts!.discussed}`,
      count: (answer) => (answer as { insight: { comments: number } }).insight.comments,
    },
    {
      label: `GET insights/{num}/comments`,
      path: `/api/v1/insights/${counts!.discussed}/comments`,
      count: (answer) => (answer as { comments: unknown[] }).comments.length,
    },
  ];
  const latency: LatencyFigure[] = [];
  for (const request of reads) latency.push(await measureLatency(baseUrl, request, seconds));
  const loaded = [];
  for (const [endpoint, path] of [
    ['GET /api/v1/insights (page 1)', list],
    [`GET /api/v1/insights?q=${COMMON_WORD}`, common],
  ] as const) {
    const figure = await throughput(path);
    loaded.push({ endpoint, ...figure, rpsRatio: Number((figure.requestsPerSecond / referenceRps).toFixed(3)) });
  }
  return { insights: counts!.insights, comments: counts!.comments, seedSeconds, commonMatches, reads: latency, throughput: loaded };
}

export function printInsights(title: string, figures: InsightFigures, connections: number, referenceCpuMs?: number): void {
  console.log(`\n${title}: ${figures.insights} insights and ${figures.comments} comments seeded in ${figures.seedSeconds} s`);
  printLatency(`${title}, insights`, figures.reads, referenceCpuMs);
  console.log(`\n${title}, insights: ${connections} connections`);
  for (const f of figures.throughput) {
    if (f.non2xx || f.errors) console.warn(`warning: ${f.endpoint}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    if (!f.requests) console.log(`${f.endpoint}: no answer within the duration (0 req/s)`);
    else
      console.log(
        `${f.endpoint}: ${f.requestsPerSecond.toFixed(1)} req/s (${f.rpsRatio.toFixed(3)} of the reference), p99 ${f.p99Ms.toFixed(1)} ms, ${f.requests} answered`,
      );
  }
}
