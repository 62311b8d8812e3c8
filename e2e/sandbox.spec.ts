import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { copyWith, expect, expectAccessible, test } from './fixtures';

/** Picks an option of a filter's list (a Mantine MultiSelect or Select: a combobox and its options), then closes the list. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

test('a visitor builds a query in the sandbox, sees rows and a chart, exports CSV and copies the API request', async ({ page, context }) => {
  test.slow(); // a chart of the demo's 53,443 river observations, an export
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  // Found from any page's footer.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Data sandbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data sandbox' })).toBeVisible();
  await expect(page).toHaveTitle(/^Data sandbox/);

  // A type and a metric: the demo's river sites carry the real chlorophyll-a series.
  await choose(page, 'Object types', 'Site');
  await choose(page, 'Metrics', /^Chlorophyll a/);
  await expect(page).toHaveURL(/\/sandbox\?type=site&metric=chlorophyll-a$/);
  const table = page.getByRole('table', { name: 'Objects found' });
  await expect(table.getByRole('columnheader', { name: 'Chlorophyll a (ug/L)' })).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByTestId('sandbox-total')).toContainText('objects found');

  // Narrowed to the river habitat: the sites with observations, each summed up.
  await page.getByRole('button', { name: 'Add a filter' }).click();
  await page.getByRole('combobox', { name: 'Field 1' }).click();
  await page.getByRole('option', { name: 'Habitat (habitat)' }).click();
  await page.getByRole('combobox', { name: 'Value 1' }).click();
  await page.getByRole('option', { name: 'river', exact: true }).click();
  await expect(page).toHaveURL(/f=habitat%3Ariver/);
  await expect(table.getByText(/obs\., mean/).first()).toBeVisible();
  // The river habitat's sites, fewer than a page: the header and a row each.
  const riverSites = (
    await (await page.request.post('/api/v1/sandbox/query', { data: { types: ['site'], where: [{ field: 'habitat', value: 'river' }] } })).json()
  ).total as number;
  expect(riverSites).toBeGreaterThanOrEqual(15);
  await expect(table.getByRole('row')).toHaveCount(riverSites + 1);
  await expectAccessible(page);

  // The observations of 2024, when all fifteen sites were measured: summed up, then charted across the sites found.
  await page.getByLabel('From', { exact: true }).fill('2024-01-01');
  await page.getByLabel('Before', { exact: true }).fill('2025-01-01');
  await expect(page).toHaveURL(/from=2024-01-01T00%3A00%3A00\.000Z&to=2025-01-01T00%3A00%3A00\.000Z/);
  await expect(table.getByText(/obs\., mean/).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(page).toHaveURL(/tab=charts/);
  await expect(
    page.getByRole('img', { name: /^Chart of Chlorophyll a from 2024-01-01 to 2025-01-01: mean, lowest and highest of [\d,]+ observations$/ }),
  ).toBeVisible();
  await expect(page.getByText(/observations of 15 objects from 2024-01-01 to 2025-01-01/)).toBeVisible();

  // The result as CSV: a header row, then a row per site.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('sandbox.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^name,title,types,longitude,latitude,geometry,elevation,habitat,siteCode,chlorophyll-a count,/);
  expect(lines).toHaveLength(riverSites + 1);
  expect(lines.slice(1).every((line) => line.includes(',site,'))).toBe(true);

  // The same query as an API request: copied, and answered the same when sent.
  const shown = await page.getByTestId('api-request').innerText();
  const copied = await copyWith(page, page.getByRole('button', { name: 'Copy API request' }), page.getByRole('button', { name: 'Copied' }));
  expect(copied).toBe(shown);
  expect(copied).toMatch(/^curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sandbox\/query' \\\n {2}-H 'Content-Type: application\/json' \\\n {2}--data '/);
  // A visitor's request carries no token.
  expect(copied).not.toContain('Authorization');
  const body = JSON.parse(copied.slice(copied.indexOf("--data '") + 8, -1));
  expect(body).toEqual({
    types: ['site'],
    metrics: ['chlorophyll-a'],
    where: [{ field: 'habitat', value: 'river' }],
    from: '2024-01-01T00:00:00.000Z',
    to: '2025-01-01T00:00:00.000Z',
    p: 1,
    n: 50,
  });
  const answer = await page.request.post('/api/v1/sandbox/query', { data: body });
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).total).toBe(riverSites);

  // The query is in the address: opened anew, it is all there.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Charts', selected: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Chart of Chlorophyll a/ })).toBeVisible();
});

test('a query the server refuses is said beside the filters', async ({ page, trouble }) => {
  trouble.failure(400, /\/api\/v1\/sandbox\/query$/);
  await page.goto('/sandbox?type=site&f=no-such-field:1');
  await expect(page.getByRole('heading', { level: 1, name: 'Data sandbox' })).toBeVisible();
  // Shown at the filter it names.
  await expect(page.getByText('no-such-field is not a field of Site')).toBeVisible();
});
