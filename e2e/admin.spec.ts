import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, openUserMenu, signIn, test } from './fixtures';

test('Site Admin: a visitor is asked to sign in, a user without accessAdmin is refused', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await signIn(page, 'tomas', undefined, true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expectAccessible(page);
});

test('Site Admin overview: counts, recent changes and the mail outbox', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Site Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Admin' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Counts' }).getByText('institutions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  await expectAccessible(page);
});

async function categoryOrder(page: Page) {
  return page.getByTestId('category-row').getByRole('paragraph').filter({ hasNotText: /institution/ }).allTextContents();
}

/** dnd-kit's keyboard drag: Space picks up (aria-pressed), an arrow moves, Space drops. */
async function moveWithKeyboard(page: Page, name: string, key: 'ArrowUp' | 'ArrowDown') {
  const handle = page.getByRole('button', { name: `Move ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(key);
  await page.waitForTimeout(300); // the sortable animation settles before the drop
  await page.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
}

test('an administrator reorders categories with the keyboard; the order is kept, and put back when the server refuses', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password, true);
  await page.goto('/admin/institutions');
  await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();
  await expectAccessible(page);
  // A category of this test's own, added at the top, then moved down one.
  const name = `Moved ${Date.now()}`;
  await page.getByRole('textbox', { name: 'New category' }).fill(name);
  await page.getByRole('button', { name: 'Add at the top' }).click();
  await expect.poll(async () => (await categoryOrder(page))[0]).toBe(name);
  await moveWithKeyboard(page, name, 'ArrowDown');
  await expect.poll(async () => (await categoryOrder(page))[1]).toBe(name);
  await page.reload();
  await expect.poll(async () => (await categoryOrder(page))[1]).toBe(name);

  // The server refuses the next move: the order goes back and the error shows.
  const before = await categoryOrder(page);
  await page.route('**/api/v1/institution_categories/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId: 'r' }) }),
  );
  await moveWithKeyboard(page, name, 'ArrowUp');
  await expect(page.getByRole('alert').filter({ hasText: 'The new order was not saved' })).toBeVisible();
  await expect.poll(() => categoryOrder(page)).toEqual(before);
});

test('deleting a category that holds institutions is refused with the reason', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password, true);
  await page.goto('/admin/institutions');
  await page.getByRole('button', { name: 'Delete Universities' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText('still holds 5 institutions');
});
