import { signedIn } from '../../plugins/auth.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvitationAcceptedSchema, InvitationAcceptSchema, InvitationCreateSchema, InvitationResponseSchema } from '@observatory/shared';

const CodeParams = z.object({ code: z.string().min(10).max(200) });

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const tags = ['invitations'];

  app.post(
    '/invitations',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Invite a person by e-mail (manageUsers); the code is valid 14 days',
        body: InvitationCreateSchema,
        response: { 201: InvitationResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ invitation: await invitations.invite(request.actor, request.body) }),
  );

  app.get(
    '/invitations/:code',
    { schema: { tags, summary: 'Check an invitation code', params: CodeParams, response: { 200: InvitationResponseSchema } } },
    async (request) => ({ invitation: await invitations.check(request.params.code) }),
  );

  app.post(
    '/invitations/:code/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: choose a username and password',
        params: CodeParams,
        body: InvitationAcceptSchema,
        response: { 201: InvitationAcceptedSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ user: await invitations.accept(request.params.code, request.body) }),
  );
};
