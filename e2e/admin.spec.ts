import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, keyboardDrag, openUserMenu, signIn, test } from './fixtures';

test('Site Admin: a visitor is asked to sign in, a user without accessAdmin is refused', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await signIn(page, 'tomas');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveTitle(/^Access Denied · /);
  await expectAccessible(page);
});

test('Site Admin overview: counts, recent changes and the mail outbox', async ({ page, request }) => {
  const title = `Tundra greening ${randomUUID().slice(0, 8)}`;
  const made = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${await apiToken(request, { username: 'ada', password: DEMO_PASSWORD })}` },
    data: { project: { title } },
  });
  expect(made.status()).toBe(201);
  await signIn(page, ADMIN.username, ADMIN.password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Site Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Admin' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Counts' }).getByText('institutions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  // Recent changes in words, the target a link.
  const changes = page.getByRole('table', { name: 'Recent changes' });
  await expect(changes.getByRole('row').filter({ hasText: `ada created the project ${title}` })).toBeVisible();
  await expect(changes.getByText('project.create')).toHaveCount(0);
  await expectAccessible(page);
  await changes.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

async function categoryOrder(page: Page) {
  return page
    .getByTestId('category-row')
    .getByRole('paragraph')
    .filter({ hasNotText: /institution/ })
    .allTextContents();
}

test('an administrator reorders categories with the keyboard; the order is kept, and put back when the server refuses', async ({ page, trouble }) => {
  trouble.failure(500, /\/institution_categories\//); // injected below
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/institutions');
  await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();
  await expectAccessible(page);
  // A category of this test's own, added at the top, then moved down one.
  const name = `Moved ${Date.now()}`;
  await page.getByRole('textbox', { name: 'New category' }).fill(name);
  await page.getByRole('button', { name: 'Add at the top' }).click();
  await expect.poll(async () => (await categoryOrder(page))[0]).toBe(name);
  await keyboardDrag(page, name, 'ArrowDown', 1);
  await expect.poll(async () => (await categoryOrder(page))[1]).toBe(name);
  await page.reload();
  await expect.poll(async () => (await categoryOrder(page))[1]).toBe(name);

  // The server refuses the next move: the order goes back and the error shows.
  const before = await categoryOrder(page);
  await page.route('**/api/v1/institution_categories/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId: 'r' }),
    }),
  );
  await keyboardDrag(page, name, 'ArrowUp', 1);
  await expect(page.getByRole('alert').filter({ hasText: 'The new order was not saved' })).toBeVisible();
  await expect.poll(() => categoryOrder(page)).toEqual(before);
});

test('deleting a category that holds institutions is refused with the reason', async ({ page, trouble }) => {
  trouble.failure(409, /\/institution_categories\//);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/institutions');
  await page.getByRole('button', { name: 'Delete Universities' }).click();
  await answerDialog(page, 'Delete');
  await expect(page.getByRole('alert')).toContainText('still holds 5 institutions');
});

test('an administrator adds an institution, its ROR id checked, and moves it to another category', async ({ page }) => {
  const name = `Alpine Station ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/institutions');
  await page.getByRole('button', { name: 'New institution' }).click();
  const dialog = page.getByRole('dialog', { name: 'New institution' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'ROR id' }).fill('not a ror');
  await dialog.getByRole('button', { name: 'Add institution' }).click();
  await expect(dialog.getByText('Not a ROR id (e.g. 05a28rw58)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ROR id' }).fill('https://ror.org/05a28rw58');
  await dialog.getByRole('button', { name: 'Add institution' }).click();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  const category = page.getByRole('combobox', { name: `Category of ${name}` });
  await expect(category).toHaveValue('Uncategorised');

  await category.click();
  await page.getByRole('option', { name: 'Universities' }).click();
  await expect(page.getByText(`${name} moved`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Category of ${name}` })).toHaveValue('Universities');
});

test('an administrator renames a category', async ({ page }) => {
  const added = `Stations to rename ${Date.now().toString(36)}`;
  const renamed = `Field stations ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/institutions');
  await page.getByRole('textbox', { name: 'New category' }).fill(added);
  await page.getByRole('button', { name: 'Add at the top' }).click();
  await page.getByRole('button', { name: `Rename ${added}` }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(renamed);
  await answerDialog(page, 'Rename');
  await expect(page.getByTestId('category-row').filter({ hasText: renamed })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('category-row').filter({ hasText: renamed })).toBeVisible();
});

test('an administrator edits a partner (logo, website, description) and deletes it', async ({ page, request }) => {
  const name = `Valley Station ${Date.now().toString(36)}`;
  const created = await request.post(`/api/v1/institutions/${randomUUID()}`, {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { name },
  });
  expect(created.status()).toBe(201);
  const slug = (await created.json()).slug as string;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/institutions');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page).toHaveURL(`/partners/${slug}/edit`);
  await expectAccessible(page);
  const logo = await sharp({ create: { width: 640, height: 320, channels: 4, background: '#1c7ed6' } })
    .png()
    .toBuffer();
  await page.getByRole('region', { name: 'Logo' }).locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('The logo was saved')).toBeVisible();
  await page.getByRole('textbox', { name: 'Website' }).fill('https://valley.example.org');
  await page.getByRole('textbox', { name: 'Description' }).fill('A research station below the tree line.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('A research station below the tree line.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'valley.example.org' })).toBeVisible();
  await expect(page.locator('img[src*="/api/v1/assets/"]')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete institution' }).click();
  await answerDialog(page, 'Delete');
  await expect(page).toHaveURL('/partners');
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('a partner’s edit page is refused to those without manageInstitutions', async ({ page }) => {
  await signIn(page, 'tomas');
  await page.goto('/partners/wsl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.goto('/partners/wsl/edit');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
