import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

/**
 * Ports Chromium refuses to fetch from (net/base/port_util.cc, "ERR_UNSAFE_PORT") in the
 * range the journeys draw from: the app's port and the style host's next to it avoid them.
 */
const CHROMIUM_RESTRICTED = new Set([3659, 4045, 4190]);
const journeyPort = (seed: number) => {
  let port = 3200 + (seed % 1000);
  while (CHROMIUM_RESTRICTED.has(port) || CHROMIUM_RESTRICTED.has(port + 1)) port += 2;
  return port;
};
// Chosen once in the main process; workers inherit it (they load this file again).
process.env.E2E_PORT ??= String(journeyPort(process.pid));
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `observatory-e2e-${process.pid}`);
const PORT = Number(process.env.E2E_PORT);
/** The map style host of e2e/map-style-server.mjs: another origin, as a tile server is. */
const STYLE_PORT = PORT + 1;
process.env.E2E_STYLE_URL = `http://127.0.0.1:${STYLE_PORT}/style.json`;
const dataDir = process.env.E2E_DATA_DIR;
/**
 * Tags of journeys that must run alone (see projects): one that holds the embedded database
 * for seconds, and one that changes, for a moment, what every page shows (a Site Admin setting).
 */
const RUNS_ALONE = /@holds-the-database|@changes-every-page/;

/**
 * Browser journeys against the real app (built once) on a fresh embedded database
 * with the demo seed, in Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A line per journey, each failure's error and call log as it happens, and the errors once
  // more after the summary: a CI log is often read from its tail.
  reporter: [['list', { printFailuresInline: true }], ['./e2e/failures-last.ts']],
  // Ceilings, not waits: a passing journey takes no longer for them. On a 2-core machine two
  // workers' Chromiums (the maps drawn by software WebGL) and the server keep the load near 10,
  // where a page's lazy editor or a chart of 53,000 points can take 10-15 s to show and a
  // journey of many round trips four times its idle time (the longest take ~15 s idle).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  projects: [
    { name: 'journeys', grepInvert: RUNS_ALONE },
    // A journey that holds the embedded database for seconds by design (one connection: every
    // other request waits for it) runs after the others, never beside a journey it would stall;
    // so does one that changes what every page shows (the footer's licence), which others check.
    // One at a time: each is alone.
    // Picking a file that holds one runs the others first; `--project=journeys` or `--no-deps` does not.
    { name: 'alone', grep: RUNS_ALONE, dependencies: ['journeys'], workers: 1 },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed journey's trace keeps its actions and the page's DOM at each, not a film of the
    // screen: encoding frames all along took CPU from every journey, passing ones too.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app's service worker serves its files from what it kept: a journey's route() of a file
    // would not see the request. The offline journeys allow it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    // As a reader who asks their system for less motion: dialogs and menus appear at once and
    // the map jumps rather than flies, so a step waits for no animation (theme.ts).
    reducedMotion: 'reduce',
    // CHROMIUM_PATH, Debian's Chromium or Playwright's own (scripts/ensure-chromium.mjs installs it when none is there).
    launchOptions: { ...findChromium(), args: CHROMIUM_ARGS },
  },
  webServer: [
    { command: 'node e2e/map-style-server.mjs', url: process.env.E2E_STYLE_URL, env: { STYLE_PORT: String(STYLE_PORT) }, reuseExistingServer: false },
    {
      // The compiled server, as `npm start` runs it (test:e2e builds it first).
      command: 'node apps/server/dist/bundle/server.js',
      // E2E_LOG_LEVEL=info shows the server's log of every request beside the journeys.
      stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'on',
        ADMIN_PASSWORD: 'e2e-admin-password',
        DEMO_PASSWORD: 'e2e-demo-password',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        // Every browser test comes from 127.0.0.1: the per-address limit would throttle the suite.
        AUTH_RATE_LIMIT_PER_IP: '100000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
        // The suite's users upload many images within ten minutes.
        IMAGE_RATE_LIMIT_PER_USER: '100000',
        // An image uploaded for a comment never written is unused at once (Site Admin → Assets may remove it).
        COMMENT_UPLOAD_GRACE_MINUTES: '0',
        // Shortlinks may lead to example.org; any other host is refused.
        SHORTLINK_HOSTS: 'example.org',
        // The webhooks journey's receiver listens on 127.0.0.1, which is otherwise refused.
        WEBHOOK_ALLOW_PRIVATE: 'on',
        // That host's terms (ours) allow keeping its tiles offline.
        MAP_KEEP_ORIGINS: new URL(process.env.E2E_STYLE_URL).origin,
        // The default views, and one drawn on a style from another host (e2e/map-style-server.mjs).
        MAP_VIEWS: JSON.stringify([
          { name: 'properties', title: 'Sites', types: ['property'] },
          { name: 'plots', title: 'Plots', types: ['vegetation-plot', 'soil-plot'] },
          { name: 'tiles', title: 'Sites on tiles', types: ['property'], styleUrl: process.env.E2E_STYLE_URL },
        ]),
      },
    },
  ],
});
