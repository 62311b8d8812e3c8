import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyCreateSchema, ApiKeyCreatedSchema, ApiKeysResponseSchema } from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';

const UserParams = z.object({ id: z.string().min(1).max(100).describe('Person id or username') });
const KeyParams = UserParams.extend({ keyId: z.uuid() });

/** A user's API keys, under their account: seen and made by the user (and manageUsers). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;
  const tags = ['users'];

  app.get(
    '/users/:id/apikeys',
    { onRequest: signedIn, schema: { tags, summary: "A user's API keys (never their secrets)", params: UserParams, response: { 200: ApiKeysResponseSchema } } },
    async (request) => ({ apikeys: await apiKeys.listKeys(request.actor, request.params.id) }),
  );

  app.post(
    '/users/:id/apikeys',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Create an API key; the answer holds its secret, shown this once',
        params: UserParams,
        body: ApiKeyCreateSchema,
        response: { 201: ApiKeyCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await apiKeys.createKey(request.actor, request.params.id, request.body)),
  );

  app.delete(
    '/users/:id/apikeys/:keyId',
    { onRequest: signedIn, schema: { tags, summary: 'Revoke an API key', params: KeyParams, response: { 204: z.undefined().describe('No content') } } },
    async (request, reply) => {
      await apiKeys.revokeKey(request.actor, request.params.id, request.params.keyId);
      return reply.status(204).send();
    },
  );
};
