import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_MAX_AGE_S, REFRESH_COOKIE } from '@observatory/shared';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, uniqueIp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const login = (user: { username: string; password: string }, extra: { remember?: boolean; ip?: string } = {}) =>
  api(t.app, 'POST', '/auth/login', {
    body: { username: user.username, password: user.password, remember: extra.remember },
    ip: extra.ip ?? uniqueIp(),
  });

interface Cookie {
  name: string;
  value: string;
  secure?: boolean;
}
function refreshCookie(res: { cookies: Cookie[] }) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

describe('POST /auth/login', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await buildUser(t.app);
  });

  it('answers an access token for the username', async () => {
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_MAX_AGE_S });
    const me = await api(t.app, 'GET', '/auth/user', { token: body.access_token });
    expect(me.json()).toEqual({ user: { username: user.username, permissions: [], super: false } });
  });

  it('accepts the e-mail address in any case', async () => {
    const res = await login({ username: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('sets no refresh cookie without "keep me signed in"', async () => {
    const res = await login(user);
    const cookie = refreshCookie(res);
    expect(cookie?.value ?? '').toBe('');
  });

  it('sets an httpOnly, SameSite=Strict, Path=/ refresh cookie of 60 days when remembered', async () => {
    const res = await login(user, { remember: true });
    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 5_184_000 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThan(30);
  });

  it('marks the cookie Secure, and sends HSTS, when the public URL is https', async () => {
    const https = await startTestApp({ publicUrl: 'https://observatory.example.org' }, t.database);
    try {
      const res = await api(https.app, 'POST', '/auth/login', {
        body: { username: user.username, password: user.password, remember: true },
        ip: uniqueIp(),
      });
      expect(refreshCookie(res)?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await https.app.close();
    }
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await login({ username: user.username, password: 'not the password' });
    const unknown = await login({ username: 'nobody-at-all', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
    expect(wrong.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a disabled user', async () => {
    const disabled = await buildUser(t.app, { disabled: true });
    const res = await login(disabled);
    expect(res.statusCode).toBe(401);
  });

  it('names the missing and mistyped fields', async () => {
    const res = await api(t.app, 'POST', '/auth/login', { body: { username: 42 } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.username', 'body.password']));
  });

  it('rejects an over-long password with 400', async () => {
    const res = await api(t.app, 'POST', '/auth/login', { body: { username: user.username, password: 'x'.repeat(10_000) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('body.password');
  });
});

describe('rate limits', () => {
  it('limits failed sign-ins per account, with Retry-After', async () => {
    const user = await buildUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login({ username: user.username, password: 'wrong-password' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await login(user);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('limits requests per IP address', async () => {
    const limited = await startTestApp({ rateLimit: { perIp: 3, perAccount: 100, windowMs: 60_000 } }, t.database);
    try {
      const ip = uniqueIp();
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await api(limited.app, 'POST', '/auth/login', { body: { username: `someone${i}`, password: 'whatever1' }, ip })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const other = await api(limited.app, 'POST', '/auth/login', { body: { username: 'x', password: 'whatever1' }, ip: uniqueIp() });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.app.close();
    }
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the refresh token', async () => {
    const user = await buildUser(t.app);
    const first = refreshCookie(await login(user, { remember: true }))!.value;
    const res = await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: first } });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
    const second = refreshCookie(res)!.value;
    expect(second).not.toBe(first);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: second } })).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token comes back', async () => {
    const user = await buildUser(t.app);
    const first = refreshCookie(await login(user, { remember: true }))!.value;
    const second = refreshCookie(await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: first } }))!.value;
    const replay = await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: first } });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's session.
    const afterReplay = await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: second } });
    expect(afterReplay.statusCode).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await api(t.app, 'POST', '/auth/refresh')).statusCode).toBe(401);
    const res = await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: 'made-up-token-value' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
  });

  it('refuses a user disabled after signing in', async () => {
    const user = await buildUser(t.app);
    const cookie = refreshCookie(await login(user, { remember: true }))!.value;
    await t.app.services.users.setDisabled(user.id, true);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie } })).statusCode).toBe(401);
    await t.app.services.users.setDisabled(user.id, false);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie } })).statusCode).toBe(401);
  });

  it('expires after 60 days', async () => {
    const user = await buildUser(t.app);
    const cookie = refreshCookie(await login(user, { remember: true }))!.value;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_184_001 * 1000 });
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie } })).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const user = await buildUser(t.app);
    const cookie = refreshCookie(await login(user, { remember: true }))!.value;
    const res = await api(t.app, 'POST', '/auth/logout', { cookies: { [REFRESH_COOKIE]: cookie } });
    expect(res.statusCode).toBe(204);
    expect(refreshCookie(res)?.value).toBe('');
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie } })).statusCode).toBe(401);
  });
});

