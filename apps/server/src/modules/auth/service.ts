import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_MAX_AGE_S, PASSWORD_RESET_TTL_S, REFRESH_TOKEN_MAX_AGE_S, type LoginInput, type TokenResponse } from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { DeviceCookies } from '../../lib/device-cookies.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { UsersService } from '../users/index.js';
import * as repo from './repo.js';
import type { AccessTokens } from './tokens.js';

export interface AuthDeps {
  db: Database;
  users: UsersService;
  hasher: PasswordHasher;
  tokens: AccessTokens;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Counts failures beyond an account's ceiling: one attempt per window from an unknown browser. */
  slow: RateLimiter;
  devices: DeviceCookies;
  limits: { perIp: number; perAccount: number; accountCeiling: number; perSession: number };
  sessions: { idleMs: number; maxMs: number };
  publicUrl: string;
}

/** Who is asking to sign in: their address and the device cookie their browser sent, if any. */
export interface Client {
  ip: string;
  device: string | undefined;
}

export interface Session {
  token: TokenResponse;
  /** The new refresh secret for the cookie. */
  refresh: string;
  /** Kept signed in: the cookie outlives the browser (60 days from each use); otherwise it ends with the browser. */
  remember: boolean;
}

/** What carries a session over from one refresh token to the next. */
interface SessionFacts {
  familyId: string;
  remember: boolean;
  startedAt: Date;
}

const WRONG_LOGIN = 'Wrong username or password';
const BAD_REFRESH = 'Your session has ended; please sign in again';
const BAD_RESET = 'This reset link is invalid or has expired; please ask for a new one';

