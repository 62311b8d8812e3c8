import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { shareInTileColour } from './map-pixels';
import { ADMIN, answerDialog, apiToken, DEMO_PASSWORD, expect, newUser, openUserMenu, PHONE, signIn, signInWithForm, test, type Trouble } from './fixtures';

// The app's service worker at work: these journeys allow it (the others block it), one after
// another, since one of them deploys another version of it.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'default' });

/** The page's globals these journeys read (the journeys are typed without the DOM's). */
interface InPage {
  navigator: { serviceWorker: { controller: { scriptURL: string } | null; getRegistration(): Promise<{ update(): Promise<unknown> } | undefined> } };
  caches: { keys(): Promise<string[]>; match(url: string): Promise<unknown>; open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
  location: { origin: string };
  performance: { getEntriesByType(type: 'resource'): { name: string }[] };
  localStorage: { getItem(key: string): string | null };
  indexedDB: { databases(): Promise<{ name: string }[]> };
  sessionStorage: { getItem(key: string): string | null };
  fetch(url: string): Promise<unknown>;
}

/** The names of the caches the page's origin has. */
const cacheNames = (page: Page) => page.evaluate(() => (globalThis as unknown as InPage).caches.keys());

/** The paths kept in each of those caches. */
const keptFiles = (page: Page) =>
  page.evaluate(async () => {
    const { caches } = globalThis as unknown as InPage;
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) kept[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return kept;
  });

/** A picture to take into the field: the app's own icon (PNG, no EXIF). */
const ICON = path.resolve(import.meta.dirname, '../apps/web/public/icons/icon-192.png');

/** The worker the server serves, as the build wrote it. */
const WORKER = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');

/** Once the page is controlled by the app's worker, which has kept every file of the app the page loaded. */
async function workerInCharge(page: Page) {
  await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'), null, {
    timeout: 30_000,
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const { performance, location, caches } = globalThis as unknown as InPage;
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
        const kept = await Promise.all(loaded.map((url) => caches.match(url.pathname)));
        return kept.filter((response) => !response).length;
      }),
    )
    .toBe(0);
}

/**
 * No network, as a phone in the field has none: the browser says it is offline, and every
 * request, the service worker's included (which `setOffline` alone does not stop), fails.
 * Answers the addresses the browser tried meanwhile.
 */
async function goOffline(context: BrowserContext, trouble: Trouble): Promise<string[]> {
  trouble.offline(true);
  const tried: string[] = [];
  await context.route('**/*', (route) => {
    tried.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  return tried;
}

/** The network back, then the browser told (as a phone notices its network once it works). */
async function goOnline(context: BrowserContext, trouble: Trouble) {
  await context.unrouteAll({ behavior: 'wait' });
  await context.setOffline(false);
  trouble.offline(false);
}

test('once visited, the app opens with no network, and a screen not kept says so', async ({ page, context, trouble }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await workerInCharge(page);

  const tried = await goOffline(context, trouble);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Observatory Catalogue');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true })).toBeVisible();
  const offlineBadge = page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' });
  await expect(offlineBadge).toBeVisible();
  // Every request to the network failed: the page and its code came from what the worker kept,
  // and the code without asking the network at all.
  expect(tried.filter((url) => url.startsWith('/assets/'))).toEqual([]);

  // A screen never opened here: its code is not on the device, and a reload would not bring it.
  trouble.console(/^(TypeError: Failed to fetch dynamically imported module|Error: Unable to preload CSS for) .*\/assets\//);
  await page.goto('/doc/api');
  await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
  await expect(page.getByText('This screen was not kept on this device.')).toBeVisible();

  await goOnline(context, trouble);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeHidden();
  await expect(offlineBadge).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Screens that read the API: the worker keeps their code, never the API's answers (a user's data is theirs).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const kept = Object.values(await keptFiles(page)).flat();
  expect(kept.length).toBeGreaterThan(20);
  expect(kept.filter((file) => !file.startsWith('/assets/') && !file.startsWith('/icons/'))).toEqual(['/', '/manifest.webmanifest', '/favicon.svg']);
});

/** The device's note of who is signed in (lib/device-user.ts), wherever it is kept. */
const noted = (page: Page) =>
  page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as InPage;
    return localStorage.getItem('observatory:device-user') ?? sessionStorage.getItem('observatory:device-user');
  });

test('with no network, the app opens as the user of a session kept on this device, until the server says the session has ended', async ({
  page,
  context,
  trouble,
}) => {
  // An account of its own, signed in with "keep me signed in".
  const user = await newUser(page.request);
  await signInWithForm(page, user.username, user.password, true);
  await workerInCharge(page);
  const userMenu = page.getByRole('button', { name: `User menu of ${user.username}` });

  // A new tab (as the installed app opened again) with no network: theirs.
  const tried = await goOffline(context, trouble);
  const tab = await context.newPage();
  await tab.goto('/');
  await expect(tab.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(tab.getByRole('button', { name: `User menu of ${user.username}` })).toBeVisible();
  await tab.close();

  await page.reload();
  await expect(userMenu).toBeVisible();
  // Meanwhile the session ends (its cookie gone). The browser says it is online a moment before
  // requests get through: its first question fails, and the app asks again until the server
  // answers, which says the session has ended.
  await context.clearCookies();
  trouble.failure(401, /\/api\/v1\/auth\/refresh$/);
  const asked = tried.filter((url) => url === '/api/v1/auth/refresh').length;
  await context.setOffline(false);
  await expect.poll(() => tried.filter((url) => url === '/api/v1/auth/refresh').length).toBeGreaterThan(asked);
  await expect(userMenu).toBeVisible();
  await goOnline(context, trouble);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 30_000 });
  await expect(userMenu).toBeHidden();
  expect(await noted(page)).toBeNull();
});

