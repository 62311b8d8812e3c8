import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, openUserMenu, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
/** A phone held upright. */
const PHONE = { width: 390, height: 844 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new insight of Ada's and an image uploaded for its comments: the image's asset id. */
async function insightWithImage(request: APIRequestContext, token: string, fileName: string) {
  const made = await request.post('/api/v1/insights', {
    headers: bearer(token),
    data: { insight: { title: `Ice on the lake ${randomUUID().slice(0, 6)}`, tags: ['ice'] }, doc: null },
  });
  expect(made.status()).toBe(201);
  const { num } = (await made.json()).insight as { num: number };
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5f8fb0' } })
    .png()
    .toBuffer();
  const uploaded = await request.post(`/api/v1/insights/${num}/comment-photos`, {
    headers: bearer(token),
    multipart: { file: { name: fileName, mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { photo } = (await uploaded.json()) as { photo: { id: string } };
  return { num, assetId: photo.id };
}

/** The page is no wider than the phone: a wide table scrolls in its own box. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width, `${what}: the page is as wide as the phone`).toBeLessThanOrEqual(PHONE.width);
}

test('an administrator finds an image nothing uses under Site Admin → Assets and deletes it after a confirmation', async ({ page, request }) => {
  const fileName = `forgotten-${randomUUID().slice(0, 8)}.png`;
  const ada = await apiToken(request, ADA);
  const { num, assetId } = await insightWithImage(request, ada, fileName);
  // Uploaded for a comment never written: unused once the grace ends (none in these journeys).
  expect(num).toBeGreaterThan(0);
  const admin = await apiToken(request, ADMIN);
  const before = await request.get(`/api/v1/assets/${assetId}`, { headers: bearer(admin) });
  expect(before.status()).toBe(200);
  expect(await before.json()).toMatchObject({ usages: [], hiddenUsages: 0, permissions: expect.arrayContaining(['delete']) });

  await signIn(page, ADMIN.username, ADMIN.password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Site Admin' }).click();
  await page.getByRole('navigation', { name: 'Site Admin' }).getByRole('link', { name: 'Assets' }).click();
  await expect(page).toHaveURL('/admin/assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('unused');
  await expect(page.getByRole('heading', { name: 'Stray files' })).toBeVisible();

  // The box follows the address: click, then it shows checked.
  await page.getByRole('checkbox', { name: 'Only unused' }).click();
  await expect(page.getByRole('checkbox', { name: 'Only unused' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]unused=true/);
  const table = page.getByRole('table', { name: 'Assets' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: fileName, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('unused', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'ada', exact: true })).toBeVisible();
  await expectAccessible(page);

  await row.getByRole('button', { name: `Delete ${fileName}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete “${fileName}”?` })).toBeVisible();
  await answerDialog(page, 'Delete');
  await expect(page.getByText(`“${fileName}” was deleted`)).toBeVisible();
  await expect(table.getByRole('link', { name: fileName, exact: true })).toHaveCount(0);
  // Gone for good: the server no longer knows it.
  expect((await request.get(`/api/v1/assets/${assetId}`, { headers: bearer(admin) })).status()).toBe(404);

  // On a phone the list scrolls in its own box, never the page.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page, '/admin/assets');
});

test('an image in use shows where it is used on its page, and offers no Delete', async ({ page, request }) => {
  const fileName = `ice-${randomUUID().slice(0, 8)}.png`;
  const ada = await apiToken(request, ADA);
  const { num, assetId } = await insightWithImage(request, ada, fileName);
  const commented = await request.post(`/api/v1/insights/${num}/comments`, {
    headers: bearer(ada),
    data: { content: 'The ice broke on Tuesday.', photo: assetId },
  });
  expect(commented.status()).toBe(201);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/assets/${assetId}`);
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
  await expect(page.getByRole('img', { name: `The image ${fileName}` })).toBeVisible();
  const places = page.getByRole('list', { name: 'Where it is used' });
  const place = places.getByRole('link');
  await expect(place).toHaveCount(1);
  await expect(place).toHaveAttribute('href', new RegExp(`^/insights/${num}\\b`));
  await expect(page.getByText('Not used anywhere.')).toHaveCount(0);
  // In use: nobody may delete it, not even a manager of assets.
  await expect(page.getByRole('button', { name: 'Delete file' })).toHaveCount(0);
  await expectAccessible(page);

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, `/assets/${assetId}`);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The same page inside Site Admin, and the usage leads to the insight.
  await page.goto(`/admin/assets/${assetId}`);
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All assets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete file' })).toHaveCount(0);
  await page.getByRole('list', { name: 'Where it is used' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/insights/${num}\\b`));
  await expect(page.getByText('The ice broke on Tuesday.')).toBeVisible();
});

test('/assets lists one’s own uploads, each linking to its page; a visitor is asked to sign in', async ({ page, request }) => {
  const fileName = `pit-${randomUUID().slice(0, 8)}.png`;
  const ada = await apiToken(request, ADA);
  const { assetId } = await insightWithImage(request, ada, fileName);
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await signIn(page, ADA.username, ADA.password);
  await page.goto('/assets');
  await expect(page).toHaveTitle('My uploads · Observatory Catalogue');
  const mine = page.getByRole('table', { name: 'My uploads' });
  await mine.getByRole('link', { name: fileName }).click();
  await expect(page).toHaveURL(`/assets/${assetId}`);
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
});
