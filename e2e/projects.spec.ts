import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, keyboardDrag, signIn, test } from './fixtures';

const ADA = { username: 'ada', password: DEMO_PASSWORD };
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

async function createProject(request: APIRequestContext, project: Record<string, unknown>, body: Record<string, unknown> = {}) {
  const token = await apiToken(request, ADA);
  const res = await request.post('/api/v1/projects', { headers: { authorization: `Bearer ${token}` }, data: { project, ...body } });
  expect(res.status()).toBe(201);
  return { ...(await res.json()).project, token };
}

test('a visitor browses and searches projects, opens one, and cannot see a members-only one', async ({ page, request, trouble }) => {
  trouble.failure(404, /\/(api\/v1\/)?projects\/hidden-/); // the members-only one: the API's answer and the page's status
  const word = `moraine${Date.now().toString(36)}`;
  const open = await createProject(
    request,
    { title: unique('Glacier Forefield'), summary: `Succession on the ${word} since 1850`, status: 'active', startDate: '2020-04-01' },
    { doc: doc('Plots are revisited every five years.') },
  );
  const hidden = await createProject(request, { title: unique(`Hidden ${word}`), visibility: 'members' });

  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search projects' }).fill(word);
  const results = page.getByRole('list', { name: 'Projects' });
  await expect(results.getByRole('link', { name: open.title })).toBeVisible();
  await expect(results.getByRole('link', { name: hidden.title })).toHaveCount(0);
  await expect(page.getByText('1 project', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await results.getByRole('link', { name: open.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: open.title })).toBeVisible();
  await expect(page.getByText('Plots are revisited every five years.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page).toHaveURL(`/projects/${open.slug}/updates`);
  await expect(page.getByText('No updates yet.')).toBeVisible();
  await expectAccessible(page);

  expect((await page.goto(`/projects/${hidden.slug}`))!.status()).toBe(404);
  await expect(page.getByText('The object you requested could not be found. Project not found')).toBeVisible();
});

async function addContributor(page: Page, search: string, option: string, title: string) {
  const form = page.getByRole('form', { name: 'Add a contributor' });
  // In view first: a picker's list is hidden while its box is off the screen (fill does not scroll).
  await form.getByRole('combobox', { name: 'Person' }).scrollIntoViewIfNeeded();
  await form.getByRole('combobox', { name: 'Person' }).fill(search);
  await page.getByRole('option', { name: option }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('button', { name: 'Add contributor' }).click();
  await expect(page.getByRole('button', { name: `Move ${option}`, exact: true })).toBeVisible();
}

/** A request held until the test lets it go. */
async function hold(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('every title carries the product’s name, while the screen’s code and the configuration load too', async ({ page }) => {
  const screen = await hold(page, '**/assets/ProjectsPage-*.js');
  const config = await hold(page, '**/api/v1/app/config');
  await page.goto('/projects', { waitUntil: 'commit' });
  // The page as served, before any screen is drawn.
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toHaveCount(0);
  screen();
  // The screen drawn, the configuration not yet come: the name the page was served with.
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  config();

  // The next screen's code on its way: the title stays the last screen's, named so.
  const people = await hold(page, '**/assets/PeoplePage-*.js');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  people();
  await expect(page).toHaveTitle('People · Observatory Catalogue');
});

test('a researcher creates a project with documentation, adds contributors and reorders them', async ({ page }) => {
  test.slow(); // many steps, each a round trip
  const title = unique('Peatland Carbon');
  await signIn(page, ADA.username, ADA.password);
  await page.goto('/projects');
  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Project' });
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByText('Give a title')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Summary' }).fill('Carbon fluxes of a raised bog.');
  await form.getByRole('textbox', { name: 'Documentation' }).click();
  await page.keyboard.type('Eddy covariance tower since 2019.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${title}` })).toBeVisible();
  // The documentation's history comes a moment later and moves the forms below it down.
  await expect(page.getByRole('table', { name: 'Saved versions' })).toBeVisible();

  await addContributor(page, 'Lindqvist', 'Ada Lindqvist', 'Principal investigator');
  await addContributor(page, 'Okafor', 'Grace Okafor', 'Data manager');
  await addContributor(page, 'Herrera', 'Tomás Herrera', 'Field technician');
  const order = () => page.getByRole('list', { name: 'Contributors in order' }).getByRole('listitem').getByRole('paragraph').allTextContents();
  await expect.poll(order).toEqual(['Ada Lindqvist', 'Grace Okafor', 'Tomás Herrera']);

  // Keyboard drag: Tomás to the top.
  await keyboardDrag(page, 'Tomás Herrera', 'ArrowUp', 2);
  await expect.poll(order).toEqual(['Tomás Herrera', 'Ada Lindqvist', 'Grace Okafor']);

  await page.goto(page.url().replace(/\/edit$/, ''));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Eddy covariance tower since 2019.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Contributors in order' }).getByRole('link')).toHaveText(['Tomás Herrera', 'Ada Lindqvist', 'Grace Okafor']);
});

test('an editor posts an update; deleting it removes it from the recent and the full list', async ({ page, request }) => {
  const project = await createProject(request, { title: unique('Snow Depth') });
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/projects/${project.slug}/updates`);
  await page.getByRole('link', { name: 'Post an update' }).click();
  const form = page.getByRole('form', { name: 'Update' });
  await form.getByRole('textbox', { name: 'Title' }).fill('First snow measured');
  await form.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('42 cm at the upper station.');
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'First snow measured' })).toBeVisible();
  await expect(page.getByText('42 cm at the upper station.')).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Recent updates' }).getByRole('link', { name: 'First snow measured' })).toBeVisible();
  await page.getByRole('region', { name: 'Recent updates' }).getByRole('link', { name: 'First snow measured' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await answerDialog(page, 'Delete');
  await expect(page).toHaveURL(`/projects/${project.slug}/updates`);
  await expect(page.getByText('No updates yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Recent updates' }).getByText('No updates yet.')).toBeVisible();
});

test('an editor opens an older version of the documentation and restores it', async ({ page, request }) => {
  const project = await createProject(request, { title: unique('Lake Ice') }, { doc: doc('Ice-out dates from 1900.') });
  await request.put(`/api/v1/projects/${project.id}`, {
    headers: { authorization: `Bearer ${project.token}` },
    data: { doc: doc('A rewrite that lost the history.') },
  });
  await signIn(page, ADA.username, ADA.password);
  await page.goto(`/projects/${project.slug}/edit`);
  const history = page.getByRole('table', { name: 'Saved versions' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await history.getByRole('button', { name: /^Open/ }).last().click();
  await expect(page.getByRole('dialog').getByText('Ice-out dates from 1900.')).toBeVisible();
  await page.keyboard.press('Escape');
  await history.getByRole('button', { name: /^Restore/ }).click();
  await answerDialog(page, 'Restore');
  await expect(page.getByText('The earlier version is current again')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Saved versions' }).getByRole('row')).toHaveCount(3);
  await page.goto(`/projects/${project.slug}`);
  await expect(page.getByText('Ice-out dates from 1900.')).toBeVisible();
});

test('Site Admin: a project’s members, its address and archive, and deletion after typing its title', async ({ page, request }) => {
  const project = await createProject(request, { title: unique('Admin Managed') });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/projects');
  await page.getByRole('textbox', { name: 'Search projects' }).fill(project.title);
  await page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: project.title }).click();
  await expect(page).toHaveURL(`/admin/projects/${project.slug}/advanced`);

  await page.getByRole('tab', { name: 'Membership' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: 'Ada Lindqvist', exact: true })).toBeVisible();
  const addForm = page.getByRole('form', { name: 'Add a member' });
  await addForm.getByRole('combobox', { name: 'Person' }).fill('Okafor');
  await page.getByRole('option', { name: 'Grace Okafor' }).click();
  await addForm.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('combobox', { name: 'Role of Grace Okafor' })).toHaveValue('Contributor');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Advanced' }).click();
  const form = page.getByRole('form', { name: 'Advanced' });
  await form.getByRole('textbox', { name: 'Address (slug)' }).fill(`${project.slug}-moved`);
  await form.getByRole('switch', { name: /Archived/ }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/admin/projects/${project.slug}-moved/advanced`);
  await page.goto(`/projects/${project.slug}`);
  await expect(page).toHaveURL(`/projects/${project.slug}-moved`);
  await expect(page.getByText('Archived')).toBeVisible();

  await page.goto(`/admin/projects/${project.slug}-moved/advanced`);
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Delete project' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Project title' }).fill(project.title);
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL('/admin/projects');
  expect((await request.get(`/api/v1/projects/${project.id}`)).status()).toBe(404);
});

test('/projects/sample shows a complete example project: every section filled', async ({ page }) => {
  await page.goto('/projects/sample');
  await expect(page.getByRole('heading', { level: 1, name: /^Sample project/ })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Documentation' });
  await expect(overview.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(overview.getByRole('list').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Contributors in order' }).getByRole('listitem').nth(3)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Institutions in order' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Recent updates' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Field team' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Data' }).click();
  const objects = page.getByRole('table', { name: 'Sites and objects' });
  await expect(objects.getByRole('link', { name: 'Davos treeline valleys' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^All \d+ in the data catalogue$/ }).click();
  await expect(page).toHaveURL(/\/data\?project=sample$/);
  await expect(page.getByRole('link', { name: 'Niwot Ridge alpine tundra' }).first()).toBeVisible();
  await page.goBack();
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.getByText('NEON comparison sites').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByRole('list', { name: 'Updates, newest first' }).getByRole('listitem').nth(2)).toBeVisible();
});
