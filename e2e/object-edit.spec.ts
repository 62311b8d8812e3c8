import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, expect, expectAccessible, keyboardDrag, newUser, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A project of Ada's (she owns it, so she may put objects in it). */
async function adasProject(request: APIRequestContext) {
  const token = await apiToken(request, ADA);
  const res = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { project: { title: `Alpine Sites ${suffix()}` } },
  });
  expect(res.status()).toBe(201);
  return { ...(await res.json()).project, token } as { id: string; slug: string; title: string; token: string };
}

async function createObject(request: APIRequestContext, body: Record<string, unknown>) {
  const project = await adasProject(request);
  const name = `site-${suffix()}`;
  const res = await request.post('/api/v1/data/obj', {
    headers: { authorization: `Bearer ${project.token}` },
    data: { name, title: `Upper Meadow ${name}`, types: ['site'], projects: [project.id], ...body },
  });
  expect(res.status()).toBe(201);
  return { name, title: `Upper Meadow ${name}`, token: project.token };
}

const getObject = (request: APIRequestContext, name: string, token: string) =>
  request.get(`/api/v1/data/obj/${name}`, { headers: { authorization: `Bearer ${token}` } });

async function chooseOption(page: Page, label: string, option: string, type?: string) {
  const box = page.getByRole('form', { name: 'Object' }).getByRole('combobox', { name: label });
  await box.click();
  if (type) await box.fill(type);
  await page.getByRole('option', { name: option }).click();
}

