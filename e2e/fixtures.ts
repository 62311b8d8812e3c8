import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const DEMO_PASSWORD = 'e2e-demo-password';

/**
 * Signs in through the API, as the form would with "keep me signed in": the refresh
 * cookie lands in this test's own browser context (never shared with another test or
 * worker: a used refresh token would revoke its family), and the page loaded next
 * starts with that session.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/v1/auth/login', { data: { username, password, remember: true } });
  expect(res.ok(), `sign in as ${username}`).toBe(true);
  // What the web app notes when it is told to keep the session (lib/api-client.ts).
  await page.addInitScript(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('observatory:session', '1'),
  );
  await page.goto('/');
  await expect(page.getByRole('button', { name: `User menu of ${username}` })).toBeVisible();
}

/** Signs in through the form, as a person would (the journeys about signing in). */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: `User menu of ${username}` })).toBeVisible();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
}

/** To My Account through the user menu (a full page load would drop a session not kept). */
export async function goToAccount(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
}

/** An access token through the API, for setting up data the way a client would. */
export async function apiToken(request: APIRequestContext, user = ADMIN): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: user });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token;
}

/** The newest outbox message to an address (mail is kept there without SMTP). */
export async function lastMailTo(request: APIRequestContext, to: string): Promise<string> {
  const token = await apiToken(request);
  const res = await request.get('/api/v1/admin/outbox', { headers: { authorization: `Bearer ${token}` } });
  const message = (await res.json()).messages.find((m: { to: string }) => m.to === to);
  expect(message, `a mail to ${to}`).toBeTruthy();
  return message.text as string;
}

/** A new account of its own for a test that changes it (made by invitation, as in real life). */
export async function newUser(request: APIRequestContext): Promise<{ username: string; password: string }> {
  const username = `user${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${username}@example.org`;
  const token = await apiToken(request);
  await request.post('/api/v1/invitations', { headers: { authorization: `Bearer ${token}` }, data: { email, name: username } });
  const code = /\/invitation\/([\w-]+)/.exec(await lastMailTo(request, email))![1];
  const password = 'a password of its own';
  const res = await request.post(`/api/v1/invitations/${code}/accept`, { data: { username, password } });
  expect(res.status()).toBe(201);
  return { username, password };
}

/** Until finite transitions and animations have ended (spinners run on). */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    type Running = { playState: string; effect: { getComputedTiming(): { iterations: number } } | null };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } }; // e2e/ has no DOM types
    return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
  });
}

/**
 * Answers the open dialog with one of its buttons, once it has finished opening: a click
 * while it still fades in can be lost on a busy machine. The dialog then closes.
 */
export async function answerDialog(page: Page, button: string, dialogName?: string) {
  // Named when another dialog is open beneath it (a photo viewer under its delete question).
  const dialog = page.getByRole('dialog', dialogName ? { name: dialogName } : {});
  await expect(dialog).toBeVisible();
  await settled(page);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Clicks a copy button and checks it says it copied, then that it goes back, and returns
 * what reached the clipboard. The page's timers are held meanwhile: "Copied" shows for two
 * seconds, which a busy machine can let pass before the check looks. Needs the page's clock
 * installed before it loaded (`page.clock.install()`) and clipboard permissions.
 */
export async function copyWith(page: Page, button: Locator, copiedButton: Locator): Promise<string> {
  await pauseSoon(page);
  await button.click();
  await expect(copiedButton).toBeVisible();
  const text = await page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  );
  await page.clock.runFor(2000);
  await expect(button).toBeVisible();
  await page.clock.resume();
  return text;
}

/**
 * Holds the page's clock a moment ahead of its own time (the page's clock and this process's
 * drift apart); a machine so busy that the moment has passed before the clock is held asks again.
 */
async function pauseSoon(page: Page) {
  for (let tries = 1; ; tries++) {
    const soon = (await page.evaluate(() => Date.now())) + 3000;
    try {
      return await page.clock.pauseAt(soon);
    } catch (err) {
      if (tries === 5 || !/to the past/.test(String(err))) throw err;
    }
  }
}

/** axe-core: no serious or critical violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // axe measures colours as drawn: a dialog fading in has text of too little contrast for a moment.
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)).toEqual([]);
}

/** The widths a layout is checked at: a laptop's and a phone's. */
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** The page is no wider than its window (nothing scrolls sideways), and `shown` lies inside it. */
export async function expectFitsWidth(page: Page, shown: Locator) {
  const width = page.viewportSize()!.width;
  await expect(shown).toBeVisible();
  const box = (await shown.boundingBox())!;
  expect(box.x + box.width, 'ends inside the window').toBeLessThanOrEqual(width);
  const scrollWidth = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(scrollWidth, 'the page is as wide as the window').toBeLessThanOrEqual(width);
}

/**
 * Moves a row of a reorderable list by keyboard, as a keyboard user does: Space picks it
 * up, each arrow moves it one place, Space drops it. Each step waits for the list's
 * announcement of where the row is, so no key is pressed before the last one was handled.
 */
