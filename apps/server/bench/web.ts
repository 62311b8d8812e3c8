/**
 * The web app's first-visit weight and paint, in headless Chromium on localhost:
 * the gzip size of the JavaScript a first visit to / loads (budget 200 KB; the
 * map, rich-text editor and admin screens must stay in lazy chunks), and the
 * largest contentful paint of /, /login and a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/app';
import { loadConfig, ROOT_DIR } from '../src/config';
import { openDatabase } from '../src/db/client';

export const FIRST_VISIT_BUDGET_KB = 200;
const PAGES = ['/', '/login', '/no/such/page'];

export interface WebFigures {
  firstVisitJsGzipKb: number;
  firstVisitJsFiles: number;
  budgetKb: number;
  lcpMs: Record<string, number>;
}

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
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const scripts = new Set<string>();
    const page = await browser.newPage();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const gzipBytes = [...scripts].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
    const lcpMs: Record<string, number> = {};
    for (const route of PAGES) {
      const fresh = await browser.newPage();
      await fresh.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      lcpMs[route] = Math.round(await fresh.evaluate<number>(LCP_SCRIPT));
      await fresh.close();
    }
    return { firstVisitJsGzipKb: Math.round(gzipBytes / 102.4) / 10, firstVisitJsFiles: scripts.size, budgetKb: FIRST_VISIT_BUDGET_KB, lcpMs };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

export function printWeb(figures: WebFigures): void {
  const verdict = figures.firstVisitJsGzipKb <= figures.budgetKb ? 'within' : 'OVER';
  console.log(`\nweb (headless Chromium, localhost)`);
  console.log(`first visit to /: ${figures.firstVisitJsFiles} JavaScript files, ${figures.firstVisitJsGzipKb} KB gzip (${verdict} the ${figures.budgetKb} KB budget)`);
  for (const [route, ms] of Object.entries(figures.lcpMs)) console.log(`largest contentful paint ${route.padEnd(14)} ${ms} ms`);
}
