import {
  ADMIN,
  apiToken,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectFitsWidth,
  goToAccount,
  LAPTOP,
  lastMailTo,
  openUserMenu,
  PHONE,
  signIn,
  signInWithForm,
  test,
} from './fixtures';

test('sign in and out; the user menu of a signed-in user', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Observatory Catalogue');
  await expectAccessible(page);
  await signInWithForm(page, 'ada');
  await openUserMenu(page);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/people/ada');
  await expect(menu.getByRole('menuitem', { name: 'My Projects' })).toHaveAttribute('href', '/me/projects');
  await expect(menu.getByRole('menuitem', { name: 'My Teams' })).toHaveAttribute('href', '/me/teams');
  await expect(menu.getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/me');
  await expect(menu.getByRole('menuitem', { name: 'Site Admin' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu', exact: true })).toBeVisible();
  // A visitor sees Sign In in the header itself, not only inside the menu.
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('an administrator sees Site Admin', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openUserMenu(page);
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Site Admin' })).toHaveAttribute('href', '/admin');
});

test('a wrong password says so; too many attempts say wait', async ({ page, trouble }) => {
  trouble.failure(401, /\/auth\/login$/);
  trouble.failure(429, /\/auth\/login$/);
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill('mallory');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password');
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/Too many attempts/);
});

test('a refusal goes once the user edits the form; a new try stopped by an empty field shows only that field’s error', async ({ page, trouble }) => {
  trouble.failure(401, /\/auth\/login$/);
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/login');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await page.getByLabel('Username or e-mail').fill(`nobody-${size.width}`);
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Wrong username or password' });
    await expectFitsWidth(page, refusal);
    await password.fill('');
    await expect(refusal).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectFitsWidth(page, page.getByText('Enter your password'));
    await expect(refusal).toHaveCount(0);
  }
});

test('a protected route signed out: Login Required, Log In, sign in', async ({ page }) => {
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Username or e-mail').fill('mei');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await goToAccount(page);
});

test('a session survives reloads and new tabs; "keep me signed in" also survives closing the browser', async ({ page, browser }) => {
  /** The same browser started again: only cookies with an expiry, and the site's storage, are still there. */
  const restarted = async () => {
    const state = await page.context().storageState();
    const context = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
    });
    const again = await context.newPage();
    await again.goto('/');
    return { context, again };
  };

  await signInWithForm(page, 'mei');
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu of mei' })).toBeVisible();
  const tab = await page.context().newPage();
  await tab.goto('/me');
  await expect(tab.getByRole('button', { name: 'User menu of mei' })).toBeVisible();
  await tab.close();
  const closed = await restarted();
  await expect(closed.again.getByRole('button', { name: 'User menu', exact: true })).toBeVisible();
  await closed.context.close();

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await signInWithForm(page, 'mei', DEMO_PASSWORD, true);
  const kept = await restarted();
  await expect(kept.again.getByRole('button', { name: 'User menu of mei' })).toBeVisible();
  await kept.context.close();
});

test('too many refreshes show Too Many Requests with the wait, not a sign-out', async ({ page, trouble }) => {
  trouble.failure(429, /\/auth\/refresh$/); // injected below
  await signIn(page, 'mei');
  await page.route('**/api/v1/auth/refresh', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '30' },
      json: { error: 'Too many attempts; try again in 30 s', code: 'RATE_LIMITED', requestId: 'r' },
    }),
  );
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Too Many Requests' })).toBeVisible();
  await expect(page.getByText('Too many attempts; try again in 30 s')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toHaveCount(0);
  // Once the server lets it, the same session goes on.
  await page.unroute('**/api/v1/auth/refresh');
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu of mei' })).toBeVisible();
});

test('a 403 from the server shows Access Denied', async ({ page, trouble }) => {
  trouble.failure(403, /\/users\/ada$/); // injected below
  // React and React Router log an error that reaches an error screen.
  trouble.console(/You are not allowed to do this/);
  await signIn(page, 'ada');
  await page.route('**/api/v1/users/ada', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'You are not allowed to do this', code: 'FORBIDDEN', requestId: 'r1' }),
    }),
  );
  await page.getByRole('button', { name: 'User menu of ada' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('not allowed to view this page')).toBeVisible();
  await expect(page.getByText('403 FORBIDDEN')).toBeVisible();
});

test('password reset through the e-mail link', async ({ page, request, trouble }) => {
  trouble.failure(404, /\/auth\/reset\//); // the link once used
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot');
  await expectAccessible(page);
  await page.getByLabel('Username or e-mail').fill('grace');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('reset link is on its way');
  const link = /\/forgot\/[\w-]+/.exec(await lastMailTo(request, 'grace@example.org'))![0];
  await page.goto(link);
  await expect(page.getByText('For the account grace.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('grace has a new password');
  await page.getByLabel('Repeat the new password').fill('grace has another');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByText('The passwords differ')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('grace has a new password');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page).toHaveURL('/login');
  await signInWithForm(page, 'grace', 'grace has a new password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

test('accepting an invitation creates the account and signs in', async ({ page, request }) => {
  const token = await apiToken(request);
  const email = `invitee-${Date.now()}@example.org`;
  const res = await request.post('/api/v1/invitations', { headers: { authorization: `Bearer ${token}` }, data: { email, name: 'Ines Invitee' } });
  expect(res.status()).toBe(201);
  const link = /\/invitation\/[\w-]+/.exec(await lastMailTo(request, email))![0];
  await page.goto(link);
  await expect(page.getByText('Welcome, Ines Invitee.')).toBeVisible();
  await expect(page.getByRole('button', { name: /User menu/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Username').fill('ines');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('ines chose this');
  await page.getByLabel('Repeat the password').fill('ines chose this');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'User menu of ines' })).toBeVisible();
});
