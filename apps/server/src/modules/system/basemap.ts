import { API_ROOT, basemapProvider, type AppConfig, type BasemapProvider, type BasemapSetting, type BasemapState } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { storedSetting } from './stored-setting.js';

const KEY = 'map.basemap';
type Stored = BasemapState['setting'];
const OFF: Stored = { provider: 'none', styleUrl: null, origins: [] };

/** A raster provider's style, answered by this server: its tiles as one raster layer, credited. */
export function rasterStyle(provider: BasemapProvider) {
  return {
    version: 8 as const,
    name: provider.name,
    sources: {
      basemap: { type: 'raster', tiles: [provider.tiles!], tileSize: 256, maxzoom: provider.maxzoom ?? 19, attribution: provider.attribution },
    },
    layers: [{ id: 'basemap', type: 'raster', source: 'basemap' }],
  };
}

/** The style a setting draws, the hosts it loads from, and those whose terms allow keeping it offline; null for the built-in background. */
function chosenStyle(setting: Stored): { styleUrl: string; origins: string[]; keepOrigins: string[] } | null {
  if (setting.provider === 'custom' && setting.styleUrl)
    return { styleUrl: setting.styleUrl, origins: [new URL(setting.styleUrl).origin, ...setting.origins], keepOrigins: [] };
  const provider = basemapProvider(setting.provider);
  if (!provider) return null;
  // A raster provider's style comes from here (GET basemaps/{id}/style.json), its tiles from the provider.
  const styleUrl = provider.styleUrl ?? `${API_ROOT}/basemaps/${provider.id}/style.json`;
  return { styleUrl, origins: provider.origins, keepOrigins: provider.offlineAllowed ? provider.origins : [] };
}

function parse(stored: unknown): Stored {
  const v = (stored ?? {}) as Partial<Stored>;
  return { provider: v.provider ?? 'none', styleUrl: v.styleUrl ?? null, origins: v.origins ?? [] };
}

/**
 * The base map chosen under Site Admin (a stored setting: it changes without a restart).
 * MAP_STYLE_URL, when set, wins. The CSP is built from it before each request is answered.
 */
export function createBasemapService(deps: { db: Database; map: AppConfig['map']; ownOrigin: string; cacheMs: number; log: FastifyBaseLogger }) {
  const { map } = deps;
  const setting = storedSetting<Stored>({ db: deps.db, key: KEY, fallback: OFF, parse, cacheMs: deps.cacheMs, log: deps.log });

  /** What the maps and the CSP use now: MAP_STYLE_URL if set, else the setting, beside the views' own styles. */
  function mapConfig(): AppConfig['map'] {
    const chosen = map.styleUrl ? null : chosenStyle(setting.current());
    if (!chosen) return map;
    const origins = [...new Set([...chosen.origins, ...map.origins])].filter((o) => o !== deps.ownOrigin);
    return { ...map, styleUrl: chosen.styleUrl, origins, keepOrigins: [...new Set([...chosen.keepOrigins, ...map.keepOrigins])] };
  }

  return {
    /** Reads the setting again when the copy is older than cacheMs. */
    refresh: setting.refresh,
    mapConfig,
    /** The hosts other than this site the maps load from now, as CSP sources. */
    origins: (): string => mapConfig().origins.join(' '),

    /** GET admin/basemap (manageSettings). */
    async state(actor: Actor | null): Promise<BasemapState> {
      authorize(actor, 'manageSettings');
      return { setting: await setting.read(), environmentStyleUrl: map.styleUrl };
    },

    /** PUT admin/basemap (manageSettings): stored and audited; this process uses it from the next request. */
    async put(actor: Actor | null, input: BasemapSetting): Promise<BasemapState> {
      authorize(actor, 'manageSettings');
      const custom = input.provider === 'custom';
      const next: Stored = {
        provider: input.provider,
        styleUrl: custom ? (input.styleUrl ?? null) : null,
        origins: custom ? [...new Set((input.origins ?? []).map((o) => new URL(o).origin))] : [],
      };
      return { setting: await setting.write(actor, 'setting.basemap', next), environmentStyleUrl: map.styleUrl };
    },
  };
}