test('a session for as long as the browser is open is noted for the tab alone, and a sign-out with no network forgets it', async ({
  page,
  context,
  trouble,
}) => {
  const user = await newUser(page.request);
  await signIn(page, user.username, user.password);
  await workerInCharge(page);
  const userMenu = page.getByRole('button', { name: `User menu of ${user.username}` });
  // The menu's code, loaded once, is kept.
  await openUserMenu(page);
  await page.keyboard.press('Escape');
  await workerInCharge(page);

  await goOffline(context, trouble);
  await page.reload();
  await expect(userMenu).toBeVisible();
  // Another tab (the browser opened again): nobody's.
  const tab = await context.newPage();
  await tab.goto('/');
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await tab.close();

  // Signed out with no network: nothing is left noted on the device.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await noted(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('the app can be installed: its manifest names the icons it has', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as { name: string; display: string; icons: { src: string; type: string }[] };
  expect(manifest).toMatchObject({ name: 'Observatory Catalogue', display: 'standalone' });
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type'], icon.src).toContain(icon.type);
  }
  await workerInCharge(page);
});

test('a new version waits for the reader, and a reload takes it up, keeping the screens kept', async ({ page }) => {
  await page.goto('/');
  await workerInCharge(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await workerInCharge(page);

  // A deploy: the server's worker now names another build (a browser fetches it past any route()),
  // and the old version's update notice is gone from the server.
  const deployed = fs.readFileSync(WORKER, 'utf8');
  const version = /\\"version\\":\\"([0-9a-f]+)\\"/.exec(deployed)![1]!;
  const next = (BigInt(`0x${version}`) + 1n).toString(16).padStart(version.length, '0');
  const notice = path.join(WORKER, '..', /\/(assets\/AppUpdateNotice-[\w-]+\.js)/.exec(deployed)![1]!);
  const keptBefore = (await keptFiles(page))[`observatory-app-${version}`]!;
  try {
    fs.writeFileSync(WORKER, deployed.replace(version, next));
    fs.renameSync(notice, `${notice}.gone`);
    await page.evaluate(() => (globalThis as unknown as InPage).navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const offer = page.getByRole('alert').filter({ hasText: 'A new version is available' });
    await expect(offer).toBeVisible();
    // The new version has installed beside the one in use, which stays until the reader says so.
    expect(await cacheNames(page)).toEqual([`observatory-app-${version}`, `observatory-app-${next}`]);

    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect.poll(() => cacheNames(page)).toEqual([`observatory-app-${next}`]);
    // What the old version kept (the projects screen too) is kept by the new one.
    expect((await keptFiles(page))[`observatory-app-${next}`]).toEqual(expect.arrayContaining(keptBefore));
  } finally {
    fs.writeFileSync(WORKER, deployed);
    if (fs.existsSync(`${notice}.gone`)) fs.renameSync(`${notice}.gone`, notice);
  }
});

/** The IndexedDB databases the page's origin has. */
const databases = (page: Page) => page.evaluate(async () => (await (globalThis as unknown as InPage).indexedDB.databases()).map((d) => d.name));

test('a site kept on this device opens with no network, at phone width; one deleted meanwhile is let go, and a sign-out deletes what was kept', async ({
  page,
  context,
  trouble,
}) => {
  await page.setViewportSize(PHONE);
  const token = await apiToken(page.request);
  const write = (method: 'post' | 'delete', url: string, data?: unknown) =>
    page.request[method](`/api/v1${url}`, { headers: { authorization: `Bearer ${token}`, 'if-match': '*' }, ...(data ? { data } : {}) });
  const word = `kept${Date.now().toString(36)}`;
  const sites = ['meadow', 'ridge'].map((n) => ({ name: `${word}-${n}`, title: `Field ${n} ${word}` }));
  for (const site of sites) {
    expect((await write('post', '/data/obj', { ...site, types: ['site'], geo: { type: 'Point', coordinates: [8.5, 47.3] } })).status()).toBe(201);
  }
  expect((await write('post', `/data/obj/${sites[0]!.name}/notes`, { content: 'Fence mended at the north corner' })).status()).toBe(201);
  const photo = await page.request.post(`/api/v1/data/obj/${sites[0]!.name}/photos`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'gate.png', mimeType: 'image/png', buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/public/icons/icon-192.png')) },
    },
  });
  expect(photo.status(), await photo.text()).toBe(201);

  const user = await newUser(page.request);
  await signInWithForm(page, user.username, user.password, true);
  await workerInCharge(page);
  for (const site of sites) {
    await page.goto(`/data/${site.name}`);
    await page.getByRole('button', { name: 'Keep offline' }).click();
    await expect(page.getByText('Kept on this device')).toBeVisible();
  }
  await page.goto('/me/kept');
  const kept = page.getByRole('table', { name: 'Kept on this device' });
  await expect(kept.getByRole('row')).toHaveCount(3);
  await expect(kept.getByRole('row', { name: new RegExp(sites[0]!.title) })).toContainText(/\d+(\.\d)? KB/);
  await workerInCharge(page);

  // In the field: no network. The site, its notebook, and the list of what is kept open.
  const tried = await goOffline(context, trouble);
  await page.goto(`/data/${sites[0]!.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sites[0]!.title);
  await expect(page.getByRole('note', { name: 'Offline' })).toContainText('You are offline');
  await page.getByRole('tab', { name: 'Notebook' }).click();
  await expect(page.getByText('Fence mended at the north corner')).toBeVisible();
  expect(tried.filter((url) => url.startsWith('/api/v1/data/obj/'))).not.toEqual([]);
  // Its photo, drawn from the copy kept (the network's fails first).
  trouble.console(/Failed to load resource/);
  await page.getByRole('tab', { name: 'Photos' }).click();
  const tile = page.getByRole('button', { name: /^Open / }).locator('img');
  await expect.poll(() => tile.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  // A site not kept says so, and is not asked again and again.
  await page.goto('/data/abisko');
  await expect(page.getByText('Not available offline: nothing of this is kept on this device.')).toBeVisible();
  await page.getByRole('note', { name: 'Offline' }).getByRole('link', { name: 'kept on this device' }).click();
  await expect(kept.getByRole('row')).toHaveCount(3);
  await goOnline(context, trouble);

  // Back online, a kept site deleted meanwhile answers 404: what was kept of it goes.
  expect((await write('delete', `/data/obj/${sites[1]!.name}`)).status()).toBe(204);
  trouble.failure(404, new RegExp(`/api/v1/data/obj/${sites[1]!.name}`));
  trouble.failure(410, new RegExp(`/data/${sites[1]!.name}$`));
  await page.goto(`/data/${sites[1]!.name}`);
  await expect(page.getByText(/^The object you requested could not be found/)).toBeVisible();
  await page.goto('/me/kept');
  await expect(kept.getByRole('row')).toHaveCount(2);
  await expect(kept).not.toContainText(sites[1]!.title);

  // Removed here after a confirmation; kept again; then signed out: nothing of it is left on the device.
  await kept.getByRole('button', { name: `Remove ${sites[0]!.title}` }).click();
  await answerDialog(page, 'Remove');
  await expect(page.getByText('Nothing is kept on this device.')).toBeVisible();
  await page.goto(`/data/${sites[0]!.name}`);
  await page.getByRole('button', { name: 'Keep offline' }).click();
  await expect(page.getByText('Kept on this device')).toBeVisible();
  expect(await databases(page)).toContain(`observatory-kept:${user.username}`);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => databases(page)).not.toContain(`observatory-kept:${user.username}`);
});

test('a project kept on this device opens with no network, with its sites', async ({ page, context, trouble }) => {
  const token = await apiToken(page.request);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(`/api/v1${url}`, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const word = `keptproject${Date.now().toString(36)}`;
  const { project } = (await post('/projects', { project: { title: `Moor survey ${word}` } })) as { project: { slug: string; title: string } };
  const sites = ['bog', 'heath'].map((n) => ({ name: `${word}-${n}`, title: `Moor ${n} ${word}` }));
  for (const site of sites) await post('/data/obj', { ...site, types: ['site'], projects: [project.slug], geo: { type: 'Point', coordinates: [8.5, 47.3] } });

  const user = await newUser(page.request);
  await signInWithForm(page, user.username, user.password, true);
  await page.goto(`/projects/${project.slug}/data`);
  await expect(page.getByText(`the project and its 2 sites and objects`)).toBeVisible();
  await page.getByRole('button', { name: 'Keep offline' }).click();
  await expect(page.getByText('Kept on this device')).toBeVisible();
  await workerInCharge(page);

  await goOffline(context, trouble);
  trouble.console(/Failed to load resource/);
  await page.goto(`/projects/${project.slug}/data`);
  const table = page.getByRole('table', { name: 'Sites and objects' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await table.getByRole('link', { name: sites[1]!.title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sites[1]!.title);
  await page.goto('/me/kept');
  await expect(page.getByRole('table', { name: 'Kept on this device' }).getByRole('row', { name: new RegExp(project.title) })).toContainText(
    'Project with its sites',
  );
  await goOnline(context, trouble);
});

test('a map area kept on this device opens with no network: its sites are drawn and listed, and one opens', async ({ page, context, trouble }) => {
  const token = await apiToken(page.request);
  const word = `keptarea${Date.now().toString(36)}`;
  // Far from the other journeys' sites (the Nullarbor Plain), apart enough to be drawn one by one.
  const sites = [
    { name: `${word}-west`, title: `Plain west ${word}`, at: [129.4, -31.2] },
    { name: `${word}-east`, title: `Plain east ${word}`, at: [129.8, -31.1] },
  ];
  for (const { at, ...site } of sites) {
    const res = await page.request.post('/api/v1/data/obj', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...site, types: ['site'], geo: { type: 'Point', coordinates: at } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const area = '/map?area=129.2,-31.4,130,-30.9';

  const map = await keepAreaAsNewUser(page, area, /the sites in it \(the first 50\) with their pages and photos, and the map’s data down to zoom \d+/);

  const tried = await goOffline(context, trouble);
  trouble.console(/Failed to load resource/);
  await page.goto(area);
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 45_000 });
  expect(tried.filter((url) => url.startsWith('/api/v1/tiles/'))).not.toEqual([]);
  await page.getByRole('button', { name: 'List objects in view' }).click();
  const inView = page.getByRole('region', { name: 'Objects in view' });
  for (const site of sites) await expect(inView.getByRole('button', { name: site.title })).toBeVisible();
  await inView.getByRole('button', { name: sites[1]!.title }).click();
  await page
    .locator('.maplibregl-popup')
    .getByRole('link', { name: `Open ${sites[1]!.title}` })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sites[1]!.title);
  await page.goto('/me/kept');
  const row = page.getByRole('table', { name: 'Kept on this device' }).getByRole('row', { name: /Map around 31\.15° S, 129\.60° E/ });
  await expect(row).toContainText('Map area with its sites');
  // Its size counts what it holds once (its sites each read the object types again): alone, it is all that is kept.
  const size = (await row.getByRole('cell').nth(2).innerText()).trim();
  await expect(page.getByText(/^Kept in all:/)).toHaveText(`Kept in all: ${size}`);
  await row.getByRole('link').click();
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 45_000 });
  await goOnline(context, trouble);
});

test('a map area kept where the base map’s terms allow it keeps the base map too: with no network it is drawn from the device', async ({
  page,
  context,
  trouble,
}) => {
  // The view "tiles" draws e2e/map-style-server.mjs's style, whose host MAP_KEEP_ORIGINS names (playwright.config.ts).
  const host = new URL(process.env.E2E_STYLE_URL!).origin;
  const area = '/map/tiles?area=146.1,-42.9,146.6,-42.6';
  const map = await keepAreaAsNewUser(page, area, /and the map’s data down to zoom \d+, with its base map\./);

  // With no network, the style and the tiles come from the device, by the worker.
  await goOffline(context, trouble);
  trouble.console(/Failed to load resource/);
  const fromDevice: string[] = [];
  page.on('response', (r) => void (r.url().startsWith(host) && r.fromServiceWorker() && r.ok() && fromDevice.push(r.url().slice(host.length))));
  await page.goto(area);
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 45_000 });
  await expect.poll(() => fromDevice.filter((url) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url)).length).toBeGreaterThan(0);
  expect(fromDevice).toContain('/style.json');
  await expect.poll(() => shareInTileColour(page, page.request), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: 'test-results/offline-basemap.png' });

  // Removed from the device, the area's base map goes with it: the worker has nothing to answer.
  const styleFromPage = () =>
    page.evaluate(
      (url) =>
        (globalThis as unknown as InPage).fetch(url).then(
          () => 'answered',
          () => 'failed',
        ),
      process.env.E2E_STYLE_URL!,
    );
  expect(await styleFromPage()).toBe('answered');
  await page.goto('/me/kept');
  await page.getByRole('button', { name: /^Remove Sites on tiles around/ }).click();
  await answerDialog(page, 'Remove');
  await expect(page.getByText('Nothing is kept on this device')).toBeVisible();
  expect(await styleFromPage()).toBe('failed');
  await goOnline(context, trouble);
});

/** A new user keeps the map's `area` from its layers, which say what is kept (`kept`); answers the map. */
async function keepAreaAsNewUser(page: Page, area: string, kept: RegExp) {
  const user = await newUser(page.request);
  await signInWithForm(page, user.username, user.password, true);
  await page.goto(area);
  const map = page.locator('[data-map-state]');
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Show layers' }).click();
  const layers = page.getByRole('region', { name: 'Layers' });
  await expect(layers).toContainText(kept);
  await layers.getByRole('button', { name: 'Keep offline' }).click();
  await expect(layers.getByText('Kept on this device')).toBeVisible({ timeout: 30_000 });
  await workerInCharge(page);
  return map;
}

/** A project of ada's with a site in it and `username` as an editor: what a field worker records on. */
async function fieldSite(page: Page, username: string) {
  const ada = await apiToken(page.request, { username: 'ada', password: DEMO_PASSWORD });
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const projectTitle = `Fell survey ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/v1/projects', { headers: as(ada), data: { project: { title: projectTitle } } });
  expect(made.status()).toBe(201);
  const { project } = (await made.json()) as { project: { id: string; slug: string } };
  expect((await page.request.put(`/api/v1/projects/${project.id}/members/${username}`, { headers: as(ada), data: { role: 'editor' } })).ok()).toBe(true);
  const name = `fell${Date.now().toString(36)}`;
  const site = await page.request.post('/api/v1/data/obj', {
    headers: as(ada),
    data: {
      name,
      title: `Fell ${name}`,
      types: ['site'],
      projects: [project.id],
      geo: { type: 'Point', coordinates: [-70.6, -33.45] },
      metadata: { elevation: 400, habitat: 'tundra', siteCode: 'A1' },
    },
  });
  expect(site.status(), await site.text()).toBe(201);
  /** The site and its notes as the server has them (read by ada, not through the page). */
  const server = async () => {
    const obj = (await (await page.request.get(`/api/v1/data/obj/${name}`, { headers: as(ada) })).json()) as {
      obj: { version: number; metadata: Record<string, unknown> };
    };
    const notes = (await (await page.request.get(`/api/v1/data/obj/${name}/notes`, { headers: as(ada) })).json()) as { notes: { content: string }[] };
    return { version: obj.obj.version, metadata: obj.obj.metadata, notes: notes.notes.map((n) => n.content) };
  };
  /** Another user's change, saved while the field worker is away. */
  const changeByAda = async (metadata: Record<string, unknown>) => {
    const res = await page.request.put(`/api/v1/data/obj/${name}`, { headers: { ...as(ada), 'if-match': '*' }, data: { metadata } });
    expect(res.status(), await res.text()).toBe(200);
  };
  /** Ada takes the user off the project, or puts them back as an editor. */
  const member = async (editor: boolean) => {
    const url = `/api/v1/projects/${project.id}/members/${username}`;
    const res = editor ? await page.request.put(url, { headers: as(ada), data: { role: 'editor' } }) : await page.request.delete(url, { headers: as(ada) });
    expect(res.ok(), await res.text()).toBe(true);
  };
  /** Where the site's photos were taken, as ada (its owner) reads them. */
  const photos = async () =>
    ((await (await page.request.get(`/api/v1/data/obj/${name}/photos`, { headers: as(ada) })).json()) as { photos: { geo: unknown }[] }).photos.map(
      (p) => p.geo,
    );
  /** An object as ada reads it. */
  const read = (objectName: string) => page.request.get(`/api/v1/data/obj/${objectName}`, { headers: as(ada) });
  return { name, title: `Fell ${name}`, project: projectTitle, projectSlug: project.slug, ada, server, changeByAda, member, read, photos };
}
type FieldSite = Awaited<ReturnType<typeof fieldSite>>;

/**
 * A weather table in the site's project (ada's): air temperature (°C, refused outside −90 to
 * 60, flagged suspect outside −30 to 30), snow cover (a category) and frozen ground (yes or no).
 * Answers a reader of the site's observations in it, as ada reads them.
 */
async function weatherTable(page: Page, site: FieldSite) {
  const admin = { authorization: `Bearer ${await apiToken(page.request, ADMIN)}` };
  const id = Date.now().toString(36);
  const metrics = [
    {
      name: `air-${id}`,
      title: 'Air temperature',
      type: 'number',
      unit: 'Cel',
      min: -90,
      max: 60,
      rules: [{ kind: 'range', name: 'Plausible air', min: -30, max: 30 }],
    },
    { name: `snow-${id}`, title: 'Snow cover', type: 'category', allowed: ['none', 'patchy', 'full'] },
    { name: `frost-${id}`, title: 'Ground frozen', type: 'boolean' },
  ];
  for (const metric of metrics) {
    const res = await page.request.post('/api/v1/data/metrics', { headers: admin, data: metric });
    expect(res.status(), await res.text()).toBe(201);
  }
  const base = `/api/v1/projects/${site.projectSlug}/datatables`;
  const ada = { authorization: `Bearer ${site.ada}` };
  const made = await page.request.post(base, { headers: ada, data: { title: 'Weather', metrics: metrics.map((m) => m.name) } });
  expect(made.status(), await made.text()).toBe(201);
  const { datatable } = (await made.json()) as { datatable: { id: string } };
  const observations = async () => {
    const res = await page.request.get(`${base}/${datatable.id}/observations?object=${site.name}&limit=100`, { headers: ada });
    const { observations } = (await res.json()) as {
      observations: { metric: string; time: string; value: unknown; note: string; flag: string; flagRule: string | null }[];
    };
    return observations.map(({ metric, ...rest }) => ({ metric: metric.replace(`-${id}`, ''), ...rest }));
  };
  /** The office changes the air temperature's maximum. */
  const maxAir = async (max: number) => {
    const url = `/api/v1/data/metrics/${metrics[0]!.name}`;
    const { metric } = (await (await page.request.get(url)).json()) as { metric: Record<string, unknown> };
    const { name, title, description, unit, type, allowed, min, rules, version } = metric;
    const res = await page.request.put(url, { headers: admin, data: { name, title, description, unit, type, allowed, min, max, rules, version } });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { id, observations, maxAir };
}

/** Keeps a site on this device from its page; once the worker has every file it loaded. */
async function keepSite(page: Page, name: string) {
  await page.goto(`/data/${name}`);
  await page.getByRole('button', { name: 'Keep offline' }).click();
  await expect(page.getByText('Kept on this device')).toBeVisible();
  await workerInCharge(page);
}

/** A new user, an editor of ada's project with a site (fieldSite, `prepare`d further), signed in for long on this device with the site kept. */
async function fieldWorkerWithSiteKept(page: Page, prepare?: (site: FieldSite) => Promise<unknown>) {
  const user = await newUser(page.request);
  const site = await fieldSite(page, user.username);
  await prepare?.(site);
  await signInWithForm(page, user.username, user.password, true);
  await workerInCharge(page);
  await keepSite(page, site.name);
  return { user, site };
}

test('notes, a photo, changes and a new site recorded with no network are sent once when it returns (the photo on a metered connection at the user’s go); a change made meanwhile by another waits for a decision, at phone width', async ({
  page,
  context,
  trouble,
}) => {
  await page.setViewportSize(PHONE);
  // The phone's position, told to the page once it asks (and allowed).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ longitude: -70.612345, latitude: -33.454321 });
  const { site } = await fieldWorkerWithSiteKept(page);
  const before = await site.server();

  // In the field: a note, and the site's elevation and code changed, checked on the device.
  const tried = await goOffline(context, trouble);
  await page.goto(`/data/${site.name}/notebook`);
  await page.getByRole('textbox', { name: 'New note' }).fill('Reindeer crossed the fell at dawn');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Note waiting to be sent/ })).toContainText('Reindeer crossed the fell at dawn');
  const header = page.getByRole('banner');
  await page.screenshot({ path: 'test-results/offline-note-waiting.png' });
  await expect(header.getByRole('link', { name: 'Recorded on this device: 1 to send' })).toBeVisible();

  await page.goto(`/data/${site.name}/edit`);
  const form = page.getByRole('form', { name: 'Object' });
  const elevation = form.getByRole('textbox', { name: 'Elevation in m' });
  await expect(elevation).toHaveValue('400');
  await elevation.fill('9500');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/9000/)).toBeVisible();
  await elevation.fill('412');
  await form.getByRole('textbox', { name: 'Site code' }).fill('A1-north');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes are waiting to be sent' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Recorded on this device: 2 to send' })).toBeVisible();

  // A photo of it (no EXIF: the phone's position goes with it).
  await page.goto(`/data/${site.name}/photos`);
  await page.locator('input[type="file"]').first().setInputFiles(ICON);
  await expect(page.getByRole('status').filter({ hasText: 'the photo is sent when the network returns' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo waiting to be sent: icon-192.png' })).toBeVisible();

  // A new site where the phone stands, in the same project.
  await page.goto('/me/outbox');
  await page.getByRole('link', { name: 'New object' }).click();
  const created = page.getByRole('form', { name: 'Object' });
  const newName = `${site.name}-spring`;
  await created.getByRole('textbox', { name: 'Name' }).fill(newName);
  await created.getByRole('textbox', { name: 'Title' }).fill('Spring below the fell');
  await created.getByRole('combobox', { name: 'Types' }).click();
  await page.getByRole('option', { name: 'Site' }).click();
  await page.keyboard.press('Escape');
  await created.getByRole('combobox', { name: 'Projects' }).click();
  await page.getByRole('option', { name: site.project }).click();
  await page.keyboard.press('Escape');
  await created.getByRole('button', { name: 'Use my position' }).click();
  await expect(created.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-70.612345');
  await created.getByRole('textbox', { name: 'Elevation in m' }).fill('385');
  await created.getByRole('button', { name: 'Create object' }).click();
  await expect(page.getByRole('article', { name: /^New object Spring below the fell/ })).toContainText('Waiting to be sent');
  await expect(header.getByRole('link', { name: 'Recorded on this device: 4 to send' })).toBeVisible();
  await page.screenshot({ path: 'test-results/offline-queue.png', fullPage: true });
  // Nothing reached the server: tried, and refused by the cut network.
  expect(tried.filter((url) => url.startsWith(`/api/v1/data/obj/${site.name}`)).length).toBeGreaterThan(0);
  expect(await site.server()).toEqual(before);
  expect((await site.read(newName)).status()).toBe(404);

  // Meanwhile, in the office, ada corrects the site's code.
  await site.changeByAda({ elevation: 400, habitat: 'tundra', siteCode: 'B2' });

  // The network returns, metered (as a phone whose user asked to save data; a desktop Chromium
  // tells no connection type): the note and the new site arrive, the change waits for the
  // user's decision, the photo for their go.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride' as 'Emulation.setCPUThrottlingRate', { dataSaverEnabled: true } as never);
  trouble.failure(412, new RegExp(`/api/v1/data/obj/${site.name}$`));
  await goOnline(context, trouble);
  await expect(header.getByRole('link', { name: 'Recorded on this device: 1 needs you' })).toBeVisible();
  expect((await site.server()).notes).toEqual(['Reindeer crossed the fell at dawn']);
  const spring = (await (await site.read(newName)).json()) as { obj: { geo: unknown; metadata: unknown; projects: { title: string }[] } };
  expect(spring.obj).toMatchObject({
    geo: { type: 'Point', coordinates: [-70.612345, -33.454321] },
    metadata: { elevation: 385 },
    projects: [{ title: site.project }],
  });
  // A reload syncs again: nothing doubled.
  await page.reload();
  await expect(header.getByRole('link', { name: 'Recorded on this device: 1 needs you' })).toBeVisible();
  expect((await site.server()).notes).toEqual(['Reindeer crossed the fell at dawn']);

  await header.getByRole('link', { name: 'Recorded on this device: 1 needs you' }).click();
  expect(await site.photos()).toEqual([]);
  await page.getByRole('button', { name: 'Send photos now' }).click();
  await expect.poll(() => site.photos()).toEqual([{ type: 'Point', coordinates: [-70.612345, -33.454321] }]);
  await expect(page.getByRole('img', { name: 'Photo waiting to be sent: icon-192.png' })).toBeHidden();
  const card = page.getByRole('article', { name: new RegExp(`^Changes to ${site.title}`) });
  await expect(card).toContainText('Needs your decision');
  await card.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: `Changes to ${site.title}: needs your decision` });
  const code = dialog.getByRole('radiogroup', { name: 'Site code' });
  await expect(code).toHaveAccessibleDescription('Changed on both sides: choose one');
  await expect(code).toContainText('A1-north');
  await expect(code).toContainText('B2');
  await expect(dialog.getByRole('radiogroup', { name: 'Elevation' })).toHaveAccessibleDescription('Only you changed it');
  await page.screenshot({ path: 'test-results/offline-decision.png' });
  await code.getByRole('radio', { name: /Saved now/ }).check();
  await dialog.getByRole('button', { name: 'Send as chosen' }).click();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  await expect(header.getByRole('link', { name: /^Recorded on this device/ })).toBeHidden();
  const after = await site.server();
  expect(after.metadata).toEqual({ elevation: 412, habitat: 'tundra', siteCode: 'B2' });
  expect(after.notes).toEqual(['Reindeer crossed the fell at dawn']);
});

