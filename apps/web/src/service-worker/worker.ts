/**
 * The app's service worker (served as /sw.js): keeps the app's own files, so that the app
 * opens with no network once visited. It keeps no answer of the API.
 *
 * - A page of the app (a navigation) comes from the network, with its head; with no network, the kept page.
 * - Files under /assets/ carry their content's hash: kept ones are served without asking.
 * - The icons and the manifest come from the network and are kept; with no network, the kept ones.
 * - A new version installs beside the one in use and waits for the page's word (the update prompt).
 * - Another host's files (a base map's style, tiles, sprites and fonts: nothing else of the app's
 *   comes from elsewhere) come from the network; with no network, from a map area kept on the
 *   device with its base map, where its terms allow (kept-answers.ts).
 */
import { keptAnswer } from './kept-answers';
import type { Build, ToWorker } from './messages';

declare const self: ServiceWorkerGlobalScope;

// Replaced by the build (vite.config.ts) with this build's files.
const build = JSON.parse('__OBSERVATORY_BUILD__') as Build;
const PREFIX = 'observatory-app-';
const CACHE = `${PREFIX}${build.version}`;
const PAGE = '/';
const ASSETS = new Set(build.assets);

const pathOf = (request: Request) => new URL(request.url).pathname;

/** The files an earlier version kept that this one still has (same hash, same file): kept screens stay kept through an update. */
async function carryOver(cache: Cache) {
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) continue;
    const older = await caches.open(key);
    for (const request of await older.keys()) {
      if (!ASSETS.has(pathOf(request)) || (await cache.match(request))) continue;
      const response = await older.match(request);
      if (response) await cache.put(request, response);
    }
  }
}

/** Keeps the files the page loaded before the worker was in charge (the first visit's screen); only the app's own. */
async function keepLoaded(files: string[]) {
  const cache = await caches.open(CACHE);
  for (const file of files) if (ASSETS.has(file) && !(await cache.match(file))) await cache.add(file);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await carryOver(cache);
      await cache.addAll(build.shell);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      // The page's request starts while the worker wakes, not after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as ToWorker;
  if (message.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
  if (message.type === 'keep') event.waitUntil(keepLoaded(message.files));
});

/** Paths the server answers itself, never with the app's page: the API, shortlinks, feeds, and files (robots.txt, sitemap.xml, …). */
const notTheApp = (path: string) => /^\/(api|s|feeds)\//.test(path) || /\.[^/]*$/.test(path);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET') return;
  if (url.origin !== self.location.origin) event.respondWith(networkOrKept(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedFile(event));
  else if (build.shell.includes(url.pathname) && url.pathname !== PAGE) event.respondWith(networkFirst(event));
  else if (request.mode === 'navigate' && !notTheApp(url.pathname)) event.respondWith(page(event));
});

async function page(event: FetchEvent): Promise<Response> {
  try {
    return ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch {
    // No network: the kept page; the app draws the route from the address.
    return (await caches.match(PAGE, { cacheName: CACHE })) ?? Response.error();
  }
}

async function hashedFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** Another host's file from the network, or with no network as kept on this device. */
async function networkOrKept(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await keptAnswer(request.url).catch(() => null);
    if (kept) return kept;
    throw error;
  }
}
