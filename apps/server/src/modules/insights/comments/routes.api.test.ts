import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '@observatory/shared';
import { buildComment, buildCommentPhoto, buildInsight, buildTeam, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, unique, upload, type TestApp } from '../../../../test/harness.js';
import { assets, auditLog, outbox } from '../../../db/schema/index.js';

let t: TestApp;
let author: TestUser;
let editor: TestUser;
let viewer: TestUser;
let commenter: TestUser;
let outsider: TestUser;
/** A public insight of the team's, and a members-only one. */
let open: { id: string; num: number };
let hidden: { id: string; num: number };

beforeAll(async () => {
  t = await startTestApp();
  const manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const team = await buildTeam(t.app, manager);
  const target = { id: team.id, type: 'team' as const };
  author = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  editor = await buildUser(t.app, { roles: [{ slug: 'editor', target }] });
  viewer = await buildUser(t.app, { roles: [{ slug: 'viewer', target }] });
  commenter = await buildUser(t.app);
  outsider = await buildUser(t.app);
  open = await buildInsight(t.app, author, { title: unique('Soil moisture after the rain '), team: team.slug });
  hidden = await buildInsight(t.app, author, { title: unique('Soil moisture after the rain '), visibility: 'members', team: team.slug });
});
afterAll(() => t.close());

const comments = (insight: { num: number } | { id: string }) => `/insights/${'num' in insight ? insight.num : insight.id}/comments`;
/** The create calls under test: a comment, and an image for one. */
const post = async (token: string, content: string, insight: { num: number } = open, photo?: string) =>
  api(t.app, 'POST', comments(insight), { token, body: { content, ...(photo ? { photo } : {}) } });
const png = (background = '#4a7a3c') =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
const uploadPhoto = async (token: string, insight: { num: number } = open) =>
  upload(t.app, 'POST', `/insights/${insight.num}/comment-photos`, { token, file: { data: await png(), fileName: 'plot.png' } });

