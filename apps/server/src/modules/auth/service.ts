import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_MAX_AGE_S,
  PASSWORD_RESET_TTL_S,
  REFRESH_TOKEN_MAX_AGE_S,
  type LoginInput,
  type TokenResponse,
} from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import { authorize, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { UsersService } from '../users/service.js';
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
  limits: { perIp: number; perAccount: number };
  publicUrl: string;
}

export interface Session {
  token: TokenResponse;
  /** The new refresh secret for the cookie; null when not kept signed in. */
  refresh: string | null;
}

const WRONG_LOGIN = 'Wrong username or password';
const BAD_REFRESH = 'Your session has ended; please sign in again';
const BAD_RESET = 'This reset link is invalid or has expired; please ask for a new one';

export function createAuthService(deps: AuthDeps) {
  const { db, users, hasher, tokens, limiter, limits } = deps;

  function limit(key: string, max: number): void {
    const retryAfter = limiter.hit(key, max);
    if (retryAfter !== null) {
      throw new AppError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} s`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
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

  async function startRefreshFamily(userId: string, familyId: string = randomUUID()): Promise<string> {
    const secret = newSecret();
    await db.use((d) =>
      repo.insertRefreshToken(d, {
        userId,
        familyId,
        tokenHash: hashSecret(secret),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_MAX_AGE_S * 1000),
      }),
    );
    return secret;
  }

  async function accessToken(userId: string): Promise<TokenResponse> {
    return { access_token: await tokens.issue(userId), token_type: 'Bearer', expires_in: ACCESS_TOKEN_MAX_AGE_S };
  }

  return {
    async login(input: LoginInput, ip: string): Promise<Session> {
      const account = `login:account:${input.username.toLowerCase()}`;
      limit(`login:ip:${ip}`, limits.perIp);
      limit(account, limits.perAccount);
      const user = await users.findByLogin(input.username);
      const ok = await hasher.verify(user?.passwordHash ?? null, input.password);
      if (!user || !ok) throw new AppError('UNAUTHENTICATED', WRONG_LOGIN);
      if (user.disabled) throw new AppError('UNAUTHENTICATED', 'This account is disabled');
      limiter.reset(account);
      return {
        token: await accessToken(user.id),
        refresh: input.remember ? await startRefreshFamily(user.id) : null,
      };
    },

    /** Rotates the refresh token; presenting a used one revokes its whole family. */
    async refresh(secret: string | undefined, ip: string): Promise<Session> {
      limit(`refresh:ip:${ip}`, limits.perIp);
      if (!secret) throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      const row = await db.use((d) => repo.findRefreshToken(d, hashSecret(secret)));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError('UNAUTHENTICATED', BAD_REFRESH);
      }
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
      return { token: await accessToken(user.id), refresh: await startRefreshFamily(user.id, row.familyId) };
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

    /** Needs the current password; other sign-ins of the user are ended, this one kept. */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string }, refresh: string | undefined) {
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
      });
    },

    /** Always quiet: the answer never tells whether the account exists. */
    async requestReset(login: string, ip: string): Promise<void> {
      limit(`reset:ip:${ip}`, limits.perIp);
      limit(`reset:account:${login.toLowerCase()}`, limits.perAccount);
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
      limit(`reset:ip:${ip}`, limits.perIp);
      const { user } = await findValidReset(code);
      return { username: user.username };
    },

    /** Single use: sets the password and ends every session of the user. */
    async completeReset(code: string, password: string, ip: string): Promise<void> {
      limit(`reset:ip:${ip}`, limits.perIp);
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
export type AuthService = ReturnType<typeof createAuthService>;
