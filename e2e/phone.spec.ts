import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

/** A phone held upright. */
const PHONE = { width: 390, height: 844 };

type Screen = { path: string; heading: string | RegExp; action: (main: Locator) => Locator };
const button = (name: string | RegExp) => (main: Locator) => main.getByRole('button', { name, exact: typeof name === 'string' }).last();
const link = (name: string | RegExp) => (main: Locator) => main.getByRole('link', { name, exact: typeof name === 'string' }).first();
const field = (name: string | RegExp) => (main: Locator) => main.getByRole('searchbox', { name }).or(main.getByRole('textbox', { name })).first();

/** Every screen built so far, each with its main action. */
const SIGNED_IN: Screen[] = [
  { path: '/', heading: 'Observatory Catalogue', action: link(/projects/i) },
  { path: '/projects', heading: 'Projects', action: link('New project') },
  { path: '/projects/sample', heading: /^Sample project/, action: link('Edit') },
  { path: '/projects/sample/files', heading: /^Sample project/, action: button('Upload') },
  { path: '/projects/sample/edit', heading: /^Edit Sample project/, action: button('Save') },
  { path: '/projects/sample/updates/new', heading: /^Post an update/, action: button(/^Post/) },
  { path: '/edit/projects/create', heading: 'New project', action: button(/^Create/) },
  { path: '/people', heading: 'People', action: link('Add a person') },
  { path: '/people/ada', heading: 'Ada Lindqvist', action: link('Edit') },
  { path: '/people/ada/edit', heading: 'Edit Ada Lindqvist', action: button('Save') },
  { path: '/people/new', heading: 'Add a person', action: button(/^(Add|Create|Save)/) },
  { path: '/partners', heading: 'Partners', action: link(/University/) },
  { path: '/partners/university-of-lund', heading: 'Lund University', action: link('Edit') },
  { path: '/partners/university-of-lund/edit', heading: 'Edit Lund University', action: button('Save') },
  { path: '/teams/field-team', heading: 'Field team', action: button('Add member') },
  { path: '/data', heading: 'Data', action: link('Add object') },
  { path: '/data/abisko', heading: 'Abisko birch–tundra ecotone', action: link('Edit') },
  { path: '/data/dwr-gle', heading: 'Grant Line Canal East', action: link('Edit') },
  { path: '/data/abisko/edit', heading: 'Edit Abisko birch–tundra ecotone', action: button('Save') },
  { path: '/data/new', heading: 'New object', action: button(/^Create/) },
  { path: '/map/properties', heading: 'Sites', action: field('Search the map') },
  { path: '/me', heading: 'My Account', action: button('Save e-mail') },
  { path: '/me/projects', heading: 'My Projects', action: link('New project') },
  { path: '/me/teams', heading: 'My Teams', action: (main) => main.getByRole('tab', { name: 'Teams' }) },
  { path: '/me/photos', heading: 'My Photos', action: (main) => main.getByRole('tab', { name: 'Photos' }) },
  // A page to read: its first section is its main part.
  { path: '/privacy', heading: 'Privacy policy', action: (main) => main.getByRole('heading', { level: 2 }).first() },
  { path: '/admin', heading: 'Site Admin', action: button('Site Admin: Overview') },
  { path: '/admin/users', heading: 'Users', action: button('New account') },
  { path: '/admin/users/ada', heading: 'Ada Lindqvist', action: link('Edit profile') },
  { path: '/admin/roles', heading: 'Roles', action: button('Create role') },
  { path: '/admin/roles/editor', heading: 'Editor', action: button('Save') },
  { path: '/admin/teams', heading: 'Teams', action: button('New team') },
  { path: '/admin/teams/field-team', heading: 'Field team', action: button('Add member') },
  { path: '/admin/institutions', heading: 'Institutions', action: button('Add at the top') },
  { path: '/admin/projects', heading: 'Projects', action: link('New project') },
  { path: '/admin/projects/new', heading: 'New project', action: button(/^Create/) },
  { path: '/nodes', heading: 'Data catalogue', action: link('New node') },
  { path: '/nodes/soil/chemistry/carbon', heading: 'Soil organic carbon', action: link('Edit or move') },
  { path: '/nodes/soil/edit', heading: 'Edit Soil', action: button('Save') },
  { path: '/nodes/soil/new', heading: 'New node in Soil', action: button('Create node') },
  { path: '/admin/data/units', heading: 'Units', action: button('Add a unit') },
  { path: '/admin/data/units/g%2Fkg', heading: 'g/kg', action: button('Convert') },
  { path: '/admin/data/metrics', heading: 'Metrics', action: button('New metric') },
  { path: '/admin/data/metrics/soil-ph', heading: 'Soil pH', action: button('Save') },
  { path: '/admin/data/objtypes', heading: 'Object types', action: button('Create object type') },
  { path: '/admin/data/objtypes/soil-plot', heading: 'Soil plot', action: button('Save') },
  { path: '/admin/data/schema', heading: 'Metadata schemas', action: button('Create schema') },
  { path: '/admin/data/schema/site-basics', heading: 'Site basics', action: button('Check and save') },
  { path: '/admin/data/obj', heading: 'Objects', action: field('Search objects') },
  { path: '/admin/data/obj/abisko', heading: /Abisko/, action: button('Save') },
  { path: '/admin/data/import', heading: 'Import', action: button('Choose a file') },
  { path: '/admin/data/nodetypes', heading: 'Node types', action: button('Create node type') },
  { path: '/admin/data/nodetypes/theme', heading: 'Theme', action: button('Save') },
  { path: '/pubs', heading: 'Publications', action: link('New publication') },
  { path: '/pubs/dietze-2018-iterative-near-term-ecological-forecasting-needs', heading: /^Iterative near-term ecological forecasting/, action: link('Edit') },
  {
    path: '/pubs/dietze-2018-iterative-near-term-ecological-forecasting-needs/edit',
    heading: /Iterative near-term ecological forecasting/,
    action: button('Save'),
  },
  { path: '/pubs/new', heading: 'New publication', action: button('Add publication') },
];

