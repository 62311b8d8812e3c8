import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PAGE_PATH } from '@observatory/shared';
import { buildUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../test/harness.js';
import { pages, settings } from '../schema/index.js';
import { GUIDE_PAGES } from './guide.js';
import { ensureGuidePages } from './pages.js';

// The guide's own rules (paths, document rules, links) are checked in guide.test.ts.
describe('seeding the guide', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const pathsStored = async () => (await t.database.use((d) => d.select({ path: pages.path }).from(pages))).map((r) => r.path).sort();

  it('fills an empty table once, each text with its first revision; a page deleted after stays deleted', async () => {
    await ensureGuidePages(t.app);
    expect(await pathsStored()).toEqual(GUIDE_PAGES.map((p) => p.path).sort());
    const privacy = (await api(t.app, 'GET', `/pages/at/${PRIVACY_PAGE_PATH}`)).json();
    expect(privacy.doc).toEqual(GUIDE_PAGES.find((p) => p.path === PRIVACY_PAGE_PATH)!.doc);

    const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    expect((await api(t.app, 'GET', `/pages/${privacy.page.id}/revisions`, { token: admin.token })).json().revisions).toHaveLength(1);
    expect((await api(t.app, 'DELETE', `/pages/${privacy.page.id}`, { token: admin.token })).statusCode).toBe(204);
    await ensureGuidePages(t.app);
    expect(await pathsStored()).not.toContain(PRIVACY_PAGE_PATH);
  });

  it('leaves a table that holds pages alone, even where it was never seeded', async () => {
    await t.database.use((d) => d.delete(settings).where(eq(settings.key, 'guide_pages_seeded')));
    const before = await pathsStored();
    await ensureGuidePages(t.app);
    expect(await pathsStored()).toEqual(before);
  });
});
