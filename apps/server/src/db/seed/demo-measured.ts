import fs from 'node:fs';
import path from 'node:path';
import { GeoObjectCreateSchema, ObservationsWriteSchema } from '@observatory/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseCsv } from '../../lib/csv.js';
import { projects, settings } from '../schema/index.js';

/** Set once the demo observations are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_measured_seeded';
const FILES_DIR = path.join(import.meta.dirname, 'files');

/** The demo project whose data table holds the real series (see files/README.md). */
export const RIVER_PROJECT = 'Near-term forecasts of river chlorophyll-a';
export const RIVER_METRIC = 'chlorophyll-a';

const SMALL_WORDS = new Set(['at', 'near', 'of', 'the', 'and']);

/** "WILLAMETTE RIVER AT PORTLAND, OR" → "Willamette River at Portland, OR"; names already in mixed case stay. */
export function stationTitle(name: string): string {
  if (name !== name.toUpperCase()) return name;
  const words = name.toLowerCase().split(' ');
  return words
    .map((w, i) => (i === words.length - 1 && w.length === 2 ? w.toUpperCase() : i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The rows of a CSV file as records by its header. */
function records(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(FILES_DIR, file), 'utf8'));
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

/**
 * The river project's fifteen sites as objects, and a data table holding the daily
 * chlorophyll-a series measured there (53,443 rows), written through the services as
 * the administrator would import them: once, in one transaction.
 */
export async function seedDemoMeasured(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  const { users, objects, dataTables } = app.services;
  try {
    const added = await app.database.transaction(async (tx) => {
      if ((await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY))).length) return 0;
      const [project] = await tx.select({ slug: projects.slug }).from(projects).where(eq(projects.title, RIVER_PROJECT));
      const admin = await users.findByLogin('admin');
      const actor = admin && (await users.actorFor(admin.id));
      if (!project || !actor) return 0;
      for (const site of records('river_chlorophyll_sites.csv')) {
        const input = {
          name: site.site_id!.toLowerCase(),
          title: stationTitle(site.station_nm!),
          types: ['site'],
          projects: [project.slug],
          geo: { type: 'Point', coordinates: [Number(site.longitude), Number(site.latitude)] },
          metadata: { siteCode: site.site_no, habitat: 'river' },
        };
        await objects.createObject(actor, GeoObjectCreateSchema.parse(input));
      }
      await dataTables.updateObjectTypes(actor, project.slug, ['site']);
      const table = await dataTables.createDataTable(actor, project.slug, {
        title: 'Chlorophyll-a, daily means',
        description:
          'Daily mean chlorophyll-a from in-situ fluorescence sensors (USGS NWIS) and California DWR stations, the targets the forecasts are scored against.',
        metrics: [RIVER_METRIC],
        // USGS publishes recent values as provisional until they are reviewed.
        level: 'provisional',
      });
      const observations = records('river_chlorophyll_daily_timeseries.csv').map((r) => ({
        object: r.site_id!.toLowerCase(),
        metric: RIVER_METRIC,
        time: r.datetime!,
        value: Number(r.observation),
      }));
      await dataTables.writeObservations(actor, project.slug, table.id, ObservationsWriteSchema.parse({ observations }));
      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
      return observations.length;
    });
    if (added) app.log.info(`Demo observations added: ${added} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    // Demo data must never stop a start.
    app.log.warn({ err }, 'Demo observations not added');
  }
}
