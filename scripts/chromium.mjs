// Where the browser tests find Chromium: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
// the Chromium Playwright keeps in its own cache. Shared by playwright.config.ts, the
// benchmarks and ensure-chromium.mjs, so all three agree.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium to start: `{ executablePath }` for a browser of the machine's, `{}` for
 * Playwright's own (it then picks its headless build), or null when there is none.
 * A CHROMIUM_PATH that does not exist is an error, not a fallback.
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (!fs.existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist`);
    return { executablePath: env.CHROMIUM_PATH };
  }
  if (fs.existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM };
  if (fs.existsSync(chromium.executablePath())) return {};
  return null;
}

/** The flags every test and benchmark starts Chromium with (no background traffic on a closed network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
