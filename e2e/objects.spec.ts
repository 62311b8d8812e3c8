import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { answerDialog, apiToken, copyWith, DEMO_PASSWORD, expect, expectAccessible, expectFitsWidth, LAPTOP, PHONE, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** A valid 1×1 PNG, made here rather than kept as a file. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A project of Ada's (she owns it, so she may write notes and upload photos on its objects). */
async function adaProject(request: APIRequestContext) {
  const token = await apiToken(request, ADA);
  const res = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { project: { title: `Treeline ${suffix()}`, status: 'active' } },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()).project as { slug: string; title: string };
  return { slug: created.slug, title: created.title, token };
}

async function createObject(request: APIRequestContext, token: string, fields: Record<string, unknown>) {
  const res = await request.post('/api/v1/data/obj', { headers: { authorization: `Bearer ${token}` }, data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).obj as { id: string; name: string; title: string };
}

/** Two public objects of one project whose titles share a word no other object has. */
async function searchableObjects(request: APIRequestContext) {
  const project = await adaProject(request);
  const { slug, token } = project;
  const word = `larch${suffix()}`;
  const site = await createObject(request, token, {
    name: `site-${word}`,
    title: `Upper ${word} site`,
    types: ['site'],
    projects: [slug],
    geo: { type: 'Point', coordinates: [7.65, 45.98] },
    metadata: { elevation: 1850, habitat: 'alpine', siteCode: 'UL-1' },
  });
  const plot = await createObject(request, token, {
    name: `plot-${word}`,
    title: `Lower ${word} soil plot`,
    types: ['soil-plot'],
    projects: [slug],
    parent: site.name,
    geo: {
      type: 'Polygon',
      coordinates: [
        [
          [7.64, 45.97],
          [7.645, 45.97],
          [7.645, 45.975],
          [7.64, 45.97],
        ],
      ],
    },
    metadata: { depth: 80 },
  });
  return { word, site, plot, token, project };
}

test('a visitor searches the catalogue, filters by type, opens an object with its metadata and units; an unknown object is a 404', async ({
  page,
  request,
  trouble,
}) => {
  trouble.failure(404, /\/data\/(obj\/)?no-such-object/); // the API's answer, and the page's status
  trouble.failure(503, /\/data\/obj\?/); // injected below
  const { word, site, plot } = await searchableObjects(request);
  await page.goto('/data');
  await expect(page.getByRole('heading', { level: 1, name: 'Data' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add object' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search objects' }).fill(word);
  const table = page.getByRole('table', { name: 'Objects' });
  await expect(table.getByRole('link', { name: site.title })).toHaveCount(2); // its row, and the plot's parent
  await expect(table.getByRole('link', { name: plot.title })).toBeVisible();
  await expect(page.getByText('2 objects', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expectAccessible(page);
  await page.getByText('Map', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Map of the objects on this page' })).toBeVisible();
  await expect(page).toHaveURL(/view=map/);
  await page.getByText('Table', { exact: true }).click();

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Soil plot' }).click();
  await expect(table.getByRole('row')).toHaveCount(2); // the heading and the plot, whose parent is the site
  await expect(page.getByText('1 object', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/type=soil-plot/);
  await expect(table.getByRole('row', { name: new RegExp(plot.title) }).getByRole('link', { name: site.title })).toBeVisible();

  await table.getByRole('link', { name: plot.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: plot.title })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Profile depth 80 cm' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: site.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: site.title })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Elevation 1850 m' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Habitat Alpine' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Children' }).getByRole('link', { name: plot.title })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`Map of ${site.title}`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(page);

  expect((await page.goto(`/data/no-such-object-${word}`))!.status()).toBe(404);
  await expect(page.getByText(/^The object you requested could not be found\. .+/)).toBeVisible();

  // A catalogue the server cannot answer says so (after the client's retries).
  await page.route('**/api/v1/data/obj?*', (route) => route.fulfill({ status: 503, json: { error: 'The database is busy', code: 'INTERNAL' } }));
  await page.goto('/data');
  await expect(page.getByRole('alert').filter({ hasText: 'The objects could not be loaded' })).toContainText('The database is busy', { timeout: 30_000 });
});

test('the catalogue filters by project and by parent, each picked by name', async ({ page, request }) => {
  const { word, site, plot, project } = await searchableObjects(request);
  await page.goto('/data');
  const table = page.getByRole('table', { name: 'Objects' });
  await page.getByRole('combobox', { name: 'Project' }).fill(project.title);
  await page.getByRole('option', { name: project.title }).click();
  await expect(page).toHaveURL(new RegExp(`project=${project.slug}`));
  await expect(page.getByText('2 objects', { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: plot.title })).toBeVisible();

  await page.getByRole('combobox', { name: 'Parent' }).fill(word);
  await page.getByRole('option', { name: `${site.title} (${site.name})` }).click();
  await expect(page).toHaveURL(new RegExp(`parent=${site.name}`));
  await expect(page.getByText('1 object', { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: plot.title })).toBeVisible();

  await page.getByRole('button', { name: 'Clear Parent' }).click();
  await expect(page.getByText('2 objects', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/parent=/);
});

test("an object page says where it is: coordinates to copy, a polygon's area and extent", async ({ page, context, request }) => {
  const { site, plot } = await searchableObjects(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto(`/data/${site.name}`);
  const facts = page.getByRole('table', { name: 'Location in numbers' });
  await expect(page.getByText('A point at 45.98000° N, 7.65000° E.')).toBeVisible();
  await expect(facts.getByRole('row', { name: /Latitude, longitude/ })).toContainText('45.98000, 7.65000');
  expect(await copyWith(page, facts.getByRole('button', { name: 'Copy the coordinates' }), facts.getByRole('button', { name: 'Coordinates copied' }))).toBe(
    '45.98000, 7.65000',
  );
  await expect(page.getByRole('region', { name: /^Map of / })).toBeVisible();

  // The soil plot: a triangle of about 10.8 ha (half of 387 m × 557 m).
  await page.goto(`/data/${plot.name}`);
  await expect(page.getByText(/^An area of 10\.\d\d ha around 45\.97250° N, 7\.64250° E, 387 m east–west by 557 m north–south\.$/)).toBeVisible();
  await expect(facts.getByRole('row', { name: /Area/ })).toContainText(/^Area\s*10\.\d\d ha$/);
  await expect(facts.getByRole('row', { name: /Extent/ })).toContainText('387 m east–west × 557 m north–south');
  await expect(facts.getByRole('row', { name: /Centre/ })).toContainText('45.97250, 7.64250');
  await expect(facts.getByRole('row', { name: /Latitude, longitude/ })).toHaveCount(0);
});

test('a project owner writes notes and deletes one; the count follows', async ({ page, request, trouble }) => {
  trouble.failure(503, /\/notes\//); // injected below
  const { site } = await searchableObjects(request);
  await signIn(page, ADA.username, ADA.password);
  // The spec's address of the first tab opens it too.
  await page.goto(`/data/${site.name}/overview`);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Notebook' }).click();
  await expect(page).toHaveURL(`/data/${site.name}/notebook`);
  await expect(page.getByText('0 notes')).toBeVisible();
  await expect(page.getByText('No notes yet.', { exact: false })).toBeVisible();

  const feed = page.getByRole('feed', { name: 'Notes, newest first' });
  const write = async (text: string) => {
    await page.getByRole('textbox', { name: 'New note' }).fill(text);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(feed.getByRole('article').first()).toContainText(text);
  };
  await write('Snow still lying on the north slope.');
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();
  await write('Logger 3 replaced.');
  await expect(page.getByText('2 notes')).toBeVisible();
  await expect(feed.getByRole('article')).toHaveCount(2);
  await expectAccessible(page);

  const older = feed.getByRole('article').filter({ hasText: 'Snow still lying' });
  await older.getByRole('button', { name: 'Edit' }).click();
  await older.getByRole('textbox', { name: 'Note' }).fill('Snow still lying on the north slope; gone by June.');
  // A save the server fails: the error shows beside the note, and the text typed stays.
  await page.route('**/api/v1/data/obj/*/notes/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { error: 'The database is busy', code: 'UNAVAILABLE' } }) : route.continue(),
  );
  await older.getByRole('button', { name: 'Save' }).click();
  await expect(older.getByRole('alert')).toHaveText('The database is busy');
  await expect(older.getByRole('textbox', { name: 'Note' })).toHaveValue('Snow still lying on the north slope; gone by June.');
  await page.unroute('**/api/v1/data/obj/*/notes/*');
  await older.getByRole('button', { name: 'Save' }).click();
  await expect(older.getByText('Snow still lying on the north slope; gone by June.')).toBeVisible();
  await expect(page.getByText('2 notes')).toBeVisible();

  const first = feed.getByRole('article').filter({ hasText: 'Logger 3 replaced.' });
  await first.getByRole('button', { name: 'Delete' }).click();
  await answerDialog(page, 'Delete', 'Delete this note?');
  await expect(feed.getByRole('article')).toHaveCount(1);
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();

  // What was saved is what the server keeps.
  await page.reload();
  await expect(page.getByRole('feed', { name: 'Notes, newest first' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByText('Snow still lying on the north slope; gone by June.')).toBeVisible();

  // Signed in, the catalogue offers to add an object.
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Add object' })).toBeVisible();
});

test('a project owner uploads photos, views them in the lightbox, captions one and deletes one', async ({ page, request }) => {
  const { site } = await searchableObjects(request);
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${site.name}/photos`);
  await expect(page.getByRole('heading', { name: 'Photos', level: 2 })).toBeVisible();
  await expect(page.getByText('No photos yet.', { exact: false })).toBeVisible();
  const upload = async (name: string, count: string) => {
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(count, { exact: true })).toBeVisible();
  };
  await upload('ridge.png', '1 photo');
  await upload('hut.png', '2 photos');
  await expect(page.getByRole('button', { name: /^Open Photo \d$/ })).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Open Photo 1' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName('Photo 1 of 2');
  await expect(viewer.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName('Photo 2 of 2');
  await viewer.getByRole('button', { name: 'Previous' }).click();
  await expect(viewer).toHaveAccessibleName('Photo 1 of 2');
  await viewer.getByRole('button', { name: 'Next' }).click();
  await viewer.getByRole('button', { name: 'Edit caption' }).click();
  await viewer.getByRole('textbox', { name: 'Caption' }).fill('The ridge from the hut');
  await viewer.getByRole('button', { name: 'Save caption' }).click();
  await expect(viewer.getByText('The ridge from the hut')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // Focus goes back to the thumbnail of the photo last shown.
  await expect(page.getByRole('button', { name: 'Open The ridge from the hut' })).toBeFocused();

  await page.getByRole('button', { name: 'Open Photo 1' }).click();
  await viewer.getByRole('button', { name: 'Delete' }).click();
  await answerDialog(page, 'Delete', 'Delete this photo?');
  await expect(page.getByText('1 photo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open / })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Open The ridge from the hut' })).toBeVisible();
});

/** A camera's JPEG: taken at 46.5° N 7.5° E, as its EXIF says. */
const placedJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#5a8c3c' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 30/1 0/1' } })
    .toBuffer();

test('a photo just uploaded asks for its caption; where it was taken shows on its card to the object’s editors alone, on a laptop and a phone', async ({
  page,
  request,
  browser,
  trouble,
}) => {
  const { slug, token } = await adaProject(request);
  const site = await createObject(request, token, { name: `cairn-${suffix()}`, title: 'Cairn ridge', types: ['site'], projects: [slug] });
  await page.setViewportSize(LAPTOP);
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${site.name}/photos`);
  const photos = page.getByRole('region', { name: 'Photos' });
  // Once the page's photos are in, as a person would (a file chosen while the page still loads can be lost on a busy machine).
  await expect(photos.getByText('No photos yet.', { exact: false })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'cairn.jpg', mimeType: 'image/jpeg', buffer: await placedJpeg() });

  // The new photo's card asks for its caption, the keyboard already there.
  const caption = page.getByRole('textbox', { name: 'Caption of the new photo' });
  await expect(caption).toBeFocused();
  await expectFitsWidth(page, caption);
  await expectAccessible(page);
  await caption.fill('Cairn on the ridge');
  await page.getByRole('button', { name: 'Save caption' }).click();
  await expect(caption).toHaveCount(0);
  const card = photos.getByRole('figure').filter({ has: page.getByRole('button', { name: 'Open Cairn on the ridge' }) });
  // Ada owns the object's project: she sees where it was taken.
  await expect(card.getByText('Position 46.50000, 7.50000')).toBeVisible();
  await expectFitsWidth(page, card);

  // On a phone: the card keeps its position, and the next upload's question fits beside the others.
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page, card.getByText('Position 46.50000, 7.50000'));
  await page.locator('input[type="file"]').setInputFiles({ name: 'hut.png', mimeType: 'image/png', buffer: PNG });
  await expectFitsWidth(page, page.getByRole('button', { name: 'Skip' }));
  await expectFitsWidth(page, caption);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(caption).toHaveCount(0);

  // A visitor sees the photo and its caption, not where it was taken: the server does not say.
  const visitor = await browser.newPage();
  trouble.watch(visitor.context());
  const answered = visitor.waitForResponse((r) => r.url().includes(`/api/v1/data/obj/${site.name}/photos`));
  await visitor.goto(`/data/${site.name}/photos`);
  const listed = (await (await answered).json()) as { photos: { caption: string | null; geo: unknown }[] };
  expect(listed.photos.find((p) => p.caption === 'Cairn on the ridge')?.geo).toBeNull();
  await expect(visitor.getByRole('button', { name: 'Open Cairn on the ridge' })).toBeVisible();
  await expect(visitor.getByText(/^Position /)).toHaveCount(0);
  await visitor.close();
});

test('the catalogue exports what it shows as GeoJSON and CSV, each one file', async ({ page, request }) => {
  const { word } = await searchableObjects(request);
  await page.goto(`/data?q=${word}`);
  const table = page.getByRole('table', { name: 'Objects' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const titles = (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t')[0]!.trim());

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('All 2 objects matching the current search and filters', { exact: false })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    // eslint-disable-next-line no-restricted-syntax -- the dialog stays open for the next format, and expectAccessible above waited for it to open
    page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'GeoJSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('objects.geojson');
  const collection = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features.map((f: { properties: { title: string } }) => f.properties.title).sort()).toEqual([...titles].sort());
  expect(collection.features.map((f: { geometry: { type: string } }) => f.geometry.type).sort()).toEqual(['Point', 'Polygon']);

  // The same objects as one CSV file, the polygon's shape in its geometry column.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    // eslint-disable-next-line no-restricted-syntax -- the same dialog, open since the GeoJSON download above
    page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('objects.csv');
  const text = await readFile((await csv.path())!, 'utf8');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header!.split(',').slice(0, 2)).toEqual(['name', 'title']);
  expect(header).toContain('geometry');
  expect(rows).toHaveLength(2);
  expect(text).toContain('""type"":""Polygon""');
});
