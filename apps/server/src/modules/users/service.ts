import { PAGE_SIZES, isGlobalPermission, isResourceAction, type GlobalPermission, type Invitation, type ResourceAction, type User } from '@observatory/shared';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { resourceOf } from '../../authz/lookup.js';
import type { Database } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import type { RolesService } from '../roles/index.js';
import * as repo from './repo.js';

export const toUser = (row: repo.UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  super: row.super,
  disabled: row.disabled,
  createdAt: row.createdAt.toISOString(),
});

export const toInvitation = (
  row: {
    id: string;
    email: string;
    personId: string;
    createdAt: Date;
    expiresAt: Date;
    acceptedAt: Date | null;
  },
  name: string | null = null,
): Invitation => ({
  id: row.id,
  email: row.email,
  personId: row.personId,
  name,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
});

/** What ended a session, as /me's list and the log say it. */
export type SessionEnd = 'signed out' | 'signed out everywhere' | 'password changed' | 'password reset' | 'account disabled';

/** A session's last use is written at most this often (each request reads it anyway). */
const TOUCH_SESSION_EVERY_MS = 60_000;

const accountFields = (row: repo.UserRow) => ({ username: row.username, email: row.email, disabled: row.disabled });

/** A user account as a resource: seen and edited by its owner and by holders of manageUsers (the registry's user). */
export const userResource = (row: repo.UserRow): Resource => resourceOf('user', row);

