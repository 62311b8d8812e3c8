import { signedIn } from '../../plugins/auth.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountUpdateSchema,
  EmailChangedSchema,
  ResetLinkResponseSchema,
  RoleAssignmentsResponseSchema,
  UserCreateSchema,
  UserDetailSchema,
  UsersResponseSchema,
} from '@observatory/shared';
import { setPaginationHeaders } from '../../lib/pagination.js';

const UserParams = z.object({ id: z.string().min(1).max(100).describe('Person id or username') });
const RoleParams = z.object({
  personId: z.string().min(1).max(100).describe('Person id or username'),
  target: z.union([z.literal('global'), z.uuid()]).describe('A project or team id, or "global"'),
  role: z.string().min(1).max(100).describe('Role slug'),
});

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, invitations, auth } = app.services;
  const tags = ['users'];

  app.get(
    '/users',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Accounts by username; q searches username, e-mail and name (manageUsers)',
        querystring: z.object({ q: z.string().trim().max(200).optional(), p: z.coerce.number().int().min(1).max(1_000_000).default(1) }),
        response: { 200: UsersResponseSchema },
      },
    },
    async (request, reply) => {
      const { users: list, page, total } = await users.listUsers(request.actor, request.query);
      setPaginationHeaders(reply, page, total);
      return { users: list };
    },
  );

  app.post(
    '/users',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Create an account and its person (manageUsers)', body: UserCreateSchema, response: { 201: UserDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await invitations.createAccount(request.actor, request.body)),
  );

  app.get(
    '/users/:id',
    { onRequest: signedIn, schema: { tags, summary: 'A user account, its person and roles', params: UserParams, response: { 200: UserDetailSchema } } },
    async (request) => users.getUser(request.actor, request.params.id),
  );

  app.put(
    '/users/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Change a user's e-mail (the user or manageUsers), username or disabled (manageUsers)",
        description:
          "Changing an e-mail address needs the caller's own password (currentPassword). One's own new address takes effect when the link mailed to it is opened (POST email-changes/{code}); the old address is told.",
        params: UserParams,
        body: AccountUpdateSchema,
        response: { 200: UserDetailSchema },
      },
    },
    async (request) => users.updateAccount(request.actor, request.params.id, request.body),
  );

  app.post(
    '/email-changes/:code',
    {
      schema: {
        tags,
        summary: 'Confirm a new e-mail address with the code mailed to it (single use, 24 hours)',
        params: z.object({ code: z.string().min(10).max(200) }),
        response: { 200: EmailChangedSchema },
      },
    },
    async (request) => users.confirmEmailChange(request.params.code),
  );

  app.post(
    '/users/:id/reset',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Make a password-reset link for an account (manageUsers); mailed when it has an e-mail address',
        params: UserParams,
        response: { 200: ResetLinkResponseSchema },
      },
    },
    async (request) => auth.resetLinkFor(request.actor, request.params.id),
  );

  app.put(
    '/users/:personId/roles/:target/:role',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Give a user a role, globally or on a target (a role already held changes nothing)',
        params: RoleParams,
        response: { 200: RoleAssignmentsResponseSchema },
      },
    },
    async (request) => {
      const { personId, target, role } = request.params;
      return users.assignRole(request.actor, personId, target, role);
    },
  );

  app.delete(
    '/users/:personId/roles/:target/:role',
    { onRequest: signedIn, schema: { tags, summary: 'Take a role away', params: RoleParams, response: { 200: RoleAssignmentsResponseSchema } } },
    async (request) => {
      const { personId, target, role } = request.params;
      return users.deleteRole(request.actor, personId, target, role);
    },
  );
};
