import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_MAX_AGE_S, REFRESH_COOKIE } from '@observatory/shared';
import { buildApiKey, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, testConfig, uniqueIp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (user: { username: string; password: string }, extra: { remember?: boolean; ip?: string; device?: string; app?: TestApp } = {}) =>
  api((extra.app ?? t).app, 'POST', '/auth/login', {
    body: { username: user.username, password: user.password, remember: extra.remember },
    ip: extra.ip ?? uniqueIp(),
    ...(extra.device ? { cookies: { device: extra.device } } : {}),
  });
const refresh = (cookie: string, app: TestApp = t, ip?: string) =>
  api(app.app, 'POST', '/auth/refresh', { cookies: { [REFRESH_COOKIE]: cookie }, ...(ip ? { ip } : {}) });
const wrong = (user: { username: string }) => ({ username: user.username, password: 'wrong-password' });

interface Cookie {
  name: string;
  value: string;
  secure?: boolean;
}
function refreshCookie(res: { cookies: Cookie[] }) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}
const deviceCookie = (res: { cookies: Cookie[] }) => res.cookies.find((c) => c.name === 'device')!.value;

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

  it('without "keep me signed in", sets a refresh cookie that ends with the browser', async () => {
    const res = await login(user);
    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie).not.toHaveProperty('maxAge');
    expect(cookie).not.toHaveProperty('expires');
    // A reload or a new tab refreshes it, and the rotated cookie still ends with the browser.
    const next = refreshCookie(await refresh(cookie!.value))!;
    expect(next.value).not.toBe(cookie!.value);
    expect(next).not.toHaveProperty('maxAge');
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
  it('limit failed sign-ins per account and address, with Retry-After; the owner still signs in elsewhere', async () => {
    const user = await buildUser(t.app);
    const attacker = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(wrong(user), { ip: attacker })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await login(user, { ip: attacker });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login(user, { ip: uniqueIp() })).statusCode).toBe(200);
  });

  it('count and answer a username that does not exist exactly as a real one', async () => {
    const user = await buildUser(t.app);
    const seen = async (username: string) => {
      const ip = uniqueIp();
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const res = await login({ username, password: 'wrong-password' }, { ip });
        answers.push([res.statusCode, res.json().code, res.json().error.replace(/\d+ s/, 'N s')]);
      }
      return answers;
    };
    expect(await seen('nobody-by-this-name')).toEqual(await seen(user.username));
  });

  it("never lock an account: past its ceiling, strangers' attempts wait their turn, and a known browser keeps its allowance", async () => {
    const strict = await startTestApp({ rateLimit: { ...testConfig().rateLimit, accountCeiling: 4 } }, t.database);
    try {
      const owner = await buildUser(strict.app);
      const device = deviceCookie(await login(owner, { app: strict }));
      // Failures from many addresses, none of them past its own limit.
      for (let i = 0; i < 4; i++) expect((await login(wrong(owner), { app: strict })).statusCode).toBe(401);
      // From an unknown browser, one attempt at a time now.
      expect((await login(wrong(owner), { app: strict })).statusCode).toBe(401);
      const waiting = await login(owner, { app: strict });
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(5);
      // The owner's browser signs in at once, however many strangers fail.
      expect((await login(owner, { app: strict, device })).statusCode).toBe(200);
      // A device cookie made for another account is no help.
      const other = await buildUser(strict.app);
      const otherDevice = deviceCookie(await login(other, { app: strict }));
      expect((await login(owner, { app: strict, device: otherDevice })).statusCode).toBe(429);
    } finally {
      await strict.app.close();
    }
  });

  it("limit a known browser's own failures, without touching the others", async () => {
    const owner = await buildUser(t.app);
    const device = deviceCookie(await login(owner));
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(wrong(owner), { device, ip })).statusCode).toBe(401);
    expect((await login(owner, { device, ip })).statusCode).toBe(429);
    expect((await login(owner, { ip })).statusCode).toBe(200);
  });

  it('set the device cookie for the sign-in routes only, for a year', async () => {
    const user = await buildUser(t.app);
    const cookie = (await login(user)).cookies.find((c) => c.name === 'device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth', maxAge: 365 * 86_400 });
  });

  it('limit requests per IP address', async () => {
    const limited = await startTestApp({ rateLimit: { ...testConfig().rateLimit, perIp: 3, perAccount: 100 } }, t.database);
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

  it('do not count refreshes against sign-ins; a session has its own limit of refreshes', async () => {
    const limited = await startTestApp({ rateLimit: { ...testConfig().rateLimit, perIp: 3, perSession: 5 } }, t.database);
    try {
      const office = uniqueIp();
      const user = await buildUser(limited.app);
      let cookie = refreshCookie(await login(user, { app: limited, ip: office }))!.value;
      for (let i = 0; i < 5; i++) {
        const res = await refresh(cookie, limited, office);
        expect(res.statusCode).toBe(200);
        cookie = refreshCookie(res)!.value;
      }
      expect((await login(user, { app: limited, ip: office })).statusCode).toBe(200);
      const limitedRefresh = await refresh(cookie, limited, office);
      expect(limitedRefresh.statusCode).toBe(429);
      expect(Number(limitedRefresh.headers['retry-after'])).toBeGreaterThan(0);
      // Another session from the same address refreshes.
      const other = refreshCookie(await login(user, { app: limited, ip: uniqueIp() }))!.value;
      expect((await refresh(other, limited, office)).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('take the address from X-Forwarded-For only from trusted proxies', async () => {
    const user = await buildUser(t.app);
    const client = uniqueIp();
    // Untrusted (the default): a client naming a new address each time is still one address.
    for (let i = 0; i < 5; i++) {
      const res = await api(t.app, 'POST', '/auth/login', { body: wrong(user), ip: client, headers: { 'x-forwarded-for': uniqueIp() } });
      expect(res.statusCode).toBe(401);
    }
    expect((await api(t.app, 'POST', '/auth/login', { body: user, ip: client, headers: { 'x-forwarded-for': uniqueIp() } })).statusCode).toBe(429);

    // Behind one trusted proxy, the address it saw counts, and a forged hop before it does not.
    const proxied = await startTestApp({ trustProxy: 1 }, t.database);
    try {
      const proxy = uniqueIp();
      const [attacker, owner] = [uniqueIp(), uniqueIp()];
      for (let i = 0; i < 5; i++) {
        const headers = { 'x-forwarded-for': `${uniqueIp()}, ${attacker}` };
        expect((await api(proxied.app, 'POST', '/auth/login', { body: wrong(user), ip: proxy, headers })).statusCode).toBe(401);
      }
      expect((await api(proxied.app, 'POST', '/auth/login', { body: user, ip: proxy, headers: { 'x-forwarded-for': attacker } })).statusCode).toBe(429);
      expect((await api(proxied.app, 'POST', '/auth/login', { body: user, ip: proxy, headers: { 'x-forwarded-for': owner } })).statusCode).toBe(200);
    } finally {
      await proxied.app.close();
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
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('ends a session not kept signed in after 12 hours unused', async () => {
    const user = await buildUser(t.app);
    const cookie = refreshCookie(await login(user))!.value;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 12 * 3_600_000 + 1000 });
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('ends a session not kept signed in 7 days after sign-in, however often it is used', async () => {
    const user = await buildUser(t.app);
    let cookie = refreshCookie(await login(user))!.value;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      vi.setSystemTime(start + hours * 3_600_000);
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(200);
      cookie = refreshCookie(res)!.value;
    }
    vi.setSystemTime(start + 7 * 86_400_000 + 1000);
    expect((await refresh(cookie)).statusCode).toBe(401);
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

  it("ends the session's access tokens at once, not when they expire", async () => {
    const user = await buildUser(t.app);
    const session = await login(user, { remember: true });
    const token = session.json().access_token;
    const other = (await login(user)).json().access_token;
    expect((await api(t.app, 'POST', '/auth/logout', { token, cookies: { [REFRESH_COOKIE]: refreshCookie(session)!.value } })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user', { token: other })).statusCode).toBe(200);
  });

  it('ends the session of the access token sent when there is no cookie (an API client)', async () => {
    const user = await buildUser(t.app);
    const token = (await login(user)).json().access_token;
    expect((await api(t.app, 'POST', '/auth/logout', { token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(401);
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

  it('changes the password and ends every session at once, access tokens included; this browser goes on in a new one', async () => {
    const user = await buildUser(t.app);
    const hereSession = await login(user);
    const here = refreshCookie(hereSession)!.value;
    const elsewhereSession = await login(user, { remember: true });
    const elsewhere = refreshCookie(elsewhereSession)!.value;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2000 });
    const res = await api(t.app, 'PUT', '/auth/password', {
      token: hereSession.json().access_token,
      body: { currentPassword: user.password, newPassword: 'a changed password' },
      cookies: { [REFRESH_COOKIE]: here },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json().access_token;
    expect((await api(t.app, 'GET', '/auth/user', { token: fresh })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/auth/user', { token: elsewhereSession.json().access_token })).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user', { token: hereSession.json().access_token })).statusCode).toBe(401);
    expect((await login(user)).statusCode).toBe(401);
    expect((await login({ username: user.username, password: 'a changed password' })).statusCode).toBe(200);
    expect((await refresh(refreshCookie(res)!.value)).statusCode).toBe(200);
    expect((await refresh(here)).statusCode).toBe(401);
    expect((await refresh(elsewhere)).statusCode).toBe(401);
  });

  it('is refused to an API key', async () => {
    const user = await buildUser(t.app);
    const key = (await buildApiKey(t.app, user, { permissions: ['edit'] })).secret;
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

  it('refuses tokens issued in the same second as it, and signs in again at once', async () => {
    const user = await buildUser(t.app);
    const tokens = [(await login(user)).json().access_token, (await login(user)).json().access_token];
    expect((await api(t.app, 'POST', '/auth/logout-all', { token: tokens[0] })).statusCode).toBe(204);
    for (const token of tokens) expect((await api(t.app, 'GET', '/auth/user', { token })).statusCode).toBe(401);
    const fresh = (await login(user)).json().access_token;
    expect((await api(t.app, 'GET', '/auth/user', { token: fresh })).statusCode).toBe(200);
  });
});

describe('a disabled account', () => {
  it('stops its access tokens and its API keys at once, and its sessions stay ended once enabled again', async () => {
    const admin = await buildUser(t.app, { super: true });
    const user = await buildUser(t.app);
    const session = await login(user, { remember: true });
    const key = (await buildApiKey(t.app, user)).secret;
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(200);
    const disable = (disabled: boolean) => api(t.app, 'PUT', `/users/${user.username}`, { token: admin.token, body: { disabled } });
    expect((await disable(true)).statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/auth/user', { token: session.json().access_token })).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(401);
    expect((await disable(false)).statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/auth/user', { token: session.json().access_token })).statusCode).toBe(401);
    expect((await refresh(refreshCookie(session)!.value)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user', { token: key })).statusCode).toBe(200);
  });
});

describe('GET /auth/sessions and DELETE /auth/sessions/{id}', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  it('list the sessions still going, with device, address and last use, this one marked', async () => {
    const user = await buildUser(t.app);
    const here = await api(t.app, 'POST', '/auth/login', {
      body: { username: user.username, password: user.password },
      headers: { 'user-agent': firefox },
      ip: '10.9.8.7',
    });
    const token = here.json().access_token;
    const res = await api(t.app, 'GET', '/auth/sessions', { token });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as { device: string; ip: string; current: boolean; lastUsedAt: string }[];
    // buildUser's own session, and this one.
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({ device: 'Firefox on Linux', ip: '10.9.8.7', remember: false });
    expect(Date.parse(current.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sign one session out: its access token is refused at once, the others go on', async () => {
    const user = await buildUser(t.app);
    const phone = await login(user, { remember: true });
    const sessions = (await api(t.app, 'GET', '/auth/sessions', { token: user.token })).json().sessions as { id: string; current: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    const res = await api(t.app, 'DELETE', `/auth/sessions/${other.id}`, { token: user.token });
    expect(res.statusCode).toBe(204);
    expect((await api(t.app, 'GET', '/auth/user', { token: phone.json().access_token })).statusCode).toBe(401);
    expect((await refresh(refreshCookie(phone)!.value)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', '/auth/user', { token: user.token })).statusCode).toBe(200);
    const left = (await api(t.app, 'GET', '/auth/sessions', { token: user.token })).json().sessions as { id: string }[];
    expect(left.map((s) => s.id)).not.toContain(other.id);
    expect((await api(t.app, 'DELETE', `/auth/sessions/${other.id}`, { token: user.token })).statusCode).toBe(404);
  });

  it("answer 404 for another user's session and change nothing; 400 for a malformed id; 401 for a visitor; 403 for an API key", async () => {
    const user = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const theirs = (await api(t.app, 'GET', '/auth/sessions', { token: stranger.token })).json().sessions[0].id as string;
    const res = await api(t.app, 'DELETE', `/auth/sessions/${theirs}`, { token: user.token });
    expect(res.statusCode).toBe(404);
    expect((await api(t.app, 'GET', '/auth/user', { token: stranger.token })).statusCode).toBe(200);
    const bad = await api(t.app, 'DELETE', '/auth/sessions/not-an-id', { token: user.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.id');
    expect((await api(t.app, 'GET', '/auth/sessions')).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/auth/sessions/${theirs}`)).statusCode).toBe(401);
    const key = (await buildApiKey(t.app, user, { permissions: ['edit'] })).secret;
    expect((await api(t.app, 'GET', '/auth/sessions', { token: key })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/auth/sessions/${theirs}`, { token: key })).statusCode).toBe(403);
  });
});
