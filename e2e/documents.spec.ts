import type { Locator } from '@playwright/test';
import { apiToken, DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };

interface Node {
  type: string;
  text?: string;
  content?: Node[];
  marks?: { type: string }[];
}
const textOf = (node: Node): string => node.text ?? (node.content ?? []).map(textOf).join('');

/**
 * Moves the caret to the end of an editor and waits until the editor knows it. ProseMirror
 * reads a caret moved by a key from the `selectionchange` event, which Chromium may deliver
 * after the next key press (input runs first): an Enter pressed at once would split the block
 * the caret came from.
 */
async function caretToEnd(box: Locator) {
  // e2e/ has no DOM types: the few members used are typed here.
  type Element = { lastElementChild: { contains(node: unknown): boolean } | null; caretAtEnd?: Promise<void> };
  type Document = {
    getSelection(): { focusNode: unknown } | null;
    addEventListener(type: string, f: () => void): void;
    removeEventListener(type: string, f: () => void): void;
  };
  await box.evaluate((el: Element) => {
    const { document } = globalThis as unknown as { document: Document };
    el.caretAtEnd = new Promise<void>((resolve) => {
      const seen = () => {
        const focus = document.getSelection()?.focusNode;
        if (!focus || !el.lastElementChild?.contains(focus)) return;
        document.removeEventListener('selectionchange', seen);
        resolve();
      };
      document.addEventListener('selectionchange', seen);
    });
  });
  await box.press('Control+End');
  await box.evaluate((el: Element) => el.caretAtEnd);
}

test('the sample project’s documentation opens whole in the editor, and saving an edit keeps every part of it', async ({ page, request }) => {
  // A project of its own holding the sample's documentation (subscripts, superscripts, every node and mark).
  const token = await apiToken(request, ADA);
  const headers = { authorization: `Bearer ${token}` };
  const sample = (await (await request.get('/api/v1/projects/sample')).json()).doc as Node;
  const created = await request.post('/api/v1/projects', { headers, data: { project: { title: `Treeline copy ${Date.now().toString(36)}` }, doc: sample } });
  expect(created.status()).toBe(201);
  const slug = (await created.json()).project.slug as string;

  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/projects/${slug}/edit`);
  const box = page.getByRole('textbox', { name: 'Documentation' });
  await expect(box.locator('sub')).toHaveText('2');
  await expect(box.locator('sup')).toHaveText('2');
  await expect(box.getByRole('heading', { name: 'Questions' })).toBeVisible();
  await expectAccessible(page);

  await box.focus();
  await caretToEnd(box);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Note.');
  await expect(box.locator(':scope > p').last()).toHaveText('Note.');
  await page.getByRole('form', { name: 'Project' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved')).toBeVisible();

  const saved = (await (await request.get(`/api/v1/projects/${slug}`)).json()).doc as Node;
  expect(saved.content!.at(-1)).toMatchObject({ type: 'paragraph', content: [{ type: 'text', text: 'Note.' }] });
  expect(textOf({ type: 'doc', content: saved.content!.slice(0, -1) })).toBe(textOf(sample));
  expect(JSON.stringify(saved).length).toBeGreaterThan(JSON.stringify(sample).length);
  expect(warnings.filter((w) => /tiptap|Invalid content/i.test(w))).toEqual([]);
});

/** Every place a document is edited, with the request that brings its stored document. */
const EDITORS = [
  { page: '/projects/sample/edit', api: /\/api\/v1\/projects\/sample$/, field: 'doc', label: 'Documentation', form: 'Project' },
  {
    page: '/projects/sample/updates/first-data-release/edit',
    api: /\/api\/v1\/projects\/sample\/updates\/first-data-release$/,
    field: 'doc',
    label: 'Text',
    form: 'Update',
  },
  { page: '/data/davos-treeline/edit', api: /\/api\/v1\/data\/obj\/davos-treeline$/, field: 'doc', label: 'Documentation', form: 'Object' },
  { page: '/people/ada/edit', api: /\/api\/v1\/people\/ada$/, field: 'bio', label: 'About', form: 'Details' },
];

for (const editor of EDITORS) {
  test(`${editor.page}: a document the editor cannot read is shown read-only, and the page offers no Save`, async ({ page }) => {
    await signIn(page, ADA.username, ADA.password);
    // The stored document carries a mark this editor does not know (as if written by a newer version).
    await page.route(editor.api, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = await response.json();
      const unknown = { type: 'paragraph', content: [{ type: 'text', text: 'Highlighted finding', marks: [{ type: 'highlight' }] }] };
      body[editor.field] = { type: 'doc', content: [...(body[editor.field]?.content ?? []), unknown] };
      await route.fulfill({ response, json: body });
    });
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/v1/') && !r.url().includes('/auth/')) writes.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(editor.page);
    const form = page.getByRole('form', { name: editor.form });
    await expect(form.getByText('This text cannot be opened in the editor')).toBeVisible();
    await expect(form.getByRole('region', { name: `${editor.label} (read-only)` })).toContainText('Highlighted finding');
    await expect(form.getByRole('textbox', { name: editor.label })).toHaveCount(0);
    await expect(form.getByRole('status').filter({ hasText: 'This page cannot save' })).toBeVisible();
    await expect(form.getByRole('button', { name: /^(Save|Post update|Create object|Add)$/ })).toHaveCount(0);
    await expectAccessible(page);
    expect(writes).toEqual([]);
  });
}

test('the editor takes its placeholder’s place: nothing below it moves when it arrives, and a click anywhere in it writes', async ({ page }) => {
  // The editor's code held back, so the placeholder can be measured first.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/RichTextEditor-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, ADA.username, ADA.password);
  await page.goto('/data/new');
  const save = page.getByRole('button', { name: 'Create object' });
  await expect(page.getByRole('status', { name: 'Loading the editor' })).toBeVisible();
  const before = (await save.boundingBox())!.y;
  release();
  const editor = page.getByRole('textbox', { name: 'Documentation' });
  await expect(editor).toBeVisible();
  expect((await save.boundingBox())!.y).toBe(before);

  // The bottom of the empty box, well below the first line.
  const frame = page.locator('.mantine-RichTextEditor-root');
  await frame.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 8);
  await page.keyboard.type('Written from the bottom of the box');
  await expect(editor).toHaveText('Written from the bottom of the box');
});
