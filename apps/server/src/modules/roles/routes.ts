import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RoleDetailSchema, RoleInputSchema, RoleSchema, RolesResponseSchema } from '@observatory/shared';
import { authorize } from '../../authz/authorize.js';
import { signedIn } from '../../plugins/auth.js';

const RoleParams = z.object({ slug: z.string().min(1).max(100) });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roles } = app.services;
  const tags = ['roles'];

  app.get(
    '/roles',
    { onRequest: signedIn, schema: { tags, summary: 'Every role with its permissions (accessAdmin)', response: { 200: RolesResponseSchema } } },
    async (request) => {
      authorize(request.actor, 'accessAdmin');
      return { roles: await roles.listRoles() };
    },
  );

  app.get(
    '/roles/:slug',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'A role, how many hold it, whether it is built in', params: RoleParams, response: { 200: RoleDetailSchema } },
    },
    async (request) => roles.getRole(request.actor, request.params.slug),
  );

  app.post(
    '/roles',
    { onRequest: signedIn, schema: { tags, summary: 'Create a role (manageRoles)', body: RoleInputSchema, response: { 201: RoleSchema } } },
    async (request, reply) => reply.status(201).send(await roles.createRole(request.actor, request.body)),
  );

  app.put(
    '/roles/:slug',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Rename a role or change its permissions (manageRoles)',
        params: RoleParams,
        body: RoleInputSchema.omit({ slug: true }).partial(),
        response: { 200: RoleSchema },
      },
    },
    async (request) => roles.updateRole(request.actor, request.params.slug, request.body),
  );

  app.delete(
    '/roles/:slug',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Delete a role nobody holds (not a built-in one)', params: RoleParams, response: { 204: z.undefined().describe('No content') } },
    },
    async (request, reply) => {
      await roles.deleteRole(request.actor, request.params.slug);
      return reply.status(204).send();
    },
  );
};
