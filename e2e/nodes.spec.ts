import { randomUUID } from 'node:crypto';
import { ADMIN, answerDialog, expect, expectAccessible, signIn, test } from './fixtures';

test('a visitor browses the data catalogue by path, with breadcrumbs back up', async ({ page }) => {
  await page.goto('/data');
  await page.getByRole('link', { name: 'data catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New node' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Soil', exact: true }).click();
  await expect(page).toHaveURL('/nodes/soil');
  await page.getByRole('link', { name: 'Soil chemistry' }).click();
  await page.getByRole('link', { name: 'Soil organic carbon' }).click();
  await expect(page).toHaveURL('/nodes/soil/chemistry/carbon');
  await expect(page.getByRole('heading', { level: 1, name: 'Soil organic carbon' })).toBeVisible();
  await expect(page).toHaveTitle(/^Soil organic carbon · Data catalogue/);
  // Its details under the titles of its type's schema.
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('row', { name: /Metric/ })).toContainText('soil-organic-carbon');
  await expect(details.getByRole('row', { name: /Method/ })).toContainText('Dry combustion (ISO 10694)');
  await expect(page.getByRole('region', { name: 'Inside' })).toContainText('Nothing inside yet.');
  await expect(page.getByRole('link', { name: 'Edit or move' })).toHaveCount(0);
  await expectAccessible(page);

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link')).toHaveText(['Data catalogue', 'Soil', 'Soil chemistry']);
  await crumbs.getByRole('link', { name: 'Soil', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inside' }).getByRole('link')).toHaveText(['Soil chemistry', 'Soil physics']);

  // The pages that change the tree are for those who manage the schema.
  await page.goto('/nodes/soil/new');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
});

test('an administrator adds nodes, moves one with what is inside it, and deletes them', async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  const theme = `Permafrost ${id}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/nodes');
  await page.getByRole('link', { name: 'New node' }).click();
  await page.getByLabel('Title').fill(theme);
  await expect(page.getByLabel('Path segment')).toHaveValue(`permafrost-${id}`);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Theme' }).click();
  await page.getByLabel('Keywords').fill('ice, ground');
  await page.getByRole('button', { name: 'Create node' }).click();
  await expect(page).toHaveURL(`/nodes/permafrost-${id}`);
  await expect(page.getByRole('heading', { level: 1, name: theme })).toBeVisible();

  await page.getByRole('link', { name: 'Add a node inside' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `New node in ${theme}` })).toBeVisible();
  await page.getByLabel('Title').fill('Active layer thickness');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Variable' }).click();
  // The variable's schema asks for its metric.
  await page.getByRole('button', { name: 'Create node' }).click();
  await expect(page.getByText('Metric is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Metric' }).fill('snow-depth');
  await page.getByLabel('Method').fill('Frost probe in late August');
  await page.getByRole('button', { name: 'Create node' }).click();
  await expect(page).toHaveURL(`/nodes/permafrost-${id}/active-layer-thickness`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText(['Data catalogue', theme]);

  // A move carries what is inside; the node and what is below it are not offered as places.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: theme }).click();
  await page.getByRole('link', { name: 'Edit or move' }).click();
  await page.getByRole('combobox', { name: 'Inside' }).click();
  await page.getByRole('combobox', { name: 'Inside' }).fill('permafrost');
  await expect(page.getByRole('option', { name: new RegExp(`permafrost-${id}`) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Inside' }).fill('Climate');
  await page.getByRole('option', { name: 'Climate (climate)' }).click();
  await expect(page.getByText(`/nodes/climate/permafrost-${id}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/nodes/climate/permafrost-${id}`);
  await page.getByRole('region', { name: 'Inside' }).getByRole('link', { name: 'Active layer thickness' }).click();
  await expect(page).toHaveURL(`/nodes/climate/permafrost-${id}/active-layer-thickness`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText(['Data catalogue', 'Climate', theme]);

  // Only an empty node is deleted: the leaf first, then its theme.
  await page.getByRole('button', { name: 'Delete' }).click();
  await answerDialog(page, 'Delete');
  await expect(page).toHaveURL(`/nodes/climate/permafrost-${id}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Inside' })).toContainText('Nothing inside yet.');
  await page.getByRole('button', { name: 'Delete' }).click();
  await answerDialog(page, 'Delete');
  await expect(page).toHaveURL('/nodes/climate');
  await expect(page.getByRole('region', { name: 'Inside' }).getByRole('link', { name: theme })).toHaveCount(0);
});