test('a researcher creates an object by drawing a polygon on the map and filling its metadata', async ({ page, request }) => {
  test.slow(); // the map loads, then many steps
  const project = await adasProject(request);
  const name = `meadow-${suffix()}`;
  await signIn(page, ADA.username, ADA.password);
  await page.goto('/data/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New object' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Object' });

  // The inputs know the server's limits: text past one stays whole and is refused at its field, never cut.
  await form.getByRole('textbox', { name: 'Title' }).fill('t'.repeat(301));
  await expect(form.getByText('301 characters: at most 300')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('t'.repeat(301));
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Title' }).fill('Upper Meadow');
  await chooseOption(page, 'Types', 'Site');
  await page.keyboard.press('Escape');
  await chooseOption(page, 'Projects', project.title);
  await page.keyboard.press('Escape');

  // The generated form: Site's fields, the elevation in metres.
  const elevation = form.getByRole('textbox', { name: 'Elevation in m' });
  await expect(elevation).toBeVisible();
  await expect(form.getByText('m', { exact: true })).toBeVisible();
  await elevation.fill('2140');
  await form.getByRole('textbox', { name: 'Site code' }).fill('UM-1');

  // Four clicks on the map, then finish: a closed polygon.
  await form.getByRole('button', { name: 'Draw a polygon' }).click();
  const canvas = page.getByRole('region', { name: 'Geometry map' }).locator('canvas');
  await expect(canvas).toBeVisible();
  for (const [x, y] of [
    [200, 100],
    [420, 110],
    [430, 300],
    [190, 280],
  ] as const) {
    await canvas.click({ position: { x, y } });
  }
  await expect(page.getByTestId('vertex')).toHaveCount(4);
  await expect(page.getByTestId('geometry-summary')).toContainText('Drawing a polygon: 4 points so far.');
  await form.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('geometry-summary')).toHaveText('A polygon of 4 corners.');
  await expect(form.getByRole('textbox', { name: 'GeoJSON' })).toHaveValue(/"Polygon"/);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/object-new.png', fullPage: true });

  await form.getByRole('button', { name: 'Create object' }).click();
  await expect(page).toHaveURL(`/data/${name}`);
  const saved = (await (await getObject(request, name, project.token)).json()).obj;
  expect(saved.geo.type).toBe('Polygon');
  expect(saved.geo.coordinates).toHaveLength(1);
  expect(saved.geo.coordinates[0]).toHaveLength(5);
  expect(saved.geo.coordinates[0][4]).toEqual(saved.geo.coordinates[0][0]);
  expect(saved.metadata).toEqual({ elevation: 2140, siteCode: 'UM-1' });
  expect(saved.types.map((t: { slug: string }) => t.slug)).toEqual(['site']);
  expect(saved.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
});

test('invalid metadata and invalid GeoJSON are named next to their field and change nothing', async ({ page, request, trouble }) => {
  trouble.failure(400, /\/data\/obj\/[\w-]+$/);
  const point = { type: 'Point', coordinates: [7.75, 46.02] };
  const object = await createObject(request, { geo: point, metadata: { elevation: 1800 } });
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${object.name}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${object.title}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Object' });

  // Above the schema's maximum: refused before sending.
  await form.getByRole('textbox', { name: 'Elevation in m' }).fill('9500');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('At most 9000 m')).toBeVisible();
  await form.getByRole('textbox', { name: 'Elevation in m' }).fill('1800');

  // Not closed: the shared schema says why, here.
  const geojson = form.getByRole('textbox', { name: 'GeoJSON' });
  await geojson.fill('{"type":"Polygon","coordinates":[[[7.7,46],[7.8,46],[7.8,46.1],[7.7,46.05]]]}');
  await form.getByRole('button', { name: 'Apply GeoJSON' }).click();
  await expect(form.getByText('A polygon ring must be closed: its last position [7.7, 46.05] must equal its first [7.7, 46] (at coordinates.0)')).toBeVisible();
  await expect(page.getByTestId('geometry-summary')).toHaveText('A point at longitude 7.75, latitude 46.02.');

  // A bow tie passes the schema; the database refuses it and the server says why.
  await geojson.fill('{"type":"Polygon","coordinates":[[[7.7,46],[7.8,46.1],[7.8,46],[7.7,46.1],[7.7,46]]]}');
  await form.getByRole('button', { name: 'Apply GeoJSON' }).click();
  await expect(page.getByTestId('geometry-summary')).toHaveText('A polygon of 4 corners.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form
      .getByRole('alert')
      .filter({ hasText: /Self-intersection/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/object-edit-errors.png', fullPage: true });

  const unchanged = (await (await getObject(request, object.name, object.token)).json()).obj;
  expect(unchanged.geo).toEqual(point);
  expect(unchanged.metadata).toEqual({ elevation: 1800 });
});

async function personId(request: APIRequestContext, q: string) {
  const res = await request.get('/api/v1/people', { params: { q } });
  return (await res.json()).people[0].id as string;
}

test('an editor reorders the people of an object by keyboard drag, and the order is kept', async ({ page, request, trouble }) => {
  trouble.failure(503, /\/people\//); // injected below
  test.slow();
  const object = await createObject(request, {});
  for (const [q, role] of [
    ['Lindqvist', 'Site manager'],
    ['Okafor', 'Data manager'],
    ['Herrera', null],
  ] as const) {
    const res = await request.put(`/api/v1/data/obj/${object.name}/people/${await personId(request, q)}`, {
      headers: { authorization: `Bearer ${object.token}` },
      data: { role },
    });
    expect(res.status()).toBe(200);
  }
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${object.name}/edit`);
  const list = page.getByRole('list', { name: 'People in order' });
  const order = () => list.getByRole('listitem').getByRole('paragraph').allTextContents();
  await expect.poll(order).toEqual(['Ada Lindqvist', 'Grace Okafor', 'Tomás Herrera']);

  await keyboardDrag(page, 'Tomás Herrera', 'ArrowUp', 2);
  await expect.poll(order).toEqual(['Tomás Herrera', 'Ada Lindqvist', 'Grace Okafor']);
  await expectAccessible(page);

  await page.reload();
  await expect.poll(order).toEqual(['Tomás Herrera', 'Ada Lindqvist', 'Grace Okafor']);

  // A move the server fails shows at once, then goes back with a message.
  await page.route('**/api/v1/data/obj/*/people/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { error: 'The database is busy', code: 'UNAVAILABLE' } }) : route.continue(),
  );
  await keyboardDrag(page, 'Grace Okafor', 'ArrowUp', 1);
  await expect(page.getByText('The new order was not saved: The database is busy. The previous order is back.')).toBeVisible();
  await expect.poll(order).toEqual(['Tomás Herrera', 'Ada Lindqvist', 'Grace Okafor']);
  await page.unroute('**/api/v1/data/obj/*/people/*');

  const people = (await (await getObject(request, object.name, object.token)).json()).obj.people;
  expect(people.map((p: { person: { name: string }; position: number }) => [p.position, p.person.name])).toEqual([
    [0, 'Tomás Herrera'],
    [1, 'Ada Lindqvist'],
    [2, 'Grace Okafor'],
  ]);
});

test('an editor adds people to an object by picking them by name, one after another', async ({ page, request }) => {
  const object = await createObject(request, {});
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${object.name}/edit`);
  const form = page.getByRole('form', { name: 'Add a person' });
  const picker = form.getByRole('combobox', { name: 'Person' });
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(form.getByText('Choose a person')).toBeVisible();
  await picker.fill('L');
  await expect(page.getByRole('listbox').getByText('Type two letters or more')).toBeVisible();
  await picker.fill('Lindqvist');
  await page.getByRole('option', { name: 'Ada Lindqvist' }).click();
  await form.getByRole('textbox', { name: 'Role' }).fill('Site manager');
  await form.getByRole('button', { name: 'Add person' }).click();
  const list = page.getByRole('list', { name: 'People in order' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(picker).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Role' })).toHaveValue('');
  await picker.fill('Okafor');
  await page.getByRole('option', { name: 'Grace Okafor' }).click();
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect.poll(() => list.getByRole('listitem').getByRole('paragraph').allTextContents()).toEqual(['Ada Lindqvist', 'Grace Okafor']);
  await expect(picker).toHaveValue('');
  const people = (await (await getObject(request, object.name, object.token)).json()).obj.people;
  expect(people.map((p: { person: { name: string }; role: string | null }) => [p.person.name, p.role])).toEqual([
    ['Ada Lindqvist', 'Site manager'],
    ['Grace Okafor', null],
  ]);
});

test('an editor puts an object under a parent picked by name; the object itself is not offered', async ({ page, request }) => {
  const child = await createObject(request, {});
  const parent = await createObject(request, {});
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${child.name}/edit`);
  const form = page.getByRole('form', { name: 'Object' });
  const picker = form.getByRole('combobox', { name: 'Parent' });
  await picker.fill(child.name);
  await expect(page.getByRole('listbox').getByText('No object found')).toBeVisible();
  await picker.fill(parent.name);
  await page.getByRole('option', { name: `${parent.title} (${parent.name})` }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  // Saved: the object's own page (the edit page's heading, "Edit …", holds its title too).
  await expect(page).toHaveURL(`/data/${child.name}`);
  await expect(page.getByRole('heading', { level: 1, name: child.title, exact: true })).toBeVisible();
  const saved = (await (await getObject(request, child.name, child.token)).json()).obj;
  expect(saved.parent).toMatchObject({ name: parent.name });
});

test('a signed-in user who may not edit the object is refused on its edit page', async ({ page, request }) => {
  const object = await createObject(request, {});
  const stranger = await newUser(request);
  await signIn(page, stranger.username, stranger.password);
  await page.goto(`/data/${object.name}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You may not edit this object.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Object' })).toHaveCount(0);
  // The error's heading is the title, not the edit page's "Edit …".
  await expect(page).toHaveTitle(/^Access Denied · /);
});

test('an editor deletes an object after typing its name', async ({ page, request }) => {
  const object = await createObject(request, {});
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/data/${object.name}/edit`);
  await page.getByRole('button', { name: 'Delete this object' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Delete object' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Object name' }).fill('not-its-name');
  await expect(dialog.getByRole('button', { name: 'Delete object' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Object name' }).fill(object.name);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete object' }).click();
  await expect(page).toHaveURL('/data');
  expect((await getObject(request, object.name, object.token)).status()).toBe(404);
});
