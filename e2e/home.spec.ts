import { expect, test } from '@playwright/test';

test('the home page names the product from app/config', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Observatory Catalogue');
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
});

test('a client route deep link serves the app', async ({ page }) => {
  const res = await page.goto('/projects/sample');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the page says so when the configuration cannot load', async ({ page }) => {
  await page.route('**/api/v1/app/config', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('500');
});
