import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, apiToken, DEMO_PASSWORD, expect, expectAccessible, newUser, signIn, test } from './fixtures';
import { BUILT_IN_COLOURS, shareIn, shareInTileColour } from './map-pixels';

const ADA = { username: 'ada', password: DEMO_PASSWORD };

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * Properties a few hundred metres apart around `at`: one cluster at low zoom, single
 * objects close up. `word` is in every title, for the search.
 */
async function createProperties(request: APIRequestContext, word: string, [lon0, lat0]: [number, number], count = 5) {
  const token = await apiToken(request);
  const created: { name: string; title: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [lon, lat] = [lon0 + i * 0.01, lat0 + (i % 2) * 0.005];
    const geo =
      i === 0
        ? {
            type: 'Polygon',
            coordinates: [
              [
                [lon, lat],
                [lon + 0.004, lat],
                [lon + 0.004, lat + 0.002],
                [lon, lat + 0.002],
                [lon, lat],
              ],
            ],
          }
        : { type: 'Point', coordinates: [lon, lat] };
    const object = { name: `${word}-${i}`, title: `Heath ${word} ${i}`, types: ['property'], geo };
    const res = await request.post('/api/v1/data/obj', { headers: { authorization: `Bearer ${token}` }, data: object });
    expect(res.status(), await res.text()).toBe(201);
    created.push(object);
  }
  return created;
}

const mapOf = (page: Page) => page.locator('[data-map-state]');
/** Site Admin overview's line on the basemap. */
const basemapLine = (page: Page) => page.locator('p', { hasText: /^Basemap:/ });

/** The map's failure notice, if it shows one. */
const mapFailure = (page: Page) => page.getByRole('alert').filter({ hasText: 'The map data could not be loaded' });