export function createAuthService(deps: AuthDeps) {
  const { db, users, hasher, tokens, limiter, limits } = deps;

  const tooMany = (retryAfter: number) =>
    new AppError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} s`, { headers: { 'retry-after': String(retryAfter) } });

  async function limit(key: string, max: number, counter: RateLimiter = limiter): Promise<void> {
    const retryAfter = await counter.hit(key, max);
    if (retryAfter !== null) throw tooMany(retryAfter);
  }

  async function refuseIfOver(key: string, max: number): Promise<void> {
    const retryAfter = await limiter.over(key, max);
    if (retryAfter !== null) throw tooMany(retryAfter);
  }

  /**
   * Sign-in limits after OWASP's guidance on lockout. Attempts are limited per address.
   * Failures are counted per account and address, or per device for a browser that signed
   * in to the account before; past either limit that address or device waits. An account's
   * failures from unknown browsers, from every address together, never lock it: past the
   * ceiling each further attempt from an unknown browser waits its turn. An unknown
   * username is counted exactly as a real one, so a limit reveals nothing.
   */
  function loginLimits(account: string, client: Client) {
    const device = deps.devices.verify(client.device, account);
    const failures = device ? `login:device:${device}` : `login:account-ip:${account}:${client.ip}`;
    const unknownDevices = `login:account:${account}`;
    return {
      async check() {
        await limit(`login:ip:${client.ip}`, limits.perIp);
        await refuseIfOver(failures, limits.perAccount);
        if (!device && (await limiter.over(unknownDevices, limits.accountCeiling)) !== null) await limit(`login:slow:${account}`, 1, deps.slow);
      },
      async failed() {
        await limiter.hit(failures, Number.MAX_SAFE_INTEGER);
        if (!device) await limiter.hit(unknownDevices, Number.MAX_SAFE_INTEGER);
      },
      async succeeded() {
        await limiter.reset(failures);
      },
    };
  }

  async function issueReset(d: Db, userId: string): Promise<{ link: string; expiresAt: Date }> {
    const code = newSecret();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000);
    await repo.insertReset(d, { userId, codeHash: hashSecret(code), expiresAt });
    return { link: `${deps.publicUrl}/forgot/${code}`, expiresAt };
  }

  function mailResetLink(to: string, username: string, link: string) {
    return deps.mailer.send({
      to,
      subject: 'Reset your password',
      text: `Hello ${username},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this message.`,
    });
  }

  /** The next refresh token of a session: 60 days from now when kept, else the idle limit within the absolute one. */
  async function nextRefreshToken(userId: string, session: SessionFacts): Promise<string> {
    const secret = newSecret();
    const now = Date.now();
    const expiresAt = session.remember
      ? now + REFRESH_TOKEN_MAX_AGE_S * 1000
      : Math.min(now + deps.sessions.idleMs, session.startedAt.getTime() + deps.sessions.maxMs);
    await db.use((d) =>
      repo.insertRefreshToken(d, {
        userId,
        familyId: session.familyId,
        tokenHash: hashSecret(secret),
        expiresAt: new Date(expiresAt),
        remember: session.remember,
        sessionStartedAt: session.startedAt,
      }),
    );
    return secret;
  }

  async function accessToken(userId: string): Promise<TokenResponse> {
    return { access_token: await tokens.issue(userId), token_type: 'Bearer', expires_in: ACCESS_TOKEN_MAX_AGE_S };
  }

  return {
    /** A session, and a fresh device cookie for the browser that signed in. */
    async login(input: LoginInput, client: Client): Promise<Session & { device: string }> {
      const account = input.username.toLowerCase();
      const attempt = loginLimits(account, client);
      await attempt.check();
      const user = await users.findByLogin(input.username);
      const ok = await hasher.verify(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await attempt.failed();
        throw new AppError('UNAUTHENTICATED', WRONG_LOGIN);
      }
      if (user.disabled) throw new AppError('UNAUTHENTICATED', 'This account is disabled');
      await attempt.succeeded();
      const remember = input.remember === true;
      return {
        token: await accessToken(user.id),
        refresh: await nextRefreshToken(user.id, { familyId: randomUUID(), remember, startedAt: new Date() }),
        remember,
        device: deps.devices.issue(account),
      };
    },

    /** Rotates the refresh token; presenting a used one revokes its whole family. */
    async refresh(secret: string | undefined): Promise<Session> {
      if (!secret) throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      const row = await db.use((d) => repo.findRefreshToken(d, hashSecret(secret)));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      }
      // Per session, not per address: many people behind one office address reload pages.
      await limit(`refresh:session:${row.familyId}`, limits.perSession);
      const reuse = async () => {
        await db.use((d) => repo.revokeFamily(d, row.familyId));
        deps.log.warn({ userId: row.userId, familyId: row.familyId }, 'Refresh token reused: family revoked');
        return new AppError('UNAUTHENTICATED', BAD_REFRESH);
      };
      if (row.usedAt) throw await reuse();
      const user = await users.findById(row.userId);
      if (!user || user.disabled) {
        await db.use((d) => repo.revokeFamily(d, row.familyId));
        throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      }
      if (!(await db.use((d) => repo.markUsed(d, row.id)))) throw await reuse();
      const session = { familyId: row.familyId, remember: row.remember, startedAt: row.sessionStartedAt };
      return { token: await accessToken(user.id), refresh: await nextRefreshToken(user.id, session), remember: row.remember };
    },

    async logout(secret: string | undefined): Promise<void> {
      if (!secret) return;
      const row = await db.use((d) => repo.findRefreshToken(d, hashSecret(secret)));
      if (row) await db.use((d) => repo.revokeFamily(d, row.familyId));
    },

    /** Ends every session of the user: refresh tokens and access tokens alike. */
    async logoutEverywhere(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.revokeAllOfUser(tx, userId);
        await users.endSessions(userId);
      });
    },

    /**
     * Needs the current password. Every other session of the user ends at once, their
     * access tokens included; this one goes on with the new access token answered.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string }, refresh: string | undefined): Promise<TokenResponse> {
      const user = await users.findById(userId);
      if (!user || !(await hasher.verify(user.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is wrong', {
          details: [{ field: 'body.currentPassword', message: 'Wrong password' }],
        });
      }
      const passwordHash = await hasher.hash(input.newPassword);
      const current = refresh ? await db.use((d) => repo.findRefreshToken(d, hashSecret(refresh))) : null;
      await db.transaction(async (tx) => {
        await users.setPasswordHash(user.id, passwordHash);
        await repo.revokeAllOfUser(tx, user.id, current?.userId === user.id ? current.familyId : undefined);
        await users.endSessions(user.id);
      });
      return accessToken(user.id);
    },

    /** Always quiet: the answer never tells whether the account exists. */
    async requestReset(login: string, ip: string): Promise<void> {
      await limit(`reset:ip:${ip}`, limits.perIp);
      await limit(`reset:account:${login.toLowerCase()}`, limits.perAccount);
      const user = await users.findByLogin(login);
      if (!user || user.disabled || !user.email) return;
      const { link } = await db.use((d) => issueReset(d, user.id));
      await mailResetLink(user.email, user.username, link);
    },

    /**
     * An administrator makes a reset link for an account (manageUsers): mailed when the
     * account has an e-mail address, and answered so it can be handed over otherwise.
     */
    async resetLinkFor(actor: Actor | null, key: string): Promise<{ link: string; expiresAt: string; mailedTo: string | null }> {
      const user = await users.loadUser(actor, key);
      authorize(actor, 'manageUsers');
      if (user.disabled) throw new AppError('CONFLICT', 'This account is disabled; enable it before sending a reset link');
      const { link, expiresAt } = await db.transaction(async (tx) => {
        const issued = await issueReset(tx, user.id);
        await audit(tx, actor, 'user.reset-link', { type: 'user', id: user.id }, { after: { expiresAt: issued.expiresAt } });
        return issued;
      });
      if (user.email) await mailResetLink(user.email, user.username, link);
      return { link, expiresAt: expiresAt.toISOString(), mailedTo: user.email };
    },

    async checkReset(code: string, ip: string): Promise<{ username: string }> {
      await limit(`reset:ip:${ip}`, limits.perIp);
      const { user } = await findValidReset(code);
      return { username: user.username };
    },

    /** Single use: sets the password and ends every session of the user. */
    async completeReset(code: string, password: string, ip: string): Promise<void> {
      await limit(`reset:ip:${ip}`, limits.perIp);
      const { reset, user } = await findValidReset(code);
      const passwordHash = await hasher.hash(password);
      await db.transaction(async (tx) => {
        if (!(await repo.markResetUsed(tx, reset.id))) throw new AppError('NOT_FOUND', BAD_RESET);
        await users.setPasswordHash(user.id, passwordHash);
        await repo.revokeAllOfUser(tx, user.id);
      });
    },
  };

  async function findValidReset(code: string) {
    return db.use(async (d) => {
      const reset = await repo.findReset(d, hashSecret(code));
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw new AppError('NOT_FOUND', BAD_RESET);
      const user = await users.findById(reset.userId);
      if (!user || user.disabled) throw new AppError('NOT_FOUND', BAD_RESET);
      return { reset, user };
    });
  }
}
