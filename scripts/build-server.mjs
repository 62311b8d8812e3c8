// Builds the server (and packages/shared, which it references) to dist/ with `tsc -b`,
// then copies what is not TypeScript (SQL migrations, seed files) beside the code that reads it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { bundleServer } from './bundle-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-b', path.join(root, 'apps/server/tsconfig.build.json')], { stdio: 'inherit' });

const src = path.join(root, 'apps/server/src');
const dist = path.join(root, 'apps/server/dist');
fs.cpSync(src, dist, {
  recursive: true,
  filter: (from) => fs.statSync(from).isDirectory() || !from.endsWith('.ts'),
});

// A migrated, empty database that a new data directory starts from (db/template.ts):
// made once for each set of migrations, in about 15 s.
execFileSync(process.execPath, [path.join(dist, 'db/make-template.js')], { stdio: 'inherit' });

await bundleServer();
