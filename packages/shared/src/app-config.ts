import { z } from 'zod';
import { LicenceSchema } from './publishing.js';

export const HeaderLinkSchema = z.object({ label: z.string(), url: z.string() });

/** GET app/config: what the web needs to know at start. */
/** A configured map view (/map/{name}): which object types it shows, its style and first extent. */
export const MapViewSchema = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  types: z.array(z.string()).describe('Object type slugs shown; empty: every type'),
  styleUrl: z.string().nullable().optional().describe('Overrides the site-wide style'),
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().optional().describe('[minLon, minLat, maxLon, maxLat] shown first'),
});
export type MapView = z.infer<typeof MapViewSchema>;

export const AppConfigSchema = z.object({
  productName: z.string().describe('Suffix of every page title'),
  contactUrl: z.string().nullable(),
  headerLinks: z.array(HeaderLinkSchema),
  licence: LicenceSchema.describe('The licence of the catalogue’s data, chosen under Site Admin'),
  map: z.object({
    styleUrl: z.string().nullable().describe('MapLibre style; null: the built-in plain background, which needs no network'),
    center: z.tuple([z.number(), z.number()]).describe('[longitude, latitude]'),
    zoom: z.number(),
    views: z.array(MapViewSchema).describe('The named map views, /map/{name}'),
    origins: z
      .array(z.string())
      .describe(
        "Other hosts the maps load from (style, tiles, glyphs, sprites): the configured styles' origins and MAP_EXTRA_ORIGINS; empty without a configured style",
      ),
    keepOrigins: z
      .array(z.string())
      .describe(
        'Hosts whose terms allow keeping a base map’s style, tiles, glyphs and sprites on a device for use offline: an offered provider’s that allows it, and MAP_KEEP_ORIGINS',
      ),
  }),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    kind: z.enum(['embedded', 'server']),
    version: z.string().nullable(),
  }),
  migration: z.object({
    applied: z.number().int(),
    latest: z.string().nullable(),
  }),
  checkedAt: z.string().datetime().describe('When the database was last probed: health answers from a probe at most 2 s old'),
});
export type Health = z.infer<typeof HealthSchema>;