describe('comments on an insight', () => {
  it('are written by anyone signed in who sees it, as the caller and now when the body names neither, and listed oldest first', async () => {
    const before = Date.now();
    const res = await api(t.app, 'POST', comments(open), { token: commenter.token, body: { content: '  The north plot dried fastest.  ' } });
    expect(res.statusCode, res.body).toBe(201);
    const { comment } = res.json();
    expect(comment).toMatchObject({
      content: 'The north plot dried fastest.',
      author: { id: commenter.personId, slug: commenter.username },
      photo: null,
      permissions: ['view', 'edit', 'delete'],
    });
    expect(Date.parse(comment.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(comment.created).toBe(comment.timestamp);
    expect((await post(author.token, 'Thanks: I will add the readings.')).statusCode).toBe(201);

    // By its number or its id, signed in or not.
    const byNum = await api(t.app, 'GET', comments(open));
    expect(byNum.statusCode).toBe(200);
    expect(
      byNum
        .json()
        .comments.map((c: { content: string }) => c.content)
        .slice(0, 2),
    ).toEqual(['The north plot dried fastest.', 'Thanks: I will add the readings.']);
    expect(byNum.json().comments[0].permissions).toEqual(['view']);
    expect((await api(t.app, 'GET', comments({ id: open.id }), { token: outsider.token })).json().comments[0]).toMatchObject({
      id: comment.id,
      permissions: ['view'],
    });
    // The insight counts them.
    expect((await api(t.app, 'GET', `/insights/${open.num}`)).json().insight.comments).toBeGreaterThanOrEqual(2);
    const audited = await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, 'comment.create')));
    expect(audited.some((a) => (a.after as { id: string }).id === comment.id)).toBe(true);
  });

  it('tell each reader what they may do: the comment’s author, the insight’s author, its team’s editors change it; viewers and others do not', async () => {
    const comment = await buildComment(t.app, commenter, open.num);
    const permissionsOf = async (token?: string) =>
      (await api(t.app, 'GET', comments(open), { token })).json().comments.find((c: { id: string }) => c.id === comment.id).permissions;
    expect(await permissionsOf(commenter.token)).toEqual(['view', 'edit', 'delete']);
    expect(await permissionsOf(author.token)).toEqual(['view', 'edit', 'delete']);
    expect(await permissionsOf(editor.token)).toEqual(['view', 'edit', 'delete']);
    expect(await permissionsOf(viewer.token)).toEqual(['view']);
    expect(await permissionsOf(outsider.token)).toEqual(['view']);
    expect(await permissionsOf()).toEqual(['view']);
  });

  it('are changed by their author and the insight’s editors, keeping their author; 403 for those who only see them', async () => {
    const comment = await buildComment(t.app, commenter, open.num, { content: 'First draft' });
    const one = `${comments(open)}/${comment.id}`;
    expect((await api(t.app, 'PUT', one, { token: viewer.token, body: { content: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', one, { token: outsider.token, body: { content: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', one, { body: { content: 'x' } })).statusCode).toBe(401);
    const mine = await api(t.app, 'PUT', one, { token: commenter.token, body: { content: 'Second draft' } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().comment).toMatchObject({ id: comment.id, content: 'Second draft' });
    const byEditor = await api(t.app, 'PUT', `${comments({ id: open.id })}/${comment.id}`, {
      token: editor.token,
      body: { content: 'Tidied by the team’s editor', author: mine.json().comment.author },
    });
    expect(byEditor.json().comment).toMatchObject({ content: 'Tidied by the team’s editor', author: { id: commenter.personId } });
    const byAuthor = await api(t.app, 'PUT', one, { token: author.token, body: { content: 'Tidied by the insight’s author' } });
    expect(byAuthor.statusCode).toBe(200);
  });

  it('are deleted by the insight’s author or a team editor, not by a viewer or another user', async () => {
    const first = await buildComment(t.app, commenter, open.num);
    const second = await buildComment(t.app, commenter, open.num);
    const one = (c: { id: string }) => `${comments(open)}/${c.id}`;
    expect((await api(t.app, 'DELETE', one(first))).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', one(first), { token: viewer.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', one(first), { token: outsider.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', one(first), { token: author.token })).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', one(first), { token: author.token })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', one(second), { token: editor.token })).statusCode).toBe(204);
    const left = (await api(t.app, 'GET', comments(open))).json().comments.map((c: { id: string }) => c.id);
    expect(left).not.toContain(first.id);
    expect(left).not.toContain(second.id);
    const audited = await t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, 'comment.delete')));
    expect(audited.map((a) => (a.before as { id: string }).id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('check their input: content empty or too long, a photo that is not the writer’s upload, a comment of another insight', async () => {
    for (const content of ['', '   ', 'x'.repeat(COMMENT_MAX_LENGTH + 1)]) {
      const bad = await post(commenter.token, content);
      expect(bad.statusCode, content.slice(0, 10)).toBe(400);
      expect(bad.json().details[0].field).toBe('body.content');
    }
    expect((await post(commenter.token, 'x'.repeat(COMMENT_MAX_LENGTH))).statusCode).toBe(201);
    const noSuchPhoto = await post(commenter.token, 'With a photo', open, '00000000-0000-4000-8000-000000000000');
    expect(noSuchPhoto.statusCode).toBe(400);
    expect(noSuchPhoto.json().details[0].field).toBe('body.photo');
    const notUuid = await api(t.app, 'POST', comments(open), { token: commenter.token, body: { content: 'x', photo: 'photo.png' } });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().details[0].field).toBe('body.photo');
    expect((await api(t.app, 'POST', comments(open), { body: { content: 'Signed out' } })).statusCode).toBe(401);

    const comment = await buildComment(t.app, commenter, open.num);
    expect((await api(t.app, 'PUT', `${comments(hidden)}/${comment.id}`, { token: author.token, body: { content: 'x' } })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `${comments(hidden)}/${comment.id}`, { token: author.token })).statusCode).toBe(404);
    const malformed = await api(t.app, 'PUT', `${comments(open)}/not-a-uuid`, { token: author.token, body: { content: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('params.cid');
    expect((await api(t.app, 'GET', '/insights/999999/comments')).statusCode).toBe(404);
  });

  it('of a members-only insight are 404 to everyone else, through every path', async () => {
    const comment = await buildComment(t.app, viewer, hidden.num);
    expect(comment.author?.id).toBe(viewer.personId);
    expect((await api(t.app, 'GET', comments(hidden), { token: editor.token })).json().comments.map((c: { id: string }) => c.id)).toContain(comment.id);
    const one = `${comments(hidden)}/${comment.id}`;
    for (const [who, token] of [
      ['outsider', outsider.token],
      ['visitor', undefined],
    ] as const) {
      expect((await api(t.app, 'GET', comments(hidden), { token })).statusCode, who).toBe(404);
      expect((await api(t.app, 'GET', comments({ id: hidden.id }), { token })).statusCode, who).toBe(404);
    }
    expect((await post(outsider.token, 'Let me in', hidden)).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', one, { token: outsider.token, body: { content: 'x' } })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', one, { token: outsider.token })).statusCode).toBe(404);
    expect((await uploadPhoto(outsider.token, hidden)).statusCode).toBe(404);
    // Signed out, a write is 401 before any lookup.
    expect((await api(t.app, 'DELETE', one)).statusCode).toBe(401);
  });
});

describe('the author and timestamp of a comment’s body (spec §7: author, content, photo, timestamp)', () => {
  const MINUTE = 60_000;
  const fresh = async () => buildInsight(t.app, author, { title: unique('Thaw dates ') });
  const listed = async (insight: { num: number }) => (await api(t.app, 'GET', comments(insight))).json().comments;

  it('keep the time a comment says it was written (up to 5 minutes ahead), with the server’s as created; GET answers both', async () => {
    const insight = await fresh();
    const before = Date.now();
    const live = await api(t.app, 'POST', comments(insight), { token: commenter.token, body: { content: 'Written now', author: null, timestamp: null } });
    expect(live.statusCode, live.body).toBe(201);
    const offline = await api(t.app, 'POST', comments(insight), {
      token: commenter.token,
      body: { content: 'Written on the train', author: commenter.personId, timestamp: '2025-03-01T07:45:00-05:00' },
    });
    expect(offline.statusCode, offline.body).toBe(201);
    expect(offline.json().comment).toMatchObject({ author: { id: commenter.personId }, timestamp: '2025-03-01T12:45:00.000Z' });
    expect(Date.parse(offline.json().comment.created)).toBeGreaterThanOrEqual(before - 1000);
    const ahead = new Date(Date.now() + 4 * MINUTE).toISOString();
    const fast = await api(t.app, 'POST', comments(insight), { token: author.token, body: { content: 'A fast clock', timestamp: ahead } });
    expect(fast.statusCode, fast.body).toBe(201);
    expect(fast.json().comment.timestamp).toBe(ahead);

    // Oldest first by when they were written; GET answers them as written.
    const shown = await listed(insight);
    expect(shown.map((c: { id: string }) => c.id)).toEqual([offline.json().comment.id, live.json().comment.id, fast.json().comment.id]);
    expect(shown[0]).toEqual({ ...offline.json().comment, permissions: ['view'] });

    // Sent back as GET answered it, changed: its time stays; a change may correct it, created stays.
    const read = (await api(t.app, 'GET', comments(insight), { token: commenter.token })).json().comments[0];
    const edited = await api(t.app, 'PUT', `${comments(insight)}/${read.id}`, {
      token: commenter.token,
      body: { ...read, content: 'Written on the 7:40 train' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().comment).toMatchObject({ content: 'Written on the 7:40 train', timestamp: read.timestamp, created: read.created, photo: null });
    const corrected = await api(t.app, 'PUT', `${comments(insight)}/${read.id}`, {
      token: author.token,
      body: { content: 'Written on the 7:40 train', timestamp: '2025-03-01T12:40:00Z' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().comment).toMatchObject({ timestamp: '2025-03-01T12:40:00.000Z', created: read.created, author: { id: commenter.personId } });
  });

  it('refuse a time more than 5 minutes ahead, or not a time with its offset, with a 400 naming body.timestamp; nothing is stored', async () => {
    const insight = await fresh();
    const comment = await buildComment(t.app, commenter, insight.num, { content: 'Before' });
    for (const timestamp of [new Date(Date.now() + 6 * MINUTE).toISOString(), 'soon', '2025-03-01T07:45:00', '2025-03-01', false]) {
      const posted = await api(t.app, 'POST', comments(insight), { token: commenter.token, body: { content: 'x', timestamp } });
      expect(posted.statusCode, String(timestamp)).toBe(400);
      expect(posted.json().details.map((d: { field: string }) => d.field)).toEqual(['body.timestamp']);
      const put = await api(t.app, 'PUT', `${comments(insight)}/${comment.id}`, { token: commenter.token, body: { content: 'x', timestamp } });
      expect(put.statusCode, String(timestamp)).toBe(400);
      expect(put.json().details.map((d: { field: string }) => d.field)).toEqual(['body.timestamp']);
    }
    expect((await listed(insight)).map((c: { content: string; timestamp: string }) => [c.content, c.timestamp])).toEqual([['Before', comment.timestamp]]);
  });

  it('are written as the caller: naming anyone else is a 400 naming body.author, and a change keeps its author', async () => {
    const insight = await fresh();
    for (const named of [author.personId, 'someone', { name: 'Someone' }]) {
      const res = await api(t.app, 'POST', comments(insight), { token: commenter.token, body: { content: 'In another’s name', author: named } });
      expect(res.statusCode, JSON.stringify(named)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['body.author']);
    }
    expect(await listed(insight)).toEqual([]);
    const mine = await api(t.app, 'POST', comments(insight), { token: commenter.token, body: { content: 'Mine', author: { id: commenter.personId } } });
    expect(mine.statusCode, mine.body).toBe(201);
    const one = `${comments(insight)}/${mine.json().comment.id}`;
    // The insight's author may change it, sending back its author, not naming themselves.
    const takeOver = await api(t.app, 'PUT', one, { token: author.token, body: { content: 'Now the author’s', author: author.personId } });
    expect(takeOver.statusCode).toBe(400);
    expect(takeOver.json().details.map((d: { field: string }) => d.field)).toEqual(['body.author']);
    const kept = await api(t.app, 'PUT', one, { token: author.token, body: { content: 'Moderated', author: mine.json().comment.author.id } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().comment).toMatchObject({ content: 'Moderated', author: { id: commenter.personId } });
    expect((await listed(insight)).map((c: { content: string }) => c.content)).toEqual(['Moderated']);
  });

  it('need sign-in, and the right to change another’s comment, whatever the body names', async () => {
    const insight = await fresh();
    const comment = await buildComment(t.app, commenter, insight.num);
    const body = { content: 'x', author: outsider.personId, timestamp: '2025-03-01T12:40:00Z' };
    expect((await api(t.app, 'POST', comments(insight), { body })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `${comments(insight)}/${comment.id}`, { body })).statusCode).toBe(401);
    expect(
      (await api(t.app, 'PUT', `${comments(insight)}/${comment.id}`, { token: outsider.token, body: { ...body, author: comment.author } })).statusCode,
    ).toBe(403);
    expect((await api(t.app, 'POST', comments(hidden), { token: outsider.token, body: { ...body, author: outsider.personId } })).statusCode).toBe(404);
    expect(await listed(insight)).toEqual([{ ...comment, permissions: ['view'] }]);
  });
});

describe('comment photos', () => {
  it('are uploaded through the image pipeline, then shown by the comment that names them', async () => {
    const res = await uploadPhoto(commenter.token);
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ id: expect.any(String), url: `/api/v1/assets/${photo.id}/400`, thumbUrl: `/api/v1/assets/${photo.id}/96` });
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // Only its uploader may put it on a comment.
    const taken = await post(outsider.token, 'Borrowed', open, photo.id);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details[0].field).toBe('body.photo');
    const created = await post(commenter.token, 'The plot after the rain', open, photo.id);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().comment.photo).toEqual(photo);
    // One comment per image.
    const again = await post(commenter.token, 'Same image again', open, photo.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0].field).toBe('body.photo');
    // An image uploaded for one insight is not for another's comments.
    const elsewhere = await buildCommentPhoto(t.app, viewer, hidden.num);
    expect((await post(viewer.token, 'Wrong insight', open, elsewhere.id)).json().details[0].field).toBe('body.photo');
  });

  it('are replaced or taken off by a PUT, and go with their comment', async () => {
    const first = await buildCommentPhoto(t.app, commenter, open.num);
    const second = await buildCommentPhoto(t.app, commenter, open.num);
    const comment = await buildComment(t.app, commenter, open.num, { photo: first.id });
    const one = `${comments(open)}/${comment.id}`;
    const replaced = await api(t.app, 'PUT', one, { token: commenter.token, body: { content: 'With another image', photo: second.id } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().comment.photo.id).toBe(second.id);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    // No photo given: it stays.
    expect((await api(t.app, 'PUT', one, { token: commenter.token, body: { content: 'Text only' } })).json().comment.photo.id).toBe(second.id);
    expect((await api(t.app, 'PUT', one, { token: commenter.token, body: { content: 'No image', photo: null } })).json().comment.photo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);

    const third = await buildCommentPhoto(t.app, commenter, open.num);
    const withThird = await buildComment(t.app, commenter, open.num, { photo: third.id });
    const assetCount = () => t.database.use(async (d) => (await d.select({ n: count() }).from(assets).where(eq(assets.id, third.id)))[0]!.n);
    expect(await assetCount()).toBe(1);
    expect((await api(t.app, 'DELETE', `${comments(open)}/${withThird.id}`, { token: author.token })).statusCode).toBe(204);
    expect(await assetCount()).toBe(0);
  });

  it('of a members-only insight are served through URLs signed for the reader', async () => {
    const res = await uploadPhoto(viewer.token, hidden);
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo.url).toMatch(new RegExp(`^/api/v1/assets/${photo.id}/400\\?expires=\\d+&user=${viewer.id}&signature=`));
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    // Unsigned, it is answered as an image that does not exist: no telling a hidden one from none.
    expect((await t.app.inject({ method: 'GET', url: photo.url.split('?')[0] })).statusCode).toBe(404);
    const comment = await buildComment(t.app, viewer, hidden.num, { photo: photo.id });
    const listed = (await api(t.app, 'GET', comments(hidden), { token: editor.token })).json().comments.find((c: { id: string }) => c.id === comment.id);
    expect(listed.photo.url).toMatch(new RegExp(`\\?expires=\\d+&user=${editor.id}&signature=`));
    expect((await t.app.inject({ method: 'GET', url: listed.photo.url })).statusCode).toBe(200);
    // A signature made over to someone else is no signature: the image is answered as one that does not exist.
    expect((await t.app.inject({ method: 'GET', url: listed.photo.url.replace(`user=${editor.id}`, `user=${outsider.id}`) })).statusCode).toBe(404);
  });

  it('go with their insight: deleting it removes its comments’ images', async () => {
    const doomed = await buildInsight(t.app, author, { visibility: 'members' });
    const photo = await buildCommentPhoto(t.app, author, doomed.num);
    await buildComment(t.app, author, doomed.num, { photo: photo.id });
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    expect((await api(t.app, 'DELETE', `/insights/${doomed.num}`, { token: author.token })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.url.split('?')[0] })).statusCode).toBe(404);
    expect(await t.app.database.use((d) => d.select().from(assets).where(eq(assets.id, photo.id)))).toEqual([]);
  });

  it('need sign-in and an image', async () => {
    expect((await upload(t.app, 'POST', `/insights/${open.num}/comment-photos`, { file: { data: await png() } })).statusCode).toBe(401);
    const text = await upload(t.app, 'POST', `/insights/${open.num}/comment-photos`, {
      token: commenter.token,
      file: { data: Buffer.from('not an image at all'), fileName: 'notes.txt' },
    });
    expect(text.statusCode).toBe(415);
    const none = await upload(t.app, 'POST', `/insights/${open.num}/comment-photos`, { token: commenter.token, fields: { caption: 'no file' } });
    expect(none.statusCode).toBe(400);
  });
});

