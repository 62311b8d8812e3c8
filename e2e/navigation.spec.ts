import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('a new page starts at the top; Back and Forward return to where each page was left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 500 });
  // The project seen once, so it is drawn whole at once when opened again.
  await page.goto('/projects/sample');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .locator('a[href="/projects"]')
    .first()
    .evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/\/projects$/);
  const sample = page.getByRole('main').locator('a[href="/projects/sample"]').first();
  await expect(sample).toBeAttached();
  expect(await pageHeight(page), 'the list is longer than the screen').toBeGreaterThan(1200);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  const onList = await scrollY(page);

  // Opened from part way down the list (a click that scrolls nothing itself): the project, at its top.
  await sample.evaluate((link: HTMLElement) => link.click());
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
