// The first step of `npm test`: the browser tests need Chromium. When none is found,
// install Playwright's own (`playwright install chromium`); when its download host cannot
// be reached, stop at once with one line saying what to install instead.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { createRequire } from 'node:module';
import { DEBIAN_CHROMIUM, findChromium } from './chromium.mjs';

const INSTALL_HINT = `install Debian's Chromium (apt-get install chromium, found at ${DEBIAN_CHROMIUM}) or set CHROMIUM_PATH to a Chromium, then run npm test again.`;

function fail(message) {
  console.error(`Browser tests need Chromium: ${message}`);
  process.exit(1);
}

/** Whether a TCP connection to the download host opens within a few seconds. */
function reachable(host, port = 443, timeoutMs = 5000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

let found;
try {
  found = findChromium();
} catch (error) {
  fail(`${error.message}; ${INSTALL_HINT}`);
}
if (!found) {
  const host = new URL(process.env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev').hostname;
  if (!(await reachable(host))) fail(`none is installed and Playwright's download host (${host}) cannot be reached; ${INSTALL_HINT}`);
  console.log(`No Chromium found: installing Playwright's own (playwright install chromium, about 170 MB)…`);
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const install = spawnSync(process.execPath, [cli, 'install', 'chromium'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (install.status !== 0 || !findChromium()) {
    const reason = `${install.stdout}\n${install.stderr}`.split('\n').find((l) => l.startsWith('Error:')) ?? `exit ${install.status}`;
    fail(`none is installed and Playwright's download failed (${reason}); ${INSTALL_HINT}`);
  }
  console.log(`Installed Playwright's Chromium.`);
}