test('what a user recorded offline waits through their sign-out and another user’s session, goes when they sign in again, and a refusal or a decision is theirs to make', async ({
  page,
  context,
  trouble,
}) => {
  await page.setViewportSize(PHONE);
  const other = await newUser(page.request);
  const { user, site } = await fieldWorkerWithSiteKept(page);
  const before = await site.server();
  const header = page.getByRole('banner');

  // Offline: a note and a change, then signed out on the device.
  await goOffline(context, trouble);
  await page.goto(`/data/${site.name}/notebook`);
  await page.getByRole('textbox', { name: 'New note' }).fill('Snow patch still at the cairn');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('article', { name: /^Note waiting to be sent/ })).toBeVisible();
  await page.goto(`/data/${site.name}/edit`);
  const form = page.getByRole('form', { name: 'Object' });
  await form.getByRole('textbox', { name: 'Site code' }).fill('C3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(header.getByRole('link', { name: 'Recorded on this device: 2 to send' })).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await databases(page)).toContain(`observatory-outbox:${user.username}`);

  // Online, another user of the same phone: nothing of the first one's is sent, nor shown.
  await goOnline(context, trouble);
  await signInWithForm(page, other.username, other.password);
  await page.goto('/me/outbox');
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  await expect(header.getByRole('link', { name: /^Recorded on this device/ })).toBeHidden();
  expect(await site.server()).toEqual(before);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  // Meanwhile ada takes the user off the project and changes the site. Signed in again, the
  // user's queue goes: refused, both, with the server's word.
  await site.member(false);
  await site.changeByAda({ elevation: 400, habitat: 'wetland', siteCode: 'A1' });
  trouble.failure(403, new RegExp(`/api/v1/data/obj/${site.name}`));
  await signInWithForm(page, user.username, user.password, true);
  await expect(header.getByRole('link', { name: 'Recorded on this device: 2 need you' })).toBeVisible();
  await header.getByRole('link', { name: 'Recorded on this device: 2 need you' }).click();
  const note = page.getByRole('article', { name: new RegExp(`^Note on ${site.title}`) });
  await expect(note).toContainText('Not accepted by the server (403)');

  // Back on the project, the note is edited and sent again; the change now meets ada's, and theirs is kept.
  await site.member(true);
  await note.getByRole('button', { name: 'Edit and retry' }).click();
  await note.getByRole('textbox', { name: 'Note' }).fill('Snow patch still at the cairn, 2 m across');
  await note.getByRole('button', { name: 'Save and send again' }).click();
  await expect(note).toBeHidden();
  const change = page.getByRole('article', { name: new RegExp(`^Changes to ${site.title}`) });
  trouble.failure(412, new RegExp(`/api/v1/data/obj/${site.name}$`));
  await change.getByRole('button', { name: 'Edit and retry' }).click();
  await change.getByRole('button', { name: 'Save and send again' }).click();
  await expect(change).toContainText('Needs your decision');
  await change.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: `Changes to ${site.title}: needs your decision` });
  await expect(dialog.getByRole('radiogroup', { name: 'Site code' })).toHaveAccessibleDescription('Only you changed it');
  await dialog.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  let now = await site.server();
  expect(now.notes).toEqual(['Snow patch still at the cairn, 2 m across']);
  expect(now.metadata).toEqual({ elevation: 400, habitat: 'wetland', siteCode: 'A1' });

  // Once more offline (the site kept again: the sign-out deleted what was kept); ada changes the
  // elevation meanwhile, and this time the user keeps theirs.
  await keepSite(page, site.name);
  await goOffline(context, trouble);
  await page.goto(`/data/${site.name}/edit`);
  await form.getByRole('textbox', { name: 'Elevation in m' }).fill('455');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(header.getByRole('link', { name: 'Recorded on this device: 1 to send' })).toBeVisible();
  await site.changeByAda({ elevation: 430, habitat: 'wetland', siteCode: 'A1' });
  await goOnline(context, trouble);
  await header.getByRole('link', { name: 'Recorded on this device: 1 needs you' }).click();
  await change.getByRole('button', { name: 'Decide' }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'Elevation' })).toHaveAccessibleDescription('Changed on both sides: choose one');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  now = await site.server();
  expect(now.metadata).toEqual({ elevation: 455, habitat: 'wetland', siteCode: 'A1' });
  expect(now.notes).toEqual(['Snow patch still at the cairn, 2 m across']);
});

