import type { ErrorView } from './errors';

/** At most one reload a minute for a failed code chunk (spec section 9). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'observatory:chunk-reload-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * After a deploy, old pages ask for chunks that no longer exist: a reload fetches the
 * new ones. Answers whether it reloaded; a second failure within a minute does not
 * reload again (the error page shows instead of a reload loop). With no network a reload
 * would not help: the screen was not kept on this device (offlineChunkError says so).
 */
export function reloadForChunkError(
  error: unknown,
  { storage = window.sessionStorage, reload = () => window.location.reload(), now = Date.now(), online = navigator.onLine } = {},
): boolean {
  if (!isChunkLoadError(error) || !online) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** A screen whose code could not load with no network: what the error page says instead of the browser's message. */
export const OFFLINE_CHUNK_ERROR: ErrorView = {
  status: -1,
  heading: 'Not available offline',
  message: 'This screen was not kept on this device. It opens when the network is back.',
  code: null,
};

export const isOfflineChunkError = (error: unknown, online = navigator.onLine) => !online && isChunkLoadError(error);
