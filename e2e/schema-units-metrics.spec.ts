import type { Locator } from '@playwright/test';
import { ADMIN, apiToken, expect, expectAccessible, signIn, test } from './fixtures';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A problem shown beside its field, and read with it. */
async function expectBeside(field: Locator, message: RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('an administrator adds a unit (UCUM’s suggestion beside the code), then a metric measured in it, its limits checked', async ({ page, trouble }) => {
  trouble.failure(400, /\/api\/v1\/data\/units$/); // UCUM refuses "kilogram" below
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  // A unit of this run's own: UCUM takes any annotation in braces.
  const code = `umol{CO2_${stamp}}/m2/s`;
  const name = `soil-respiration-${stamp}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/data/units');
  const sections = page.getByRole('navigation', { name: 'Site Admin' });

  // The units: UCUM's own table, searched in the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Units' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Units' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/^Units · Site Admin/);
  const units = page.getByRole('table', { name: 'Units' });
  await expect(units).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Search units' }).fill('Cel');
  await expect(units.getByRole('row').nth(1)).toContainText('degree Celsius');

  // A name UCUM does not take: its refusal and suggestion beside the code, nothing added.
  await page.getByRole('button', { name: 'Add a unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a unit' });
  const codeField = dialog.getByRole('textbox', { name: 'Code' });
  await codeField.fill('kilogram');
  await dialog.getByRole('button', { name: 'Add unit' }).click();
  await expectBeside(codeField, /Not a UCUM unit: .*Did you mean kg\?/);
  await expect(codeField).toHaveValue('kilogram');
  // The refusal is read at AA contrast, as any field error.
  await expectAccessible(page);

  // The code as UCUM writes it.
  await codeField.fill(code);
  await dialog.getByRole('textbox', { name: 'Property' }).fill('flux density');
  await dialog.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page).toHaveURL(`/admin/data/units/${encodeURIComponent(code)}`);
  await expect(page.getByText(`No metric is measured in ${code}.`)).toBeVisible();

  // A metric measured in it: the unit picked from the list, the limits checked before sending.
  await sections.getByRole('link', { name: 'Metrics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await page.getByRole('button', { name: 'New metric' }).click();
  const form = page.getByRole('dialog', { name: 'New metric' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Soil respiration');
  // The key follows the title until it is typed in.
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('soil-respiration');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('CO₂ efflux from the soil surface, measured with a closed chamber.');
  await expect(form.getByRole('combobox', { name: 'Type' })).toHaveValue('Number');
  const unit = form.getByRole('combobox', { name: 'Unit' });
  await unit.click();
  await unit.fill(`CO2_${stamp}`);
  await page.getByRole('option', { name: code }).click();
  await expect(unit).toHaveValue(new RegExp(`^${escaped(code)} — `));
  const min = form.getByRole('textbox', { name: 'Minimum' });
  const max = form.getByRole('textbox', { name: 'Maximum' });
  await min.fill('50');
  await max.fill('0');
  await form.getByRole('button', { name: 'Create metric' }).click();
  await expectBeside(min, /The minimum \(50\) is above the maximum \(0\)/);
  await expect(min).toBeFocused();
  await min.fill('0');
  await max.fill('50');
  await form.getByRole('button', { name: 'Create metric' }).click();

  // Its page, then the list, then the unit's page.
  await expect(page.getByRole('heading', { level: 1, name: 'Soil respiration' })).toBeVisible();
  await expect(page).toHaveURL(`/admin/data/metrics/${name}`);
  await expect(page.getByText('No object type measures it yet.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Maximum' })).toHaveValue('50');
  await expectAccessible(page);

  // A plausibility rule: checked before sending, beside its own field, then saved.
  const rules = page.getByRole('group', { name: 'Plausibility rules' });
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectBeside(rules.getByRole('textbox', { name: 'Minimum' }), /A range rule needs a minimum or a maximum/);
  await rules.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Step' }).click();
  await rules.getByRole('textbox', { name: 'Name' }).fill('Rate of change');
  await rules.getByRole('textbox', { name: 'Largest step' }).fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  // The button is disabled while saving too: the notice says the save is done.
  await expect(page.getByText('Metric saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const saved = await page.request.get(`/api/v1/data/metrics/${name}`);
  expect((await saved.json()).metric.rules).toEqual([{ kind: 'step', name: 'Rate of change', flag: 'suspect', max: 5 }]);

  await sections.getByRole('link', { name: 'Metrics' }).click();
  const row = page.getByRole('table', { name: 'Metrics' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Soil respiration');
  await expect(row).toContainText('Number');
  await row.getByRole('link', { name: code }).click();

  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  const measured = page.getByRole('list', { name: 'Metrics measured in it' });
  await expect(measured.getByRole('listitem')).toHaveCount(1);
  await expect(measured.getByRole('listitem')).toHaveText(`Soil respiration (${code})`);
  // A unit a metric is measured in is not deleted.
  await expect(page.getByRole('button', { name: 'Delete unit' })).toBeDisabled();
  await expectAccessible(page);
  await measured.getByRole('link', { name: 'Soil respiration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soil respiration' })).toBeVisible();

  // Measured on an object type of this journey's own: added on the type's page.
  const typeName = `Respiration collar ${stamp}`;
  const made = await page.request.post('/api/v1/data/objtypes', {
    headers: { authorization: `Bearer ${await apiToken(page.request)}` },
    data: { name: typeName, marker: 'soil' },
  });
  expect(made.status()).toBe(201);
  await sections.getByRole('link', { name: 'Object types' }).click();
  await page.getByRole('table', { name: 'Object types' }).getByRole('link', { name: typeName }).click();
  const metrics = page.getByRole('group', { name: 'Metrics' });
  const adding = metrics.getByRole('combobox', { name: 'Add a metric' });
  await adding.click();
  await adding.fill('Soil respiration');
  await page.getByRole('option', { name: /Soil respiration/ }).click();
  await metrics.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Object type ${typeName} saved`)).toBeVisible();
  await page.goto(`/admin/data/metrics/${name}`);
  await expect(page.getByText(`Measured on the object type: ${typeName}.`)).toBeVisible();
});
