import type { ToWorker } from '../service-worker/messages';

/** Whether a built app runs where service workers may (HTTPS, or localhost). */
const supported = () => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Registers the service worker (/sw.js) once the page has loaded, so that it never competes
 * with the first screen, and offers a new version when one has installed. `offlineCode` is
 * code only a page with no network shows (the offline banner): loaded once the worker is
 * active, for it to keep, never on a first visit's way.
 */
export function startServiceWorker(offlineCode: (() => Promise<unknown>)[] = []) {
  if (supported()) window.addEventListener('load', () => void register(offlineCode), { once: true });
}

/** How often an open page looks for a new version (a browser also looks on each navigation). */
const LOOK_FOR_UPDATES_MS = 60 * 60 * 1000;

async function register(offlineCode: (() => Promise<unknown>)[]) {
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js').catch(() => null);
  if (!registration) return;
  // The first visit's screen loaded before the worker was in charge: it keeps those files too,
  // asked once it is active and again once it controls this page (whichever comes first).
  const keepLoaded = () =>
    registration.active?.postMessage({
      type: 'keep',
      files: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname),
    } satisfies ToWorker);
  const loaded = container.ready.then(() => Promise.all(offlineCode.map((load) => load().catch(() => undefined))));
  if (!container.controller) container.addEventListener('controllerchange', () => void loaded.then(keepLoaded), { once: true });
  void loaded.then(keepLoaded);

  // A version waiting already, installing already (the browser looked on this navigation), or found later.
  const watch = (worker: ServiceWorker | null) => {
    if (worker?.state === 'installed') offer(registration);
    else worker?.addEventListener('statechange', () => worker.state === 'installed' && offer(registration));
  };
  watch(registration.waiting ?? registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  window.setInterval(() => void registration.update().catch(() => undefined), LOOK_FOR_UPDATES_MS);
}

/** Offers the waiting version; the first install has none to replace. */
function offer(registration: ServiceWorkerRegistration) {
  if (!navigator.serviceWorker.controller) return;
  void import('../components/AppUpdateNotice').then(({ showAppUpdate }) => showAppUpdate(() => apply(registration)));
}

/**
 * The version waiting when the reader says so takes over, and this page reloads into it. None
 * waits when another tab has already taken it up (or a newer one replaced it): this page reloads at once.
 */
function apply(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting;
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skip-waiting' } satisfies ToWorker);
}