export async function keyboardDrag(page: Page, name: string, key: 'ArrowUp' | 'ArrowDown', steps: number) {
  const handle = page.getByRole('button', { name: `Move ${name}`, exact: true });
  // The live region of this row's list (a page may hold several sortable lists).
  const heard = page.locator('[id^="DndLiveRegion"]').filter({ hasText: name });
  // Start once the page has loaded, as one would: a part arriving during the drag moves
  // the rows, and the list then misplaces the dragged row by as much.
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // Picked up, and at once over its own place: either tells where it starts.
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(heard).toHaveText(new RegExp(`^(Picked up ${escaped}, in|${escaped} is over) position \\d+ of \\d+\\.$`));
  const [, from, of] = /position (\d+) of (\d+)/.exec((await heard.textContent()) ?? '')!;
  // The list measures its rows in the frames after the pick-up; an arrow pressed before that moves nothing.
  await page.evaluate(() => {
    const frame = (globalThis as unknown as { requestAnimationFrame: (f: () => void) => void }).requestAnimationFrame;
    return new Promise<void>((resolve) => frame(() => frame(resolve)));
  });
  let at = Number(from);
  for (let i = 0; i < steps; i++) {
    const was = `${name} is over position ${at} of ${of}.`;
    at += key === 'ArrowUp' ? -1 : 1;
    const now = `${name} is over position ${at} of ${of}.`;
    await page.keyboard.press(key);
    // An arrow the list was not yet ready for changed nothing: press it once more (never when it moved).
    if (
      !(await expect(heard)
        .toHaveText(now, { timeout: 3000 })
        .then(
          () => true,
          () => false,
        )) &&
      (await heard.textContent()) === was
    )
      await page.keyboard.press(key);
    await expect(heard).toHaveText(now);
  }
  // A drop saves the new order: the journey goes on (and may leave the page) once the server has answered.
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/'));
  await page.keyboard.press('Space');
  await expect(heard).toHaveText(`${name} dropped in position ${at} of ${of}.`);
  await saved;
}

/**
 * What a journey declares it expects to go wrong; anything else it meets fails it.
 * `failure(status, url)`: a request the journey makes fail, or whose refusal it checks.
 * `console(text)`: a console message that such a failure makes the app log on purpose.
 * `watch(context)`: a browser context the journey opens itself is watched as well.
 * `offline(on)`: the journey has taken the network away, and requests fail for want of it.
 */
export type Trouble = {
  failure(status: number, url: RegExp): void;
  console(text: RegExp): void;
  watch(context: BrowserContext): void;
  offline(on: boolean): void;
};

/** How a request fails with no network: the page's own, and one its service worker could not answer. */
const NO_NETWORK = /^net::(ERR_INTERNET_DISCONNECTED|ERR_FAILED)$/;

/**
 * Every journey fails on a console error or warning, an uncaught page error, a request
 * that failed or a response of 400 or more, unless the journey declared it (Trouble).
 * Chromium's own "Failed to load resource" line is left to the response it names, and
 * its software renderer's notes on GPU stalls are the test machine's, not the app's, as is
 * Playwright's note that it blocked the app's service worker (the journeys but the offline ones do).
 */
const BROWSER_NOISE = [/^Failed to load resource/, /^\[\.WebGL-[\w]+\]GL Driver Message/, /^Service Worker registration blocked by Playwright/];

export const test = base.extend<{ trouble: Trouble }>({
  trouble: [
    async ({ context }, use) => {
      const failures: { status: number; url: RegExp }[] = [];
      const messages: RegExp[] = [];
      const met: string[] = [];
      let offline = false;
      // A request sent with no network may report its failure after the network is back.
      const sentOffline = new WeakSet<Request>();
      const watch = (watched: BrowserContext) => {
        watched.on('request', (r) => void (offline && sentOffline.add(r)));
        watched.on('console', (m) => {
          if ((m.type() === 'error' || m.type() === 'warning') && ![...BROWSER_NOISE, ...messages].some((r) => r.test(m.text())))
            met.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
        });
        watched.on('weberror', (e) => met.push(`page error: ${e.error().message}`));
        watched.on('requestfailed', (r) => {
          // A navigation or a fetch the app cancelled on purpose (a newer query, a page left).
          const error = r.failure()?.errorText ?? '';
          if (error !== 'net::ERR_ABORTED' && !((offline || sentOffline.has(r)) && NO_NETWORK.test(error)))
            met.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
        });
        watched.on('response', (r) => {
          if (r.status() >= 400 && !failures.some((f) => f.status === r.status() && f.url.test(r.url())))
            met.push(`response ${r.status()}: ${r.request().method()} ${r.url()}`);
        });
      };
      watch(context);
      await use({
        failure: (status, url) => failures.push({ status, url }),
        console: (text) => messages.push(text),
        watch,
        offline: (on) => void (offline = on),
      });
      expect(met, 'console errors and failed requests the journey did not declare').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
