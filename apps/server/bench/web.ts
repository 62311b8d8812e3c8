/**
 * The web app's first-visit weight and paint, in headless Chromium on localhost:
 * the gzip size of the JavaScript a first visit to / loads (budget 150 KB; the
 * map, rich-text editor and admin screens must stay in lazy chunks), and the
 * largest contentful paint of /, /login and a 404; and, with 100,000 objects, the time
 * from navigation to the first map data drawn on /map/properties (target 3 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, errors, type Browser, type Page } from '@playwright/test';
import { buildApp } from '../src/app.js';
import { loadConfig, ROOT_DIR } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { ensureBuiltinObjectTypes } from '../src/db/seed/index.js';
import { BENCH_OBJECTS, seedObjects } from './objects.js';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs';

export const FIRST_VISIT_BUDGET_KB = 150;
/** The map page's first visit (MapLibre included), gzipped JavaScript. */
const MAP_VISIT_BUDGET_KB = 400;
const PAGES = ['/', '/login', '/no/such/page'];
export const MAP_TARGET_MS = 3000;
const MAP_PAGE = '/map/properties';
/** How long to wait for the map before calling it not ready. */
const MAP_TIMEOUT_MS = 30_000;

export interface WebFigures {
  firstVisitJsGzipKb: number;
  firstVisitJsFiles: number;
  budgetKb: number;
  lcpMs: Record<string, number>;
  /** Navigation to the first map data drawn on MAP_PAGE, or why it was not measured. */
  firstMapMs: number | string;
  /** The JavaScript MAP_PAGE loaded until then, gzipped. */
  mapJsGzipKb: number;
  mapObjects: number;
}

/** In the page (a function: the app's CSP forbids evaluating strings): the page's clock once the map is ready. */
function readyAt(): number | null {
  const { document } = globalThis as unknown as { document: { querySelector: (selector: string) => unknown } };
  return document.querySelector('[data-map-state="ready"]') ? performance.now() : null;
}

/**
 * The map page marks its container data-map-state="ready" once the first map data is
 * drawn; the time is the page's own clock from navigation start (performance.now()).
 */
async function timeToFirstMap(browser: Browser, baseUrl: string, dist: string): Promise<{ firstMapMs: number | string; mapJsGzipKb: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const scripts = scriptsOf(page);
  const measured = (firstMapMs: number | string) => ({ firstMapMs, mapJsGzipKb: gzipKb(dist, scripts) });
  try {
    await page.goto(`${baseUrl}${MAP_PAGE}`);
    const ready = await page
      .waitForFunction(readyAt, undefined, { polling: 'raf', timeout: MAP_TIMEOUT_MS })
      .then(async (handle) => (await handle.jsonValue()) as number)
      .catch((err: unknown) => {
        if (err instanceof errors.TimeoutError) return null;
        throw err;
      });
    if (ready !== null) return measured(Math.round(ready));
    if ((await page.locator('[data-map-state]').count()) === 0) return measured('not measured: map page not ready');
    return measured(`not measured: no map data drawn within ${MAP_TIMEOUT_MS / 1000} s`);
  } finally {
    await page.close();
  }
}

/** Times each first draw is measured for firstMapDraws: a single navigation's time varies by a few hundred ms. */
const DRAWS = 5;

/**
 * Navigation to the first map data drawn on MAP_PAGE of a running app, DRAWS times, each
 * in a fresh page (nothing cached), in milliseconds; or why it was not measured.
 */
export async function firstMapDraws(baseUrl: string): Promise<number[] | string> {
  const dist = path.join(ROOT_DIR, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return 'not measured: apps/web/dist is missing (npm run build)';
  const browser = await chromium.launch({ ...findChromium(), args: CHROMIUM_ARGS });
  try {
    const draws: number[] = [];
    for (let i = 0; i < DRAWS; i++) {
      const { firstMapMs } = await timeToFirstMap(browser, baseUrl, dist);
      if (typeof firstMapMs === 'string') return firstMapMs;
      draws.push(firstMapMs);
    }
    return draws.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

/** The scripts a page asks for from now on (their paths). */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

/** The scripts' files in the build, gzipped, in KB to a tenth. */
const gzipKb = (dist: string, scripts: Set<string>) =>
  Math.round([...scripts].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 102.4) / 10;

/** Largest contentful paint of the page just loaded, as the browser reports it (runs in the page). */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries[entries.length - 1].startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(-1), 5000);
})`;

export async function benchWeb(): Promise<WebFigures | null> {
  const dist = path.join(ROOT_DIR, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.warn('\nweb: apps/web/dist is missing; run `npm run build` first. Skipping the web figures.');
    return null;
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', SEED_DEMO: 'off' });
  const database = await openDatabase({ url: null, dataDir: null, poolSize: 1, queueTimeoutMs: 30_000 });
  const app = await buildApp({ ...config, database: { ...config.database, dataDir: null } }, { database });
  await database.migrate();
  await ensureBuiltinObjectTypes(app);
  await seedObjects(database, 1, BENCH_OBJECTS);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ ...findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const lcpMs: Record<string, number> = {};
    for (const route of PAGES) {
      const fresh = await browser.newPage();
      await fresh.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      lcpMs[route] = Math.round(await fresh.evaluate<number>(LCP_SCRIPT));
      await fresh.close();
    }
    const map = await timeToFirstMap(browser, baseUrl, dist);
    return {
      firstVisitJsGzipKb: gzipKb(dist, scripts),
      firstVisitJsFiles: scripts.size,
      budgetKb: FIRST_VISIT_BUDGET_KB,
      lcpMs,
      ...map,
      mapObjects: BENCH_OBJECTS,
    };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

export function printWeb(figures: WebFigures): void {
  const verdict = figures.firstVisitJsGzipKb <= figures.budgetKb ? 'within' : 'OVER';
  console.log(`\nweb (headless Chromium, localhost)`);
  console.log(
    `first visit to /: ${figures.firstVisitJsFiles} JavaScript files, ${figures.firstVisitJsGzipKb} KB gzip (${verdict} the ${figures.budgetKb} KB budget)`,
  );
  for (const [route, ms] of Object.entries(figures.lcpMs)) console.log(`largest contentful paint ${route.padEnd(14)} ${ms} ms`);
  const map = figures.firstMapMs;
  const verdictMap = typeof map === 'number' ? `${map} ms (${map <= MAP_TARGET_MS ? 'within' : 'OVER'} the ${MAP_TARGET_MS / 1000} s target)` : map;
  console.log(`first map data drawn on ${MAP_PAGE} (${figures.mapObjects} objects): ${verdictMap}`);
  const mapVerdict = figures.mapJsGzipKb <= MAP_VISIT_BUDGET_KB ? 'within' : 'OVER';
  console.log(`first visit to ${MAP_PAGE} until drawn: ${figures.mapJsGzipKb} KB gzip JavaScript (${mapVerdict} the ${MAP_VISIT_BUDGET_KB} KB budget)`);
}
