import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setKeptAnswers } from './lib/api-client';
import { reloadForChunkError } from './lib/chunk-reload';
import { keepingUser } from './lib/device-user';
import { loadOfflineCode } from './lib/prefetch';
import { startServiceWorker } from './lib/service-worker';

// Vite reports a chunk that failed to preload (e.g. after a deploy): reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError((event as Event & { payload: unknown }).payload)) event.preventDefault();
});

// Code any screen may need with no network (lib/prefetch registerOfflineCode): loaded on each visit of a user who keeps something here, for the worker to keep (a new version's too).
startServiceWorker([() => import('./app/OfflineBanner'), () => (keepingUser() ? loadOfflineCode() : Promise.resolve())]);
// What a user kept on this device answers when the network does not (docs/offline.md).
setKeptAnswers({ active: () => keepingUser() !== null, load: () => import('./lib/kept/store').then((m) => m.keptAnswers) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
