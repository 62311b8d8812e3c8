import {
  EMAIL_CHANGE_TTL_S,
  PAGE_SIZES,
  isGlobalPermission,
  isResourceAction,
  type GlobalPermission,
  type Invitation,
  type ResourceAction,
  type User,
} from '@observatory/shared';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { resourceOf } from '../../authz/lookup.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
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

export function createUsersService(deps: { db: Database; roles: RolesService; hasher: PasswordHasher; mailer: Mailer; publicUrl: string }) {
  const { db, roles } = deps;

  /** A change of e-mail waiting for its link, shown to the user alone. */
  async function ownEmailChange(d: Db, actor: Actor | null, user: repo.UserRow) {
    if (actor?.userId !== user.id) return null;
    const change = await repo.pendingEmailChange(d, user.id);
    return change ? { email: change.email, expiresAt: change.expiresAt.toISOString() } : null;
  }

  /** The caller's own password, for a change that could hand the account to someone else (its e-mail, where reset links go). */
  async function checkPassword(actor: Actor, password: string | undefined): Promise<void> {
    if (!password) throw invalidField('body.currentPassword', 'Enter your password to change an e-mail address');
    const self = await db.use((d) => repo.findById(d, actor.userId));
    if (!self || !(await deps.hasher.verify(self.passwordHash, password))) throw invalidField('body.currentPassword', 'Wrong password');
  }

  function mailEmailChange(user: repo.UserRow, email: string, code: string) {
    const link = `${deps.publicUrl}/email/${code}`;
    return Promise.all([
      deps.mailer.send({
        to: email,
        subject: 'Confirm your new e-mail address',
        text: `Hello ${user.username},\n\nTo make ${email} the e-mail address of your account, open this link within 24 hours:\n${link}\n\nUntil then your address stays as it was. If you did not ask for this, ignore this message.`,
      }),
      user.email ? mailOldAddress(user, email, 'you', true) : null,
    ]);
  }

  /** The old address is told of every change, so a hijack does not go unnoticed. */
  function mailOldAddress(user: repo.UserRow, email: string | null, by: 'you' | 'an administrator', waiting = false) {
    const what = email ? `to ${email}` : 'removed';
    return deps.mailer.send({
      to: user.email!,
      subject: waiting ? 'Your e-mail address is about to change' : 'Your e-mail address has changed',
      text: `Hello ${user.username},\n\nThe e-mail address of your account ${waiting ? `will change ${what} once the link sent there is opened` : `was changed ${what} by ${by}`}.\n\nIf this was not you, change your password at once and tell an administrator.`,
    });
  }

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
     * username and whether the account is disabled (never their own). A change of e-mail
     * needs the caller's own password. One's own new address takes effect only when the link
     * mailed to it is opened (confirmEmailChange); the old address is told either way.
     */
    async updateAccount(
      actor: Actor | null,
      key: string,
      input: { email?: string | null; username?: string; disabled?: boolean; currentPassword?: string | undefined },
    ) {
      const row = await loadUser(actor, key);
      authorize(actor, 'edit', userResource(row), 'User');
      const admin = can(actor, 'manageUsers');
      if ((input.username !== undefined || input.disabled !== undefined) && !admin) {
        throw new AppError('FORBIDDEN', 'Only an administrator changes usernames or disables accounts');
      }
      if (input.disabled !== undefined && row.id === actor!.userId) {
        throw invalidField('body.disabled', 'You cannot disable your own account');
      }
      const { currentPassword, email, ...fields } = input;
      const emailChanges = email !== undefined && (email?.toLowerCase() ?? null) !== (row.email?.toLowerCase() ?? null);
      if (emailChanges) await checkPassword(actor!, currentPassword);
      const own = row.id === actor!.userId;
      // One's own new address waits for its link; removing one's address, or an administrator's change, is at once.
      const waits = emailChanges && own && email !== null;
      const change = { ...fields, ...(emailChanges && !waits ? { email } : {}) };
      const code = newSecret();
      await db.transaction(async (d) => {
        if (input.username && input.username !== row.username && (await repo.usernameTaken(d, input.username))) {
          throw taken('body.username', 'This username is taken');
        }
        if (emailChanges && email && (await repo.emailTaken(d, email, row.id))) throw taken('body.email', 'Another account has this e-mail address');
        await repo.updateUser(d, row.id, change);
        if (input.disabled && !row.disabled) await repo.endSessions(d, row.id, 'account disabled');
        if (waits) {
          await repo.insertEmailChange(d, {
            userId: row.id,
            email: email!,
            codeHash: hashSecret(code),
            expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_S * 1000),
          });
          await audit(d, actor, 'user.email.requested', { type: 'user', id: row.id }, { before: { email: row.email }, after: { email } });
        }
        await audit(d, actor, 'user.update', { type: 'user', id: row.id }, { before: accountFields(row), after: { ...accountFields(row), ...change } });
      });
      if (waits) await mailEmailChange(row, email!, code);
      else if (emailChanges && row.email) await mailOldAddress(row, email ?? null, own ? 'you' : 'an administrator');
      return this.getUser(actor, row.id);
    },

    /** Opens the link mailed to a new address: the account's e-mail becomes it. Single use, within EMAIL_CHANGE_TTL_S. */
    async confirmEmailChange(code: string): Promise<{ username: string; email: string }> {
      return db.transaction(async (d) => {
        const change = await repo.findEmailChange(d, hashSecret(code));
        const user = change && (await repo.findById(d, change.userId));
        if (!change || !user || user.disabled || change.usedAt || change.expiresAt.getTime() <= Date.now()) {
          throw new AppError('NOT_FOUND', 'This link is invalid or has expired; change your e-mail address again on My Account');
        }
        if (await repo.emailTaken(d, change.email, user.id)) throw new AppError('CONFLICT', 'Another account has this e-mail address now');
        if (!(await repo.useEmailChange(d, change.id))) throw new AppError('NOT_FOUND', 'This link has been used already');
        await repo.updateUser(d, user.id, { email: change.email });
        await audit(d, null, 'user.email.change', { type: 'user', id: user.id }, { before: { email: user.email }, after: { email: change.email } });
        return { username: user.username, email: change.email };
      });
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
          emailChange: await ownEmailChange(d, actor, row),
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