describe('comment notifications', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  });
  type Mail = { to: string; subject: string; text: string; headers: Record<string, string>; transport: string };
  /** The mail kept for one address, newest first. */
  const mailTo = async (email: string): Promise<Mail[]> =>
    t.database.use((d) => d.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt)));
  const tokenOf = (mail: Mail) => /\/unsubscribe\/([\w-]+)/.exec(mail.text)![1]!;

  it('mail the insight’s author when someone else comments, with an unsubscribe link and one-click headers', async () => {
    const before = (await mailTo(author.email)).length;
    expect((await post(author.token, 'My own comment mails nobody')).statusCode).toBe(201);
    expect(await mailTo(author.email)).toHaveLength(before);
    expect((await post(commenter.token, 'Did you measure the south plot too?')).statusCode).toBe(201);
    const mails = await mailTo(author.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('commented on “Soil moisture after the rain');
    expect(mail.text).toContain('Did you measure the south plot too?');
    expect(mail.text).toContain(`/insights/${open.num}`);
    const token = tokenOf(mail);
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits and more, base64url
    const base = t.app.config.publicUrl;
    expect(mail.text).toContain(`${base}/unsubscribe/${token}`);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${base}/api/v1/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.transport).toBe('outbox');
    // Administrators read it, headers and all.
    const listed = (await api(t.app, 'GET', '/admin/outbox', { token: admin.token })).json().messages.find((m: Mail) => m.to === author.email);
    expect(listed).toMatchObject({ text: mail.text, headers: mail.headers });
    // The token is not the person's id, nor stored as sent.
    expect(token).not.toContain(author.personId);
  });

  it('stop after a one-click unsubscribe (GET changes nothing) and start again from the account settings', async () => {
    const owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const insight = await buildInsight(t.app, owner);
    expect((await post(commenter.token, 'First comment', insight)).statusCode).toBe(201);
    const [mail] = await mailTo(owner.email);
    const token = tokenOf(mail!);
    const link = `/unsubscribe/${token}`;

    const check = await api(t.app, 'GET', link);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ subscription: { topic: 'insight-comments', subscribed: true, name: `Test ${owner.username}` } });
    expect((await api(t.app, 'GET', link)).json().subscription.subscribed).toBe(true);
    expect((await api(t.app, 'GET', '/auth/user/notifications', { token: owner.token })).json()).toEqual({ insightComments: true });

    // As a mail client sends it (RFC 8058): a form body, no sign-in.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await api(t.app, 'POST', link, { body: 'List-Unsubscribe=One-Click', headers: form });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ subscription: { topic: 'insight-comments', subscribed: false, name: `Test ${owner.username}` } });
    const second = await api(t.app, 'POST', link, { body: 'List-Unsubscribe=One-Click', headers: form });
    expect(second.statusCode).toBe(200);
    expect(second.json().subscription.subscribed).toBe(false);
    expect((await api(t.app, 'GET', link)).json().subscription.subscribed).toBe(false);
    expect((await api(t.app, 'GET', '/auth/user/notifications', { token: owner.token })).json()).toEqual({ insightComments: false });

    expect((await post(commenter.token, 'Nobody is told of this one', insight)).statusCode).toBe(201);
    expect(await mailTo(owner.email)).toHaveLength(1);

    const again = await api(t.app, 'PUT', '/auth/user/notifications', { token: owner.token, body: { insightComments: true } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ insightComments: true });
    expect((await post(commenter.token, 'Told again', insight)).statusCode).toBe(201);
    const after = await mailTo(owner.email);
    expect(after).toHaveLength(2);
    expect(after[0]!.text).toContain('Told again');
    // Each mail its own token.
    expect(tokenOf(after[0]!)).not.toBe(token);
  });

  it('never fail the comment when the mail cannot go', async () => {
    // An SMTP server that is not there: the comment is stored and answered all the same.
    const broken = await startTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Test <test@example.org>' } }, t.database);
    try {
      const res = await api(broken.app, 'POST', comments(open), { token: commenter.token, body: { content: 'Sent while the mail server is down' } });
      expect(res.statusCode, res.body).toBe(201);
      expect((await api(t.app, 'GET', comments(open))).json().comments.map((c: { content: string }) => c.content)).toContain(
        'Sent while the mail server is down',
      );
      // Kept in the outbox, as every message is, though the server never took it.
      expect((await mailTo(author.email))[0]).toMatchObject({ transport: 'smtp', text: expect.stringContaining('Sent while the mail server is down') });
    } finally {
      await broken.close();
    }
  });
});
