import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, answerDialog, apiToken, expect, expectAccessible, newUser, signIn, test } from './fixtures';

/** NEON's field sites (81, CRLF line ends): apps/server/test/fixtures/README.md names the source. */
const NEON = 'apps/server/test/fixtures/neon_field_sites.csv';
/** The river chlorophyll series the demo's river project charts (53,443 rows): apps/server/src/db/seed/files/README.md. */
const RIVER_SERIES = 'apps/server/src/db/seed/files/river_chlorophyll_daily_timeseries.csv';
const RIVERS = '/projects/near-term-forecasts-of-river-chlorophyll-a';

/** Uploads a file on the import page and waits for its kinds to be offered. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /^Choose (a|another) file$/ }).click()]);
  await chooser.setFiles(file);
  await expect(page.getByText(new RegExp(`^${file.name}$`)).first()).toBeVisible();
}

/** A counter of a stats section, as shown: "81" above "Created". */
const stat = (section: Locator, label: string) =>
  section
    .locator('.mantine-Paper-root')
    .filter({ has: section.page().getByText(label, { exact: true }) })
    .locator('p')
    .first();

/** Picks an option of a Mantine select or multiselect, then closes its list. */
async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

async function commit(page: Page) {
  await page.getByRole('button', { name: 'Commit' }).click();
  await answerDialog(page, 'Import');
  await expect(page.getByRole('heading', { name: 'Imported', level: 1 })).toBeVisible({ timeout: 30_000 });
  return page.getByRole('region', { name: 'What the import did' });
}

/** NEON's file with the given cells changed (each from its value): rows by site id, columns by header. */
async function neonChanged(changes: Record<string, Record<string, (value: string) => string>>): Promise<Buffer> {
  const lines = (await readFile(NEON, 'utf8')).split('\r\n');
  const header = lines[0]!.split(',');
  const edited = lines.map((line, i) => {
    // Split at the commas outside quotes (a line of this file holds no line break).
    const cells = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const change = changes[cells[1] ?? ''];
    if (i === 0 || !change) return line;
    for (const [column, edit] of Object.entries(change)) cells[header.indexOf(column)] = edit(cells[header.indexOf(column)]!);
    return cells.join(',');
  });
  return Buffer.from(edited.join('\r\n'));
}

