import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, answerDialog, apiToken, expect, expectAccessible, signIn, test } from './fixtures';

/*
 * Site Admin's object types and metadata schemas. Each journey makes its own schema, type,
 * objects and metrics through the API (names of its own), so the journeys that create
 * sites and search the catalogue meet none of them changed.
 */

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` }, data });
  expect(res.status(), `POST ${path}`).toBe(201);
  return res.json();
}

/** A schema with one optional field, a type that follows it, and `objects` objects of the type. */
async function soilCores(request: APIRequestContext, objects: number) {
  const id = suffix();
  const schema = { slug: `core-basics-${id}`, title: `Core basics ${id}` };
  await post(request, '/data/schema', { ...schema, schema: { type: 'object', properties: { depth: { type: 'number', title: 'Depth', 'x-unit': 'cm' } } } });
  const type = (await post(request, '/data/objtypes', { name: `Soil core ${id}`, marker: 'soil', metadata_schemas: [schema.slug] })).objtype as {
    slug: string;
    name: string;
  };
  const made: { name: string; title: string }[] = [];
  for (let i = 1; i <= objects; i++) {
    const object = { name: `core-${id}-${i}`, title: `Core ${i} of ${id}` };
    await post(request, '/data/obj', { ...object, types: [type.slug], metadata: { depth: 10 * i } });
    made.push(object);
  }
  return { schema, type, objects: made };
}

/** Opens a picker, types into it when it is searchable, and picks the option. */
async function chooseOption(page: Page, box: Locator, option: string | RegExp, typed?: string) {
  await box.click();
  if (typed) await box.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('an administrator adds a required field to a schema: the check names the objects it would make invalid, and the object form asks for the field', async ({
  page,
  request,
}) => {
  const { schema, type, objects } = await soilCores(request, 2);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/data/schema/${schema.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: schema.title })).toBeVisible();
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${schema.title} · Metadata schemas · Site Admin`));

  // Text that is not JSON is named with its place, and the preview keeps the last good form.
  const editor = page.getByRole('textbox', { name: 'JSON Schema' });
  await editor.fill('{\n  "type": "object",\n  "properties": {},\n}');
  await expect(page.getByText('Line 4, column 1: A comma before “}”: remove it')).toBeVisible();
  const preview = page.getByRole('form', { name: 'Preview of the form' });
  await expect(preview.getByRole('textbox', { name: 'Depth in cm' })).toBeVisible();
  await expect(page.getByText('this is the preview of the last version that did')).toBeVisible();

  // A required field: the preview shows it as typed.
  const next = {
    type: 'object',
    properties: { depth: { type: 'number', title: 'Depth', 'x-unit': 'cm' }, horizon: { type: 'string', title: 'Horizon', maxLength: 10 } },
    required: ['horizon'],
  };
  await editor.fill(JSON.stringify(next, null, 2));
  await expect(preview.getByRole('textbox', { name: 'Horizon' })).toBeVisible();

  // The check counts both objects and links them; nothing is saved without the confirmation.
  await page.getByRole('button', { name: 'Check and save' }).click();
  const report = page.getByRole('region', { name: 'Impact check' });
  await expect(report.getByText('2 of 2 objects would become invalid.')).toBeVisible();
  for (const object of objects) {
    await expect(report.getByRole('link', { name: object.title })).toHaveAttribute('href', `/data/${object.name}`);
  }
  await expect(report.getByText(/horizon: must have required property 'horizon'/).first()).toBeVisible();
  await expectAccessible(page);
  await report.getByRole('button', { name: 'Save anyway' }).click();
  await expect(report.getByText('Saved as version 2.')).toBeVisible();
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();

  // The object form of the type asks for the new field.
  await page.goto('/data/new');
  const form = page.getByRole('form', { name: 'Object' });
  await chooseOption(page, form.getByRole('combobox', { name: 'Types' }), type.name);
  await page.keyboard.press('Escape');
  const horizon = form.getByRole('textbox', { name: 'Horizon' });
  await expect(horizon).toBeVisible();
  await expect(horizon).toHaveAttribute('required', '');
});

test('an object type with objects is not deleted: the refusal says why', async ({ page, request, trouble }) => {
  trouble.failure(409, /\/api\/v1\/data\/objtypes\//);
  const { type } = await soilCores(request, 1);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/data/objtypes/${type.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: type.name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete object type' }).click();
  await answerDialog(page, 'Delete');
  await expect(page.getByRole('alert').filter({ hasText: `1 object is of the type ${type.name}` })).toBeVisible();
});

test('an administrator adds a metric to an object type on its page', async ({ page, request }) => {
  const { type } = await soilCores(request, 0);
  const id = suffix();
  const metric = { name: `core_carbon_${id}`, title: `Organic carbon ${id}` };
  await post(request, '/data/metrics', { ...metric, type: 'number', unit: '%' });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/data/objtypes');
  await expect(page.getByRole('heading', { level: 1, name: 'Object types' })).toBeVisible();
  await page.getByRole('table', { name: 'Object types' }).getByRole('link', { name: type.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: type.name })).toBeVisible();

  const metrics = page.getByRole('group', { name: 'Metrics' });
  await expect(metrics.getByText('None yet.')).toBeVisible();
  await chooseOption(page, metrics.getByRole('combobox', { name: 'Add a metric' }), new RegExp(metric.title), metric.title);
  await metrics.getByRole('button', { name: 'Add', exact: true }).click();
  const listed = metrics.getByRole('list', { name: 'Metrics' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(metric.title);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Object type ${type.name} saved`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('group', { name: 'Metrics' }).getByRole('list', { name: 'Metrics' }).getByRole('listitem')).toContainText([
    `${metric.title} (%)`,
  ]);
});

test('an administrator edits any object’s raw metadata in Site Admin; a refusal names the field, and the rest of the object stays', async ({
  page,
  request,
  trouble,
}) => {
  trouble.failure(400, /\/api\/v1\/data\/obj\//); // the wrong depth below
  const { type } = await soilCores(request, 0);
  const name = `core-${suffix()}`;
  const made = await post(request, '/data/obj', {
    name,
    title: `Core ${name}`,
    types: [type.slug],
    metadata: { depth: 10 },
    geo: { type: 'Point', coordinates: [7.5, 46.9] },
  });
  expect(made.obj.geo).toEqual({ type: 'Point', coordinates: [7.5, 46.9] });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/data/obj');
  await page.getByRole('textbox', { name: 'Search objects' }).fill(name);
  await page
    .getByRole('table', { name: 'Objects' })
    .getByRole('link', { name: `Core ${name}` })
    .click();
  const editor = page.getByRole('textbox', { name: 'Metadata' });
  await expect(editor).toHaveValue(/"depth": 10/);

  await editor.fill('{ "depth": "deep" }');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^depth: /)).toBeVisible();
  await editor.fill('{ "depth": 25 }');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Core ${name} saved`)).toBeVisible();

  const res = await request.get(`/api/v1/data/obj/${name}`, { headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` } });
  const { obj } = await res.json();
  expect(obj.metadata).toEqual({ depth: 25 });
  expect(obj.geo).toEqual({ type: 'Point', coordinates: [7.5, 46.9] });
});
