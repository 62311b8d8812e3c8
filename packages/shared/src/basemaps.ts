import { z } from 'zod';

/**
 * Free providers of OpenStreetMap-based base maps that need no key, offered under
 * Site Admin → Basemap. Each names its hosts (the CSP admits them and the privacy page
 * names them while it is chosen), its attribution, its terms and what they say of
 * keeping tiles for offline use. A raster provider has no style of its own: the server
 * answers one (GET basemaps/{id}/style.json).
 */
export interface BasemapProvider {
  id: string;
  name: string;
  kind: 'vector' | 'raster';
  /** What it looks like, in a few words. */
  description: string;
  /** A vector provider's MapLibre style. */
  styleUrl?: string;
  /** A raster provider's tile URL template ({z}/{x}/{y}). */
  tiles?: string;
  maxzoom?: number;
  /** Every host the style, tiles, fonts and icons come from. */
  origins: string[];
  attribution: string;
  termsUrl: string;
  /** Whether the terms allow keeping tiles for use offline, in words. */
  offline: string;
  /** Whether they do: a map area kept on a device keeps this provider's style and tiles too. */
  offlineAllowed: boolean;
}

export const BASEMAP_PROVIDERS: readonly BasemapProvider[] = [
  {
    id: 'openfreemap-liberty',
    name: 'OpenFreeMap Liberty',
    kind: 'vector',
    description: 'A detailed street and landscape map in full colour.',
    styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
    origins: ['https://tiles.openfreemap.org'],
    attribution: 'OpenFreeMap © OpenMapTiles, data © OpenStreetMap contributors',
    termsUrl: 'https://openfreemap.org/tos/',
    offline: 'Allowed: no limits on use; the whole tile set may be downloaded and hosted yourself.',
    offlineAllowed: true,
  },
  {
    id: 'openfreemap-positron',
    name: 'OpenFreeMap Positron',
    kind: 'vector',
    description: 'A pale grey map that lets the data on top stand out.',
    styleUrl: 'https://tiles.openfreemap.org/styles/positron',
    origins: ['https://tiles.openfreemap.org'],
    attribution: 'OpenFreeMap © OpenMapTiles, data © OpenStreetMap contributors',
    termsUrl: 'https://openfreemap.org/tos/',
    offline: 'Allowed: no limits on use; the whole tile set may be downloaded and hosted yourself.',
    offlineAllowed: true,
  },
  {
    id: 'versatiles-colorful',
    name: 'VersaTiles Colorful',
    kind: 'vector',
    description: 'A colourful general map with land use and terrain colours.',
    styleUrl: 'https://tiles.versatiles.org/assets/styles/colorful/style.json',
    origins: ['https://tiles.versatiles.org'],
    attribution: '© OpenStreetMap contributors, VersaTiles',
    termsUrl: 'https://versatiles.org/',
    offline: 'Allowed: the tiles are free to download whole (download.versatiles.org) and host yourself.',
    offlineAllowed: true,
  },
  {
    id: 'osm-standard',
    name: 'OpenStreetMap Standard (raster)',
    kind: 'raster',
    description: 'The familiar map of openstreetmap.org, as images.',
    tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    maxzoom: 19,
    origins: ['https://tile.openstreetmap.org'],
    attribution: '© OpenStreetMap contributors',
    termsUrl: 'https://operations.osmfoundation.org/policies/tiles/',
    offline: 'Not allowed: the tile usage policy forbids bulk downloading and prefetching tiles for offline use; heavy use needs a tile server of your own.',
    offlineAllowed: false,
  },
];

export const basemapProvider = (id: string): BasemapProvider | undefined => BASEMAP_PROVIDERS.find((p) => p.id === id);

const httpUrl = z.url({ protocol: /^https?$/, error: 'Give an http or https address' }).max(2000);
/** An origin alone: scheme, host and an optional port ("https://fonts.example.net"). */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?\/?$/i;

/**
 * PUT admin/basemap: the base map the maps draw under the data. "none" (the default)
 * draws the built-in background, which loads nothing from elsewhere; "custom" a MapLibre
 * style at styleUrl, with `origins`: further hosts its tiles, fonts and icons come from.
 */
export const BasemapSettingSchema = z
  .object({
    provider: z
      .string()
      .refine((v) => v === 'none' || v === 'custom' || !!basemapProvider(v), {
        message: `Choose none, custom or one of ${BASEMAP_PROVIDERS.map((p) => p.id).join(', ')}`,
      })
      .describe('none, custom, or the id of one of the offered providers'),
    styleUrl: httpUrl.nullable().optional().describe('With custom: the MapLibre style'),
    origins: z
      .array(z.string().trim().regex(ORIGIN, 'Give an origin alone: scheme, host and port, no path'))
      .max(10)
      .optional()
      .describe('With custom: further hosts the style loads tiles, fonts or icons from'),
  })
  .superRefine((v, ctx) => {
    if (v.provider === 'custom' && !v.styleUrl) ctx.addIssue({ code: 'custom', path: ['styleUrl'], message: 'Give the style’s address' });
  });
export type BasemapSetting = z.infer<typeof BasemapSettingSchema>;

/** GET admin/basemap: the stored setting, and MAP_STYLE_URL when the environment sets one (it wins). */
export const BasemapStateSchema = z.object({
  setting: z.object({ provider: z.string(), styleUrl: z.string().nullable(), origins: z.array(z.string()) }),
  environmentStyleUrl: z.string().nullable().describe('MAP_STYLE_URL; when set, the maps use it whatever the setting says'),
});
export type BasemapState = z.infer<typeof BasemapStateSchema>;

/** GET basemaps/{id}/style.json: an offered raster basemap as a style MapLibre reads. */
export const MapStyleSchema = z
  .object({ version: z.literal(8), name: z.string(), sources: z.record(z.string(), z.unknown()), layers: z.array(z.unknown()) })
  .describe('A MapLibre style (maplibre.org/maplibre-style-spec)');
