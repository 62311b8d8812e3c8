import { API_KEY_PREFIX, isGlobalPermission, type ApiKey, type Permission } from '@observatory/shared';
import type { z } from 'zod';
import type { ApiKeyCreateSchema } from '@observatory/shared';
import { authorize, can, type Actor } from '../../authz/authorize.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { hashSecret, newSecret, sameSecret } from '../../lib/secrets.js';
import { userResource, type UsersService } from '../users/index.js';
import * as repo from './repo.js';

const UUID_LENGTH = 36;
const TOUCH_EVERY_MS = 60_000;

const toApiKey = (row: repo.ApiKeyRow): ApiKey => ({
  id: row.id,
  comment: row.comment,
  created: row.createdAt.toISOString(),
  expires: row.expiresAt?.toISOString() ?? null,
  lastUsed: row.lastUsedAt?.toISOString() ?? null,
  permissions: row.permissions,
  targets: row.targets,
});

/**
 * API keys work as Bearer tokens: "obk_<key id>_<secret>", the secret stored hashed.
 * A key acts as its owner narrowed to the key's permissions and targets.
 */
export function createApiKeysService(deps: { db: Database; users: UsersService }) {
  const { db, users } = deps;
  return {
    async listKeys(actor: Actor | null, userKey: string): Promise<ApiKey[]> {
      const user = await users.loadUser(actor, userKey);
      return (await db.use((d) => repo.listKeysOf(d, user.id))).map(toApiKey);
    },

    /** Only the owner creates keys: the secret is shown to them once. */
    async createKey(actor: Actor | null, userKey: string, input: z.output<typeof ApiKeyCreateSchema>) {
      const user = await users.loadUser(actor, userKey);
      authorize(actor, 'edit', userResource(user), 'User');
      if (actor?.userId !== user.id) throw new AppError('FORBIDDEN', 'Only the owner of an account can create its API keys');
      const missing = input.permissions.filter((p) => isGlobalPermission(p) && !can(actor, p));
      if (missing.length) throw invalidField('body.permissions', `You do not hold ${missing.join(', ')}`);
      const expiresAt = input.expires ? new Date(input.expires) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidField('body.expires', 'Must be in the future');
      const secret = newSecret();
      const row = await db.transaction(async (d) => {
        const key = await repo.insertKey(d, {
          userId: user.id,
          secretHash: hashSecret(secret),
          comment: input.comment,
          permissions: [...new Set(input.permissions)],
          targets: [...new Set(input.targets)],
          expiresAt,
        });
        await audit(d, actor, 'apikey.create', { type: 'user', id: user.id }, { after: toApiKey(key) });
        return key;
      });
      return { ...toApiKey(row), secret: `${API_KEY_PREFIX}${row.id}_${secret}` };
    },

    async revokeKey(actor: Actor | null, userKey: string, keyId: string): Promise<void> {
      const user = await users.loadUser(actor, userKey);
      authorize(actor, 'edit', userResource(user), 'User');
      await db.transaction(async (d) => {
        if (!(await repo.revokeKey(d, user.id, keyId))) throw new AppError('NOT_FOUND', 'API key not found');
        await audit(d, actor, 'apikey.revoke', { type: 'user', id: user.id }, { before: { keyId } });
      });
    },

    /** The actor a presented key stands for; null when unknown, revoked or expired. */
    async actorForKey(token: string): Promise<Actor | null> {
      const id = token.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + UUID_LENGTH);
      const secret = token.slice(API_KEY_PREFIX.length + UUID_LENGTH + 1);
      if (!/^[0-9a-f-]{36}$/.test(id) || !secret) return null;
      const row = await db.use((d) => repo.findKey(d, id));
      if (!row || row.revokedAt || !sameSecret(secret, row.secretHash)) return null;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
      if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await db.use((d) => repo.touchKey(d, row.id));
      }
      return users.actorFor(row.userId, { key: { id: row.id, permissions: new Set(row.permissions as Permission[]), targets: new Set(row.targets) } });
    },
  };
}