test('readings typed at a site are checked on the device by their metric’s unit, limits and plausible range; with no network they wait through the session’s end, go when the user signs in again, and, refused by a limit changed meanwhile, are corrected and sent once, at phone width', async ({
  page,
  context,
  trouble,
}) => {
  await page.setViewportSize(PHONE);
  let weather!: Awaited<ReturnType<typeof weatherTable>>;
  const { user, site } = await fieldWorkerWithSiteKept(page, async (s) => (weather = await weatherTable(page, s)));
  const header = page.getByRole('banner');
  const form = page.getByRole('form', { name: 'Record readings' });
  const air = form.getByRole('textbox', { name: 'Air temperature in Cel' });

  // Online: saved at once, a decimal comma read as a point; the latest values show them.
  await page.goto(`/data/${site.name}`);
  await page.getByRole('tab', { name: 'Readings' }).click();
  await expect(form).toContainText('Into Weather of');
  await air.fill('12,5');
  await form.getByRole('combobox', { name: 'Ground frozen' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  await form.getByRole('button', { name: 'Save readings' }).click();
  await expect(form.getByRole('status').filter({ hasText: '2 readings saved.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Latest values' })).toContainText('Air temperature12.5 Cel');
  expect((await weather.observations()).map((o) => [o.metric, o.value])).toEqual([
    ['air', 12.5],
    ['frost', false],
  ]);

  // In the field: a value the server would refuse is refused here; one outside the plausible range is saved, flagged.
  await goOffline(context, trouble);
  await page.reload();
  await air.fill('75');
  await expect(form.getByText('75 is above the maximum of Air temperature, 60 Cel')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save readings' })).toBeDisabled();
  await air.fill('38');
  await page.screenshot({ path: 'test-results/offline-reading-checked.png', fullPage: true });
  await expect(
    form.getByRole('status').filter({ hasText: 'Outside the plausible range (Plausible air: -30 to 30 Cel): it is saved flagged suspect.' }),
  ).toBeVisible();
  await form.getByRole('combobox', { name: 'Snow cover' }).click();
  await page.getByRole('option', { name: 'patchy' }).click();
  await form.getByLabel('Measured at').fill('2026-06-01T06:30');
  await form.getByRole('textbox', { name: 'Note' }).fill('Föhn wind from the west');
  await form.getByRole('button', { name: 'Save readings' }).click();
  await expect(form.getByRole('status').filter({ hasText: '2 readings saved on this device: sent when the network returns.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 readings are saved on this device' })).toBeVisible();
  await page.screenshot({ path: 'test-results/offline-readings.png', fullPage: true });
  await expect(header.getByRole('link', { name: 'Recorded on this device: 1 to send' })).toBeVisible();
  await page.goto('/me/outbox');
  const queued = page.getByRole('article', { name: new RegExp(`^Readings at ${site.title}`) });
  await expect(queued).toContainText(`air-${weather.id}: 38`);
  await expect(queued).toContainText(`snow-${weather.id}: patchy`);
  expect(await weather.observations()).toHaveLength(2);

  // Meanwhile the office lowers the air temperature's maximum to 36 °C.
  await weather.maxAir(36);

  // The next day the network returns, but the session has ended meanwhile (its cookie gone):
  // nothing goes until the same user signs in again. Then the server refuses the readings
  // (38 is now above its maximum); corrected, they arrive once, at the time typed, flagged
  // by the rule, and a reload doubles nothing.
  await context.clearCookies();
  trouble.failure(401, /\/api\/v1\/auth\/refresh$/);
  await goOnline(context, trouble);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 30_000 });
  expect(await weather.observations()).toHaveLength(2);
  trouble.failure(400, /\/observations$/);
  await signInWithForm(page, user.username, user.password, true);
  await header.getByRole('link', { name: 'Recorded on this device: 1 needs you' }).click();
  await expect(queued).toContainText('Not accepted by the server (400)');
  await expect(queued).toContainText(`38 is above the maximum of air-${weather.id}, 36 Cel`);
  await queued.getByRole('button', { name: 'Edit and retry' }).click();
  await queued.getByRole('textbox', { name: `air-${weather.id}` }).fill('33');
  await queued.getByRole('button', { name: 'Save and send again' }).click();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  expect(await weather.observations()).toHaveLength(4);
  const measured = await page.evaluate(() => new Date('2026-06-01T06:30').toISOString());
  const arrived = [
    { metric: 'air', time: measured, value: 33, note: 'Föhn wind from the west', flag: 'suspect', flagRule: 'Plausible air' },
    { metric: 'snow', time: measured, value: 'patchy', note: 'Föhn wind from the west', flag: 'not checked', flagRule: null },
  ];
  expect(await weather.observations()).toEqual(expect.arrayContaining(arrived.map((o) => expect.objectContaining(o))));
  await page.reload();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  expect(await weather.observations()).toHaveLength(4);
  // The tab's own address opens it, with the latest values (the day's air temperature is later than the one sent).
  await page.goto(`/data/${site.name}/readings`);
  await expect(page.getByRole('list', { name: 'Latest values' })).toContainText('Snow coverpatchy');
  await expect(page.getByRole('list', { name: 'Latest values' })).toContainText('Air temperature12.5 Cel');

  // A visitor sees no Readings tab.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.goto(`/data/${site.name}`);
  await expect(page.getByRole('tab', { name: 'Notebook' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Readings' })).toBeHidden();
});
