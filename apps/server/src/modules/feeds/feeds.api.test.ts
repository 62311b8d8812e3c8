import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInsight, buildProject, buildPublication, buildUpdate, buildUser, type TestUser } from '../../../test/factories.js';
import { startTestApp, unique, type TestApp } from '../../../test/harness.js';

/** The Atom feeds as a feed reader reads them (@rowanmanning/feed-parser), with what a visitor may see only. */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
}, 120_000);
afterAll(() => t.close());

const read = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: res.headers['content-type'], feed: res.statusCode === 200 ? parseFeed(res.body) : null, body: res.body };
};
const titles = (feed: ReturnType<typeof parseFeed> | null) => feed!.items.map((i) => i.title);

describe('feeds', () => {
  it('of insights hold the public ones, newest first, and of a tag only its own; a members-only one never', async () => {
    const tag = unique('tundra');
    const older = await buildInsight(t.app, owner, { title: unique('Older <b>&</b> '), tags: [tag] });
    const newer = await buildInsight(t.app, owner, { title: unique('Newer '), tags: [tag] });
    const other = await buildInsight(t.app, owner, { title: unique('Elsewhere ') });
    const hidden = await buildInsight(t.app, owner, { title: unique('Hidden '), tags: [tag], visibility: 'members' });
    const all = await read('/feeds/insights.atom');
    expect(all.status).toBe(200);
    expect(all.type).toBe('application/atom+xml; charset=utf-8');
    expect(all.feed!.meta.type).toBe('atom');
    expect(titles(all.feed)).toEqual(expect.arrayContaining([older.title, newer.title, other.title]));
    expect(titles(all.feed)).not.toContain(hidden.title);
    const ofTag = await read(`/feeds/insights.atom?tag=${tag}`);
    expect(titles(ofTag.feed)).toEqual([newer.title, older.title]);
    expect(ofTag.feed!.items[0]!.url).toBe(`http://localhost:3000/insights/${newer.num}`);
    expect(ofTag.feed!.items[0]!.authors[0]!.name).toBe(`Test ${owner.username}`);
  });

  it('of a project’s updates hold them; a project a visitor may not see has none (404)', async () => {
    const project = await buildProject(t.app, owner);
    const update = await buildUpdate(t.app, owner, project.slug, { title: unique('Field season ') });
    const feed = await read(`/feeds/projects/${project.slug}/updates.atom`);
    expect(feed.status).toBe(200);
    expect(feed.feed!.title).toBe(`${project.title}: updates · Observatory Catalogue`);
    expect(titles(feed.feed)).toEqual([update.title]);
    const secret = await buildProject(t.app, owner, { visibility: 'members' });
    await buildUpdate(t.app, owner, secret.slug, { title: 'Not for visitors' });
    const refused = await read(`/feeds/projects/${secret.slug}/updates.atom`);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain('Not for visitors');
  });

  it('of publications hold the latest added first, whatever their year', async () => {
    const old = await buildPublication(t.app, owner, { title: unique('An old report '), year: 1990 });
    const feed = await read('/feeds/pubs.atom');
    expect(titles(feed.feed)[0]).toBe(old.title);
  });
});
