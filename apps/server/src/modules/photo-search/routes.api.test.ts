import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insight, Photo } from '@observatory/shared';
import {
  buildComment,
  buildCommentPhoto,
  buildInsight,
  buildObject,
  buildPhoto,
  buildProject,
  buildRole,
  buildTeam,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/** An answer with its signed URLs' signatures left out. */
const unsigned = (answer: unknown): unknown => JSON.parse(JSON.stringify(answer).replace(/\?expires=[^"]*/g, '?signed'));
let t: TestApp;
/** A researcher who owns the project; a contributor who uploads; a viewer of the project; a team viewer; an outsider; a manageAssets holder. */
let owner: TestUser;
let contributor: TestUser;
let member: TestUser;
let teamViewer: TestUser;
let outsider: TestUser;
let assetManager: TestUser;
let project: { id: string };
let team: { id: string; slug: string };

/** Where this file's objects lie, away from anything else. */
const SITE = [-41.3, 12.7] as const;
const PLOT = [-41.2, 12.8] as const;
const BOX_AROUND_SITE = '-41.35,12.65,-41.25,12.75';

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const search = (query: string, who: TestUser | null = null) => api(t.app, 'GET', `/photos?${query}`, as(who));
const ids = async (query: string, who: TestUser | null = null) => (await search(query, who)).json().photos.map((p: { id: string }) => p.id);

/** A camera JPEG: taken 1 July 2024 at 10:30, at 46.5° N 7.5° E. */
const fieldPhoto = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2024:07:01 10:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 30/1 0/1' },
    })
    .toBuffer();

/** A point where this file's objects lie. */
const at = (position: readonly [number, number]) => ({ type: 'Point', coordinates: [...position] });

/** A photo of an object with a caption, given by its uploader (the contributor unless told); answers the photo. */
async function captioned(photo: Photo, caption: string, by: TestUser = contributor) {
  const res = await api(t.app, 'PUT', `/data/obj/${photo.object!.name}/photos/${photo.id}`, { token: by.token, body: { caption } });
  expect(res.statusCode, res.body).toBe(200);
  return photo;
}

/** An insight by the owner with one comment showing an image; answers the comment, with its insight's number. */
async function commentImage(visibility: Insight['visibility'], content: string, team: string | null = null) {
  const insight = await buildInsight(t.app, owner, { title: unique('Lichen survey '), visibility, team });
  const image = await buildCommentPhoto(t.app, owner, insight.num);
  const comment = await buildComment(t.app, owner, insight.num, { content, photo: image.id });
  return { id: comment.id, num: insight.num };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  contributor = await buildUser(t.app);
  member = await buildUser(t.app);
  outsider = await buildUser(t.app);
  const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  team = await buildTeam(t.app, admin);
  teamViewer = await buildUser(t.app, { roles: [{ slug: 'viewer', target: { id: team.id, type: 'team' } }] });
  const role = await buildRole(t.app, admin, { permissions: ['manageAssets'] });
  assetManager = await buildUser(t.app, { roles: [{ slug: role.slug }] });
  project = await buildProject(t.app, owner);
  await api(t.app, 'PUT', `/projects/${project.id}/members/${contributor.username}`, { token: owner.token, body: { role: 'contributor' } });
  await api(t.app, 'PUT', `/projects/${project.id}/members/${member.username}`, { token: owner.token, body: { role: 'viewer' } });
}, 60_000);
afterAll(() => t.close());

describe('GET photos', () => {
  it('find object photos and comment images by words of the caption, the object’s name or title, the insight’s title and the photographer, in any case', async () => {
    const word = unique('Saxifraga');
    const site = (await buildObject(t.app, owner, { title: `Ridge ${word}Title`, projects: [project.id], geo: at(SITE) })).name;
    const byCaption = await captioned(await buildPhoto(t.app, contributor, site), `Cushions of ${word} on the scree`);
    const untitled = await buildPhoto(t.app, contributor, site);
    const comment = await commentImage('public', `${word}Comment flowering early`);

    const found = await search(`q=${word.toUpperCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    const [first] = found.json().photos;
    // The comment came last: newest first.
    expect(first).toMatchObject({
      id: comment.id,
      source: 'comment',
      caption: `${word}Comment flowering early`,
      object: null,
      insight: { num: comment.num },
      takenAt: null,
      geo: null,
      author: { id: owner.personId },
    });
    expect(sortedIds(found)).toEqual([byCaption.id, untitled.id, comment.id].sort());
    // The caption only; the object's title; the comment's text; the object's name.
    expect(await ids(`q=cushions ${word.toLowerCase()}`)).toEqual([byCaption.id]);
    expect(await ids(`q=${word}title`)).toEqual([untitled.id, byCaption.id]);
    expect(await ids(`q=${word}comment`)).toEqual([comment.id]);
    expect(await ids(`q=${site}`)).toEqual([untitled.id, byCaption.id]);
    // The photographer's name (people.name is "Test <username>"), with another word to keep to this test's photos.
    expect(await ids(`q=${encodeURIComponent(`${contributor.username} ${word}`)}`)).toEqual([untitled.id, byCaption.id]);
    // The insight's title, for a comment.
    const insightTitle = (await api(t.app, 'GET', `/insights/${comment.num}`)).json().insight.title;
    expect(await ids(`q=${encodeURIComponent(insightTitle)}`)).toEqual([comment.id]);
    // % and _ are themselves, not wildcards.
    const percent = await captioned(await buildPhoto(t.app, contributor, site), `${word} cover 40%_x`);
    expect(await ids(`q=${encodeURIComponent(`${word} 40%_x`)}`)).toEqual([percent.id]);
    expect(await ids(`q=${encodeURIComponent(`${word} %`)}`)).toEqual([percent.id]);
    expect(await ids(`q=${encodeURIComponent(`${word} 4_`)}`)).toEqual([]);
  });

  it('answer each photo with its image, object, author, EXIF time and place, and what the reader may do with it', async () => {
    const word = unique('Gentiana');
    const site = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const photo = await captioned(await buildPhoto(t.app, contributor, site, { file: { data: await fieldPhoto() } }), `${word} in bud`);
    const [visitorView] = (await search(`q=${word}`)).json().photos;
    expect(visitorView).toEqual({
      id: photo.id,
      source: 'object',
      image: {
        id: photo.image.id,
        url: `/api/v1/assets/${photo.image.id}/400`,
        thumbUrl: `/api/v1/assets/${photo.image.id}/96`,
        largeUrl: `/api/v1/assets/${photo.image.id}/1600`,
      },
      caption: `${word} in bud`,
      takenAt: expect.stringMatching(/^2024-07-01T\d\d:30:00\.000Z$/),
      // Where it was taken is its object's editors' to know; the map places it on its object.
      geo: null,
      place: { type: 'Point', coordinates: [...SITE] },
      object: { id: expect.any(String), name: site, title: site },
      insight: null,
      author: { id: contributor.personId, slug: contributor.username, name: `Test ${contributor.username}` },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      permissions: ['view'],
    });
    expect((await search(`q=${word}`, contributor)).json().photos[0].permissions).toEqual(['view', 'edit', 'delete']);
    expect((await search(`q=${word}`, owner)).json().photos[0].permissions).toEqual(['view', 'edit', 'delete']);
    expect((await search(`q=${word}`, outsider)).json().photos[0].permissions).toEqual(['view']);
    // Its object's owner may edit it and reads where it was taken; its uploader, a contributor, may not.
    expect((await search(`q=${word}`, owner)).json().photos[0].geo).toEqual({ type: 'Point', coordinates: [7.5, 46.5] });
    for (const reader of [contributor, outsider])
      expect((await search(`q=${word}`, reader)).json().photos[0]).toMatchObject({ geo: null, place: { coordinates: [...SITE] } });
    const one = await api(t.app, 'GET', `/photos/${photo.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ photo: visitorView });
  });

  it('filter by person, object type, days and a map box', async () => {
    const word = unique('Dryas');
    const site = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const plot = (await buildObject(t.app, owner, { types: ['vegetation-plot'], projects: [project.id], geo: at(PLOT) })).name;
    const exif = await captioned(await buildPhoto(t.app, contributor, site, { file: { data: await fieldPhoto() } }), `${word} exif`); // 2024-07-01, at 7.5 E 46.5 N
    const bySite = await captioned(await buildPhoto(t.app, contributor, site), `${word} site`); // today, no position: the site's
    const byPlot = await captioned(await buildPhoto(t.app, owner, plot), `${word} plot`, owner); // today, at the plot
    const comment = await commentImage('public', `${word} comment`); // today, no place

    // person: the photographer's slug; unknown: nothing.
    expect(await ids(`q=${word}&person=${owner.username}`)).toEqual([comment.id, byPlot.id]);
    expect(await ids(`q=${word}&person=${contributor.username}`)).toEqual([bySite.id, exif.id]);
    expect(await ids(`q=${word}&person=no-such-person`)).toEqual([]);
    // type: object photos of that type only, never a comment.
    expect(await ids(`q=${word}&type=vegetation-plot`)).toEqual([byPlot.id]);
    expect(await ids(`q=${word}&type=site`)).toEqual([bySite.id, exif.id]);
    expect(await ids(`q=${word}&type=no-such-type`)).toEqual([]);
    // days, inclusive: taken when known, else uploaded.
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`q=${word}&from=2024-07-01&to=2024-07-01`)).toEqual([exif.id]);
    expect(await ids(`q=${word}&from=2024-07-02&to=2024-12-31`)).toEqual([]);
    expect(await ids(`q=${word}&to=2024-06-30`)).toEqual([]);
    expect(sorted(await ids(`q=${word}&from=${today}`))).toEqual(sorted([bySite.id, byPlot.id, comment.id]));
    expect(await ids(`q=${word}&from=2024-01-01`)).toHaveLength(4);
    // bbox: its object's geometry, never the photo's own position (not even for its editors, so a
    // box drawn smaller and smaller cannot find it out); a comment never.
    expect(await ids(`q=${word}&bbox=7.4,46.4,7.6,46.6`)).toEqual([]);
    expect(await ids(`q=${word}&bbox=7.4,46.4,7.6,46.6`, owner)).toEqual([]);
    expect(await ids(`q=${word}&bbox=${BOX_AROUND_SITE}`)).toEqual([bySite.id, exif.id]);
    expect(await ids(`q=${word}&bbox=-41.5,12.5,-41,13`)).toEqual([byPlot.id, bySite.id, exif.id]);
    expect(await ids(`q=${word}&bbox=-180,-90,180,90`)).toEqual([byPlot.id, bySite.id, exif.id]);
    // Filters together.
    expect(await ids(`q=${word}&bbox=-180,-90,180,90&from=${today}&person=${contributor.username}`)).toEqual([bySite.id]);
  });

  it('page 10 at a time by default: cur_page is p - 1, with pages, total_count and the pagination headers', async () => {
    const word = unique('Salix');
    const site = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await captioned(await buildPhoto(t.app, contributor, site), `${word} ${i}`)).id);
    const newestFirst = [...made].reverse();

    const first = await search(`q=${word}`);
    expect(first.json()).toMatchObject({ cur_page: 0, pages: 2, total_count: 12 });
    expect(first.json().photos.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(0, 10));
    expect([first.headers['pagination-page'], first.headers['pagination-count'], first.headers['pagination-limit']]).toEqual(['1', '12', '10']);
    const second = await search(`q=${word}&p=2`);
    expect(second.json()).toMatchObject({ cur_page: 1, pages: 2, total_count: 12 });
    expect(second.json().photos.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(10));
    const small = await search(`q=${word}&n=5&p=3`);
    expect(small.json()).toMatchObject({ cur_page: 2, pages: 3, total_count: 12 });
    expect(small.json().photos.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(10));
    expect(small.headers['pagination-limit']).toBe('5');
    const beyond = await search(`q=${word}&p=4`);
    expect(beyond.json()).toMatchObject({ photos: [], cur_page: 3, pages: 2, total_count: 12 });
    expect((await search(`q=${word}&n=100`)).json().photos).toHaveLength(12);
    expect((await search(`q=${unique('nothing-')}`)).json()).toEqual({ photos: [], cur_page: 0, pages: 0, total_count: 0 });
  });

  it('take p=0 as the first page, as cur_page counts from 0; signed in or not, and on a person’s photos', async () => {
    const word = unique('Betula');
    const site = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const hidden = (await buildObject(t.app, owner, { projects: [project.id], visibility: 'members', geo: at(SITE) })).name;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await captioned(await buildPhoto(t.app, contributor, site), `${word} ${i}`)).id);
    const secret = (await captioned(await buildPhoto(t.app, contributor, hidden), `${word} members only`)).id;
    const newestFirst = [...made].reverse();
    for (const [who, expected] of [
      [null, newestFirst],
      [outsider, newestFirst],
      [member, [secret, ...newestFirst]],
    ] as const) {
      const first = await search(`q=${word}&n=2&p=1`, who);
      for (const query of [`q=${word}&n=2&p=0`, `q=${word}&n=2`]) {
        const res = await search(query, who);
        expect(res.statusCode, res.body).toBe(200);
        // A member's image URLs are signed until a time counted in seconds: two answers a second apart differ there alone.
        expect(unsigned(res.json()), query).toEqual(unsigned(first.json()));
        expect(res.json()).toMatchObject({ cur_page: 0, total_count: expected.length });
        expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual(expected.slice(0, 2));
        expect(res.headers['pagination-page']).toBe('1');
      }
      // The answer's cur_page + 1 asks for the next page.
      const next = await search(`q=${word}&n=2&p=${first.json().cur_page + 2}`, who);
      expect(next.json().photos.map((p: { id: string }) => p.id)).toEqual(expected.slice(2, 4));
      expect(next.json().cur_page).toBe(1);
    }
    const theirs = await api(t.app, 'GET', `/people/${contributor.username}/photos?q=${word}&n=2&p=0`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ cur_page: 0, pages: 2, total_count: 3 });
    expect(theirs.json().photos.map((p: { id: string }) => p.id)).toEqual(newestFirst.slice(0, 2));
    // Below 0 is still refused.
    const below = await search(`q=${word}&p=-1`);
    expect(below.statusCode).toBe(400);
    expect(below.json().details.map((d: { field: string }) => d.field)).toEqual(['querystring.p']);
  });

  it('document p as counted from 1 (0 also the first page) and cur_page from 0', () => {
    type Operation = {
      parameters: { name: string; description?: string }[];
      responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    };
    type Spec = {
      paths: Record<string, { get: Operation }>;
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const { paths, components } = t.app.swagger() as unknown as Spec;
    for (const path of ['/api/v1/photos', '/api/v1/people/{id}/photos']) {
      const operation = paths[path]!.get;
      expect(operation.parameters.find((x) => x.name === 'p')!.description, path).toMatch(/from 1.*0.*first page/);
      const answer = operation.responses['200']!.content['application/json']!.schema.$ref.replace('#/components/schemas/', '');
      expect(components.schemas[answer]!.properties.cur_page!.description, path).toMatch(/from 0.*p - 1/);
    }
  });

  it('refuse a bad page, page size, date range or box with a 400 naming the field', async () => {
    const refused = async (query: string, field: string) => {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        query,
      ).toEqual([field]);
    };
    for (const p of ['-1', 'x', '1.5', '10001']) await refused(`p=${p}`, 'querystring.p');
    for (const n of ['0', '101', 'x']) await refused(`n=${n}`, 'querystring.n');
    await refused('from=2024-07-02&to=2024-07-01', 'querystring.to');
    await refused('from=2024-13-01', 'querystring.from');
    await refused('from=0000-01-01', 'querystring.from');
    await refused('to=0000-12-31', 'querystring.to');
    await refused('bbox=1,2,3', 'querystring.bbox');
    await refused('bbox=a,b,c,d', 'querystring.bbox');
    await refused('bbox=-181,0,10,10', 'querystring.bbox');
    await refused('bbox=0,-91,10,10', 'querystring.bbox');
    await refused('bbox=0,0,10,91', 'querystring.bbox');
    await refused('bbox=0,10,10,5', 'querystring.bbox'); // south above north
    await refused('bbox=10,0,5,10', 'querystring.bbox'); // west east of east
    expect((await search('from=2024-07-01&to=2024-07-01&bbox=-10,-10,10,10&n=100')).statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/photos/not-a-uuid')).statusCode).toBe(400);
    // Any text is words: never an error.
    for (const q of ["'", '\\', '%_%', '"unclosed', 'or ((', 'ä Ö ß', 'x '.repeat(150)])
      expect((await search(`q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
    await refused(`q=${'x'.repeat(301)}`, 'querystring.q');
  });
});

describe('what the search shows', () => {
  it('hides a members-only object’s photos, and their count, from a visitor and an outsider, and lists them for a member with signed image URLs', async () => {
    const word = unique('Carex');
    const open = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const closed = (await buildObject(t.app, owner, { projects: [project.id], visibility: 'members', geo: at(SITE) })).name;
    const shown = await captioned(await buildPhoto(t.app, contributor, open), `${word} open`);
    const hidden = await captioned(await buildPhoto(t.app, contributor, closed), `${word} closed`);
    for (const who of [null, outsider]) {
      const res = await search(`q=${word}`, who);
      expect(res.json()).toMatchObject({ total_count: 1, pages: 1 });
      expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual([shown.id]);
      expect(res.headers['pagination-count']).toBe('1');
      expect((await api(t.app, 'GET', `/photos/${hidden.id}`, as(who))).statusCode).toBe(404);
      expect((await api(t.app, 'GET', `/people/${contributor.username}/photos?q=${word}`, as(who))).json().total_count).toBe(1);
    }
    const res = await search(`q=${word}`, member);
    expect(res.json().total_count).toBe(2);
    const [first, second] = res.json().photos;
    expect([first.id, second.id]).toEqual([hidden.id, shown.id]);
    expect(first.image.url).toMatch(new RegExp(`^/api/v1/assets/${first.image.id}/400\\?expires=\\d+&user=${member.id}&signature=`));
    expect(second.image.url).toBe(`/api/v1/assets/${second.image.id}/400`);
    expect((await t.app.inject({ method: 'GET', url: first.image.url })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/photos/${hidden.id}`, as(member))).json().photo).toMatchObject({ id: hidden.id, object: { name: closed } });
  });

  it('hides a comment image on a members-only insight from a visitor and an outsider, and lists it for the team', async () => {
    const word = unique('Sphagnum');
    const open = await commentImage('public', `${word} open`);
    const closed = await commentImage('members', `${word} closed`, team.slug);
    for (const who of [null, outsider, member]) {
      const res = await search(`q=${word}`, who);
      expect(res.json()).toMatchObject({ total_count: 1, photos: [{ id: open.id }] });
      expect((await api(t.app, 'GET', `/photos/${closed.id}`, as(who))).statusCode).toBe(404);
    }
    for (const who of [teamViewer, owner]) {
      const res = await search(`q=${word}`, who);
      expect(res.json().total_count).toBe(2);
      expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual([closed.id, open.id]);
    }
    const seen = (await api(t.app, 'GET', `/photos/${closed.id}`, as(teamViewer))).json().photo;
    expect(seen).toMatchObject({ source: 'comment', insight: { num: closed.num }, permissions: ['view'] });
    expect(seen.image.url).toMatch(/\?expires=\d+&user=.*&signature=/);
    expect((await api(t.app, 'GET', `/photos/${closed.id}`, as(owner))).json().photo.permissions).toEqual(['view', 'edit', 'delete']);
  });

  it('shows a photo whose object was deleted only to its uploader and to a manageAssets holder', async () => {
    const word = unique('Polytrichum');
    const doomed = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const orphan = await captioned(await buildPhoto(t.app, contributor, doomed), `${word} orphan`);
    expect((await api(t.app, 'DELETE', `/data/obj/${doomed}`, { token: owner.token })).statusCode).toBe(204);
    for (const who of [null, outsider, member, owner]) {
      expect((await search(`q=${word}`, who)).json().total_count, who?.username ?? 'visitor').toBe(0);
      expect((await api(t.app, 'GET', `/photos/${orphan.id}`, as(who))).statusCode).toBe(404);
    }
    for (const who of [contributor, assetManager]) {
      const res = await search(`q=${word}`, who);
      expect(res.json()).toMatchObject({ total_count: 1, photos: [{ id: orphan.id, object: null }] });
      const one = (await api(t.app, 'GET', `/photos/${orphan.id}`, as(who))).json().photo;
      expect(one).toMatchObject({ id: orphan.id, object: null, author: { id: contributor.personId } });
      // Not everyone may see it: its URLs are signed for the reader.
      expect(one.image.url).toMatch(new RegExp(`\\?expires=\\d+&user=${who.id}&signature=`));
    }
    expect((await search(`q=${word}`, contributor)).json().photos[0].permissions).toEqual(['view', 'edit', 'delete']);
  });
});

