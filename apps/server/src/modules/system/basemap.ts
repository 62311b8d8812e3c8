import { API_ROOT, basemapProvider, type AppConfig, type BasemapProvider, type BasemapSetting, type BasemapState } from '@observatory/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import * as repo from './repo.js';

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

/** The style a setting draws and the hosts it loads from; null for the built-in background. */
function chosenStyle(setting: Stored): { styleUrl: string; origins: string[] } | null {
  if (setting.provider === 'custom' && setting.styleUrl) return { styleUrl: setting.styleUrl, origins: [new URL(setting.styleUrl).origin, ...setting.origins] };
  const provider = basemapProvider(setting.provider);
  if (!provider) return null;
  // A raster provider's style comes from here (GET basemaps/{id}/style.json), its tiles from the provider.
  const styleUrl = provider.styleUrl ?? `${API_ROOT}/basemaps/${provider.id}/style.json`;
  return { styleUrl, origins: provider.origins };
}

function parse(value: string | null): Stored {
  if (!value) return OFF;
  try {
    const v = JSON.parse(value) as Partial<Stored>;
    return { provider: v.provider ?? 'none', styleUrl: v.styleUrl ?? null, origins: v.origins ?? [] };
  } catch {
    return OFF;
  }
}

/**
 * The base map chosen under Site Admin, stored in the database so that it changes without
 * a restart. MAP_STYLE_URL, when set, wins. Every request reads the setting from a copy at
 * most `cacheMs` old (the CSP is built from it before the request is answered), so
 * processes sharing the database agree within that time; the process that changes it at once.
 */
export function createBasemapService(deps: { db: Database; map: AppConfig['map']; ownOrigin: string; cacheMs: number; log: FastifyBaseLogger }) {
  const { db, map } = deps;
  let current: Stored = OFF;
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    try {
      current = parse(await db.use((d) => repo.getSetting(d, KEY)));
    } catch (err) {
      // The last value known is kept: a map without its basemap beats a site that answers nothing.
      deps.log.warn({ err }, 'The basemap setting could not be read');
    }
    loadedAt = Date.now();
  }

  /** What the maps and the CSP use now: MAP_STYLE_URL if set, else the setting, beside the views' own styles. */
  function mapConfig(): AppConfig['map'] {
    const chosen = map.styleUrl ? null : chosenStyle(current);
    if (!chosen) return map;
    const origins = [...new Set([...chosen.origins, ...map.origins])].filter((o) => o !== deps.ownOrigin);
    return { ...map, styleUrl: chosen.styleUrl, origins };
  }

  return {
    /** Reads the setting again when the copy is older than cacheMs (one read at a time). */
    async refresh(): Promise<void> {
      if (Date.now() - loadedAt < deps.cacheMs) return;
      loading ??= load().finally(() => (loading = null));
      await loading;
    },
    mapConfig,
    /** The hosts other than this site the maps load from now, as CSP sources. */
    origins: (): string => mapConfig().origins.join(' '),

    /** GET admin/basemap (manageSettings). */
    async state(actor: Actor | null): Promise<BasemapState> {
      authorize(actor, 'manageSettings');
      await load();
      return { setting: current, environmentStyleUrl: map.styleUrl };
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
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
        const value = JSON.stringify(next);
        await tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
        await audit(tx, actor, 'setting.basemap', { type: 'setting', id: KEY }, { before: before ? parse(before.value) : OFF, after: next });
      });
      current = next;
      loadedAt = Date.now();
      return { setting: current, environmentStyleUrl: map.styleUrl };
    },
  };
}
