import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
const pageHeight = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight);

test('a new page starts at the top; Back and Forward return to where each page was left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 });
  // The project seen once, so it is drawn whole at once when opened again.
  await page.goto('/projects/sample');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('a[href="/projects"]').first().dispatchEvent('click');
  await expect(page).toHaveURL(/\/projects$/);
  const sample = page.getByRole('main').locator('a[href="/projects/sample"]').first();
  await expect(sample).toBeAttached();
  expect(await pageHeight(page), 'the list is longer than the screen').toBeGreaterThan(1200);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  const onList = await scrollY(page);

  // Opened from part way down the list (a click that scrolls nothing itself): the project, at its top.
  await sample.dispatchEvent('click');
  await expect(page).toHaveURL(/\/projects\/sample$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageHeight(page), 'the project is longer than the screen').toBeGreaterThan(1200);
  expect(await scrollY(page)).toBe(0);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  const onProject = await scrollY(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/projects$/);
  await expect.poll(() => scrollY(page)).toBe(onList);

  await page.goForward();
  await expect(page).toHaveURL(/\/projects\/sample$/);
  await expect.poll(() => scrollY(page)).toBe(onProject);
});

test('a screen whose code fails to load reloads the page once, then says so; another page is a fresh start', async ({ page, trouble }) => {
  const chunk = /\/assets\/PeoplePage-[\w-]+\.js$/;
  trouble.failure(503, chunk);
  trouble.console(/Failed to fetch dynamically imported module/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  await page.route(chunk, (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  let reloads = 0;
  page.on('load', () => reloads++);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People', exact: true }).click();

  // The first failure reloads the page (a deploy may have replaced the code); the second shows the error.
  const error = page.getByRole('alert');
  await expect(error).toContainText('Failed to fetch dynamically imported module');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error');
  expect(reloads).toBe(1);
  await expect(page).toHaveURL('/people');

  // Another page is a fresh start; once the code is back, a reload shows People.
  await error.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.unroute(chunk);
  await page.goBack();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
});
