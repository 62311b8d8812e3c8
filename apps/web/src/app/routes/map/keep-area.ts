import { api, apiUrl, requestStream } from '../../../lib/api-client';
import { fetchObjectTypes } from '../../../lib/object-types';
import { keep, keptAnswers, type ImageToKeep, type Keep } from '../../../lib/kept/store';
import type { AppConfig } from '@observatory/shared';
import { readBasemap } from './keep-basemap';
import { fetchObjects } from '../../../features/objects/api';
import { newObjectFormClaims, objectPageClaims, readNewObjectForm, readObjectPage, readOnce } from '../../../features/objects/keep';
import { tilesCovering } from '../../../features/map/area-tiles';
import type { MapArea } from '../../../features/map/map-view';

/** At most this many of an area's sites are kept with it, their pages and photos. */
export const AREA_SITES_MAX = 50;
/** At most this many tiles of each layer: every zoom from the world down to a few in from the one shown. */
const AREA_TILES_MAX = 300;
/** How many zooms in from the one shown the area's tiles go. */
const ZOOMS_IN = 2;
/** Tiles asked for at once. */
const TILES_AT_ONCE = 4;

/** One area of one map (its address names both). */
export const areaKeepId = (area: MapArea) => `area:${area.href}`;

/** The tiles kept of each layer, and the deepest zoom they reach. */
export const areaTiles = (area: MapArea) => tilesCovering(area.bounds, Math.min(Math.floor(area.zoom) + ZOOMS_IN, area.deepestTiles), AREA_TILES_MAX);

/** "Map around 47.30° N, 8.50° E": the area by its middle. */
export function areaTitle(area: MapArea) {
  const [west, south, east, north] = area.bounds;
  const lat = (south + north) / 2;
  const lon = (west + east) / 2;
  return `${area.view.title} around ${Math.abs(lat).toFixed(2)}° ${lat < 0 ? 'S' : 'N'}, ${Math.abs(lon).toFixed(2)}° ${lon < 0 ? 'W' : 'E'}`;
}

/** Reads every tile, `TILES_AT_ONCE` at a time, as the map reads them: a keep takes the answers (lib/kept/store.ts). */
async function readTiles(paths: string[]) {
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await (await requestStream('GET', path, { accept: 'application/vnd.mapbox-vector-tile' })).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: TILES_AT_ONCE }, worker));
}

/** Whether the map's base map is kept with an area: its host's terms allow it (app config `map.keepOrigins`). */
export function basemapKept(area: MapArea, map: AppConfig['map']): string | null {
  const style = area.view.styleUrl ?? map.styleUrl;
  if (!style) return null;
  const url = new URL(style, window.location.href).href;
  return map.keepOrigins.includes(new URL(url).origin) ? url : null;
}

/** Reads a file of the base map for the keep being read (lib/kept/store.ts takes its answer as it takes the API's). */
async function readForKeep(url: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(`The base map could not be kept: ${new URL(url).host} answered ${res.status}.`);
  keptAnswers.answered(url, res.clone());
  return res;
}

/**
 * Keeps a map area for the field (docs/offline.md "Kept on this device"): what the map
 * screen reads (the app's configuration, the object types), the catalogue's tiles of the
 * layers drawn over the area from the world down to two zooms in, the pages of the sites
 * in it with their photos, one site at a time, and the base map over the area where its
 * host's terms allow it (keep-basemap.ts). Otherwise, with no network, the map draws its
 * built-in background (components/map/use-base-style.ts).
 */
export function keepArea(username: string, area: MapArea): Promise<Keep> {
  const { tiles, deepest } = areaTiles(area);
  const tileAddresses = area.layers.flatMap((layer) => tiles.map((tile) => area.tilePath(layer, tile)));
  const query = new URLSearchParams({ bbox: area.bounds.join(','), limit: String(AREA_SITES_MAX) }).toString();
  const screen = new Set([apiUrl('/app/config'), apiUrl('/data/objtypes'), ...tileAddresses.map((path) => apiUrl(path))]);
  const list = `${apiUrl('/data/obj', Object.fromEntries(new URLSearchParams(query)))}&`;
  const sites: ((url: string) => boolean)[] = [];
  let keepOrigins: string[] = [];
  // Claims are asked of every answer while the keep reads, the API's relative addresses too.
  const keepable = (url: string) => keepOrigins.includes(new URL(url, window.location.href).origin);
  const claims = (url: string) => screen.has(url) || url.startsWith(list) || sites.some((claimed) => claimed(url)) || newObjectFormClaims(url) || keepable(url);
  // An area is no resource of the API: no answer of one says it is gone.
  const kept = { id: areaKeepId(area), kind: 'area' as const, title: areaTitle(area), href: area.href, root: area.href };
  return keep(username, kept, claims, async () => {
    const [config] = await Promise.all([api.get<AppConfig>('/app/config'), fetchObjectTypes(), readTiles(tileAddresses), readNewObjectForm()]);
    const basemap = basemapKept(area, config.map);
    if (basemap) {
      keepOrigins = config.map.keepOrigins;
      await readBasemap(basemap, keepable, area.bounds, deepest, readForKeep);
    }
    const images: ImageToKeep[] = [];
    const once = readOnce();
    for (const site of (await fetchObjects(query, 1)).data.objects) {
      sites.push(objectPageClaims(site));
      images.push(...(await readObjectPage(site, once)));
    }
    return images;
  });
}
