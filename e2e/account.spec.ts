import { answerDialog, expect, expectAccessible, goToAccount, lastMailTo, newUser, signIn, test } from './fixtures';

test('an API key created on My Account works as a Bearer token, until revoked', async ({ page, request }) => {
  await signIn(page, 'tomas');
  await goToAccount(page);
  await expect(page).toHaveTitle('My Account · Observatory Catalogue');
  await expect(page.getByText('You have no API keys.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('What is it for?').fill('Field laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^obk_/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name: 'Field laptop', exact: true })).toBeVisible();

  const me = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${secret}` } });
  expect((await me.json()).user.username).toBe('tomas');

  await page.getByRole('button', { name: 'Revoke Field laptop' }).click();
  await answerDialog(page, 'Revoke');
  await expect(page.getByText('You have no API keys.')).toBeVisible();
  expect((await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
});

test('My Account: change e-mail and password; sign out everywhere', async ({ page, request, trouble }) => {
  trouble.failure(400, /\/auth\/password$/); // the wrong current password
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  await goToAccount(page);
  const email = `changed.${user.username}@example.org`; // unique: e-mail addresses are
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Save e-mail' }).click();
  await expect(page.getByText(`We sent a link to ${email}: open it to make it your address`)).toBeVisible();
  await expect(page.getByText('Waiting for your new address')).toBeVisible();
  // The address changes only when the link mailed to it is opened, and confirmed there.
  const link = /https?:\/\/[^\s]+\/email\/[\w-]+/.exec(await lastMailTo(request, email))![0];
  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByText(`now has the e-mail address ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the catalogue' }).click();
  await goToAccount(page);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(page.getByText('Waiting for your new address')).toBeHidden();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('wrong password');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('a fresh new password');
  await form.getByLabel('Repeat the new password').fill('a fresh new password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Wrong password')).toBeVisible();
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await answerDialog(page, 'Sign out everywhere');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu', exact: true })).toBeVisible();
  await signIn(page, user.username, 'a fresh new password');
});

test('My Account lists where you are signed in; signing another session out ends it there at once', async ({ page, browser, request }) => {
  const user = await newUser(request);
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await phone.newPage();
  await signIn(other, user.username, user.password);
  await signIn(page, user.username, user.password);
  await goToAccount(page);
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByRole('row', { name: /This browser/ })).toHaveCount(1);
  await expectAccessible(page);
  await sessions.getByRole('button', { name: /^Sign out Chrome on Linux, last used/ }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  // The other browser is signed out at its next request, not 15 minutes later.
  await other.reload();
  await expect(other.getByRole('button', { name: `User menu of ${user.username}` })).toBeHidden();
  await expect(other.getByRole('button', { name: 'User menu', exact: true })).toBeVisible();
  await phone.close();
});

test('/me shows account, photos, projects, teams, what is kept offline and what waits to be sent as tabs, each with its own address', async ({ page }) => {
  await signIn(page, 'ada');
  await page.goto('/me');
  const tabs = page.getByRole('navigation', { name: 'My pages' }).getByRole('tab');
  await expect(tabs).toHaveText(['Account', 'Photos', 'Projects', 'Teams', 'Offline', 'To send']);
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();

  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page).toHaveURL('/me/photos');
  await expect(page.getByRole('heading', { name: 'My Photos', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Projects' }).click();
  await expect(page).toHaveURL('/me/projects');
  await expect(page.getByRole('heading', { name: 'My Projects', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Teams' }).click();
  await expect(page).toHaveURL('/me/teams');
  await expect(page.getByRole('heading', { name: 'My Teams', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^My Teams · /);
  await page.getByRole('tab', { name: 'Offline' }).click();
  await expect(page).toHaveURL('/me/kept');
  await expect(page.getByRole('heading', { name: 'Kept on this device', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing is kept on this device.' })).toBeVisible();
  await page.getByRole('tab', { name: 'To send' }).click();
  await expect(page).toHaveURL('/me/outbox');
  await expect(page.getByRole('heading', { name: 'Recorded on this device', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing is waiting' })).toBeVisible();

  // An address opens its tab; keyboard arrows move between tabs.
  await page.goto('/me/projects');
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Projects' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/me/teams');
  await expectAccessible(page);
});
