import type { Browser, Page } from '@playwright/test';
import { answerDialog, apiToken, DEMO_PASSWORD, expect, signIn, test, type Trouble } from './fixtures';

// Two tabs on one project: the later save meets "changed while you were editing" and the
// user keeps editing on top of the other's version, or overwrites it knowingly.

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A second tab: a browser context of its own with its own session, watched like the first. */
async function secondTab(browser: Browser, trouble: Trouble): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  trouble.watch(context);
  const page = await context.newPage();
  await signIn(page, ADA.username, ADA.password);
  return page;
}

async function openEditor(page: Page, slug: string) {
  await page.goto(`/projects/${slug}/edit`);
  await expect(page.getByRole('form', { name: 'Project' }).getByRole('textbox', { name: 'Summary' })).toBeEditable();
}

async function saveSummary(page: Page, summary: string) {
  const form = page.getByRole('form', { name: 'Project' });
  await form.getByRole('textbox', { name: 'Summary' }).fill(summary);
  await form.getByRole('button', { name: 'Save' }).click();
}

test('two tabs on one project: the later save asks, keeps editing on the current version, or overwrites knowingly', async ({
  page,
  browser,
  request,
  trouble,
}) => {
  test.slow(); // two browsers, several saves
  trouble.failure(412, /\/api\/v1\/projects\//);
  const token = await apiToken(request, ADA);
  const created = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { project: { title: unique('Two Tabs'), summary: 'As it began' } },
  });
  expect(created.status()).toBe(201);
  const { slug, id } = (await created.json()).project;
  const stored = async () =>
    (await (await request.get(`/api/v1/projects/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).project as {
      title: string;
      summary: string;
      version: number;
    };

  await signIn(page, ADA.username, ADA.password);
  const other = await secondTab(browser, trouble);
  await openEditor(page, slug);
  await openEditor(other, slug);

  // The other tab saves first.
  await saveSummary(other, 'Summary from the other tab');
  await expect(other.getByText('Project saved')).toBeVisible();

  // This tab changed the title, based on version 1: the save is refused and nothing is lost.
  const form = page.getByRole('form', { name: 'Project' });
  const title = unique('Renamed here');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'The project was changed while you were editing' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Ada Lindqvist saved a newer version \(version 2\)/)).toBeVisible();
  const summaryRow = dialog.getByRole('row', { name: /Summary/ });
  await expect(summaryRow).toContainText('As it began');
  await expect(summaryRow).toContainText('Summary from the other tab');

  // Keep editing: the summary is the other tab's, the title stays this tab's; saving now works.
  await answerDialog(page, 'Keep editing');
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(form.getByRole('textbox', { name: 'Summary' })).toHaveValue('Summary from the other tab');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved')).toBeVisible();
  expect(await stored()).toMatchObject({ title, summary: 'Summary from the other tab', version: 3 });

  // Again, both open; the other saves first; this tab overwrites it knowingly.
  await openEditor(page, slug);
  await openEditor(other, slug);
  await saveSummary(other, 'The other tab’s second summary');
  await expect(other.getByText('Project saved')).toBeVisible();
  await saveSummary(page, 'This tab’s summary wins');
  await expect(dialog).toBeVisible();
  await answerDialog(page, 'Overwrite');
  await expect(page.getByText('Project saved')).toBeVisible();
  expect(await stored()).toMatchObject({ title, summary: 'This tab’s summary wins', version: 5 });
  await other.context().close();
});