export function createUsersService(deps: { db: Database; roles: RolesService }) {
  const { db, roles } = deps;
  async function findUser(key: string): Promise<repo.UserRow> {
    const row = await db.use((d) => repo.findByPersonIdOrUsername(d, key));
    if (!row) throw notFound('User');
    return row;
  }

  async function loadUser(actor: Actor | null, key: string): Promise<repo.UserRow> {
    const row = await findUser(key);
    authorize(actor, 'view', userResource(row), 'User');
    return row;
  }

  /** May the actor change roles on this target (null: global roles)? */
  async function authorizeRoleChange(actor: Actor | null, targetKey: string) {
    if (targetKey === 'global') {
      authorize(actor, 'manageUsers');
      return null;
    }
    const { resource, ...target } = await roles.findTarget(actor, targetKey);
    if (!can(actor, 'manageUsers')) authorize(actor, 'manageMembers', resource);
    return target;
  }

  return {
    findByLogin: (login: string) => db.use((d) => repo.findByLogin(d, login)),
    findById: (id: string) => db.use((d) => repo.findById(d, id)),
    /** A new account for an existing person. The username must be free (409 naming it). */
    async createUser(values: { personId: string; username: string; email: string | null; passwordHash: string | null; super?: boolean }) {
      return db.use(async (d) => {
        if (await repo.usernameTaken(d, values.username)) {
          throw taken('body.username', 'This username is taken');
        }
        return repo.insertUser(d, values);
      });
    },
    countUsers: () => db.use(repo.countUsers),

    async listUsers(actor: Actor | null, query: { q?: string | undefined; p: number }) {
      authorize(actor, 'manageUsers');
      const page = pageOf(query.p, PAGE_SIZES.users);
      const { rows, total } = await db.use((d) => repo.listUsers(d, { q: query.q, limit: page.limit, offset: page.offset }));
      return { users: rows.map((r) => ({ ...toUser(r.user), person: r.person })), page, total };
    },
    findByPersonId: (personId: string) => db.use((d) => repo.findByPersonIdOrUsername(d, personId)),
    /** The person's latest invitation, accepted or not. */
    async invitationOf(personId: string, name: string) {
      const row = await db.use((d) => repo.latestInvitationOf(d, personId));
      return row ? toInvitation(row, name) : null;
    },
    setDisabled: (userId: string, disabled: boolean) => db.use((d) => repo.updateUser(d, userId, { disabled })),
    setPasswordHash: (userId: string, passwordHash: string) => db.use((d) => repo.updateUser(d, userId, { passwordHash })),

    /** A new sign-in: its id names the access tokens and the refresh family of the session. */
    startSession: (userId: string, facts: { remember: boolean; userAgent: string | null; ip: string }) =>
      db.use((d) => repo.insertSession(d, { userId, remember: facts.remember, userAgent: facts.userAgent?.slice(0, 300) ?? null, ip: facts.ip })),
    /** Ends sessions of the user (those of `only`, or all but `except`) at once, for every process: their access tokens stop working. */
    endSessions: (userId: string, because: SessionEnd, options: { only?: string[]; except?: string | null } = {}) =>
      db.use((d) => repo.endSessions(d, userId, because, options)),
    liveSessionsOf: (userId: string) => db.use((d) => repo.liveSessionsOf(d, userId)),
    /** The user of a session still going, unless the account is disabled: null otherwise. */
    async liveSessionUser(userId: string, sessionId: string): Promise<repo.UserRow | null> {
      const row = await db.use((d) => repo.findLiveUser(d, userId, sessionId));
      return row && row.session && !row.user.disabled ? row.user : null;
    },

    /**
     * Account fields: the user changes their e-mail; a holder of manageUsers also the
     * username and whether the account is disabled (never their own).
     */
    async updateAccount(actor: Actor | null, key: string, input: { email?: string | null; username?: string; disabled?: boolean }) {
      const row = await loadUser(actor, key);
      authorize(actor, 'edit', userResource(row), 'User');
      const admin = can(actor, 'manageUsers');
      if ((input.username !== undefined || input.disabled !== undefined) && !admin) {
        throw new AppError('FORBIDDEN', 'Only an administrator changes usernames or disables accounts');
      }
      if (input.disabled !== undefined && row.id === actor!.userId) {
        throw invalidField('body.disabled', 'You cannot disable your own account');
      }
      await db.transaction(async (d) => {
        if (input.username && input.username !== row.username && (await repo.usernameTaken(d, input.username))) {
          throw taken('body.username', 'This username is taken');
        }
        await repo.updateUser(d, row.id, input);
        if (input.disabled && !row.disabled) await repo.endSessions(d, row.id, 'account disabled');
        await audit(d, actor, 'user.update', { type: 'user', id: row.id }, { before: accountFields(row), after: { ...accountFields(row), ...input } });
      });
      return this.getUser(actor, row.id);
    },

    /**
     * Who a user is for the policy; null when the account is gone or disabled, or, for an
     * access token (`via.session`), when its session has ended. An API key (`via.key`) has no
     * session, nor has the user a URL was signed for (no `via`).
     */
    async actorFor(userId: string, via: { key: NonNullable<Actor['key']> } | { session: string } | Record<string, never> = {}): Promise<Actor | null> {
      const session = 'session' in via ? via.session : null;
      const key = 'key' in via ? via.key : null;
      const row = await db.use((d) => repo.findLiveUser(d, userId, session));
      if (!row || row.user.disabled || (session && !row.session)) return null;
      const user = row.user;
      if (row.session && Date.now() - row.session.lastUsedAt.getTime() > TOUCH_SESSION_EVERY_MS) await db.use((d) => repo.touchSession(d, row.session!.id));
      const global = new Set<GlobalPermission>();
      const onTargets = new Map<string, Set<ResourceAction>>();
      for (const { role, targetId } of await roles.rawAssignmentsOf(user.id)) {
        if (!targetId) role.permissions.filter(isGlobalPermission).forEach((p) => global.add(p));
        else {
          const actions = onTargets.get(targetId) ?? new Set<ResourceAction>();
          role.permissions.filter(isResourceAction).forEach((p) => actions.add(p));
          onTargets.set(targetId, actions);
        }
      }
      return { userId: user.id, personId: user.personId, username: user.username, super: user.super, global, onTargets, key };
    },

    async getUser(actor: Actor | null, key: string) {
      const row = await loadUser(actor, key);
      return db.use(async (d) => {
        const person = await repo.findPersonOf(d, row);
        const invitation = await repo.latestInvitationOf(d, row.personId);
        return {
          user: toUser(row),
          person,
          permissions: permissionsFor(actor, userResource(row)),
          roles: await roles.assignmentsOf(actor, row.id),
          invitation: invitation ? toInvitation(invitation, person.name) : null,
        };
      });
    },

    async assignRole(actor: Actor | null, key: string, targetKey: string, roleSlug: string) {
      const target = await authorizeRoleChange(actor, targetKey);
      const row = await findUser(key);
      const role = await roles.findRole(roleSlug);
      await db.transaction(async (tx) => {
        await roles.assign(row.id, role.id, target);
        await audit(tx, actor, 'user.role.put', { type: 'user', id: row.id }, { after: { role: role.slug, targetId: target?.id ?? null } });
      });
      return { roles: await roles.assignmentsOf(actor, row.id) };
    },

    async deleteRole(actor: Actor | null, key: string, targetKey: string, roleSlug: string) {
      const target = await authorizeRoleChange(actor, targetKey);
      const row = await findUser(key);
      const role = await roles.findRole(roleSlug);
      await db.transaction(async (tx) => {
        await roles.unassign(row.id, role.id, target?.id ?? null);
        await audit(tx, actor, 'user.role.delete', { type: 'user', id: row.id }, { before: { role: role.slug, targetId: target?.id ?? null } });
      });
      return { roles: await roles.assignmentsOf(actor, row.id) };
    },

    loadUser,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
