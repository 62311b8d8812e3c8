import { ADMIN, expect, expectAccessible, goToAccount, newUser, openUserMenu, signIn, test } from './fixtures';

test('a visitor browses people: search, a profile, and on to the partner', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await expect(page).toHaveTitle('People · Observatory Catalogue');
  await expect(page.getByText(/\d+ people/)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Search people').fill('Lindqvist');
  await expect(page.getByRole('table', { name: 'People' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Ada Lindqvist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lindqvist' })).toBeVisible();
  await expect(page.getByText('primary')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Lund University' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lund University' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lindqvist' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor browses partners grouped by category, in order', async ({ page }) => {
  await page.goto('/partners');
  const sections = page.getByRole('region');
  await expect(sections.first()).toHaveAccessibleName('Universities');
  await expect(sections.nth(3)).toHaveAccessibleName('Field stations');
  await expect(page.getByRole('link', { name: 'ETH Zurich' })).toBeVisible();
  await expectAccessible(page);
});

test('a team page lists its members; an unknown team says the object could not be found', async ({ page }) => {
  await page.goto('/teams/field-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Field team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Lindqvist' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/teams/no-such-team');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('The object you requested could not be found. Team not found')).toBeVisible();
});

test('My Teams lists the teams one belongs to', async ({ page }) => {
  await signIn(page, 'ada');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'My Teams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Field team' })).toBeVisible();
  await expectAccessible(page);
  await goToAccount(page);
});

test('a person edits their own profile and affiliations', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible();
  await expectAccessible(page);
  const details = page.getByRole('form', { name: 'Details' });
  await details.getByLabel('Name').fill('Edda Editor');
  await details.getByLabel('ORCID iD').fill('0000-0002-1825-0098');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Not a valid ORCID iD')).toBeVisible();
  await details.getByLabel('ORCID iD').fill('https://orcid.org/0000-0002-1825-0097');
  await details.getByLabel('About').fill('Studies snow.\n\nAnd ice.');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edda Editor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ORCID 0000-0002-1825-0097' })).toBeVisible();
  await expect(page.getByText('And ice.')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  const add = page.getByRole('form', { name: 'Add an affiliation' });
  await add.getByRole('combobox', { name: 'Institution' }).fill('ETH');
  await page.getByRole('option', { name: 'ETH Zurich' }).click();
  await add.getByLabel('Title').fill('Visiting scientist');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('table', { name: 'Affiliations' }).getByText('Visiting scientist, ETH Zurich')).toBeVisible();
  await add.getByRole('combobox', { name: 'Institution' }).fill('Lund');
  await page.getByRole('option', { name: 'Lund University' }).click();
  await add.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Make Lund University primary' }).click();
  await expect(page.getByRole('button', { name: 'Make ETH Zurich primary' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove ETH Zurich' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('table', { name: 'Affiliations' }).getByText('ETH Zurich')).toHaveCount(0);
});

test('someone else’s profile has no Edit button and its edit page is refused', async ({ page }) => {
  await signIn(page, 'tomas');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await page.getByLabel('Search people').fill('Lindqvist');
  await page.getByRole('link', { name: 'Ada Lindqvist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lindqvist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('a team owner manages the members: add, change a role, no double add, remove', async ({ page }) => {
  await signIn(page, 'ada', undefined, true);
  await page.goto('/teams/field-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Field team' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  const addForm = page.getByRole('form', { name: 'Add a member' });
  const pick = async (text: string, option: string) => {
    await addForm.getByRole('combobox', { name: 'Person' }).fill(text);
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Herrera', 'Tomás Herrera');
  await addForm.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await addForm.getByRole('button', { name: 'Add member' }).click();
  await expect(members.getByRole('cell', { name: 'Tomás Herrera', exact: true })).toBeVisible();
  await expect(members.getByRole('combobox', { name: 'Role of Tomás Herrera' })).toHaveValue('Viewer');
  await expectAccessible(page);

  await members.getByRole('combobox', { name: 'Role of Tomás Herrera' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('combobox', { name: 'Role of Tomás Herrera' })).toHaveValue('Editor');

  let calls = 0;
  page.on('request', (req) => {
    if (req.method() === 'PUT' && req.url().includes('/members/')) calls++;
  });
  await pick('Herrera', 'Tomás Herrera');
  await addForm.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Already a member.' })).toBeVisible();
  expect(calls).toBe(0);

  await page.getByRole('button', { name: 'Remove Tomás Herrera' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: 'Tomás Herrera', exact: true })).toHaveCount(0);
});

test('a holder of managePeople adds a person; a visitor sees no Add button', async ({ page }) => {
  await page.goto('/people');
  await expect(page.getByText(/\d+ people/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a person' })).toHaveCount(0);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
  await page.getByRole('link', { name: 'Add a person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a person' })).toBeVisible();
  await expectAccessible(page);
  const name = `Nadia Newcomer ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
