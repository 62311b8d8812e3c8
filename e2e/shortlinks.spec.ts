import { ADMIN, answerDialog, apiToken, expect, expectAccessible, signIn, test } from './fixtures';

const PHONE = { width: 375, height: 740 };

test('an administrator makes a shortlink, a visitor follows it to its target, and the hit is counted', async ({ page, browser, trouble }) => {
  // The slug taken in other letters is refused by the server, and shown at its field.
  trouble.failure(400, /\/api\/v1\/shortlinks$/);
  const slug = `pubs-${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Site Admin' }).getByRole('link', { name: 'Shortlinks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shortlinks' })).toBeVisible();
  await expect(page).toHaveTitle(/^Shortlinks · Site Admin/);

  const form = page.getByRole('form', { name: 'New shortlink' });
  const slugField = form.getByRole('textbox', { name: 'Slug' });
  const targetField = form.getByRole('textbox', { name: 'Target' });
  const create = form.getByRole('button', { name: 'Create shortlink' });

  // A script is no target: refused at the field.
  await slugField.fill(slug);
  await targetField.fill('javascript:alert(1)');
  await create.click();
  await expect(targetField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('A target is an http:// or https:// address, or a path of this site starting with /')).toBeVisible();

  await targetField.fill('/pubs');
  await create.click();
  await expect(page.getByText(`Shortlink ${slug} created`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Shortlinks' }).getByRole('row').filter({ hasText: slug });
  await expect(row).toContainText(`/s/${slug}`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('/pubs');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByRole('cell').nth(3)).toHaveText('never');
  await expectAccessible(page);

  // Taken, whatever the letters' case.
  await slugField.fill(slug.toUpperCase());
  await targetField.fill('/projects');
  await create.click();
  await expect(slugField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(`The slug ${slug.toUpperCase()} is taken`)).toBeVisible();

  // A visitor, not signed in, follows the short address.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  trouble.watch(context);
  const visitor = await context.newPage();
  await visitor.goto(`/s/${slug}`);
  await expect(visitor).toHaveURL(/\/pubs$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Publications' })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('never');

  // Deleted after a confirmation: the address then finds nothing.
  await row.getByRole('button', { name: `Delete ${slug}` }).click();
  await answerDialog(page, 'Delete');
  await expect(page.getByText(`Shortlink ${slug} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an administrator changes a shortlink’s target in its dialog, to an allowed host only', async ({ page, trouble }) => {
  // A host not in SHORTLINK_HOSTS (playwright.config.ts allows example.org) is refused by the server, and shown at its field.
  trouble.failure(400, /\/api\/v1\/shortlinks\/[\w-]+$/);
  const slug = `edit-${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/shortlinks');
  const form = page.getByRole('form', { name: 'New shortlink' });
  await form.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await form.getByRole('textbox', { name: 'Target' }).fill('/pubs');
  await form.getByRole('button', { name: 'Create shortlink' }).click();
  const row = page.getByRole('table', { name: 'Shortlinks' }).getByRole('row').filter({ hasText: slug });
  await row.getByRole('button', { name: `Edit ${slug}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit the shortlink ${slug}` });
  const target = dialog.getByRole('textbox', { name: 'Target' });
  await target.fill('https://elsewhere.example/report');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('elsewhere.example is not among the hosts allowed', { exact: false })).toBeVisible();
  await target.fill('https://example.org/report');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('https://example.org/report');
});

test('an unknown short address shows the Not Found screen', async ({ page, trouble }) => {
  trouble.failure(404, /\/s\/nope$/);
  const response = await page.goto('/s/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});

test('on a phone the shortlinks table scrolls in its own box, not the page', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/shortlinks');
  await expect(page.getByRole('heading', { level: 1, name: 'Shortlinks' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New shortlink' });
  const slug = `phone-${Date.now().toString(36)}`;
  await form.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await form.getByRole('textbox', { name: 'Target' }).fill('https://example.org/a/rather/long/address/of/a/report/on/the/season');
  await form.getByRole('button', { name: 'Create shortlink' }).click();
  await expect(page.getByRole('table', { name: 'Shortlinks' }).getByRole('row').filter({ hasText: slug })).toBeVisible();
  const width = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width, 'the page is as wide as the phone').toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('region', { name: 'Shortlinks, wider than the screen' })).toBeVisible();
});

test('a shortlink to a page since deleted leads to the Not Found screen, answered 410 Gone', async ({ page, request, trouble }) => {
  trouble.failure(404, /\/api\/v1\/pages\/at\/gone-/);
  trouble.failure(410, /\/doc\/gone-/);
  const auth = { Authorization: `Bearer ${await apiToken(request)}` };
  const path = `gone-${Date.now().toString(36)}`;
  const made = await request.post('/api/v1/pages', { headers: auth, data: { path, title: 'Soon gone' } });
  expect(made.status()).toBe(201);
  const slug = `to-${path}`;
  expect((await request.post('/api/v1/shortlinks', { headers: auth, data: { slug, target: `/doc/${path}` } })).status()).toBe(201);
  await page.goto(`/s/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Soon gone' })).toBeVisible();

  expect((await request.delete(`/api/v1/pages/${(await made.json()).page.id}`, { headers: auth })).status()).toBe(204);
  const answer = await page.goto(`/s/${slug}`);
  expect(answer?.status()).toBe(410);
  await expect(page).toHaveURL(new RegExp(`/doc/${path}$`));
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});
