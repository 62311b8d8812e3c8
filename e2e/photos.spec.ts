import type { APIRequestContext, Page } from '@playwright/test';
import { answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A valid 1×1 PNG, made here rather than kept as a file. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type LonLat = [number, number];
type Box = [number, number, number, number];

const inside = ([w, s, e, n]: number[], [lon, lat]: LonLat) => w! <= lon && lon <= e! && s! <= lat && lat <= n!;

/**
 * Where the demo photos of Abisko were taken (demo-objects.ts: the property's overview and
 * its first site's photo, both public, near [18.8, 68.345]), as the search answers them.
 */
async function abiskoPhotos(request: APIRequestContext): Promise<LonLat[]> {
  const res = await request.get('/api/v1/photos', { params: { q: 'Abisko', n: 100 } });
  expect(res.ok()).toBe(true);
  // A visitor reads where each is shown (its object's point), not where it was taken (its object's editors' to know).
  const { photos } = (await res.json()) as { photos: { geo: unknown; place: { coordinates: number[] } | null }[] };
  expect(photos.every((p) => p.geo === null)).toBe(true);
  const places = photos.flatMap((p) => (p.place ? [p.place.coordinates.slice(0, 2) as LonLat] : [])).filter((at) => inside([17, 67, 21, 70], at));
  expect(places.length, 'the demo photos of Abisko').toBeGreaterThan(0);
  return places;
}

/** The box of the address (bbox=west,south,east,north). */
const boxOf = (page: Page): Box => new URL(page.url()).searchParams.get('bbox')!.split(',').map(Number) as Box;

/** What the map shows now (west,south,east,north), as it notes it after every move. */
const mapView = async (page: Page) => ((await page.locator('[data-view]').getAttribute('data-view')) ?? '').split(',').map(Number);

/** Web Mercator's y of a latitude (radians of the projection; the map's vertical scale). */
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** Where a place is on the map's canvas (page pixels), from the view the map noted and the canvas's box. */
function pixelOf([w, s, e, n]: number[], area: { x: number; y: number; width: number; height: number }, [lon, lat]: LonLat) {
  return {
    x: area.x + ((lon - w!) / (e! - w!)) * area.width,
    y: area.y + ((mercatorY(n!) - mercatorY(lat)) / (mercatorY(n!) - mercatorY(s!))) * area.height,
  };
}

test('a visitor finds the photos of Abisko by drawing a box around it on the map, and opens one in the viewer', async ({ page, request }) => {
  const abisko = await abiskoPhotos(request);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Photos', exact: true }).click();
  await expect(page).toHaveURL('/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  const found = page.getByRole('list', { name: 'Photos found' });
  await expect(found.getByRole('listitem').first()).toBeVisible();

  // Its name first: the map follows the photos found, to Abisko.
  const words = page.getByRole('searchbox', { name: /Search photos/ });
  await words.fill('Abisko');
  await expect(page).toHaveURL(/[?&]q=Abisko/);
  await expect
    .poll(
      async () => {
        const view = await mapView(page);
        return abisko.every((at) => inside(view, at)) && view[2]! - view[0]! < 1;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A box dragged on the map from above left of the photos to below right of them (the
  // map keeps them 60 px from its edges: the drag stays clear of its buttons).
  const draw = page.getByRole('button', { name: 'Draw a box' });
  await draw.click();
  await expect(draw).toHaveAttribute('aria-pressed', 'true');
  const canvas = page.getByRole('region', { name: 'Map of the photos' }).locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const area = (await canvas.boundingBox())!;
  const view = await mapView(page);
  const pixels = abisko.map((at) => pixelOf(view, area, at));
  const [left, top] = [Math.min(...pixels.map((p) => p.x)) - 30, Math.min(...pixels.map((p) => p.y)) - 30];
  const [right, bottom] = [Math.max(...pixels.map((p) => p.x)) + 30, Math.max(...pixels.map((p) => p.y)) + 30];
  await page.mouse.move(left, top);
  await page.mouse.down();
  await page.mouse.move((left + right) / 2, (top + bottom) / 2, { steps: 5 });
  await page.mouse.move(right, bottom, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/[?&]bbox=/);
  await expect(draw).toHaveAttribute('aria-pressed', 'false');
  const box = boxOf(page);
  expect(
    abisko.every((at) => inside(box, at)),
    `the box ${box.join(',')} holds the photos`,
  ).toBe(true);
  await expect(page.getByRole('button', { name: 'Clear the box' })).toBeVisible();

  // The words gone, the box alone finds them.
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/photos?') && r.url().includes('bbox=') && !r.url().includes('q='));
  await words.fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await answered;
  const cards = found.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect((await cards.allInnerTexts()).every((text) => text.includes('Abisko'))).toBe(true);
  await expect(page.getByText(/^\d+ photos?$/)).toBeVisible();
  await expectAccessible(page);

  // The viewer, at /photos/{id} with the same search; Escape goes back to the grid.
  const open = cards.first().getByRole('button', { name: /^Open / });
  const label = ((await open.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
  await open.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName(/^Photo 1 of \d+$/);
  await expect(page).toHaveURL(/\/photos\/[0-9a-f-]{36}\?bbox=/);
  await expect(viewer.getByRole('img', { name: label })).toBeVisible();
  await expect(viewer.getByRole('link', { name: /Abisko birch–tundra ecotone|Njulla slope/ })).toHaveAttribute('href', /^\/data\/abi[\w-]*\/photos$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(/\/photos\?bbox=/);
  // The focus is back on the photo's thumbnail.
  await expect(open).toBeFocused();
});

test('paging: 10 photos a page, the rest on page 2', async ({ page }) => {
  // Photos taken before today: the demo's, not those other journeys upload while this one runs.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/photos?to=${yesterday}`);
  const found = page.getByRole('list', { name: 'Photos found' });
  const total = page.getByText(/^\d+ photos$/);
  await expect(total).toBeVisible();
  const count = Number(/^(\d+)/.exec((await total.textContent()) ?? '')![1]);
  expect(count, 'the demo has more than a page of public photos').toBeGreaterThan(10);
  await expect(found.getByRole('listitem')).toHaveCount(10);
  const firstPage = await found.getByRole('button', { name: /^Open / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-photo')));

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(page).toHaveURL(new RegExp(`[?&]to=${yesterday}`));
  await expect(found.getByRole('listitem')).toHaveCount(Math.min(count - 10, 10));
  const secondPage = await found.getByRole('button', { name: /^Open / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-photo')));
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

  // The viewer goes through page 2 only, and its address keeps the page.
  await found
    .getByRole('button', { name: /^Open / })
    .last()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName(`Photo ${Math.min(count - 10, 10)} of ${Math.min(count - 10, 10)}`);
  await expect(page).toHaveURL(/\/photos\/[0-9a-f-]{36}\?.*p=2/);
  await expect(viewer.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toHaveAccessibleName(`Photo ${Math.min(count - 10, 10) - 1} of ${Math.min(count - 10, 10)}`);

  // A photo's own address, loaded afresh, opens the viewer on it.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').locator('img')).toBeVisible();
});

test('the photo search fits a phone, with the address’s box shown on the map', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const box = '18.6,68.25,19.05,68.45';
  await page.goto(`/photos?bbox=${box}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of the photos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear the box' })).toBeVisible();
  // The map opens on the box.
  await expect
    .poll(
      async () => {
        const view = await mapView(page);
        return inside(view, [18.6, 68.25]) && inside(view, [19.05, 68.45]) && view[2]! - view[0]! < 2;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const width = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width, 'the page is as wide as the phone').toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Clear the box' }).click();
  await expect(page).toHaveURL('/photos');
  await expect(page.getByRole('button', { name: 'Clear the box' })).toHaveCount(0);
});

/** A project of Ada's with a site, and two photos of it uploaded and captioned through the API. */
async function adaPhotos(request: APIRequestContext, word: string) {
  const token = await apiToken(request, ADA);
  const project = await request.post('/api/v1/projects', { headers: bearer(token), data: { project: { title: `Cairns ${word}`, status: 'active' } } });
  expect(project.status()).toBe(201);
  const { slug } = (await project.json()).project as { slug: string };
  const object = await request.post('/api/v1/data/obj', {
    headers: bearer(token),
    data: { name: `cairn-${word}`, title: `Cairn ${word}`, types: ['site'], projects: [slug], geo: { type: 'Point', coordinates: [7.66, 45.99] } },
  });
  expect(object.status(), await object.text()).toBe(201);
  const site = (await object.json()).obj as { name: string };
  const ids: string[] = [];
  for (const caption of [`Ridge ${word}`, `Hut ${word}`]) {
    const uploaded = await request.post(`/api/v1/data/obj/${site.name}/photos`, {
      headers: bearer(token),
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const captioned = await request.put(`/api/v1/data/obj/${site.name}/photos/${id}`, { headers: bearer(token), data: { caption } });
    expect(captioned.ok()).toBe(true);
    ids.push(id);
  }
  return { site, token };
}

test('a user changes a caption on /me/photos and deletes a photo after confirming', async ({ page, request }) => {
  const word = `cairn${suffix()}`;
  const { site, token } = await adaPhotos(request, word);
  const captions = async () =>
    ((await (await request.get(`/api/v1/data/obj/${site.name}/photos`, { headers: bearer(token) })).json()).photos as { caption: string | null }[])
      .map((p) => p.caption)
      .sort();

  await signIn(page, ADA.username, ADA.password);
  await page.goto('/me/photos');
  await expect(page.getByRole('heading', { level: 1, name: 'My Photos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search my photos' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const list = page.getByRole('list', { name: 'My photos' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 photos', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The caption, edited in place.
  const ridge = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Open Ridge ${word}`, exact: true }) });
  await ridge.getByRole('button', { name: 'Edit caption' }).click();
  const caption = ridge.getByRole('textbox', { name: 'Caption' });
  await expect(caption).toHaveValue(`Ridge ${word}`);
  await caption.fill(`The ridge at dawn ${word}`);
  await ridge.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('button', { name: `Open The ridge at dawn ${word}`, exact: true })).toBeVisible();
  await expect(list.getByRole('textbox', { name: 'Caption' })).toHaveCount(0);
  expect(await captions()).toEqual([`Hut ${word}`, `The ridge at dawn ${word}`]);

  // Deleted once confirmed; the list is asked again.
  const hut = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Open Hut ${word}`, exact: true }) });
  await hut.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this photo?' })).toContainText(`Hut ${word}`);
  await answerDialog(page, 'Delete');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('1 photo', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: `Open Hut ${word}`, exact: true })).toHaveCount(0);
  expect(await captions()).toEqual([`The ridge at dawn ${word}`]);

  // The photo left opens in the viewer.
  await list.getByRole('button', { name: `Open The ridge at dawn ${word}`, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 1' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: `Cairn ${word}` })).toHaveAttribute('href', `/data/${site.name}/photos`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
