import { z } from 'zod';

export const HeaderLinkSchema = z.object({ label: z.string(), url: z.string() });

/** GET app/config: what the web needs to know at start. */
export const AppConfigSchema = z.object({
  productName: z.string().describe('Suffix of every page title'),
  contactUrl: z.string().nullable(),
  headerLinks: z.array(HeaderLinkSchema),
  map: z.object({
    styleUrl: z.string(),
    center: z.tuple([z.number(), z.number()]).describe('[longitude, latitude]'),
    zoom: z.number(),
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
});