test.describe('an administrator imports NEON’s field sites from the real CSV', () => {
  // One after another: each imports over what the one before imported.
  test.describe.configure({ mode: 'serial' });

  test('as sites with their locations and elevations, after a preview that says so', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_field_sites.csv', mimeType: 'text/csv', buffer: await readFile(NEON) });
    await expect(page.getByText('CSV, 67 KB: 81 records in 54 columns')).toBeVisible();
    // Other journeys upload the same file: this one's row is found by its session.
    const session = new URL(page.url()).searchParams.get('session');
    expect(session).toBeTruthy();
    await page.getByRole('link', { name: 'Import objects' }).click();

    // Guessed from the headers: the id, title, latitude and longitude columns.
    await expect(page.getByRole('combobox', { name: 'Id column' })).toHaveValue('field_site_id');
    await expect(page.getByRole('combobox', { name: 'Title column' })).toHaveValue('field_site_name');
    await expect(page.getByRole('combobox', { name: 'Latitude column' })).toHaveValue('field_latitude');
    await expect(page.getByRole('combobox', { name: 'Longitude column' })).toHaveValue('field_longitude');
    await choose(page, page.getByRole('combobox', { name: 'Object types' }), 'Site');
    await page.getByRole('combobox', { name: 'Metadata field of field_mean_elevation_m' }).fill('elevation');
    await page.getByRole('button', { name: 'Preview' }).click();

    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Created')).toHaveText('81');
    await expect(stat(would, 'Errors')).toHaveText('0');
    await expect(page.getByText('ABBY', { exact: true })).toBeVisible();
    const did = await commit(page);
    await expect(stat(did, 'Created')).toHaveText('81');

    await page.goto('/data/ABBY');
    await expect(page.getByRole('heading', { name: 'Abby Road NEON' })).toBeVisible();
    await expect(page.getByText('365 m')).toBeVisible();

    // The import is listed with who made it and what it did.
    await page.goto('/admin/data/import');
    const past = page
      .getByRole('table', { name: 'Past imports' })
      .getByRole('row')
      .filter({ has: page.locator(`a[href*="${session}"]`) });
    await expect(past).toContainText('81 created');
    await expect(past).toContainText('by admin');
  });

  test('again, changed: the preview counts what the update changes, and the same file once more changes nothing', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/data/import');
    // Two elevations re-surveyed, one site moved ~1 km, one by less than the 0.00001° threshold.
    const plus = (delta: number) => (value: string) => String(Number(value) + delta);
    const changed = await neonChanged({
      ABBY: { field_mean_elevation_m: () => '370' },
      BART: { field_mean_elevation_m: plus(10) },
      BARR: { field_latitude: plus(0.01) },
      CPER: { field_longitude: plus(0.000005) },
    });
    await upload(page, { name: 'neon_field_sites_resurveyed.csv', mimeType: 'text/csv', buffer: changed });
    await page.getByRole('link', { name: 'Import objects' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Object types' }), 'Site');
    await page.getByRole('combobox', { name: 'Metadata field of field_mean_elevation_m' }).fill('elevation');
    await page.getByRole('button', { name: 'Preview' }).click();

    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Updated')).toHaveText('3');
    await expect(stat(would, 'Unchanged')).toHaveText('78');
    await expect(stat(would, 'Created')).toHaveText('0');
    await expect(would.getByText('Metadata fields changed: 2')).toBeVisible();
    await expect(would.getByText('Locations changed: 1')).toBeVisible();

    // Only the updates, and what each changes.
    // A chip: its radio is hidden behind its label.
    await page
      .locator('label')
      .filter({ hasText: /^Update \(3\)$/ })
      .click();
    await expect(page).toHaveURL(/show=update/);
    const records = page.getByRole('region', { name: 'Records' });
    await expect(records.getByText('ABBY', { exact: true })).toBeVisible();
    await expect(records.getByText('CPER', { exact: true })).toHaveCount(0);

    const did = await commit(page);
    await expect(stat(did, 'Updated')).toHaveText('3');
    await page.goto('/data/ABBY');
    await expect(page.getByText('370 m')).toBeVisible();

    // The same file again: nothing to change, so nothing to commit.
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_field_sites_resurveyed.csv', mimeType: 'text/csv', buffer: changed });
    await page.getByRole('link', { name: 'Import objects' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Object types' }), 'Site');
    await page.getByRole('combobox', { name: 'Metadata field of field_mean_elevation_m' }).fill('elevation');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(stat(page.getByRole('region', { name: 'What the import would do' }), 'Unchanged')).toHaveText('81');
    await expect(page.getByRole('button', { name: 'Commit' })).toBeDisabled();
  });

  test('sets aquatic sites inside the terrestrial sites beside them, then removes one with an empty cell', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    // NEON's co-located pairs: each aquatic site and the terrestrial site it sits by.
    const within = 'site_id,within\r\nBARC,OSBS\r\nSUGG,OSBS\r\nCOMO,NIWO\r\nHOPB,HARV\r\n';
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_within.csv', mimeType: 'text/csv', buffer: Buffer.from(within) });
    await page.getByRole('link', { name: 'Import object relations' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Id column' }), 'site_id');
    await choose(page, page.getByRole('combobox', { name: 'Site column' }), 'within');
    await page.getByRole('button', { name: 'Preview' }).click();
    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Updated')).toHaveText('4');
    await expect(would.getByText('Sites set: 4')).toBeVisible();
    await commit(page);
    await page.goto('/data/BARC');
    await expect(page.getByRole('link', { name: 'Ordway-Swisher Biological Station NEON' }).first()).toBeVisible();

    // BARC's cell emptied: with "Empty cells remove relations" its site goes.
    const emptied = 'site_id,within\r\nBARC,\r\nSUGG,OSBS\r\n';
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_within_emptied.csv', mimeType: 'text/csv', buffer: Buffer.from(emptied) });
    await page.getByRole('link', { name: 'Import object relations' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Id column' }), 'site_id');
    await choose(page, page.getByRole('combobox', { name: 'Site column' }), 'within');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(stat(page.getByRole('region', { name: 'What the import would do' }), 'Unchanged')).toHaveText('2');
    await page.getByRole('link', { name: 'Back to options' }).click();
    await page.getByRole('checkbox', { name: 'Empty cells remove relations' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const removing = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(removing, 'Updated')).toHaveText('1');
    await expect(removing.getByText('Sites removed: 1')).toBeVisible();
    await commit(page);
    await page.goto('/data/BARC');
    await expect(page.getByRole('heading', { name: 'Lake Barco NEON' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ordway-Swisher Biological Station NEON' })).toHaveCount(0);
  });
});

test(
  'a project’s editor imports the real river chlorophyll series into a new data table from its Data tab',
  { tag: '@holds-the-database' },
  async ({ page, request }) => {
    test.slow();
    const token = await apiToken(request);
    const title = `Chlorophyll-a, imported ${randomUUID().slice(0, 6)}`;
    const created = await request.post(`/api/v1/projects/near-term-forecasts-of-river-chlorophyll-a/datatables`, {
      headers: { authorization: `Bearer ${token}` },
      data: { title, metrics: ['chlorophyll-a'] },
    });
    expect(created.status()).toBe(201);

    // Mei owns the river project; as a researcher she holds no importData.
    await signIn(page, 'mei');
    await page.goto(`${RIVERS}/data`);
    await page.getByRole('link', { name: `Import observations into ${title}` }).click();
    await upload(page, { name: 'river_chlorophyll_daily_timeseries.csv', mimeType: 'text/csv', buffer: await readFile(RIVER_SERIES) });
    // Straight to the columns, with the project and its table chosen.
    await expect(page.getByText(/53,443 records in 6 columns/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Data table' })).toHaveValue(title);

    await choose(page, page.getByRole('combobox', { name: 'Object column' }), 'site_id');
    await choose(page, page.getByRole('combobox', { name: 'Time column' }), 'datetime');
    await choose(page, page.getByRole('combobox', { name: 'Metric of observation' }), /chlorophyll-a/i);
    await page.getByRole('button', { name: 'Preview' }).click();
    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Created')).toHaveText('53,443', { timeout: 30_000 });
    await expect(stat(would, 'Errors')).toHaveText('0');
    const did = await commit(page);
    await expect(did.getByText('Observations added: 53,443')).toBeVisible();

    // Her own imports are listed for her, and objects are not hers to import.
    await page.goto('/admin/data/import');
    await expect(
      page.getByRole('table', { name: 'Past imports' }).getByRole('row').filter({ hasText: 'river_chlorophyll_daily_timeseries.csv' }),
    ).toContainText('53,443 observations added');
    await expect(page.getByRole('link', { name: 'Import objects' })).toHaveCount(0);

    await page.goto(`${RIVERS}/data`);
    await expect(
      page.getByRole('region', { name: title }).getByRole('img', { name: /^Chart of chlorophyll-a from 2005-07-07 to 2026-08-18, 15 series$/ }),
    ).toBeVisible();
  },
);

test.describe('NEON’s host column as a metadata field, into a type whose schema takes only its own fields and into one that takes any', () => {
  // One after another: both create the sites from their titles (abby-road-neon, then abby-road-neon-2).
  test.describe.configure({ mode: 'serial' });
  const suffix = randomUUID().slice(0, 6);
  const CLOSED = `NEON station ${suffix}`;
  const OPEN = `NEON open station ${suffix}`;
  const HOST = 'Washington Department of Natural Resources';
  let importer: { username: string; password: string };
  const slugs: Record<string, string> = {};

  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const elevation = { elevation: { type: 'number', title: 'Elevation', 'x-unit': 'm' } };
    for (const [name, schema] of [
      [CLOSED, { type: 'object', properties: elevation, additionalProperties: false }],
      [OPEN, { type: 'object', properties: elevation }],
    ] as const) {
      const created = await request.post('/api/v1/data/schema', { headers, data: { title: `${name} basics`, schema } });
      expect(created.status()).toBe(201);
      const type = await request.post('/api/v1/data/objtypes', { headers, data: { name, metadata_schemas: [(await created.json()).slug] } });
      expect(type.status()).toBe(201);
      slugs[name] = (await type.json()).objtype.slug;
    }
    // One who imports data and may not change the schema.
    const role = await request.post('/api/v1/roles', {
      headers,
      data: { name: `Importer ${suffix}`, slug: `importer-${suffix}`, permissions: ['importData'] },
    });
    expect(role.status()).toBe(201);
    importer = await newUser(request);
    expect((await request.put(`/api/v1/users/${importer.username}/roles/global/importer-${suffix}`, { headers })).ok()).toBe(true);
  });

  /** NEON's file as objects of the type, named from their titles (the NEON ids name the sites the journeys above import), host typed for field_site_host. */
  async function mapHost(page: Page, type: string) {
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_field_sites.csv', mimeType: 'text/csv', buffer: await readFile(NEON) });
    await page.getByRole('link', { name: 'Import objects' }).click();
    const id = page.getByRole('combobox', { name: 'Id column' });
    await expect(id).toHaveValue('field_site_id');
    // Its × (hidden from screen readers, as Mantine draws it): the select's one button.
    await page.locator('.mantine-Select-root', { has: id }).locator('button').click();
    await expect(page.getByText(/^Without an id column every record creates a new object/)).toBeVisible();
    // Searched for, as among many types (typing opens the list too).
    // Picked with the keyboard: the list is the only one matching, and a click can meet the
    // page still settling under it (the id column's note has just pushed it down).
    const types = page.getByRole('combobox', { name: 'Object types' });
    // Typed again until listed: typed while the types still load, the list can stay closed once they come.
    await expect(async () => {
      await types.fill('');
      await types.fill(type);
      await expect(page.getByRole('option')).toHaveText([type], { timeout: 2000 });
    }).toPass();
    await types.press('ArrowDown');
    await types.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.locator('.mantine-MultiSelect-root', { has: types }).locator('.mantine-Pill-root', { hasText: type })).toBeVisible();
    await page.getByRole('combobox', { name: 'Metadata field of field_mean_elevation_m' }).fill('elevation');
    const host = page.getByRole('combobox', { name: 'Metadata field of field_site_host' });
    await host.fill('host');
    return host;
  }

  /** The object of the type titled Abby Road NEON, as the API has it. */
  async function abbyOf(page: Page, type: string) {
    const found = await page.request.get(`/api/v1/data/obj?type=${slugs[type]}&q=${encodeURIComponent('Abby Road')}`);
    const [abby] = (await found.json()).objects;
    return (await (await page.request.get(`/api/v1/data/obj/${abby.name}`)).json()).obj;
  }

  test('one who may not change the schema is told at once that host is not a field, and imports it into the type that takes any field', async ({ page }) => {
    await signIn(page, importer.username, importer.password);
    const host = await mapHost(page, CLOSED);
    await expect(
      page.getByText(
        `Map columns to metadata fields in the list of columns below. ${CLOSED}’s schema takes only these fields: elevation. Another field has to be added to the schema first, by someone who manages it.`,
      ),
    ).toBeVisible();
    await expect(host).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`Not a field of ${CLOSED}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /to .*’s schema$/ })).toHaveCount(0);
    // Previewed all the same, every record is in error.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(stat(page.getByRole('region', { name: 'What the import would do' }), 'Errors')).toHaveText('81');
    await expect(page.getByText(`host: is not a field of ${CLOSED}`).first()).toBeVisible();

    // The type whose schema takes any field: host is imported as typed.
    const open = await mapHost(page, OPEN);
    await expect(
      page.getByText('Map columns to metadata fields in the list of columns below: the chosen types’ fields are offered, and any other key may be typed.'),
    ).toBeVisible();
    await expect(open).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Preview' }).click();
    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Created')).toHaveText('81');
    await expect(stat(would, 'Errors')).toHaveText('0');
    await commit(page);
    expect((await abbyOf(page, OPEN)).metadata).toEqual({ elevation: 365, host: HOST });
  });

  test('an administrator adds host to the type’s schema from the mapping, then imports it', async ({ page }, testInfo) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    const host = await mapHost(page, CLOSED);
    await expect(
      page.getByText(`${CLOSED}’s schema takes only these fields: elevation. Another key typed can be added to the schema from its column.`),
    ).toBeVisible();
    await expect(page.getByText(`Not a field of ${CLOSED}`)).toBeVisible();
    const add = page.getByRole('button', { name: `Add “host” to ${CLOSED}’s schema` });
    await expect(add).toBeVisible();
    await expectAccessible(page);
    // The help, and the column with its flag and action, on a laptop and on a phone.
    const help = page.getByText(/schema takes only these fields/);
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await help.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`import-help-${width}.png`) });
      await host.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`import-mapping-${width}.png`) });
    }
    await expectAccessible(page);

    await add.click();
    await expect(page.getByRole('dialog')).toContainText(`The schema “${CLOSED} basics” gets a text field “host”, which objects of ${CLOSED} may then hold.`);
    await answerDialog(page, 'Add the field');
    await expect(page.getByText(`Not a field of ${CLOSED}`)).toHaveCount(0);
    await expect(host).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`${CLOSED}’s schema takes only these fields: elevation, host.`, { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Preview' }).click();
    const would = page.getByRole('region', { name: 'What the import would do' });
    await expect(stat(would, 'Created')).toHaveText('81');
    await expect(stat(would, 'Errors')).toHaveText('0');
    await commit(page);
    const abby = await abbyOf(page, CLOSED);
    expect(abby.metadata).toEqual({ elevation: 365, host: HOST });
    await page.goto(`/data/${abby.name}`);
    await expect(page.getByText(HOST)).toBeVisible();
  });

  test('map all columns by header: a header that names a field maps to it in one click', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    // NEON's headers renamed as fields: field_mean_elevation_m is Elevation, field_site_host is host (a field since the administrator added it above).
    // No type chosen: every type's fields are offered.
    const [header, ...rows] = (await readFile(NEON, 'utf8')).split('\r\n');
    const renamed = [header!.replace('field_site_host', 'host').replace('field_mean_elevation_m', 'Elevation'), ...rows].join('\r\n');
    await page.goto('/admin/data/import');
    await upload(page, { name: 'neon_field_sites_named.csv', mimeType: 'text/csv', buffer: Buffer.from(renamed) });
    await page.getByRole('link', { name: 'Import objects' }).click();
    await page.getByRole('combobox', { name: 'Metadata field of Elevation' }).waitFor();
    await page.getByRole('button', { name: 'Map all columns by header' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'mapped by' })).toHaveText('2 columns mapped by their headers.');
    await expect(page.getByRole('combobox', { name: 'Metadata field of Elevation' })).toHaveValue('elevation');
    await expect(page.getByRole('combobox', { name: 'Metadata field of host' })).toHaveValue('host');
  });
});
