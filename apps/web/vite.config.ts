import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs beside Vite (npm run dev) and is proxied. */
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { sourcemap: true },
});
