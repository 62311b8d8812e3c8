import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, answerDialog, apiToken, expect, expectAccessible, openUserMenu, signIn, test } from './fixtures';

const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

/** A page made through the API as the administrator, for a journey of its own (the seeded guide is only read). */
async function createPage(request: APIRequestContext, page: { path: string; title: string; draft?: boolean; doc?: unknown }) {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const res = await request.post('/api/v1/pages', { headers, data: page });
  expect(res.status(), `create the page ${page.path}`).toBe(201);
  return (await res.json()).page as { id: string; path: string; title: string };
}

test('a visitor opens Help/Docs, follows the guide, finds a page by searching, and never sees a draft', async ({ page, request, trouble }) => {
  trouble.failure(404, /\/(api\/v1\/pages\/at|doc)\/draft-/); // the draft, asked for by a visitor: the API's answer and the page's status
  // Letters only: one word to the text search, whatever its parser makes of digits.
  const word = `quokka${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const published = await createPage(request, { path: `notes-${word}`, title: `Station notes ${word}`, doc: doc(`The ${word} survey is published.`) });
  const draft = await createPage(request, { path: `draft-${word}`, title: `Unfinished ${word}`, draft: true, doc: doc(`The ${word} survey is not ready.`) });

  await page.goto('/');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Help/Docs' }).click();
  await expect(page).toHaveURL('/doc/index');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and documentation' })).toBeVisible();

  await page.getByRole('article').getByRole('link', { name: 'user guide', exact: true }).click();
  await expect(page).toHaveURL('/doc/guide');
  await expect(page.getByRole('heading', { level: 1, name: 'User guide' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Documentation' });
  await expect(nav.getByRole('link', { name: 'User guide', exact: true })).toHaveAttribute('aria-current', 'page');
  // The current page's branch is open.
  await expect(nav.getByRole('link', { name: 'Importing from spreadsheets' })).toBeVisible();
  await expect(nav.getByRole('link', { name: published.title })).toBeVisible();
  await expect(nav.getByRole('link', { name: draft.title })).toHaveCount(0);
  await expectAccessible(page);

  const search = nav.getByRole('combobox', { name: 'Search the documentation' });
  await search.fill('import');
  const found = page.getByRole('listbox', { name: 'Pages found' });
  const result = found.getByRole('option', { name: /^Importing from spreadsheets/ });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').first()).toHaveText(/^import/i);
  await result.click();
  await expect(page).toHaveURL('/doc/guide/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Importing from spreadsheets' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'User guide' })).toBeVisible();

  // A word both pages hold: only the published one is found; Enter opens it.
  await search.fill(word);
  await expect(found.getByRole('option', { name: new RegExp(`^${published.title}`) })).toBeVisible();
  await expect(found.getByRole('option', { name: new RegExp(`^${draft.title}`) })).toHaveCount(0);
  await search.press('Enter');
  await expect(page).toHaveURL(`/doc/${published.path}`);
  await expect(page.getByRole('article')).toContainText(`The ${word} survey is published.`);

  await page.goto(`/doc/${draft.path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('not ready')).toHaveCount(0);
});

test('an administrator edits a page, restores its earlier text from the history, and moves it with the page below it', async ({ page, request, trouble }) => {
  trouble.failure(400, /\/api\/v1\/pages\/[^/]+\/move$/); // a move below itself, refused
  const word = randomUUID().slice(0, 8);
  const parent = await createPage(request, { path: `e2e-${word}`, title: `Field notes ${word}`, doc: doc('Keep this line.', 'The first text.') });
  const child = await createPage(request, { path: `${parent.path}/winter`, title: `Winter ${word}`, doc: doc('Snow pits every week.') });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/doc/${parent.path}`);
  await page.getByRole('article').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/admin/pages/${parent.path}`);
  await expect(page.getByRole('heading', { level: 1, name: parent.title })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Text' });
  await box.getByText('The first text.').click({ clickCount: 3 });
  await page.keyboard.type('The second text.');
  await expect(box.locator(':scope > p').last()).toHaveText('The second text.');
  await expect(box.locator(':scope > p').first()).toHaveText('Keep this line.');
  await page.getByRole('form', { name: 'Page' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View the page' }).click();
  await expect(page).toHaveURL(`/doc/${parent.path}`);
  const article = page.getByRole('article');
  await expect(article).toContainText('The second text.');
  await expect(article).not.toContainText('The first text.');

  await article.getByRole('link', { name: 'Edit' }).click();
  const history = page.getByRole('table', { name: 'Saved versions' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await history.getByRole('button', { name: /^Open/ }).last().click();
  await expect(page.getByRole('dialog').getByText('The first text.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await history.getByRole('button', { name: /^Restore/ }).click();
  await answerDialog(page, 'Restore');
  await expect(page.getByText('The earlier version is current again')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(box).toContainText('The first text.');
  await page.getByRole('link', { name: 'View the page' }).click();
  await expect(page.getByRole('article')).toContainText('The first text.');
  await expect(page.getByRole('article')).not.toContainText('The second text.');

  // Moved: refused below itself, then to a path of its own, the page below it along.
  await page.getByRole('article').getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move “${parent.title}”` });
  const newPath = dialog.getByRole('textbox', { name: 'New path' });
  await newPath.fill(`${parent.path}/inside`);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog.getByText('A page cannot move below itself')).toBeVisible();
  const moved = `moved-${word}`;
  await newPath.fill(moved);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page).toHaveURL(`/admin/pages/${moved}`);
  await expect(page.getByText(`${parent.title} is now at /doc/${moved}`)).toBeVisible();

  await page.goto(`/doc/${moved}`);
  await expect(page.getByRole('heading', { level: 1, name: parent.title })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Documentation' });
  await expect(nav.getByRole('link', { name: parent.title })).toHaveAttribute('href', `/doc/${moved}`);
  await nav.getByRole('link', { name: child.title }).click();
  await expect(page).toHaveURL(`/doc/${moved}/winter`);
  await expect(page.getByRole('article')).toContainText('Snow pits every week.');
});

test('an administrator puts a page above the one beside it, and the readers’ contents follow', async ({ page, request }) => {
  const word = randomUUID().slice(0, 8);
  const parent = await createPage(request, { path: `order-${word}`, title: `Seasons ${word}`, doc: doc('Field work by season.') });
  const spring = await createPage(request, { path: `${parent.path}/spring`, title: `Spring ${word}`, doc: doc('Thaw.') });
  const autumn = await createPage(request, { path: `${parent.path}/autumn`, title: `Autumn ${word}`, doc: doc('Leaf fall.') });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/pages');
  const table = page.getByRole('table', { name: 'Pages' });
  // The title of each row of this journey's pages, in the table's order.
  const titles = () => table.getByRole('row').filter({ hasText: word }).locator('td:first-child a');
  await expect(titles()).toHaveText([parent.title, spring.title, autumn.title]);
  await expect(table.getByRole('button', { name: `Move ${spring.title} up` })).toBeDisabled();
  await table.getByRole('button', { name: `Move ${autumn.title} up` }).click();
  await expect(titles()).toHaveText([parent.title, autumn.title, spring.title]);
  await expect(table.getByRole('button', { name: `Move ${autumn.title} up` })).toBeDisabled();

  await page.goto(`/doc/${parent.path}`);
  const nav = page.getByRole('navigation', { name: 'Documentation' });
  await expect(nav.getByRole('link', { name: new RegExp(`^(Spring|Autumn) ${word}$`) })).toHaveText([autumn.title, spring.title]);
});