/** The map has drawn its data and is not moving or loading (a flight takes a few seconds); a failure shown instead is named. */
async function expectSettled(page: Page) {
  const state = async () =>
    (await mapFailure(page).count()) ? `failed: ${await mapFailure(page).innerText()}` : await mapOf(page).getAttribute('data-map-state');
  await expect.poll(state, { timeout: 45_000 }).toBe('ready');
  await expect(mapOf(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

async function openSites(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await expect(page).toHaveURL('/map/properties');
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  await expectSettled(page);
}

/** The cluster holding the place `at` ([lon, lat]): its button carries its objects' box. */
async function clusterHolding(page: Page, [lon, lat]: [number, number]): Promise<Locator> {
  const clusters = page.getByRole('button', { name: /objects, zoom in$/ });
  const boxes = await clusters.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-bbox')!.split(',').map(Number)));
  const index = boxes.findIndex(([west, south, east, north]) => west! <= lon && lon <= east! && south! <= lat && lat <= north!);
  expect(index, 'a cluster holding the test objects').toBeGreaterThanOrEqual(0);
  return clusters.nth(index);
}

test('Sites: click through clusters to an object, open it from the map and follow its link', async ({ page, request }, testInfo) => {
  test.slow(); // each zoom step waits for the map to move and its data to load
  const word = `heath${stamp()}`;
  const at: [number, number] = [20.5, 44];
  const [, second] = await createProperties(request, word, at);
  const secondAt: [number, number] = [at[0] + 0.01, at[1] + 0.005]; // a point: drawn where it is
  await openSites(page);
  await expect(page).toHaveTitle(/^Sites/);
  await expect(page.getByRole('button', { name: /objects, zoom in$/ }).first()).toBeVisible();
  await expectAccessible(page);
  // The visitor's menu is drawn white on the map's black bar, as readable as its links.
  await expect(page.getByRole('button', { name: 'User menu', exact: true })).toHaveCSS('color', 'rgb(255, 255, 255)');

  await page.getByRole('button', { name: 'List objects in view' }).click();
  const inView = page.getByRole('region', { name: 'Objects in view' });
  await expect(inView.getByRole('heading', { name: 'In view' })).toBeVisible();
  const mine = inView.getByRole('button', { name: second!.title });
  // Zoom into the cluster holding the new properties until they are drawn one by one.
  let steps = 0;
  for (; steps < 16 && (await mine.count()) === 0; steps++) {
    await (await clusterHolding(page, secondAt)).click();
    await expectSettled(page);
  }
  expect(steps, 'clusters clicked through').toBeGreaterThan(0);
  const title = second!.title;
  await mine.click();
  await expectSettled(page);
  const popup = page.locator('.maplibregl-popup');
  await expect(popup.getByRole('heading', { name: title })).toBeVisible();
  await expect(popup.getByText('Property')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-popup.png') });
  await expectAccessible(page);

  // The same object clicked on the map itself: its circle is just below the popup's tip.
  const tip = (await popup.locator('.maplibregl-popup-tip').boundingBox())!;
  await popup.getByRole('button', { name: 'Close popup' }).click();
  await expect(popup).toHaveCount(0);
  await page.mouse.click(tip.x + tip.width / 2, tip.y + tip.height + 12);
  await expect(popup.getByRole('heading', { name: title })).toBeVisible();

  await popup.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page).toHaveURL(`/data/${second!.name}`);
});

test('Sites: layers switch off and on, search flies to an object, and the view is kept when coming back', async ({ page, request }, testInfo) => {
  test.slow();
  const word = `tarn${stamp()}`;
  const [polygon] = await createProperties(request, word, [-18.9, 64.95]);
  await openSites(page);
  const clusters = page.getByRole('button', { name: /objects, zoom in$/ });
  await expect(clusters.first()).toBeVisible();

  await page.getByRole('button', { name: 'Show layers' }).click();
  const layers = page.getByRole('region', { name: 'Layers' });
  const property = layers.getByRole('checkbox', { name: 'Property' });
  await expect(property).toBeChecked();
  await property.uncheck();
  await expect(clusters).toHaveCount(0);
  await property.check();
  await expect(clusters.first()).toBeVisible();
  await expectSettled(page);

  await page.getByRole('searchbox', { name: 'Search the map' }).fill(word);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(5);
  await results.getByRole('button', { name: new RegExp(polygon!.title) }).click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup.getByRole('heading', { name: polygon!.title })).toBeVisible();
  await expectSettled(page);
  // Close up, the neighbours are single objects: no cluster holds them any more.
  await page.getByRole('button', { name: 'List objects in view' }).click();
  const inView = page.getByRole('region', { name: 'Objects in view' });
  await expect(inView.getByRole('button', { name: polygon!.title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-search.png') });
  await expectAccessible(page);

  // Away and back: the same place, panel, layers and popup.
  const before = await popup.boundingBox();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(mapOf(page)).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await expect(page).toHaveURL('/map/properties');
  await expectSettled(page);
  await expect(inView.getByRole('button', { name: polygon!.title })).toBeVisible();
  await expect(popup.getByRole('heading', { name: polygon!.title })).toBeVisible();
  // Where it was, once the map has laid out again (a popup placed before that stands elsewhere for a moment).
  await expect.poll(() => popup.boundingBox()).toEqual(before);
  await expect(page.getByRole('searchbox', { name: 'Search the map' })).toHaveValue(polygon!.title);
});

test('Sites: the search finds any object the user may see, made a moment ago, and turns its layer on', async ({ page, request }) => {
  const word = `fen${stamp()}`;
  const [site] = await createProperties(request, word, [19.05, 68.36], 1);
  const token = await apiToken(request);
  const plot = { name: `${word}-plot`, title: `Plot ${word}`, types: ['vegetation-plot'], geo: { type: 'Point', coordinates: [19.07, 68.37] } };
  expect((await request.post('/api/v1/data/obj', { headers: { authorization: `Bearer ${token}` }, data: plot })).status()).toBe(201);
  await openSites(page);
  await page.getByRole('button', { name: 'Show layers' }).click();
  const layers = page.getByRole('region', { name: 'Layers' });
  await layers.getByRole('checkbox', { name: 'Property' }).uncheck();
  await expect(layers.getByRole('checkbox', { name: 'Vegetation plot' })).toHaveCount(0);

  // A site whose layer is off: found, and its layer comes back.
  const search = page.getByRole('searchbox', { name: 'Search the map' });
  const results = page.getByRole('list', { name: 'Search results' });
  const popup = page.locator('.maplibregl-popup');
  await search.fill(site!.name);
  await results.getByRole('button', { name: new RegExp(site!.title) }).click();
  await expect(layers.getByRole('checkbox', { name: 'Property' })).toBeChecked();
  await expect(popup.getByRole('heading', { name: site!.title })).toBeVisible();

  // A plot, a type the Sites view does not show: found, and its layer joins the list, on.
  await search.fill(plot.title);
  await results.getByRole('button', { name: new RegExp(plot.title) }).click();
  await expect(layers.getByRole('checkbox', { name: 'Vegetation plot' })).toBeChecked();
  await expect(popup.getByRole('heading', { name: plot.title })).toBeVisible();
  await expectSettled(page);
  await page.getByRole('button', { name: 'List objects in view' }).click();
  await expect(page.getByRole('region', { name: 'Objects in view' }).getByRole('button', { name: plot.title })).toBeVisible();
});

test('a view on a style from another host draws its tiles within the CSP, and /privacy names that host', async ({ page, request }) => {
  // e2e/map-style-server.mjs, named in the view "tiles" (playwright.config.ts).
  const styleUrl = process.env.E2E_STYLE_URL!;
  const host = new URL(styleUrl).origin;
  const fromHost: string[] = [];
  page.on('response', (r) => void (r.url().startsWith(host) && fromHost.push(`${r.status()} ${r.url().slice(host.length)}`)));
  const csp = (await request.get('/')).headers()['content-security-policy']!;
  expect(csp).toMatch(new RegExp(`connect-src 'self' ${host}(;|$)`));
  expect(csp).toMatch(new RegExp(`img-src 'self' data: blob: ${host}(;|$)`));

  await page.goto('/map/tiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Sites on tiles' })).toBeVisible();
  await expectSettled(page);
  expect(fromHost).toContain('200 /style.json');
  expect(fromHost.filter((r) => /^200 \/tiles\/\d+\/\d+\/\d+\.png$/.test(r)).length).toBeGreaterThan(0);
  // The map is drawn in the tiles' one colour (the trouble fixture meanwhile saw no CSP refusal).
  await expect.poll(() => shareInTileColour(page, request), { timeout: 15_000 }).toBeGreaterThan(0.5);

  await page.goto('/privacy');
  const maps = page.getByText(/Maps load their style, tiles and fonts from another host/);
  await expect(maps).toContainText(host);
  await expect(maps).toContainText('your IP address');
});

test('data tiles slower than a style may take to load keep the view’s own basemap', async ({ page, request }) => {
  // BaseMap gives a configured style 8 s without progress before it draws the built-in one instead; the data tiles are held well past that.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/tiles/**', async (route) => {
    await held;
    return route.fallback();
  });
  await page.goto('/map/tiles');
  await expect(page.getByRole('status').filter({ hasText: 'Loading map data…' })).toBeVisible();
  await page.waitForTimeout(12_000);
  release();
  await expectSettled(page);
  await expect.poll(() => shareInTileColour(page, request), { timeout: 15_000 }).toBeGreaterThan(0.5);
});

test('a view whose basemap tiles fail draws the built-in background instead, its data on it', async ({ page, trouble }) => {
  const host = new URL(process.env.E2E_STYLE_URL!).origin;
  trouble.failure(500, /\/tiles\/\d+\/\d+\/\d+\.png$/); // injected below
  await page.route(`${host}/tiles/**`, (route) => route.fulfill({ status: 500, body: 'The tile server is away' }));
  await page.goto('/map/tiles');
  await expectSettled(page);
  await expect.poll(() => shareIn(page, BUILT_IN_COLOURS), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect(page.getByRole('button', { name: /objects, zoom in$/ }).first()).toBeVisible();
});

test('a view whose basemap host stops answering draws the built-in background after a wait, its data on it', async ({ page }) => {
  const host = new URL(process.env.E2E_STYLE_URL!).origin;
  let asked = 0;
  await page.route(`${host}/tiles/**`, () => void asked++); // never answered
  await page.goto('/map/tiles');
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expectSettled(page);
  await expect.poll(() => shareIn(page, BUILT_IN_COLOURS), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(page.getByRole('button', { name: /objects, zoom in$/ }).first()).toBeVisible();
});

test('loading map data shows so; a failure shows an error with Retry, which loads the data', async ({ page, trouble }, testInfo) => {
  trouble.failure(500, /\/api\/v1\/tiles\//); // injected below
  let fail = true;
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/tiles/**', async (route) => {
    await held;
    return fail ? route.fulfill({ status: 500, json: { error: 'The database is away', code: 'INTERNAL' } }) : route.fallback();
  });
  await page.goto('/map/properties');
  await expect(page.getByRole('status').filter({ hasText: 'Loading map data…' })).toBeVisible();
  answer();
  const alert = page.getByRole('alert').filter({ hasText: 'The map data could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The database is away');
  await expect(mapOf(page)).toHaveAttribute('data-map-state', 'loading');
  await page.screenshot({ path: testInfo.outputPath('map-error.png') });
  await expectAccessible(page);
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  await expectSettled(page);
});

test('a busy server’s tiles are asked again after its Retry-After, and the map draws them without a failure', async ({ page, trouble }) => {
  trouble.failure(503, /\/api\/v1\/tiles\//); // injected below, once per tile
  const refused = new Set<string>();
  await page.route('**/api/v1/tiles/**', async (route) => {
    const tile = new URL(route.request().url()).pathname;
    if (refused.has(tile)) return route.fallback();
    refused.add(tile);
    return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { error: 'The database is busy', code: 'UNAVAILABLE' } });
  });
  await page.goto('/map/properties');
  await expectSettled(page);
  expect(refused.size).toBeGreaterThan(0);
  await expect(mapFailure(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /objects, zoom in$/ }).first()).toBeVisible();
});

test('an unknown map view says so and links to the whole map, whose layers stay as left', async ({ page }, testInfo) => {
  await page.goto('/map/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Map view not found' })).toBeVisible();
  await expect(page.getByText('There is no map view called “nowhere”.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Open the whole map' }).click();
  await expect(page).toHaveURL('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
  await expectSettled(page);

  await page.getByRole('button', { name: 'Show layers' }).click();
  const layers = page.getByRole('region', { name: 'Layers' });
  // Every type, the built-in four among them (journeys that ran before may have added others: the imports' NEON types).
  for (const name of ['Property', 'Site', 'Vegetation plot', 'Soil plot']) await expect(layers.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await layers.getByRole('checkbox', { name: 'Site' }).uncheck();
  await expectSettled(page);
  await page.screenshot({ path: testInfo.outputPath('map-layers.png') });
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/map');
  await expect(layers.getByRole('checkbox', { name: 'Site' })).not.toBeChecked();
  await expect(layers.getByRole('checkbox', { name: 'Property' })).toBeChecked();
});

test('signed in, the map layout’s black bar shows the user’s name readably, and passes axe', async ({ page }) => {
  await signIn(page, ADA.username, ADA.password);
  await openSites(page);
  const menu = page.getByRole('button', { name: `User menu of ${ADA.username}` });
  await expect(menu).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectAccessible(page);
});

test('Site Admin chooses a basemap: the overview says it is off, a custom style is checked, drawn on Sites, and turned off again', async ({
  page,
  request,
}, testInfo) => {
  // The project's own style server (e2e/map-style-server.mjs), already a host the CSP admits
  // for the "tiles" view: choosing it changes no other journey's CSP or privacy page.
  const styleUrl = process.env.E2E_STYLE_URL!;
  const host = new URL(styleUrl).origin;
  // A data manager of its own (another journey changes grace's password): Site Admin, not manageSettings.
  const manager = await newUser(request);
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  expect((await request.put(`/api/v1/users/${manager.username}/roles/global/data-manager`, { headers })).ok()).toBe(true);
  await signIn(page, manager.username, manager.password);
  await page.goto('/admin');
  await expect(basemapLine(page)).toContainText('Holders of manageSettings choose it.');
  await expect(page.getByRole('navigation', { name: 'Site Admin' }).getByRole('link', { name: 'Basemap' })).toHaveCount(0);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await expect(basemapLine(page)).toContainText('none: the maps draw the built-in background');
  await page.getByRole('link', { name: 'Choose a basemap' }).click();
  await expect(page).toHaveURL('/admin/basemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Basemap' })).toBeVisible();
  await expect(page).toHaveTitle(/^Basemap · Site Admin · /);
  const form = page.getByRole('form', { name: 'Basemap' });
  await expect(form.getByRole('radio', { name: 'No basemap: the built-in background (default)' })).toBeChecked();
  await expect(form.getByText('Offline caching: Not allowed')).toBeVisible();
  await expectAccessible(page);

  try {
    await form.getByRole('radio', { name: 'A custom MapLibre style' }).check();
    await form.getByRole('textbox', { name: 'Style URL' }).fill('tiles.example.org/style.json');
    await form.getByRole('button', { name: 'Save basemap' }).click();
    await expect(form.getByRole('textbox', { name: 'Style URL' })).toHaveAccessibleDescription(/Give an http or https address/);
    await form.getByRole('textbox', { name: 'Style URL' }).fill(styleUrl);
    await form.getByRole('button', { name: 'Save basemap' }).click();
    await expect(page.getByText('Basemap saved: maps opened from now on draw it')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('basemap-admin.png'), fullPage: true });

    // Sites has no style of its own: it draws the basemap, its tiles from the style's host.
    const fromHost: string[] = [];
    page.on('response', (r) => void (r.url().startsWith(host) && fromHost.push(`${r.status()} ${r.url().slice(host.length)}`)));
    await page.goto('/map/properties');
    await expectSettled(page);
    expect(fromHost).toContain('200 /style.json');
    expect(fromHost.some((r) => /^200 \/tiles\/\d+\/\d+\/\d+\.png$/.test(r))).toBe(true);
    await page.goto('/admin');
    await expect(basemapLine(page)).toContainText(`a custom style (${styleUrl})`);
  } finally {
    await page.goto('/admin/basemap');
    await form.getByRole('radio', { name: 'No basemap: the built-in background (default)' }).check();
    await form.getByRole('button', { name: 'Save basemap' }).click();
    await expect(page.getByText('Basemap saved: maps opened from now on draw it')).toBeVisible();
  }
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Choose a basemap' })).toBeVisible();
});

test('an object’s page and its map popup show each series’ latest value with its flag and time', async ({ page, request }, testInfo) => {
  const word = `gauge${stamp()}`;
  const [site] = await createProperties(request, word, [19.2, 68.3], 2);
  const auth = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v1/projects', { headers: auth, data: { project: { title: `Gauges ${word}` } } });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()).project.slug as string;
  const table = await request.post(`/api/v1/projects/${project}/datatables`, { headers: auth, data: { title: 'Water quality', metrics: ['chlorophyll-a'] } });
  expect(table.status(), await table.text()).toBe(201);
  const tablePath = `/api/v1/projects/${project}/datatables/${(await table.json()).datatable.id}`;
  const observations = [
    { object: site!.name, metric: 'chlorophyll-a', time: '2025-06-01T10:00:00Z', value: 4.2 },
    { object: site!.name, metric: 'chlorophyll-a', time: '2025-06-02T10:00:00Z', value: 12.75 },
  ];
  expect((await request.post(`${tablePath}/observations`, { headers: auth, data: { observations } })).status()).toBe(200);
  const review = { object: site!.name, metric: 'chlorophyll-a', from: '2025-06-02T10:00:00Z', to: '2025-06-02T10:00:00Z', flag: 'suspect' };
  expect((await request.post(`${tablePath}/review`, { headers: auth, data: review })).status()).toBe(200);

  // The object's page: the latest value (not the first), its flag and its time.
  await page.goto(`/data/${site!.name}`);
  const latest = page.getByRole('list', { name: 'Latest values' });
  await expect(latest.getByRole('listitem')).toHaveCount(1);
  await expect(latest).toContainText('12.75');
  await expect(latest.locator('[data-flag="suspect"]')).toHaveText('suspect');
  await expect(latest.locator('time')).toHaveAttribute('datetime', '2025-06-02T10:00:00.000Z');
  // An object measured by nothing has no such section.
  const none = page.waitForResponse((r) => r.url().includes(`/latest-values?object=${word}-1`));
  await page.goto(`/data/${word}-1`);
  expect((await none).status()).toBe(200);
  await expect(page.getByRole('heading', { name: `Heath ${word} 1` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest values' })).toHaveCount(0);

  // The map's popup shows the same.
  await openSites(page);
  await page.getByRole('searchbox', { name: 'Search the map' }).fill(site!.name);
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(site!.title) })
    .click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup.getByRole('heading', { name: site!.title })).toBeVisible();
  await expect(popup.getByRole('list', { name: 'Latest values' })).toContainText('12.75');
  await expect(popup.locator('[data-flag="suspect"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('map-popup-latest.png') });
  await expectAccessible(page);
});
