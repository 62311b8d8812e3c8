import { expect, expectAccessible, goToAccount, openUserMenu, signIn, test } from './fixtures';

test('a visitor browses people: search, a profile, and on to the partner', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveTitle('People · Observatory Catalogue');
  await expect(page.getByText(/\d+ people/)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search people').fill('Lindqvist');
  await expect(page.getByRole('table', { name: 'People' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Ada Lindqvist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lindqvist' })).toBeVisible();
  await expect(page.getByText('primary')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Lund University' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lund University' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lindqvist' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor browses partners grouped by category, in order', async ({ page }) => {
  await page.goto('/partners');
  const sections = page.getByRole('region');
  await expect(sections.first()).toHaveAccessibleName('Universities');
  await expect(sections.nth(3)).toHaveAccessibleName('Field stations');
  await expect(page.getByRole('link', { name: 'ETH Zurich' })).toBeVisible();
  await expectAccessible(page);
});

test('a team page lists its members; an unknown team says the object could not be found', async ({ page }) => {
  await page.goto('/teams/field-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Field team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lindqvist' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/teams/no-such-team');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('The object you requested could not be found. Team not found')).toBeVisible();
});

test('My Teams lists the teams one belongs to', async ({ page }) => {
  await signIn(page, 'ada');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'My Teams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Field team' })).toBeVisible();
  await expectAccessible(page);
  await goToAccount(page);
});
