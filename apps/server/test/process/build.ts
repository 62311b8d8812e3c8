import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.js';

/** The process tests run what `npm start` runs, the compiled server: build it once (up to date in a second or two). */
export default function setup() {
  execFileSync(process.execPath, [path.join(ROOT_DIR, 'scripts/build-server.mjs')], { cwd: ROOT_DIR, stdio: 'inherit' });
}
