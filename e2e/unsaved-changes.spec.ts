import type { Page } from '@playwright/test';
import { answerDialog, apiToken, DEMO_PASSWORD, expect, newUser, openUserMenu, signIn, test } from './fixtures';

/** The drafts this browser keeps (lib/drafts.ts): their keys. */
const draftKeys = (page: Page) =>
  page.evaluate(() => {
    const { localStorage } = globalThis as unknown as { localStorage: { length: number; key(i: number): string | null } };
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter((key) => key.startsWith('draft:'));
  });

test('an update being written asks before it is left, comes back as a draft after a reload, and no draft outlives signing out', async ({ page, request }) => {
  // Its own editor on its own project: signing out here ends nobody else's session.
  const user = await newUser(request);
  const ada = await apiToken(request, { username: 'ada', password: DEMO_PASSWORD });
  const made = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${ada}` },
    data: { project: { title: `Lake Ice ${Date.now().toString(36)}` } },
  });
  expect(made.status()).toBe(201);
  const project = (await made.json()).project;
  const member = await request.put(`/api/v1/projects/${project.id}/members/${user.username}`, {
    headers: { authorization: `Bearer ${ada}` },
    data: { role: 'editor' },
  });
  expect(member.ok()).toBe(true);

  await signIn(page, user.username, user.password);
  await page.goto(`/projects/${project.slug}/updates`);
  await page.getByRole('link', { name: 'Post an update' }).click();
  const form = page.getByRole('form', { name: 'Update' });
  const title = form.getByRole('textbox', { name: 'Title' });
  await title.fill('Ice-out on the lake');
  await form.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('The ice left the bay on 12 May.');

  // Back asks; Stay keeps the page and the text.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' }).getByText('Your changes to this update will be lost.')).toBeVisible();
  await answerDialog(page, 'Stay');
  await expect(page).toHaveURL(`/projects/${project.slug}/updates/new`);
  await expect(title).toHaveValue('Ice-out on the lake');
  await expect(form.getByText('The ice left the bay on 12 May.')).toBeVisible();

  // A reload asks through the browser; once gone through, the draft is offered and restored.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  const offer = page.getByText(/^Restore your unsaved draft from \d/);
  await expect(offer).toBeVisible();
  await expect(title).toHaveValue('');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await expect(title).toHaveValue('Ice-out on the lake');
  await expect(form.getByText('The ice left the bay on 12 May.')).toBeVisible();

  // Left without saving: the draft stays in this browser, until its writer signs out.
  await page.goBack();
  await answerDialog(page, 'Leave');
  await expect(page).toHaveURL(`/projects/${project.slug}/updates`);
  expect(await draftKeys(page)).toHaveLength(1);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: `User menu of ${user.username}` })).toHaveCount(0);
  expect(await draftKeys(page)).toEqual([]);

  await signIn(page, user.username, user.password);
  await page.goto(`/projects/${project.slug}/updates/new`);
  await expect(page.getByRole('form', { name: 'Update' }).getByRole('textbox', { name: 'Text' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(title).toHaveValue('');
});
