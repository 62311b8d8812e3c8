import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { apiToken, DEMO_PASSWORD, expect, expectAccessible, lastMailTo, newUser, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };

test('a visitor finds insights by a tag, then by an object they are about', async ({ page }) => {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  const found = page.getByRole('list', { name: 'Insights found' });
  await expect(found.getByRole('article').first()).toBeVisible();
  // Its bylines' links are told from their text by more than colour.
  await expectAccessible(page);

  // A tag chip: its checkbox is hidden behind its label.
  await page
    .getByRole('group', { name: 'Tags' })
    .locator('label')
    .filter({ hasText: /^permafrost \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/[?&]tag=permafrost/);
  const tagged = found.getByRole('article');
  // The list shown stays while the filtered one loads: wait for every result to carry the tag.
  const everyOne = async (texts: () => Promise<string[]>, part: string) => (await texts()).length > 0 && (await texts()).every((t) => t.includes(part));
  await expect.poll(() => everyOne(() => found.getByRole('list', { name: /^Tags of / }).allTextContents(), 'permafrost')).toBe(true);

  // One result's object: the insights about it.
  const about = tagged.first().getByRole('link', { name: /^Insights about / });
  const object = ((await about.getAttribute('aria-label')) ?? '').replace(/^Insights about /, '');
  await about.click();
  await expect(page).toHaveURL(/[?&]o=/);
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText(object);
  await expect.poll(() => everyOne(() => found.getByRole('article').allTextContents(), object)).toBe(true);
});

test('a researcher writes an insight about a site; it is found by its words, highlighted', async ({ page }) => {
  const word = `xylotomy${randomUUID().slice(0, 6)}`;
  await signIn(page, 'ada');
  await page.goto('/insights');
  await page.getByRole('link', { name: 'New insight' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(`Wood anatomy at Abisko ${word}`);
  await page.getByRole('combobox', { name: 'Tags' }).fill('methods');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Add an object' }).fill('Abisko');
  await page
    .getByRole('option', { name: /Abisko/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Objects it is about' }).getByRole('listitem')).toHaveCount(1);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type(`Thin sections of birch show ${word} rings after the moth years.`);
  await page.getByRole('button', { name: 'Publish' }).click();

  await expect(page.getByRole('heading', { name: `Wood anatomy at Abisko ${word}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/insights\/\d+$/);
  await expect(page.getByRole('link', { name: /Abisko/ }).first()).toBeVisible();

  await page.goto(`/insights?q=${word}`);
  const result = page.getByRole('list', { name: 'Insights found' }).getByRole('article');
  await expect(result).toHaveCount(1);
  await expect(result.locator('mark').first()).toHaveText(word);
});

test('a reader comments with a photo, and the insight’s author unsubscribes from the e-mail’s link', async ({ page, browser, request }) => {
  const token = await apiToken(request, ADA);
  const title = `Snow depth at the tower ${randomUUID().slice(0, 6)}`;
  const made = await request.post('/api/v1/insights', {
    headers: { authorization: `Bearer ${token}` },
    data: { insight: { title, tags: ['snow'] }, doc: null },
  });
  expect(made.status()).toBe(201);
  const { num } = (await made.json()).insight;

  // A reader of her own (a demo account's password may be changed by another journey) comments with a photo.
  const reader = await newUser(request);
  await signIn(page, reader.username, reader.password);
  await page.goto(`/insights/${num}`);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7a9c' } })
    .jpeg()
    .toBuffer();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add a photo' }).click()]);
  await chooser.setFiles({ name: 'snow-pit.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('form', { name: 'Write a comment' }).getByRole('img')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your comment' }).fill('The snow pit on Tuesday: 84 cm, with a crust at 30.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  const comments = page.getByRole('list', { name: 'Comments, oldest first' });
  await expect(comments.getByRole('listitem')).toHaveCount(1);
  await expect(comments.getByText('The snow pit on Tuesday')).toBeVisible();
  await expect(comments.getByRole('button', { name: /^Show the photo of the comment by / })).toBeVisible();

  // Ada's mail, opened by someone not signed in: the link asks before it unsubscribes.
  const mail = await lastMailTo(request, 'ada@example.org');
  expect(mail).toContain(title);
  const link = /https?:\/\/\S+\/unsubscribe\/[\w-]+/.exec(mail)![0];
  const visitor = await browser.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByText(/unsubscribed/i).first()).toBeVisible();
  await visitor.close();
  const settings = await request.get('/api/v1/auth/user/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(await settings.json()).toEqual({ insightComments: false });

  // Subscribed again from her account page.
  await page.context().clearCookies();
  await signIn(page, 'ada');
  await page.goto('/me');
  const toggle = page.getByRole('switch', { name: /comments on my insights/ });
  await expect(toggle).not.toBeChecked();
  // It flips once the server has the change.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => (await (await request.get('/api/v1/auth/user/notifications', { headers: { authorization: `Bearer ${token}` } })).json()).insightComments)
    .toBe(true);
});
