import {
  ACCESS_TOKEN_MAX_AGE_S,
  PASSWORD_RESET_TTL_S,
  REFRESH_TOKEN_MAX_AGE_S,
  type LoginInput,
  type TokenResponse,
  type UserSession,
} from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { DeviceCookies } from '../../lib/device-cookies.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { SessionEnd, UsersService } from '../users/index.js';
import { deviceOf } from './devices.js';
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

/** Who is asking to sign in: their address, their browser and the device cookie it sent, if any. */
export interface Client {
  ip: string;
  device: string | undefined;
  userAgent: string | undefined;
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

  async function accessToken(userId: string, sessionId: string): Promise<TokenResponse> {
    return { access_token: await tokens.issue(userId, sessionId), token_type: 'Bearer', expires_in: ACCESS_TOKEN_MAX_AGE_S };
  }

  /** Ends sessions of a user, their refresh tokens with them (sign-out, password change or reset). */
  async function endSessions(tx: Db, userId: string, because: SessionEnd, options: { only?: string[]; except?: string | null } = {}) {
    const ended = await users.endSessions(userId, because, options);
    if (options.only) for (const familyId of ended) await repo.revokeFamily(tx, familyId);
    else await repo.revokeAllOfUser(tx, userId, options.except ?? undefined);
    return ended;
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
      const session = await users.startSession(user.id, { remember, userAgent: client.userAgent ?? null, ip: client.ip });
      return {
        token: await accessToken(user.id, session.id),
        refresh: await nextRefreshToken(user.id, { familyId: session.id, remember, startedAt: session.startedAt }),
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
      const user = await users.liveSessionUser(row.userId, row.familyId);
      if (!user) {
        await db.use((d) => repo.revokeFamily(d, row.familyId));
        throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      }
      if (!(await db.use((d) => repo.markUsed(d, row.id)))) throw await reuse();
      const session = { familyId: row.familyId, remember: row.remember, startedAt: row.sessionStartedAt };
      return { token: await accessToken(user.id, row.familyId), refresh: await nextRefreshToken(user.id, session), remember: row.remember };
    },

    /** Ends the session of the refresh cookie, or else of the access token sent: at once, its access tokens included. */
    async logout(secret: string | undefined, current: { userId: string; sessionId: string } | null): Promise<void> {
      const row = secret ? await db.use((d) => repo.findRefreshToken(d, hashSecret(secret))) : null;
      const session = row ? { userId: row.userId, sessionId: row.familyId } : current;
      if (session) await db.transaction((tx) => endSessions(tx, session.userId, 'signed out', { only: [session.sessionId] }));
    },

    /** Ends every session of the user: refresh tokens and access tokens alike. */
    async logoutEverywhere(userId: string): Promise<void> {
      await db.transaction((tx) => endSessions(tx, userId, 'signed out everywhere'));
    },

    /** The user's sessions still going, this one marked. */
    async listSessions(userId: string, currentSessionId: string | null): Promise<UserSession[]> {
      return (await users.liveSessionsOf(userId)).map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        ip: row.ip,
        startedAt: row.startedAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        remember: row.remember,
        current: row.id === currentSessionId,
      }));
    },

    /** Signs one of the user's sessions out (another device, or this one); 404 when it is not theirs or has ended. */
    async endSession(userId: string, sessionId: string): Promise<void> {
      const ended = await db.transaction((tx) => endSessions(tx, userId, 'signed out', { only: [sessionId] }));
      if (ended.length === 0) throw notFound('Session');
    },

    /**
     * Needs the current password. Every session of the user ends at once, their access
     * tokens included (this one's too: it may be what was stolen); this browser goes on in
     * a new session, kept signed in as the old one was.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string }, client: Client & { sessionId: string }): Promise<Session> {
      const user = await users.findById(userId);
      if (!user || !(await hasher.verify(user.passwordHash, input.currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is wrong', {
          details: [{ field: 'body.currentPassword', message: 'Wrong password' }],
        });
      }
      const passwordHash = await hasher.hash(input.newPassword);
      const [current] = (await users.liveSessionsOf(user.id)).filter((row) => row.id === client.sessionId);
      const remember = current?.remember ?? false;
      const session = await db.transaction(async (tx) => {
        await users.setPasswordHash(user.id, passwordHash);
        await endSessions(tx, user.id, 'password changed');
        return users.startSession(user.id, { remember, userAgent: client.userAgent ?? null, ip: client.ip });
      });
      return {
        token: await accessToken(user.id, session.id),
        refresh: await nextRefreshToken(user.id, { familyId: session.id, remember, startedAt: session.startedAt }),
        remember,
      };
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
        await endSessions(tx, user.id, 'password reset');
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
