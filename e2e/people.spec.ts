import { ADMIN, answerDialog, apiToken, DEMO_PASSWORD, expect, expectAccessible, goToAccount, newUser, openUserMenu, signIn, test } from './fixtures';
import sharp from 'sharp';

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

test('a team page lists its members; an unknown team says the object could not be found', async ({ page, trouble }) => {
  trouble.failure(404, /\/teams\/no-such-team$/);
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
  // The bio is rich text: bold by shortcut, a bullet list from the toolbar.
  await details.getByRole('textbox', { name: 'About' }).click();
  await page.keyboard.type('Studies ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('snow');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await details.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('And ice.');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edda Editor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ORCID 0000-0002-1825-0097' })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'snow' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'And ice.' })).toBeVisible();

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
  await answerDialog(page, 'Remove');
  await expect(page.getByRole('table', { name: 'Affiliations' }).getByText('ETH Zurich')).toHaveCount(0);
});

test('a person’s bio keeps its history: an earlier one is opened and made current again', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  const writeBio = async (words: string) => {
    await page.goto(`/people/${user.username}/edit`);
    const about = page.getByRole('form', { name: 'Details' }).getByRole('textbox', { name: 'About' });
    await about.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(words);
    await page.getByRole('form', { name: 'Details' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  };
  await writeBio('Counts snow crystals.');
  await writeBio('Models river ice.');
  await expect(page.getByText('Models river ice.')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  const history = page.getByRole('region', { name: 'Bio history' }).getByRole('table', { name: 'Saved versions' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await history.getByRole('button', { name: /^Open/ }).last().click();
  await expect(page.getByRole('dialog').getByText('Counts snow crystals.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await history.getByRole('button', { name: /^Restore/ }).click();
  await answerDialog(page, 'Restore');
  await expect(page.getByText('The earlier version is current again')).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('form', { name: 'Details' }).getByRole('textbox', { name: 'About' })).toContainText('Counts snow crystals.');
  await page.goto(`/people/${user.username}`);
  await expect(page.getByText('Counts snow crystals.')).toBeVisible();
  await expect(page.getByText('Models river ice.')).toHaveCount(0);
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
  await signIn(page, 'ada');
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
  await expect(page.getByRole('status').filter({ hasText: 'Tomás Herrera is now Editor.' })).toBeVisible();
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
  await answerDialog(page, 'Remove');
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

test('a person uploads a profile photo, replaces and removes it; a file that is not an image is refused', async ({ page, request, trouble }) => {
  trouble.failure(415, /\/photo$/); // the file that is not an image
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  const photo = page.getByRole('region', { name: 'Photo' });

  await photo
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are field notes, not a photo.') });
  await expect(photo.getByRole('alert')).toContainText('JPEG, PNG or WebP');

  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  await photo.locator('input[type=file]').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByText('The photo was saved')).toBeVisible();
  const shown = photo.getByRole('img', { name: 'The current photo' });
  await expect(shown).toHaveAttribute('src', /\/api\/v1\/assets\/[\w-]+\/400$/);
  // Once loaded: the 400-pixel version.
  await expect
    .poll(() => shown.evaluate((img) => ((img as unknown as { complete: boolean }).complete ? (img as unknown as { naturalWidth: number }).naturalWidth : 0)))
    .toBe(400);
  await expectAccessible(page);

  const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
  const before = await shown.getAttribute('src');
  await photo.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(shown).not.toHaveAttribute('src', before!);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.locator('img[src*="/api/v1/assets/"]')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await photo.getByRole('button', { name: 'Remove' }).click();
  await answerDialog(page, 'Remove');
  await expect(photo.getByRole('img', { name: 'The current photo' })).toHaveCount(0);
  await expect(photo.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
});

test('a project made a moment ago shows on its contributor’s, partner’s and team’s pages; a members-only one to members only', async ({ page, request }) => {
  const token = await apiToken(request, { username: 'ada', password: DEMO_PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const team = (await (await request.get('/api/v1/teams/field-team')).json()).team;
  const lund = (await (await request.get('/api/v1/institutions/university-of-lund')).json()).institution;
  const ada = (await (await request.get('/api/v1/people/ada')).json()).person;
  const marker = `Snowmelt ${Date.now().toString(36)}`;
  const make = async (title: string, visibility: string) => {
    const res = await request.post('/api/v1/projects', { headers: auth, data: { project: { title, visibility, teamId: team.id } } });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()).project;
    expect(
      (
        await request.put(`/api/v1/projects/${id}/contributors/${crypto.randomUUID()}`, { headers: auth, data: { personId: ada.id, title: 'Field lead' } })
      ).status(),
    ).toBe(200);
    expect(
      (
        await request.put(`/api/v1/projects/${id}/institutions/${crypto.randomUUID()}`, { headers: auth, data: { institutionId: lund.id, role: 'Host' } })
      ).status(),
    ).toBe(200);
    return id as string;
  };
  const open = await make(`${marker} open`, 'public');
  await make(`${marker} closed`, 'members');
  const site = await request.post('/api/v1/data/obj', {
    headers: auth,
    data: { name: `snowmelt-${Date.now().toString(36)}`, title: `${marker} gauge`, types: ['site'], projects: [open] },
  });
  expect(site.status(), await site.text()).toBe(201);
  const { name } = (await site.json()).obj;
  expect((await request.put(`/api/v1/data/obj/${name}/people/${ada.id}`, { headers: auth, data: { role: 'Observer' } })).status()).toBe(200);

  for (const path of ['/people/ada', '/partners/university-of-lund', '/teams/field-team']) {
    await page.goto(path);
    const projects = page.getByRole('list', { name: 'Projects' });
    await expect(projects.getByRole('link', { name: `${marker} open` })).toBeVisible();
    await expect(projects.getByRole('link', { name: `${marker} closed` })).toHaveCount(0);
  }
  await page.goto('/people/ada');
  await expect(page.getByRole('list', { name: 'Projects' }).getByText('Field lead').first()).toBeVisible();
  await page
    .getByRole('list', { name: 'Objects' })
    .getByRole('link', { name: `${marker} gauge` })
    .click();
  await expect(page).toHaveURL(`/data/${name}`);

  await signIn(page, 'ada');
  await page.goto('/partners/university-of-lund');
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('link', { name: `${marker} closed` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Projects' }).getByText('Members only').first()).toBeVisible();
  await expectAccessible(page);
});
