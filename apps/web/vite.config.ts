import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * The files the entry loads at start (its static imports, all the way down, and their CSS).
 * A lazy chunk's preload list need not name them: they are loaded before any lazy import
 * runs, and naming them in every route's list costs the first visit 1.4 KB of gzip. The
 * page's own preload links (index.html) keep them all.
 */
function loadedAtStart(): Plugin & { has: (file: string) => boolean } {
  const files = new Set<string>();
  return {
    name: 'observatory:loaded-at-start',
    has: (file) => files.has(file),
    generateBundle(_, bundle) {
      files.clear();
      const entries = Object.values(bundle).filter((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const pending = entries.map((chunk) => chunk.fileName);
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        if (files.has(file)) continue;
        files.add(file);
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') continue;
        pending.push(...chunk.imports);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      }
    },
  };
}

const atStart = loadedAtStart();

/** In development the API runs beside Vite (npm run dev) and is proxied; API_URL points elsewhere. */
export default defineConfig({
  plugins: [react(), atStart],
  // packages/shared is read from its TypeScript source (see its package.json).
  resolve: { conditions: ['@observatory/source', ...defaultClientConditions] },
  // /s/{slug} is a redirect the server answers, not a page of the app.
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000', '/s': process.env.API_URL ?? 'http://localhost:3000' } },
  build: {
    // The manifest names each chunk's source: the first-visit budget journey (e2e/first-visit.spec.ts) reads it.
    sourcemap: true,
    manifest: true,
    modulePreload: {
      resolveDependencies: (_, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((file) => !atStart.has(file))),
    },
  },
});
