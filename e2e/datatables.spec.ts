import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { ADMIN, answerDialog, apiToken, expect, signIn, test } from './fixtures';

/** Shows a table in another view (a segmented control: its radios are hidden behind their labels). */
const view = (table: Locator, name: string) =>
  table
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

/** The demo's river project: 53,443 daily means of chlorophyll-a at fifteen sites. */
const RIVERS = '/projects/near-term-forecasts-of-river-chlorophyll-a/data';

test('a visitor charts a project’s data table, zooms in on a time range, sorts its rows and downloads that range as CSV', async ({ page }) => {
  await page.goto(RIVERS);
  const table = page.getByRole('region', { name: 'Chlorophyll-a, daily means' });
  const chart = table.getByRole('img', { name: /^Chart of chlorophyll-a from 2005-07-07 to 2026-08-18, 15 series$/ });
  await expect(chart).toBeVisible();
  await expect(table.getByText('Long series are drawn as each span’s lowest and highest value.')).toBeVisible();

  // Drag across the middle fifth of the plot: the chart asks for that range at full detail.
  const plot = chart.locator('.u-over');
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  const zoomed = page.waitForResponse((r) => r.url().includes('/chart?') && r.url().includes('from='));
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect((await zoomed).status()).toBe(200);
  const from = table.getByRole('textbox', { name: 'From' });
  const before = table.getByRole('textbox', { name: 'Before' });
  await expect(from).not.toHaveValue('');
  const [start, end] = [await from.inputValue(), await before.inputValue()];
  expect(start < end).toBe(true);
  await expect(table.getByRole('img', { name: new RegExp(`^Chart of chlorophyll-a from ${start} to ${end}, \\d+ series$`) })).toBeVisible();

  // One site, as a table sorted by value, highest first.
  await table.getByRole('combobox', { name: 'Object', exact: true }).click();
  await page.getByRole('option', { name: 'San Joaquin River Near Vernalis' }).click();
  // The chart of one site is drawn, and the page settles, before the view changes: a click on
  // a control that moves while it is pressed is lost.
  await expect(table.getByRole('img', { name: /^Chart of chlorophyll-a from .*, 1 series$/ })).toBeVisible();
  await view(table, 'Table');
  const rows = table.getByRole('table', { name: 'Observations' });
  await expect(rows.getByRole('row')).not.toHaveCount(1);
  await rows.getByRole('button', { name: 'Value' }).click();
  await rows.getByRole('button', { name: 'Value' }).click();
  await expect(rows.getByRole('columnheader', { name: 'Value' })).toHaveAttribute('aria-sort', 'descending');
  // The page shown stays while the sorted one loads: wait for the rows to come in the new order.
  const shownValues = async () => (await rows.getByRole('row').locator('td:nth-child(4)').allTextContents()).map(Number);
  const descending = (list: number[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! >= v);
  await expect.poll(async () => descending(await shownValues())).toBe(true);
  const values = await shownValues();

  await view(table, 'Summary');
  const summary = table.getByRole('table', { name: 'Summary' });
  await expect(summary.getByRole('row')).toHaveCount(2);
  await expect(summary.getByRole('cell', { name: 'San Joaquin River Near Vernalis' })).toBeVisible();
  expect(Number(await summary.getByRole('row').nth(1).locator('td').nth(4).textContent())).toBe(values[0]);

  // The CSV holds that site's rows of that range.
  const [download] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: 'Download CSV', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('near-term-forecasts-of-river-chlorophyll-a-chlorophyll-a-daily-means.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('object,title,metric,unit,time,value,note,flag,flag_rule,level');
  expect(lines.length).toBeGreaterThan(2);
  // And as an Excel workbook (a ZIP archive).
  const [xlsx] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: 'Download Excel (.xlsx)' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('near-term-forecasts-of-river-chlorophyll-a-chlorophyll-a-daily-means.xlsx');
  expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString()).toBe('PK');
  const times = lines.slice(1).map((line) => line.split(',')[4]!);
  expect(times.every((time) => time >= start && time < `${end}T23:59:59`)).toBe(true);
  expect(lines.slice(1).every((line) => line.includes(',San Joaquin River Near Vernalis,chlorophyll-a,'))).toBe(true);
});

test('the table’s objects show on a map, and a chart that fails to load says so', async ({ page, trouble }) => {
  await page.goto(RIVERS);
  const table = page.getByRole('region', { name: 'Chlorophyll-a, daily means' });
  await view(table, 'Map');
  await expect(table.getByRole('region', { name: 'Map of the table’s objects' })).toBeVisible();
  await expect(table.getByText('15 of 15 objects have a location. Select one on the map to open it.')).toBeVisible();

  trouble.failure(500, /\/chart\?/);
  await page.route(/\/chart\?/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The database is unavailable' }) }),
  );
  await table.getByRole('textbox', { name: 'From' }).fill('2015-01-01');
  await view(table, 'Chart');
  await expect(table.getByRole('alert').filter({ hasText: 'The chart could not be loaded' })).toBeVisible();
});

test('a data manager catalogues a project’s data tables and object types in Site Admin', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const title = `Lake chemistry ${randomUUID().slice(0, 8)}`;
  const project = (await (await request.post('/api/v1/projects', { headers, data: { project: { title } } })).json()).project;

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/projects/${project.slug}/catalog`);
  await expect(page.getByText('No data tables yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a data table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a data table' });
  await dialog.getByLabel('Title').fill('Monthly samples');
  await dialog.getByLabel('Description').fill('Grab samples at 0.5 m');
  await dialog.getByRole('combobox', { name: 'Metrics' }).click();
  await page.getByRole('option', { name: /^Soil pH/ }).click();
  await dialog.getByLabel('Description').click();
  await dialog.getByRole('button', { name: 'Add data table' }).click();
  const tables = page.getByRole('table', { name: 'Data tables' });
  await expect(tables.getByText('Grab samples at 0.5 m')).toBeVisible();
  await expect(tables.getByText('Soil pH ([pH])')).toBeVisible();

  await tables.getByRole('button', { name: 'Edit Monthly samples' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Monthly samples' });
  await edit.getByLabel('Title').fill('Water samples');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(tables.getByText('Water samples')).toBeVisible();

  await page.getByRole('combobox', { name: 'Object types' }).click();
  await page.getByRole('option', { name: 'Soil plot' }).click();
  await page.getByRole('heading', { name: 'Object types it catalogues' }).click();
  await page.getByRole('form', { name: 'Object types it catalogues' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Object types saved')).toBeVisible();

  // A new object of the project is offered only the types it catalogues.
  await page.goto('/data/new');
  const form = page.getByRole('form', { name: 'Object' });
  const projects = form.getByRole('combobox', { name: 'Projects' });
  // Its pill (the options' list opens outside the form).
  const picked = form.getByText(project.title, { exact: true });
  // Picked again until it shows: an option clicked as the searched list re-renders can be missed.
  await expect(async () => {
    if (await picked.isVisible()) return;
    await projects.click();
    await projects.fill(project.title);
    await page.getByRole('option', { name: project.title }).click({ timeout: 5000 });
    await expect(picked).toBeVisible({ timeout: 2000 });
  }).toPass();
  await form.getByRole('textbox', { name: 'Title' }).click();
  await expect(form.getByText('Narrowed to the types its projects catalogue')).toBeVisible();
  await form.getByRole('combobox', { name: 'Types' }).click();
  await expect(page.getByRole('option')).toHaveText(['Soil plot']);

  // The project's Data tab shows the table, and offers its types as a filter.
  await page.goto(`/projects/${project.slug}/data`);
  await expect(page.getByRole('region', { name: 'Water samples' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Object type' })).toBeVisible();

  await page.goto(`/admin/projects/${project.slug}/catalog`);
  await page.getByRole('table', { name: 'Data tables' }).getByRole('button', { name: 'Delete Water samples' }).click();
  await answerDialog(page, 'Delete data table', 'Delete Water samples?');
  await expect(page.getByText('No data tables yet.')).toBeVisible();
});

test('a data manager sees the values a metric’s rules flagged on the chart, flags a span and releases it', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const id = randomUUID().slice(0, 8);
  const post = async (url: string, data: object) => {
    const res = await request.post(`/api/v1${url}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const metric = `water-temp-${id}`;
  await post('/data/metrics', {
    name: metric,
    title: `Water temperature ${id}`,
    type: 'number',
    unit: 'Cel',
    rules: [
      { kind: 'range', name: 'Gross range', flag: 'bad', min: -2, max: 35 },
      { kind: 'spike', name: 'Spike', flag: 'suspect', threshold: 3 },
    ],
  });
  const { project } = await post('/projects', { project: { title: `Lake buoy ${id}` } });
  const object = `buoy-${id}`;
  await post('/data/obj', { name: object, title: `Buoy ${id}`, types: ['site'], projects: [project.slug], geo: { type: 'Point', coordinates: [8.5, 47.3] } });
  const { datatable } = await post(`/projects/${project.slug}/datatables`, { title: 'Buoy temperatures', metrics: [metric] });
  // Hourly on 1 June 2024: one value out of range, one spike.
  const values = [14.1, 14.3, 14.2, 48, 14.6, 14.8, 19.9, 15.1, 15.2, 15.0];
  const observations = values.map((value, i) => ({ object, metric, time: new Date(Date.UTC(2024, 5, 1, i)).toISOString(), value }));
  await post(`/projects/${project.slug}/datatables/${datatable.id}/observations`, { observations });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/projects/${project.slug}/data`);
  // The sites listed above the table push it down as they arrive: a dropdown opened before
  // then loses its field from view and hides.
  const sitesListed = () => expect(page.getByRole('table', { name: 'Sites and objects' })).toContainText(`Buoy ${id}`);
  await sitesListed();
  const table = page.getByRole('region', { name: 'Buoy temperatures' });
  await expect(table.getByRole('img', { name: /^Chart of .* 1 series$/ })).toBeVisible();
  await expect(table.getByText('2 flagged values are marked: bad filled red, suspect in amber rings, missing in grey.')).toBeVisible();
  await expect(table.locator('[data-chart-flagged="2"]')).toBeAttached();
  await table.screenshot({ path: test.info().outputPath('flagged-chart.png') });

  // The table view lists the flags; the filter keeps the bad one.
  await table.getByRole('combobox', { name: 'Quality flag' }).first().click();
  await page.getByRole('option', { name: 'bad', exact: true }).click();
  await view(table, 'Table');
  const rows = table.getByRole('table', { name: 'Observations' });
  await expect(rows.getByRole('row')).toHaveCount(2);
  await expect(rows.getByRole('row').nth(1)).toContainText('48');
  await expect(rows.getByRole('row').nth(1)).toContainText('bad (Gross range)');

  // Back to every value (a fresh page): the review sets the whole span the chart shows, then releases it.
  await page.reload();
  await sitesListed();
  await expect(table.getByRole('img', { name: /^Chart of .* 1 series$/ })).toBeVisible();
  const review = table.getByRole('region', { name: 'Review the values shown' });
  await expect(review).toContainText(`Review the ${metric} values from 2024-06-01 00:00 to 2024-06-01 09:00`);
  await review.getByRole('combobox', { name: 'Quality flag' }).click();
  await page.getByRole('option', { name: 'suspect', exact: true }).click();
  await review.getByRole('button', { name: 'Set flag' }).click();
  await expect(page.getByText('10 values flagged.')).toBeVisible();
  await expect(table.getByText('10 flagged values are marked')).toBeVisible();

  await review.getByRole('button', { name: 'Release' }).click();
  const confirm = page.getByRole('dialog', { name: 'Release these values?' });
  await expect(confirm).toContainText('Released values are fixed');
  await confirm.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('10 values moved on.')).toBeVisible();
  const released = await request.get(`/api/v1/projects/${project.slug}/datatables/${datatable.id}/observations?level=released&flag=suspect`, { headers });
  expect((await released.json()).observations).toHaveLength(10);
});
