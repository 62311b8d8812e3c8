import { ADMIN, answerDialog, apiToken, expect, expectAccessible, lastMailTo, newUser, signIn, test } from './fixtures';

const permissionsOf = async (request: Parameters<typeof apiToken>[0], user: { username: string; password: string }) => {
  const token = await apiToken(request, user);
  const res = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).user.permissions as string[];
};

test('an administrator grants a role and takes it away; giving it twice makes no call', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(user.username);
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: user.username }).click();
  await expect(page).toHaveURL(`/admin/users/${user.username}/profile`);
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL(`/admin/users/${user.username}/roles`);
  await expect(page.getByText('No roles: they can do what every signed-in user can.')).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Give a role' });
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Data manager' }).click();
  await form.getByRole('button', { name: 'Give role' }).click();
  const held = page.getByRole('table', { name: 'Roles held' });
  await expect(held.getByRole('link', { name: 'Data manager' })).toBeVisible();
  expect(await permissionsOf(request, user)).toContain('manageInstitutions');

  let calls = 0;
  page.on('request', (req) => {
    if (req.method() === 'PUT' && req.url().includes('/roles/')) calls++;
  });
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Data manager' }).click();
  await form.getByRole('button', { name: 'Give role' }).click();
  await expect(page.getByText('They already hold this role there; nothing changed.')).toBeVisible();
  expect(calls).toBe(0);

  // A role on a team: only team roles are offered there.
  await form.getByRole('combobox', { name: 'Where' }).click();
  await page.getByRole('option', { name: 'Team Field team' }).click();
  await form.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Data manager' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Editor' }).click();
  await form.getByRole('button', { name: 'Give role' }).click();
  await expect(held.getByRole('link', { name: 'Field team' })).toBeVisible();

  await page.getByRole('button', { name: 'Take away Data manager' }).click();
  await answerDialog(page, 'Take it away');
  await expect(held.getByRole('link', { name: 'Data manager' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Roles held' }).getByRole('link', { name: 'Editor' })).toBeVisible();
  expect(await permissionsOf(request, user)).toEqual([]);
});

test('an administrator invites someone from Site Admin; the invitation is accepted and shows on the account', async ({ page, browser, request }) => {
  const name = `Invited ${Date.now().toString(36)}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@example.org`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter an e-mail address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}; it is valid 14 days`)).toBeVisible();

  const link = /\/invitation\/[\w-]+/.exec(await lastMailTo(request, email))![0];
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const invited = await context.newPage();
  await invited.goto(link);
  const username = name.replace(' ', '').toLowerCase();
  await invited.getByRole('textbox', { name: 'Username' }).fill(username);
  await invited.getByRole('textbox', { name: 'Password', exact: true }).fill('my very own password');
  await invited.getByRole('textbox', { name: 'Repeat the password' }).fill('my very own password');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByRole('button', { name: `User menu of ${username}` })).toBeVisible();
  await context.close();

  await page.goto(`/admin/users/${username}/profile`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Profile' })).toContainText('Accepted');
});

test('the account tab: change the e-mail, make a reset link, disable and enable', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/users/${user.username}/account`);
  const form = page.getByRole('form', { name: 'Account' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await form.getByRole('textbox', { name: 'E-mail' }).fill(`${user.username}@changed.example.org`);
  await form.getByRole('button', { name: 'Save' }).click();
  // Changing an address needs the administrator's own password.
  await expect(form.getByText('Enter your password to change an e-mail address')).toBeVisible();
  await form.getByLabel('Your password').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account saved')).toBeVisible();

  await page.getByRole('button', { name: 'Make a reset link' }).click();
  await expect(page.getByText(`Mailed to ${user.username}@changed.example.org`)).toBeVisible();
  await expect(page.getByLabel('Reset link')).toContainText('/forgot/');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Disable account' }).click();
  await answerDialog(page, 'Disable');
  await expect(page.getByText('This account is disabled.')).toBeVisible();
  expect((await request.post('/api/v1/auth/login', { data: user })).status()).toBe(401);
  await page.getByRole('button', { name: 'Enable account' }).click();
  await answerDialog(page, 'Enable');
  await expect(page.getByText('This account can sign in.')).toBeVisible();
  expect((await request.post('/api/v1/auth/login', { data: user })).status()).toBe(200);
});

test('the API keys tab lists the user’s real keys and revokes one', async ({ page, request }) => {
  const user = await newUser(request);
  const token = await apiToken(request, user);
  const created = await request.post(`/api/v1/users/${user.username}/apikeys`, {
    headers: { authorization: `Bearer ${token}` },
    data: { comment: 'Logger upload' },
  });
  const { secret } = await created.json();
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/users/${user.username}/apikeys`);
  await page.getByRole('button', { name: 'Revoke Logger upload' }).click();
  await answerDialog(page, 'Revoke');
  await expect(page.getByText('This account has no API keys.')).toBeVisible();
  expect((await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
});

test('roles: create one, choose its permissions, and delete it while unused; a held built-in role cannot be deleted', async ({ page }) => {
  const name = `Technician ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/roles');
  await page.getByRole('textbox', { name: 'New role' }).fill(name);
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('checkbox', { name: 'importData' }).check();
  await page.getByRole('checkbox', { name: 'upload' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'importData' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete role' }).click();
  await answerDialog(page, 'Delete');
  await expect(page).toHaveURL('/admin/roles');
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('link', { name })).toHaveCount(0);

  await page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: 'Researcher' }).click();
  await expect(page.getByRole('button', { name: 'Delete role' })).toBeDisabled();
  await expect(page.getByText('Built-in roles cannot be deleted.')).toBeVisible();
});

test('teams: create one, add a member, delete it after typing its name', async ({ page }) => {
  const name = `Survey team ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/teams');
  await page.getByRole('button', { name: 'New team' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(name);
  await answerDialog(page, 'Create team');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const addForm = page.getByRole('form', { name: 'Add a member' });
  await addForm.getByRole('combobox', { name: 'Person' }).fill('Okafor');
  await page.getByRole('option', { name: 'Grace Okafor' }).click();
  await addForm.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: 'Grace Okafor', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Delete team' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Delete team' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Team name' }).fill(name);
  await dialog.getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL('/admin/teams');
  await expect(page.getByRole('table', { name: 'Teams' }).getByRole('link', { name })).toHaveCount(0);
});
