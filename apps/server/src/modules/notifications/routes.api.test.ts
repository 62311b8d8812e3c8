import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, upload, uniqueIp, type TestApp } from '../../../test/harness.js';
import { outbox, unsubscribeTokens, users } from '../../db/schema/index.js';
import { hashSecret } from '../../lib/secrets.js';
import { UNKNOWN_LINK } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Mails the user about comments (as a comment on their insight does) and answers the unsubscribe token the mail carries. */
async function mailedToken(user: TestUser): Promise<string> {
  const sent = await t.app.services.notifications.send('insight-comments', user.personId, (to, url) => ({
    subject: 'A comment',
    text: `Hello ${to.name}: ${url}`,
  }));
  expect(sent).toBe(true);
  const [mail] = await t.database.use((d) => d.select().from(outbox).where(eq(outbox.to, user.email)));
  return /\/unsubscribe\/([\w-]+)$/.exec(mail!.text)![1]!;
}

describe('unsubscribe links', () => {
  it('carry a random token, stored only as its hash', async () => {
    const user = await buildUser(t.app);
    const token = await mailedToken(user);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.database.use((d) => d.select().from(unsubscribeTokens).where(eq(unsubscribeTokens.personId, user.personId)));
    expect(rows).toEqual([expect.objectContaining({ tokenHash: hashSecret(token), topic: 'insight-comments' })]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answer 404 with a plain message for a token no mail carried, read or posted, alike for any form of token', async () => {
    for (const token of ['x', 'A'.repeat(43), '00000000-0000-4000-8000-000000000000']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await api(t.app, method, `/unsubscribe/${token}`);
        expect(res.statusCode, `${method} ${token}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: UNKNOWN_LINK });
      }
    }
  });

  it('unsubscribe with a JSON body, an empty one or a multipart form, without sign-in', async () => {
    for (const send of [
      (link: string) => api(t.app, 'POST', link, { body: {} }),
      (link: string) => api(t.app, 'POST', link),
      (link: string) => upload(t.app, 'POST', link, { fields: { 'List-Unsubscribe': 'One-Click' } }),
    ]) {
      const user = await buildUser(t.app);
      const link = `/unsubscribe/${await mailedToken(user)}`;
      const res = await send(link);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toEqual({ topic: 'insight-comments', subscribed: false, name: `Test ${user.username}` });
      expect((await api(t.app, 'GET', '/auth/user/notifications', { token: user.token })).json()).toEqual({ insightComments: false });
      // No more mail on the topic.
      expect(await t.app.services.notifications.send('insight-comments', user.personId, () => ({ subject: 'x', text: 'x' }))).toBe(false);
    }
  });

  it('past the limit of unknown tokens from one address, answer 429 with Retry-After', async () => {
    const limited = await startTestApp({ rateLimit: { ...t.app.config.rateLimit, perIp: 3 } }, t.database);
    try {
      const ip = uniqueIp();
      for (let i = 0; i < 3; i++) expect((await api(limited.app, 'GET', `/unsubscribe/guess${i}`, { ip })).statusCode).toBe(404);
      const refused = await api(limited.app, 'POST', '/unsubscribe/guess4', { ip });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held up.
      expect((await api(limited.app, 'GET', '/unsubscribe/guess5', { ip: uniqueIp() })).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('GET and PUT auth/user/notifications', () => {
  it('read and set the signed-in user’s own settings', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', '/auth/user/notifications', { token: user.token })).json()).toEqual({ insightComments: true });
    const off = await api(t.app, 'PUT', '/auth/user/notifications', { token: user.token, body: { insightComments: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ insightComments: false });
    expect(await t.app.services.notifications.send('insight-comments', user.personId, () => ({ subject: 'x', text: 'x' }))).toBe(false);
    expect((await api(t.app, 'PUT', '/auth/user/notifications', { token: user.token, body: { insightComments: true } })).json()).toEqual({
      insightComments: true,
    });
    expect(await t.app.services.notifications.send('insight-comments', user.personId, () => ({ subject: 'x', text: 'x' }))).toBe(true);
  });

  it('need sign-in and a boolean', async () => {
    const user = await buildUser(t.app);
    expect((await api(t.app, 'GET', '/auth/user/notifications')).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', '/auth/user/notifications', { body: { insightComments: false } })).statusCode).toBe(401);
    const bad = await api(t.app, 'PUT', '/auth/user/notifications', { token: user.token, body: { insightComments: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.insightComments');
  });

  it('send nothing to a disabled account, one without an e-mail address, or a person without an account', async () => {
    const quiet = () => ({ subject: 'x', text: 'x' });
    const disabled = await buildUser(t.app, { disabled: true });
    expect(await t.app.services.notifications.send('insight-comments', disabled.personId, quiet)).toBe(false);
    const noMail = await buildUser(t.app);
    await t.database.use((d) => d.update(users).set({ email: null }).where(eq(users.id, noMail.id)));
    expect(await t.app.services.notifications.send('insight-comments', noMail.personId, quiet)).toBe(false);
    // A person's own e-mail (on their profile) is not an account's: no mail.
    const person = await t.database.transaction((tx) => t.app.services.people.createPersonRecord(tx, { name: 'No account', email: 'no-account@example.org' }));
    expect(await t.app.services.notifications.send('insight-comments', person.id, quiet)).toBe(false);
  });
});