describe('GET /auth/user', () => {
  it('requires a token', async () => {
    const res = await api(t.app, 'GET', '/auth/user');
    expect(res.statusCode).toBe(401);
  });

  it('rejects a malformed or forged token', async () => {
    expect((await api(t.app, 'GET', '/auth/user', { token: 'abc.def.ghi' })).statusCode).toBe(401);
    const res = await api(t.app, 'GET', '/auth/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.statusCode).toBe(401);
  });

  it('lists global permissions from roles; a super user holds all', async () => {
    const manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
    const res = await api(t.app, 'GET', '/auth/user', { token: manager.token });
    expect(res.json().user.permissions).toEqual(expect.arrayContaining(['accessAdmin', 'importData']));
    expect(res.json().user.permissions).not.toContain('manageUsers');
    const root = await buildUser(t.app, { super: true });
    const all = (await api(t.app, 'GET', '/auth/user', { token: root.token })).json().user;
    expect(all.super).toBe(true);
    expect(all.permissions).toContain('manageUsers');
  });

  it('stops accepting an access token after 900 s', async () => {
    const user = await buildUser(t.app);
    const token = (await login(user)).json().access_token;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 899 * 1000 });
    expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 1000);
    expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function lastMailTo(email: string) {
    const admin = await buildUser(t.app, { super: true });
    const res = await api(t.app, 'GET', '/admin/outbox', { token: admin.token });
    return res.json().messages.find((m: { to: string }) => m.to === email) as { text: string } | undefined;
  }
  const codeIn = (text: string) => /\/forgot\/([\w-]+)/.exec(text)![1]!;

  it('answers 202 whether or not the account exists', async () => {
    const user = await buildUser(t.app);
    const known = await api(t.app, 'POST', '/auth/reset', { body: { login: user.username }, ip: uniqueIp() });
    const unknown = await api(t.app, 'POST', '/auth/reset', { body: { login: 'no-such-user' }, ip: uniqueIp() });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
  });

  it('sets a new password with the mailed code, once, and ends sessions', async () => {
    const user = await buildUser(t.app);
    const session = refreshCookie(await login(user, { remember: true }))!.value;
    await api(t.app, 'POST', '/auth/reset', { body: { login: user.email }, ip: uniqueIp() });
    const code = codeIn((await lastMailTo(user.email))!.text);
    const check = await api(t.app, 'GET', `/auth/reset/${code}`);
    expect(check.json()).toEqual({ username: user.username });

    const tooShort = await api(t.app, 'POST', `/auth/reset/${code}`, { body: { password: 'short' } });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().details[0].field).toBe('body.password');

    const set = await api(t.app, 'POST', `/auth/reset/${code}`, { body: { password: 'a brand new password' } });
    expect(set.statusCode).toBe(204);
    expect((await login({ username: user.username, password: 'a brand new password' })).statusCode).toBe(200);
    expect((await login(user)).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: session } })).statusCode).toBe(401);
    const again = await api(t.app, 'POST', `/auth/reset/${code}`, { body: { password: 'yet another password' } });
    expect(again.statusCode).toBe(404);
  });

  it('expires a code after one hour', async () => {
    const user = await buildUser(t.app);
    await api(t.app, 'POST', '/auth/reset', { body: { login: user.username }, ip: uniqueIp() });
    const code = codeIn((await lastMailTo(user.email))!.text);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    expect((await api(t.app, 'GET', `/auth/reset/${code}`)).statusCode).toBe(404);
  });
});

describe('PUT /auth/password', () => {
  it('requires sign-in', async () => {
    const res = await api(t.app, 'PUT', '/auth/password', { body: { currentPassword: 'x', newPassword: 'long enough pw' } });
    expect(res.statusCode).toBe(401);
  });

  it('needs the current password, and validates the new one', async () => {
    const user = await buildUser(t.app);
    const wrong = await api(t.app, 'PUT', '/auth/password', { token: user.token, body: { currentPassword: 'nope', newPassword: 'long enough pw' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('body.currentPassword');
    const short = await api(t.app, 'PUT', '/auth/password', { token: user.token, body: { currentPassword: user.password, newPassword: 'short' } });
    expect(short.json().details[0].field).toBe('body.newPassword');
    expect((await login(user)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await buildUser(t.app);
    const here = refreshCookie(await login(user, { remember: true }))!.value;
    const elsewhere = refreshCookie(await login(user, { remember: true }))!.value;
    const res = await api(t.app, 'PUT', '/auth/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'a changed password' },
      cookies: { [REFRESH_COOKIE]: here },
    });
    expect(res.statusCode).toBe(204);
    expect((await login(user)).statusCode).toBe(401);
    expect((await login({ username: user.username, password: 'a changed password' })).statusCode).toBe(200);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: here } })).statusCode).toBe(200);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: elsewhere } })).statusCode).toBe(401);
  });

  it('is refused to an API key', async () => {
    const user = await buildUser(t.app);
    const key = (await api(t.app, 'POST', `/users/${user.username}/apikeys`, { token: user.token, body: { comment: 'k', permissions: ['edit'] } })).json().secret;
    const res = await api(t.app, 'PUT', '/auth/password', { token: key, body: { currentPassword: user.password, newPassword: 'long enough pw' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /auth/logout-all', () => {
  it('requires sign-in', async () => {
    expect((await api(t.app, 'POST', '/auth/logout-all')).statusCode).toBe(401);
  });

  it('ends every refresh token and every access token issued before it', async () => {
    const user = await buildUser(t.app);
    const session = await login(user, { remember: true });
    const token = session.json().access_token;
    const cookie = refreshCookie(session)!.value;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2000 });
    const res = await api(t.app, 'POST', '/auth/logout-all', { token });
    expect(res.statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie } })).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 2000);
    const fresh = (await login(user)).json().access_token;
    expect((await api(t.app, 'GET', '/auth/user', { token: fresh })).statusCode).toBe(200);
  });
});
