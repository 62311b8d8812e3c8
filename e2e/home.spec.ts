import { expect, expectAccessible, openUserMenu, test } from './fixtures';

test('home: title, language, navbar, footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Observatory Catalogue');
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of <[string, string][]>[
    ['Projects', '/projects'],
    ['Sites', '/map/properties'],
    ['Photos', '/photos'],
    ['People', '/people'],
    ['Partners', '/partners'],
    ['Publications', '/pubs'],
    ['Insights', '/insights'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /Creative Commons/ })).toHaveAttribute('href', /creativecommons\.org\/licenses\/by-sa/);
  // The entry cards show where the keyboard's focus is.
  const card = page
    .getByRole('link', { name: 'Projects', exact: true })
    .filter({ hasNot: page.getByRole('navigation') })
    .last();
  await card.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(card).not.toHaveCSS('outline-style', 'none');
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(page).toHaveTitle('Privacy · Observatory Catalogue');
  await expectAccessible(page);
});

test('the browser finds the icon the page names: no 404 on a first visit', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (response) => void (response.status() === 404 && missing.push(response.url())));
  const icon = page.waitForResponse((response) => /favicon/.test(response.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Observatory Catalogue');
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
  const served = await icon;
  expect(new URL(served.url()).pathname).toBe('/favicon.svg');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
  expect(missing).toEqual([]);
});

test('home is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  await expectAccessible(page);
});

test('the user menu of a visitor', async ({ page }) => {
  await page.goto('/');
  await openUserMenu(page);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Help/Docs' })).toHaveAttribute('href', '/doc/index');
  await expect(menu.getByRole('menuitem', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(menu.getByRole('menuitem', { name: 'My Account' })).toHaveCount(0);
});

test('on a phone a visitor sees Sign In and the burger, and finds Help/Docs in the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'User menu', exact: true })).toBeHidden();
  await header.getByRole('button', { name: 'Open the navigation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Projects' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Help/Docs' }).click();
  await expect(page).toHaveURL('/doc/index');
});

test('an unknown route shows the 404 screen, with status 404', async ({ page, trouble }) => {
  trouble.failure(404, /\/no\/such\/page$/);
  expect((await page.goto('/no/such/page'))!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test('narrow screens get a burger menu with the links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open the navigation' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Partners' })).toBeVisible();
});

test('the map layout stays alive: its panels survive navigating away and back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await expect(page).toHaveTitle('Sites · Observatory Catalogue');
  await page.getByRole('button', { name: 'Show layers' }).click();
  await expect(page.getByLabel('Layers')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Observatory Catalogue' }).first().click();
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  await expect(page).toHaveTitle('Projects · Observatory Catalogue');
  await page.goBack();
  await expect(page.getByLabel('Layers')).toBeVisible();
});

test('the header is drawn with the product name at once: its links do not move when the configuration arrives', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/app/config', async (route) => {
    await held;
    // With a contact link, which the footer shows once the configuration has come.
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), contactUrl: 'https://example.org/contact' } });
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Observatory Catalogue' })).toBeVisible();
  const sites = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' });
  const before = await sites.boundingBox();
  release();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact' })).toBeVisible();
  expect(await sites.boundingBox()).toEqual(before);
});

test('a failed configuration load still leaves a working page', async ({ page, trouble }) => {
  trouble.failure(500, /\/app\/config$/); // injected below
  await page.route('**/api/v1/app/config', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
});

test('the navbar says when the browser is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});

test('a link prefetches its screen on hover, so the click needs no new download', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Recent insights' })).toBeVisible();
  const loaded: string[] = [];
  page.on('request', (req) => loaded.push(new URL(req.url()).pathname));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).hover();
  await expect.poll(() => loaded.some((p) => /PrivacyPage-.*\.js$/.test(p))).toBe(true);
});
