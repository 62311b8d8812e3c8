import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** In development the API runs beside Vite (npm run dev) and is proxied; API_URL points elsewhere. */
export default defineConfig({
  plugins: [react()],
  // packages/shared is read from its TypeScript source (see its package.json).
  resolve: { conditions: ['@observatory/source', ...defaultClientConditions] },
  // /s/{slug} is a redirect the server answers, not a page of the app.
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000', '/s': process.env.API_URL ?? 'http://localhost:3000' } },
  // The manifest names each chunk's source: the first-visit budget journey (e2e/first-visit.spec.ts) reads it.
  build: { sourcemap: true, manifest: true },
});
