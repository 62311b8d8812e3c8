import { addProtocol } from 'maplibre-gl';
import { requestStream } from '../../lib/api-client';
import { retryDelay, retryServerFaults } from '../../lib/errors';

/**
 * MapLibre asks for the catalogue's vector tiles under this scheme, and they are fetched
 * through the API client: with the reader's token (a signed-in reader's tiles count what
 * they may see), the session refreshed on a 401, and the server's error kept for the map's
 * notice. The requests under way and the last failure are kept here for the screen.
 */
const SCHEME = 'catalogue';
const MVT = 'application/vnd.mapbox-vector-tile';

/** Tiles are cut down to this zoom; from it on each object comes alone, and further in MapLibre scales them. */
export const TILES_MAX_ZOOM = 16;

/** One catalogue tile's address in the API, for one layer (`objects` or types' slugs, comma-separated). */
export const tilePath = (layer: string, tile: { z: number | string; x: number | string; y: number | string }) =>
  `/tiles/${encodeURIComponent(layer)}/${tile.z}/${tile.x}/${tile.y}.mvt`;

/** The tile address MapLibre fills in for one layer (`objects` or a type's slug); `generation` changes to load every tile again. */
// The API's address under the scheme, so that a kept tile (tilePath) is the one the map asks for.
export const tileUrl = (layer: string, generation: number) => `${SCHEME}:/${tilePath(layer, { z: '{z}', x: '{x}', y: '{y}' })}?g=${generation}`;

export interface TileRequests {
  /** Tile requests under way. */
  pending: number;
  /** The last request's failure (an ApiError), null once one succeeds. */
  error: unknown;
}

let state: TileRequests = { pending: 0, error: null };
const listeners = new Set<() => void>();

function update(change: (current: TileRequests) => Partial<TileRequests>) {
  state = { ...state, ...change(state) };
  for (const listener of listeners) listener();
}

export const tileRequests = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot: () => state,
  /** Forgets the failure shown (Retry loads the tiles again). */
  clearError: () => update(() => ({ error: null })),
};

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

const cancelled = () => new DOMException('The tile is no longer needed.', 'AbortError');

/** Waits `ms`, or less if MapLibre no longer needs the tile. */
const waitFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const onAbort = () => (clearTimeout(timer), reject(cancelled()));
    const timer = setTimeout(() => (signal.removeEventListener('abort', onAbort), resolve()), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The tile's answer; a server fault is asked again as the app's queries are (lib/errors.ts: a busy server's Retry-After honoured). */
async function fetchTile(path: string, signal: AbortSignal): Promise<Response> {
  for (let failures = 0; ;) {
    try {
      return await requestStream('GET', path, { accept: MVT, signal });
    } catch (err) {
      if (isAbort(err) || !retryServerFaults(failures, err)) throw err;
      await waitFor(retryDelay(failures, err), signal);
      failures++;
    }
  }
}

async function loadTile(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  // catalogue://tiles/objects/3/4/2.mvt?g=1 → /tiles/objects/3/4/2.mvt (tilePath; the generation is for MapLibre's cache only).
  const path = `/${url.slice(`${SCHEME}://`.length).split('?')[0]!}`;
  update((s) => ({ pending: s.pending + 1 }));
  try {
    const res = await fetchTile(path, signal);
    const bytes = await res.arrayBuffer();
    update(() => ({ error: null }));
    return bytes;
  } catch (err) {
    // A tile MapLibre no longer needs (the map moved on) is no failure.
    if (!isAbort(err)) update(() => ({ error: err }));
    throw err;
  } finally {
    update((s) => ({ pending: s.pending - 1 }));
  }
}

let registered = false;

/** Lets MapLibre load `catalogue://` tiles (once per page). */
export function registerTileProtocol() {
  if (registered) return;
  registered = true;
  addProtocol(SCHEME, async (params, abort) => ({ data: await loadTile(params.url, abort.signal) }));
}
