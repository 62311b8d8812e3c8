import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, expectFitsWidth, LAPTOP, PHONE, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };

/** Picks a file through the button that opens the browser's file chooser. */
async function chooseFile(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

test('a project owner uploads a file, adds a version, downloads both through signed URLs, renames it and deletes a version', async ({ page, request }) => {
  // ada (a researcher: createProjects) makes a project of her own through the API.
  const token = await apiToken(request, ADA);
  const title = `Files journey ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/projects', { headers: { authorization: `Bearer ${token}` }, data: { project: { title } } });
  expect(created.status()).toBe(201);
  const { project } = await created.json();

  // Kept signed in, so that opening the page's address directly keeps the session.
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/projects/${project.slug}/files`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('No files yet.')).toBeVisible();

  const first = Buffer.from('site,depth_cm\nA,12\nB,7\n');
  const form = page.getByRole('form', { name: 'Add a file' });
  await chooseFile(page, form.getByRole('button', { name: 'Choose a file' }), { name: 'cores.csv', mimeType: 'text/csv', buffer: first });
  await expect(form.getByText(`cores.csv, ${first.length} bytes`)).toBeVisible();
  await form.getByLabel('Name').fill('Core depths');
  await form.getByLabel('Description').fill('Measured in the 2024 season');
  await form.getByRole('button', { name: 'Upload' }).click();

  const card = page.getByRole('region', { name: 'Core depths' });
  await expect(card.getByText('Measured in the 2024 season')).toBeVisible();
  const rows = card.getByRole('table', { name: 'Versions of Core depths' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('cores.csv');
  await expect(form.getByText('No file chosen')).toBeVisible();
  await expectAccessible(page);

  // A second version goes first.
  const second = Buffer.from('site,depth_cm\nA,12\nB,7\nC,19\n');
  await chooseFile(page, card.getByRole('button', { name: 'Add a version of Core depths' }), { name: 'cores-v2.csv', mimeType: 'text/csv', buffer: second });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('cores-v2.csv');
  await expect(rows.nth(1)).toContainText('Latest');
  await expect(rows.nth(2)).toContainText('cores.csv');

  // Each version downloads through a signed URL with its exact bytes; the page stays.
  for (const [version, bytes, fileName] of [
    [1, first, 'cores.csv'],
    [2, second, 'cores-v2.csv'],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download version ${version} of Core depths` }).click();
    const download = await downloading;
    expect(download.url()).toMatch(/\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&user=[0-9a-f-]{36}&signature=[\w-]+$/);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);
  }
  await expect(page).toHaveURL(new RegExp(`/projects/${project.slug}/files$`));
  // The same URL without its signature is refused.
  const auth = { authorization: `Bearer ${token}` };
  const [file] = (await (await request.get(`/api/v1/projects/${project.id}/files`, { headers: auth })).json()).files;
  const { url } = await (await request.get(`/api/v1/auth/sign/projects/${project.id}/files/${file.id}/1`, { headers: auth })).json();
  expect((await request.get(url)).status()).toBe(200);
  expect((await request.get(url.split('?')[0])).status()).toBe(403);

  // Rename and describe.
  await card.getByRole('button', { name: 'Edit Core depths' }).click();
  const edit = page.getByRole('form', { name: 'Edit Core depths' });
  await edit.getByLabel('Name').fill('Core depths by site');
  await edit.getByLabel('Description').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('region', { name: 'Core depths by site' });
  await expect(renamed.getByRole('heading', { name: 'Core depths by site' })).toBeVisible();
  await expect(renamed.getByText('Measured in the 2024 season')).toHaveCount(0);

  // Delete the first version, after confirming; the only one left cannot be deleted.
  await renamed.getByRole('button', { name: 'Delete version 1 of Core depths by site' }).click();
  await answerDialog(page, 'Delete the version');
  const left = renamed.getByRole('table', { name: 'Versions of Core depths by site' }).getByRole('row');
  await expect(left).toHaveCount(2);
  await expect(left.nth(1)).toContainText('cores-v2.csv');
  await expect(renamed.getByRole('button', { name: /^Delete version/ })).toHaveCount(0);

  // Delete the file, after confirming.
  await renamed.getByRole('button', { name: 'Delete Core depths by site' }).click();
  await answerDialog(page, 'Delete the file');
  await expect(page.getByText('No files yet.')).toBeVisible();
});

test('a file named after its upload shows its newest version’s name; the history shows both, on a laptop and a phone', async ({ page, request }) => {
  const token = await apiToken(request, ADA);
  const title = `Renamed files ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/projects', { headers: { authorization: `Bearer ${token}` }, data: { project: { title } } });
  expect(created.status()).toBe(201);
  const { project } = await created.json();
  await page.setViewportSize(LAPTOP);
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/projects/${project.slug}/files`);

  // No name given: the file is named after its upload.
  const form = page.getByRole('form', { name: 'Add a file' });
  await chooseFile(page, form.getByRole('button', { name: 'Choose a file' }), {
    name: 'plan-2023.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n'),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  const before = page.getByRole('region', { name: 'plan-2023.csv' });
  await chooseFile(page, before.getByRole('button', { name: 'Add a version of plan-2023.csv' }), {
    name: 'plan-2024.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n3,4\n'),
  });

  const card = page.getByRole('region', { name: 'plan-2024.csv' });
  await expect(card.getByRole('heading', { name: 'plan-2024.csv' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'plan-2023.csv' })).toHaveCount(0);
  const rows = card.getByRole('table', { name: 'Versions of plan-2024.csv' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('plan-2024.csv');
  await expect(rows.nth(1)).toContainText('Latest');
  await expect(rows.nth(2)).toContainText('plan-2023.csv');
  await expectFitsWidth(page, card.getByRole('heading', { name: 'plan-2024.csv' }));
  await expectAccessible(page);

  // On a phone: the same name, the table scrolls inside its card rather than the page.
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page, card.getByRole('heading', { name: 'plan-2024.csv' }));
  await expect(card.getByRole('table', { name: 'Versions of plan-2024.csv' }).getByText('plan-2023.csv')).toBeAttached();
});
