import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import type { Build } from './src/service-worker/messages';

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/** These chunks' files with what they import statically, all the way down, and their CSS. */
function withImports(bundle: Bundle, chunks: string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...chunks];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    pending.push(...chunk.imports);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
  }
  return files;
}

/** The service worker's file, at the root: its scope is the whole app. */
const WORKER_FILE = 'sw.js';

/**
 * The files the entry loads at start (its static imports, all the way down, and their CSS).
 * A lazy chunk's preload list need not name them: they are loaded before any lazy import
 * runs, and naming them in every route's list costs the first visit 1.4 KB of gzip. The
 * page's own preload links (index.html) keep them all.
 */
function loadedAtStart(): Plugin & { has: (file: string) => boolean } {
  let files = new Set<string>();
  return {
    name: 'observatory:loaded-at-start',
    has: (file) => files.has(file),
    generateBundle(_, bundle) {
      const entries = Object.values(bundle).filter((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.fileName !== WORKER_FILE);
      files = withImports(
        bundle,
        entries.map((chunk) => chunk.fileName),
      );
    },
  };
}

const atStart = loadedAtStart();

/** The files of public/, as the server serves them (/favicon.svg, /icons/…). */
function publicFiles(dir = path.join(import.meta.dirname, 'public'), at = ''): string[] {
  // The server serves no dotfile (.DS_Store): the worker must not ask for one.
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const url = `${at}/${entry.name}`;
    return entry.isDirectory() ? publicFiles(path.join(dir, entry.name), url) : [url];
  });
}

/** Code the page loads only once a new version waits (the update notice): kept with the shell, since the server has it no more once the new version is deployed. */
const UPDATE_NOTICE = ['src/components/AppUpdateNotice.tsx', 'src/components/NotificationStack.tsx'].map((file) => path.join(import.meta.dirname, file));

/**
 * Builds the service worker (src/service-worker/worker.ts) as /sw.js, a file of its own at the
 * root, and writes into it the build's files: the page, what it loads at start and the update
 * notice's code (the shell, kept on install), and every asset. Any change to them, to the
 * public files or to the worker's code changes the worker, so browsers find the new version.
 */
function serviceWorker(): Plugin {
  return {
    name: 'observatory:service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.join(import.meta.dirname, 'src/service-worker/worker.ts'), fileName: WORKER_FILE });
    },
    generateBundle(_, bundle) {
      const worker = bundle[WORKER_FILE];
      if (worker?.type !== 'chunk' || worker.imports.length > 0) this.error(`${WORKER_FILE} must be one file that imports nothing`);
      const assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !file.endsWith('.map'))
        .sort();
      const notice = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk' && UPDATE_NOTICE.includes(chunk.facadeModuleId ?? '') ? [chunk.fileName] : [],
      );
      if (notice.length !== UPDATE_NOTICE.length) this.error(`the update notice's chunks were not found: ${UPDATE_NOTICE.join(', ')}`);
      const code = [...assets.filter((file) => atStart.has(file)), ...withImports(bundle, notice)];
      const shell = ['/', '/manifest.webmanifest', ...publicFiles(), ...[...new Set(code)].sort().map((file) => `/${file}`)];
      const page = bundle['index.html'];
      const hash = createHash('sha256')
        .update(JSON.stringify(assets))
        .update(page?.type === 'asset' ? page.source : '')
        .update(worker.code);
      for (const file of publicFiles()) hash.update(fs.readFileSync(path.join(import.meta.dirname, 'public', file)));
      const build: Build = { version: hash.digest('hex').slice(0, 16), shell, assets: assets.map((file) => `/${file}`) };
      const placeholder = /(["'`])__OBSERVATORY_BUILD__\1/;
      if (!placeholder.test(worker.code)) this.error(`${WORKER_FILE} has lost its placeholder for the build's files`);
      worker.code = worker.code.replace(placeholder, () => JSON.stringify(JSON.stringify(build))).replace(/\n\/\/# sourceMappingURL=.*$/, '');
      // The map no longer matches the code written into.
      delete bundle[`${WORKER_FILE}.map`];
    },
  };
}

/** In development the API runs beside Vite (npm run dev) and is proxied; API_URL points elsewhere. */
export default defineConfig({
  plugins: [react(), atStart, serviceWorker()],
  // packages/shared is read from its TypeScript source (see its package.json).
  resolve: { conditions: ['@observatory/source', ...defaultClientConditions] },
  // /s/{slug} is a redirect the server answers, not a page of the app.
  server: {
    proxy: Object.fromEntries(['/api', '/s', '/manifest.webmanifest'].map((prefix) => [prefix, process.env.API_URL ?? 'http://localhost:3000'])),
  },
  build: {
    // The manifest names each chunk's source: the first-visit budget journey (e2e/first-visit.spec.ts) reads it.
    sourcemap: true,
    manifest: true,
    modulePreload: {
      resolveDependencies: (_, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((file) => !atStart.has(file))),
    },
  },
});
