import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { searchTextOf } from '../../modules/pages/index.js';
import { holdStartLock } from '../client.js';
import { pages, settings } from '../schema/index.js';
import { GUIDE_PAGES } from './guide.js';

const SEEDED = 'guide_pages_seeded';

/**
 * The user guide and the privacy statement as documentation pages, once: at the first
 * start of a version with pages (a new site, or the upgrade to it), and only into an empty
 * table. Administrators own them after: a page they delete stays deleted.
 */
export async function ensureGuidePages(app: FastifyInstance): Promise<void> {
  const { database, services } = app;
  await database.transaction(async (tx) => {
    await holdStartLock(tx);
    if ((await tx.select().from(settings).where(eq(settings.key, SEEDED))).length) return;
    const empty = (await tx.select({ id: pages.id }).from(pages).limit(1)).length === 0;
    if (empty) {
      const rows = await tx
        .insert(pages)
        .values(GUIDE_PAGES.map(({ path, title, position, doc }) => ({ path, title, position, doc, searchText: searchTextOf(title, doc) })))
        .returning({ id: pages.id, doc: pages.doc });
      // Each text's first revision, so the guide as shipped can be restored after edits.
      for (const row of rows) await services.documents.saveRevision(tx, null, { type: 'page', id: row.id }, row.doc ?? null);
    }
    await tx.insert(settings).values({ key: SEEDED, value: 'true' });
  });
}
