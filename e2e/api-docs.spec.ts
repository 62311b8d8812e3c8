import type { Page } from '@playwright/test';
import { answerDialog, expect, expectAccessible, signIn, test } from './fixtures';

/** The values of every input and text area on the page. */
const inputValues = (page: Page) => page.locator('input, textarea').evaluateAll((elements) => elements.map((e) => (e as unknown as { value: string }).value));

test('a signed-in user finds GET /pubs by the filter and sends it; a POST asks before it is sent', async ({ page }) => {
  await signIn(page, 'ada');
  await page.goto('/doc/api');
  // The reference reads and lays out the whole OpenAPI document (about 830 KB) first: 5-8 s on a loaded 2-core machine.
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Authentication', level: 2 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter the operations' }).fill('GET /pubs');
  await expect(page.getByRole('button', { name: /^POST \/pubs / })).toHaveCount(0);
  await page.getByRole('button', { name: /^GET \/pubs Search the publications/ }).click();
  const get = page.locator('[id="get-/pubs"]');
  await expect(get.getByRole('heading', { name: 'Parameters' })).toBeVisible();
  // The curl command names the token, never its value.
  await expect(get.getByText(/^curl 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/pubs'/)).toContainText('Authorization: Bearer $TOKEN');
  await get.getByRole('button', { name: 'Send' }).click();
  await expect(get.getByText(/^Status 200 · \d+ ms$/)).toBeVisible();
  await expect(get.getByRole('region', { name: 'Response body' })).toContainText('"publications": [');
  await expect(get.getByRole('row', { name: /^pagination-page/ })).toContainText('1');
  await expect(get.getByRole('row', { name: /^pagination-limit/ })).toContainText('25');
  await expectAccessible(page);

  // A POST is not sent before a confirmation: cancelled, nothing goes.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/v1/pubs')) posts.push(`${r.method()} ${r.url()}`);
  });
  await page.getByRole('searchbox', { name: 'Filter the operations' }).fill('POST /pubs');
  await page.getByRole('button', { name: /^POST \/pubs Add a publication/ }).click();
  const post = page.locator('[id="post-/pubs"]');
  await expect(post.getByRole('textbox', { name: /^Body \(JSON\)/ })).not.toHaveValue('');
  await post.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this request?' });
  await expect(dialog).toContainText('POST');
  await expect(dialog).toContainText('/api/v1/pubs');
  await answerDialog(page, 'Cancel');
  await expect(post.getByText(/^Status /)).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('a visitor’s deep link opens its operation with every input empty, whatever the address holds', async ({ page }) => {
  await page.goto('/doc/api?x=planted-value&p=planted-value&q=planted-value#get-/pubs');
  const get = page.locator('[id="get-/pubs"]');
  await expect(get.getByRole('heading', { name: 'Parameters' })).toBeVisible({ timeout: 30_000 });
  await expect(get.getByRole('textbox', { name: 'q', exact: true })).toHaveValue('');
  await expect(get.getByRole('textbox', { name: 'p', exact: true })).toHaveValue('');
  expect(await inputValues(page)).not.toContain('planted-value');
  await expect(page.getByRole('searchbox', { name: 'Filter the operations' })).toHaveValue('');

  // A visitor sends without a token, and the command says none.
  await expect(get.getByText(/^curl /)).not.toContainText('Authorization');
  await get.getByRole('button', { name: 'Send' }).click();
  await expect(get.getByText(/^Status 200 · \d+ ms$/)).toBeVisible();
  expect(await inputValues(page)).not.toContain('planted-value');
});

test('the objects guide runs “fetch an object” against the catalogue, and links back to the reference', async ({ page }) => {
  await page.goto('/doc/api');
  await page.getByRole('link', { name: 'A guide to the objects API, with examples to run' }).click();
  await expect(page).toHaveURL('/doc/api/data/obj');
  await expect(page.getByRole('heading', { name: 'The objects API', level: 1 })).toBeVisible();

  const example = page.getByRole('region', { name: 'Fetch an object' });
  await example.getByRole('button', { name: 'Run example: Fetch an object' }).click();
  // First the name of an object (GET data/obj?limit=1), then that object.
  await expect(example.getByText(/^Status 200 · \d+ ms$/)).toHaveCount(2);
  await expect(example.getByText('/api/v1/data/obj?limit=1', { exact: true })).toBeVisible();
  await expect(example.getByRole('region', { name: 'Response body' }).last()).toContainText('"permissions"');
  await expectAccessible(page);

  await page.getByRole('link', { name: '← API reference' }).click();
  await expect(page).toHaveURL('/doc/api');
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
});
