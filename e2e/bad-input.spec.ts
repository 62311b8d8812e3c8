import type { APIRequestContext, Locator } from '@playwright/test';
import { ADMIN, apiToken, DEMO_PASSWORD, expect, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The screens a refusal is tried on: a desk, and a phone held upright. */
const SCREENS = [
  { name: 'desktop', viewport: { width: 1366, height: 850 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function adasProject(request: APIRequestContext, title: string) {
  const token = await apiToken(request, ADA);
  const res = await request.post('/api/v1/projects', { headers: { authorization: `Bearer ${token}` }, data: { project: { title } } });
  expect(res.status()).toBe(201);
  return { ...(await res.json()).project, token } as { id: string; slug: string; title: string; token: string };
}

/** The server's refusal shows beside the field it names, read with the field, which keeps its text. */
async function expectRefusedBeside(field: Locator, message: string, typed: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message));
  // Focused, so in view even when Save was a screen further down.
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveValue(typed);
}

for (const screen of SCREENS) {
  test.describe(`bad input on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a taken username is named beside its field; the other fields keep what was typed', async ({ page, request, trouble }) => {
      trouble.failure(409, /\/api\/v1\/users$/);
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.goto('/admin/users');
      await page.getByRole('button', { name: 'New account' }).click();
      const dialog = page.getByRole('dialog', { name: 'New account' });
      const name = `Ada Again ${suffix()}`;
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: 'Username' }).fill('ada');
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ada.again@example.org');
      await dialog.getByLabel('First password').fill('a first password');
      await dialog.getByRole('button', { name: /^Create/ }).click();

      await expectRefusedBeside(dialog.getByRole('textbox', { name: 'Username' }), 'This username is taken', 'ada');
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
      await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada.again@example.org');
      await expect(dialog.getByLabel('First password')).toHaveValue('a first password');
      // Nothing was made.
      const token = await apiToken(request);
      const found = await request.get('/api/v1/users', { headers: { authorization: `Bearer ${token}` }, params: { q: name } });
      expect(found.ok()).toBe(true);
      expect(JSON.stringify(await found.json())).not.toContain(name);
    });

    test('a project address taken by another project is named beside its field; the new title is kept', async ({ page, request, trouble }) => {
      const other = await adasProject(request, `Taken Address ${suffix()}`);
      const project = await adasProject(request, `Renamed Later ${suffix()}`);
      trouble.failure(409, new RegExp(`/api/v1/projects/${project.id}$`));
      await signIn(page, ADA.username, ADA.password);
      await page.goto(`/projects/${project.slug}/edit`);
      const form = page.getByRole('form', { name: 'Project' });
      const title = `A Better Title ${suffix()}`;
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Address (slug)' }).fill(other.slug);
      await form.getByRole('button', { name: 'Save' }).click();

      await expectRefusedBeside(form.getByRole('textbox', { name: 'Address (slug)' }), 'This address is taken by another project', other.slug);
      await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
      const kept = await (await request.get(`/api/v1/projects/${project.slug}`, { headers: { authorization: `Bearer ${project.token}` } })).json();
      expect(kept.project.title).toBe(project.title);
    });

    test('an object name already in use is named beside its field; the new title is kept', async ({ page, request, trouble }) => {
      const project = await adasProject(request, `Alpine Sites ${suffix()}`);
      const name = `site-${suffix()}`;
      const created = await request.post('/api/v1/data/obj', {
        headers: { authorization: `Bearer ${project.token}` },
        data: { name, title: `Upper Meadow ${name}`, types: ['site'], projects: [project.id] },
      });
      expect(created.status()).toBe(201);
      trouble.failure(409, new RegExp(`/api/v1/data/obj/${name}$`));
      await signIn(page, ADA.username, ADA.password);
      await page.goto(`/data/${name}/edit`);
      const form = page.getByRole('form', { name: 'Object' });
      await form.getByRole('textbox', { name: 'Title' }).fill('Lower Meadow');
      await form.getByRole('textbox', { name: 'Name' }).fill('abisko');
      await form.getByRole('button', { name: 'Save' }).click();

      await expectRefusedBeside(form.getByRole('textbox', { name: 'Name' }), 'An object with this name exists', 'abisko');
      await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Lower Meadow');
      const kept = await (await request.get(`/api/v1/data/obj/${name}`, { headers: { authorization: `Bearer ${project.token}` } })).json();
      expect(kept.obj.title).toBe(`Upper Meadow ${name}`);
    });
  });
}
