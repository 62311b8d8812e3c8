import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * How much gzipped JavaScript a visitor's first visit loads, counted from the scripts the
 * browser asked for until the screen is drawn, read from the build on disk (bytes are
 * steady: this is not a timed test). TARGET_KB are the budgets (docs/architecture.md, "First visit");
 * CEILING_KB hold what is reached so far and only ever go down, to the targets.
 */
const TARGET_KB = { '/': 150, '/map/properties': 400 };
const CEILING_KB: typeof TARGET_KB = { '/': 150, '/map/properties': 440 };

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  imports?: string[];
}

const readManifest = () => JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Each built file's source (or chunk name), from Vite's manifest. */
function sourcesOfFiles(): Map<string, string> {
  return new Map(Object.entries(readManifest()).map(([key, chunk]) => [chunk.file, chunk.src ?? chunk.name ?? key]));
}

async function scriptsOfFirstVisit(page: Page, route: string, drawn: () => Promise<void>): Promise<string[]> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  await page.goto(route);
  await drawn();
  await page.waitForLoadState('networkidle');
  return [...scripts];
}

// Lazy routes' preload lists leave out what the entry loads at start (vite.config.ts); the page itself must still preload all of it.
test('the page preloads every file the entry imports at start, so none waits for the entry to be read', () => {
  const manifest = readManifest();
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]));
  const atStart = new Set<string>();
  const pending = [...(manifest['index.html']!.imports ?? [])];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (atStart.has(manifest[key]!.file)) continue;
    atStart.add(manifest[key]!.file);
    pending.push(...(manifest[key]!.imports ?? []));
  }
  expect(atStart.size).toBeGreaterThan(5);
  expect([...atStart].filter((file) => !preloaded.has(file))).toEqual([]);
});

const routes: [keyof typeof TARGET_KB, (page: Page) => Promise<void>][] = [
  ['/', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/map/properties', (page) => expect(page.locator('[data-map-state="ready"]')).toBeAttached({ timeout: 30_000 })],
];

for (const [route, drawn] of routes) {
  test(`a first visit to ${route} loads at most ${CEILING_KB[route]} KB of gzipped JavaScript`, async ({ page }) => {
    const files = await scriptsOfFirstVisit(page, route, () => drawn(page));
    const sources = sourcesOfFiles();
    const sized = files
      .map((file) => {
        expect(sources.has(file), `${file} is a chunk of this build`).toBe(true);
        return { file, source: sources.get(file), kb: gzipSync(fs.readFileSync(path.join(DIST, file))).length / 1024 };
      })
      .sort((a, b) => b.kb - a.kb);
    const total = sized.reduce((sum, chunk) => sum + chunk.kb, 0);
    const largest = sized.slice(0, 8).map((c) => `${c.kb.toFixed(1)} KB ${c.source}`);
    console.log(`${route}: ${total.toFixed(2)} KB of gzipped JavaScript in ${files.length} files (target ${TARGET_KB[route]} KB)`);
    expect(total, `${route} loads ${total.toFixed(1)} KB; the largest:\n${largest.join('\n')}`).toBeLessThanOrEqual(CEILING_KB[route]);
  });
}
