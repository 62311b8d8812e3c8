import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadForChunkError } from './lib/chunk-reload';

// Vite reports a chunk that failed to preload (e.g. after a deploy): reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError((event as Event & { payload: unknown }).payload)) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
