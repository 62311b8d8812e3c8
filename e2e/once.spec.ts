import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, newUser, settled, signIn, test } from './fixtures';

// A request is carried out once: a double click on a button that creates makes one thing
// (docs/api.md "Idempotency-Key"). Each journey has a user and data of its own.

/** A user of its own holding the built-in Administrator role (notes, imports), signed in on the page, and a token of theirs. */
async function administrator(page: Page, request: APIRequestContext) {
  const user = await newUser(request);
  const admin = await apiToken(request);
  const granted = await request.put(`/api/v1/users/${user.username}/roles/global/administrator`, { headers: { authorization: `Bearer ${admin}` } });
  expect(granted.ok()).toBe(true);
  await signIn(page, user.username, user.password);
  return { ...user, headers: { authorization: `Bearer ${await apiToken(request, user)}` } };
}

/** A counter of a stats section, as shown: "3" above "Created". */
const stat = (section: Locator, label: string) =>
  section
    .locator('.mantine-Paper-root')
    .filter({ has: section.page().getByText(label, { exact: true }) })
    .locator('p')
    .first();

/** The POSTs the page sends to an address (the API's own path). */
function posts(page: Page, path: RegExp) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) sent.push(r.headers()['idempotency-key'] ?? '');
  });
  return sent;
}

test('a double click on Add note writes one note', async ({ page, request }) => {
  const user = await administrator(page, request);
  const name = `once-${randomUUID().slice(0, 8)}`;
  expect((await request.post('/api/v1/data/obj', { headers: user.headers, data: { name, title: `Once ${name}`, types: ['site'] } })).status()).toBe(201);
  const sent = posts(page, /\/notes$/);

  await page.goto(`/data/${name}/notebook`);
  await page.getByRole('textbox', { name: 'New note' }).fill('Counted once, clicked twice.');
  await page.getByRole('button', { name: 'Add note' }).dblclick();
  const feed = page.getByRole('feed', { name: 'Notes, newest first' });
  await expect(feed.getByRole('article')).toHaveCount(1);
  await expect(page.getByText('1 note', { exact: true })).toBeVisible();

  const notes = (await (await request.get(`/api/v1/data/obj/${name}/notes`, { headers: user.headers })).json()).notes;
  expect(notes.map((n: { content: string }) => n.content)).toEqual(['Counted once, clicked twice.']);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test('a double click on Add comment writes one comment', async ({ page, request }) => {
  const user = await administrator(page, request);
  const made = await request.post('/api/v1/insights', {
    headers: user.headers,
    data: { insight: { title: `Once ${randomUUID().slice(0, 8)}`, tags: ['once'] }, doc: null },
  });
  expect(made.status()).toBe(201);
  const { num } = (await made.json()).insight;
  const sent = posts(page, /\/comments$/);

  await page.goto(`/insights/${num}`);
  await page.getByRole('textbox', { name: 'Your comment' }).fill('Said once, clicked twice.');
  await page.getByRole('button', { name: 'Add comment' }).dblclick();
  const comments = page.getByRole('list', { name: 'Comments, oldest first' });
  await expect(comments.getByText('Said once, clicked twice.')).toBeVisible();
  await expect(comments.getByRole('listitem')).toHaveCount(1);

  const listed = (await (await request.get(`/api/v1/insights/${num}/comments`, { headers: user.headers })).json()).comments;
  expect(listed.map((c: { content: string }) => c.content)).toEqual(['Said once, clicked twice.']);
  expect(sent).toHaveLength(1);
});

test('a double click on Import in the confirmation imports once, and the result and the history say what it did', async ({ page, request }) => {
  const user = await administrator(page, request);
  const prefix = `once-${randomUUID().slice(0, 8)}`;
  const fileName = `${prefix}.csv`;
  const csv = ['id,title', ...[1, 2, 3].map((i) => `${prefix}-${i},Once ${i}`)].join('\r\n');
  const sent = posts(page, /\/data\/import\/objects$/);

  await page.goto('/admin/data/import');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /^Choose (a|another) file$/ }).click()]);
  await chooser.setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(fileName, { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Import objects' }).click();
  await expect(page.getByRole('combobox', { name: 'Id column' })).toHaveValue('id');
  const types = page.getByRole('combobox', { name: 'Object types' });
  await types.click();
  await page.getByRole('option', { name: 'Site' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Commit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).dblclick();

  await expect(page.getByRole('heading', { name: 'Imported', level: 1 })).toBeVisible({ timeout: 30_000 });
  const did = page.getByRole('region', { name: 'What the import did' });
  await expect(stat(did, 'Created')).toHaveText('3');
  await expect(stat(did, 'Unchanged')).toHaveText('0');
  expect(sent).toHaveLength(1);

  const sessions = (await (await request.get('/api/v1/data/import/sessions', { headers: user.headers })).json()).sessions;
  const session = sessions.find((s: { fileName: string }) => s.fileName === fileName);
  expect(session).toMatchObject({ kind: 'objects', stats: { created: 3, unchanged: 0 } });
  for (const i of [1, 2, 3]) expect((await request.get(`/api/v1/data/obj/${prefix}-${i}`, { headers: user.headers })).status()).toBe(200);

  await page.goto('/admin/data/import');
  const past = page.getByRole('table', { name: 'Past imports' }).getByRole('row').filter({ hasText: fileName });
  await expect(past).toContainText('3 created');
});