describe('GET people/{id}/photos', () => {
  it('lists the photos a person took or uploaded, by id or slug, with the same filters; 404 for no such person', async () => {
    const word = unique('Vaccinium');
    const site = (await buildObject(t.app, owner, { projects: [project.id], geo: at(SITE) })).name;
    const mine = await captioned(await buildPhoto(t.app, owner, site), `${word} by owner`, owner);
    await captioned(await buildPhoto(t.app, contributor, site), `${word} by contributor`);
    const comment = await commentImage('public', `${word} comment by owner`);
    for (const key of [owner.username, owner.personId]) {
      const res = await api(t.app, 'GET', `/people/${key}/photos?q=${word}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ cur_page: 0, pages: 1, total_count: 2 });
      expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual([comment.id, mine.id]);
      expect(res.headers['pagination-count']).toBe('2');
    }
    expect((await api(t.app, 'GET', `/people/${owner.username}/photos?q=${word}&type=site`)).json().photos.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    // Another person as well: nobody took a photo as both.
    expect((await api(t.app, 'GET', `/people/${owner.username}/photos?q=${word}&person=${contributor.username}`)).json().total_count).toBe(0);
    expect((await api(t.app, 'GET', `/people/${owner.username}/photos?q=${word}&person=${owner.username}`)).json().total_count).toBe(2);
    for (const key of ['no-such-person', '00000000-0000-4000-8000-000000000000']) {
      const missing = await api(t.app, 'GET', `/people/${key}/photos`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
    expect((await api(t.app, 'GET', `/people/${owner.username}/photos?n=101`)).statusCode).toBe(400);
  });

  it('GET photos/{id}: 404 for one that does not exist', async () => {
    expect((await api(t.app, 'GET', '/photos/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

const sorted = (list: string[]) => [...list].sort();
const sortedIds = (res: { json: () => { photos: { id: string }[] } }) => sorted(res.json().photos.map((p) => p.id));
