import type { ApiKeyCreated, ApiKeyCreateSchema, Invitation, InvitationCreateSchema, InvitationResponse, Role, RoleInputSchema } from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique } from '../harness.js';
import { expectAnswer } from './answer.js';

export interface TestUser {
  id: string;
  personId: string;
  username: string;
  email: string;
  password: string;
  /** An access token, issued directly (no login round trip). */
  token: string;
}

/**
 * A person with an account, optionally super, disabled, or holding roles (slug, target id or null).
 * Made through the services rather than POST /users: most tests need several users before
 * anyone exists who may create accounts, and a token without a login round trip.
 */
export async function buildUser(
  app: FastifyInstance,
  options: { super?: boolean; disabled?: boolean; roles?: { slug: string; target?: { id: string; type: 'team' | 'project' } }[]; password?: string } = {},
): Promise<TestUser> {
  const { services, database } = app;
  const username = unique('user');
  const email = `${username}@example.org`;
  const password = options.password ?? 'correct horse battery';
  const user = await database.transaction(async (tx) => {
    const person = await services.people.createPersonRecord(tx, { name: `Test ${username}`, slug: username, email });
    return services.users.createUser({
      personId: person.id,
      username,
      email,
      passwordHash: await services.hasher.hash(password),
      super: options.super ?? false,
    });
  });
  for (const role of options.roles ?? []) {
    const found = await services.roles.findRole(role.slug);
    await services.roles.assign(user.id, found.id, role.target ?? null);
  }
  if (options.disabled) await services.users.setDisabled(user.id, true);
  return { id: user.id, personId: user.personId, username, email, password, token: await tokenFor(app, user.id) };
}

/** An access token of a new session of the user, as signing in gives (without the password round trip). */
export async function tokenFor(app: FastifyInstance, userId: string): Promise<string> {
  const session = await app.services.users.startSession(userId, { remember: false, userAgent: 'test', ip: '127.0.0.1' });
  return app.services.tokens.issue(userId, session.id);
}

/** A role (POST /roles, manageRoles), holding no permission unless given. */
export async function buildRole(app: FastifyInstance, as: TestUser, overrides: Partial<z.input<typeof RoleInputSchema>> = {}): Promise<Role> {
  const res = await api(app, 'POST', '/roles', { token: as.token, body: { name: unique('Role '), permissions: [], ...overrides } });
  return expectAnswer<Role>(res, 201, 'POST /roles');
}

/** An API key of the actor's own (POST /users/{id}/apikeys), with its secret. */
export async function buildApiKey(app: FastifyInstance, as: TestUser, overrides: Partial<z.input<typeof ApiKeyCreateSchema>> = {}): Promise<ApiKeyCreated> {
  const res = await api(app, 'POST', `/users/${as.username}/apikeys`, { token: as.token, body: { comment: unique('Key '), ...overrides } });
  return expectAnswer<ApiKeyCreated>(res, 201, 'POST /users/{id}/apikeys');
}

/** An invitation (POST /invitations, manageUsers) of a new person unless a personId is given; its code goes out by mail. */
export async function buildInvitation(
  app: FastifyInstance,
  as: TestUser,
  overrides: Partial<z.input<typeof InvitationCreateSchema>> = {},
): Promise<Invitation> {
  const email = `${unique('invited')}@example.org`;
  const res = await api(app, 'POST', '/invitations', {
    token: as.token,
    body: { email, ...(overrides.personId ? {} : { name: `Invited ${email}` }), ...overrides },
  });
  return expectAnswer<InvitationResponse>(res, 201, 'POST /invitations').invitation;
}