const VISITOR: Screen[] = [
  { path: '/login', heading: /Sign in/, action: button('Sign in') },
  { path: '/forgot', heading: /password/i, action: button('Send the link') },
  { path: '/projects', heading: 'Projects', action: field(/Search/) },
  { path: '/data/abisko', heading: 'Abisko birch–tundra ecotone', action: (main) => main.getByRole('tab', { name: 'Overview' }) },
  { path: '/nodes/soil', heading: 'Soil', action: link('Soil chemistry') },
  { path: '/pubs', heading: 'Publications', action: field('Search publications') },
  {
    path: '/pubs/dietze-2018-iterative-near-term-ecological-forecasting-needs',
    heading: /^Iterative near-term ecological forecasting/,
    action: button('Copy citation'),
  },
];

/** The page does not scroll sideways, and the screen's main action lies within its width. */
async function expectFitsThePhone(page: Page, screen: Screen) {
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const action = screen.action(main);
  await expect(action, `${screen.path}: its main action`).toBeVisible();
  const box = (await action.boundingBox())!;
  expect(box.x, `${screen.path}: main action starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${screen.path}: main action ends on screen`).toBeLessThanOrEqual(PHONE.width);
  // Its label whole: a button squeezed by a long title beside it showed "Edi".
  type Box = { scrollWidth: number; clientWidth: number; querySelectorAll(selector: string): Iterable<Box> }; // e2e/ has no DOM types
  const cut = await action.evaluate((el: Box) => Math.max(...[el, ...el.querySelectorAll('*')].map((e) => e.scrollWidth - e.clientWidth)));
  expect(cut, `${screen.path}: main action shows its whole label`).toBeLessThanOrEqual(0);
  const width = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width, `${screen.path}: the page is as wide as the phone`).toBeLessThanOrEqual(PHONE.width);
}

test.use({ viewport: PHONE });

test('every screen fits a phone for an administrator: no sideways scroll, the main action in reach', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const screen of SIGNED_IN) {
    await page.goto(screen.path);
    await expectFitsThePhone(page, screen);
  }
});

test('the screens a visitor meets fit a phone, and the header offers the menu and Sign In', async ({ page }) => {
  for (const screen of VISITOR) {
    await page.goto(screen.path);
    await expectFitsThePhone(page, screen);
  }
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Open the navigation' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('on a phone the Site Admin sections are in a drawer, and a wide table scrolls in its own box with a cue', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('navigation', { name: 'Site Admin' })).toBeHidden();
  await page.getByRole('button', { name: 'Site Admin: Users' }).click();
  const drawer = page.getByRole('dialog', { name: 'Site Admin' });
  await drawer.getByRole('link', { name: 'Teams' }).click();
  await expect(page).toHaveURL('/admin/teams');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();

  await page.goto('/admin/users');
  const table = page.getByRole('region', { name: 'Users, wider than the screen' });
  await expect(table).toBeVisible();
  await expect(page.getByText('Swipe or scroll sideways for more columns →')).toBeVisible();
  await table.focus();
  await expect(table).toBeFocused();
  await table.evaluate((box) => void ((box as unknown as { scrollLeft: number }).scrollLeft = 10_000));
  await expect(page.getByText('← More columns to the left')).toBeVisible();
});
