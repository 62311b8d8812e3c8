import { randomUUID } from 'node:crypto';
import { ADMIN, apiToken, expect, test } from './fixtures';

test('a project’s Data tab lists its data tables with their metrics', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const title = `Lake chemistry ${randomUUID().slice(0, 8)}`;
  const project = (await (await request.post('/api/v1/projects', { headers, data: { project: { title } } })).json()).project;
  const made = await request.post(`/api/v1/projects/${project.slug}/datatables`, { headers, data: { title: 'Monthly samples', description: 'Grab samples at 0.5 m', metrics: ['soil-ph', 'air-temperature'] } });
  expect(made.status()).toBe(201);

  await page.goto(`/projects/${project.slug}/data`);
  const tables = page.getByRole('list', { name: 'Data tables' });
  await expect(tables.getByText('Monthly samples')).toBeVisible();
  await expect(tables.getByText('Grab samples at 0.5 m')).toBeVisible();
  await expect(tables.getByText('Soil pH ([pH])')).toBeVisible();
  await expect(tables.getByText('Air temperature (Cel)')).toBeVisible();
});
