import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WebhookCreatedSchema,
  WebhookDeliveriesResponseSchema,
  WebhookInputSchema,
  WebhookSchema,
  WebhooksResponseSchema,
  WebhookTestAnswerSchema,
  WebhookUpdateSchema,
} from '@observatory/shared';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';
import { signedIn } from '../../plugins/auth.js';

const IdParams = z.object({ id: z.uuid() });

/** Site Admin → Webhooks (manageSettings). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  const tags = ['webhooks'];
  const write = { onRequest: signedIn };
  app.services.webhooks.start(app.config.webhooks.pollMs);
  app.addHook('onClose', () => webhooks.stop());

  app.get(
    '/admin/webhooks',
    { ...write, schema: { tags, summary: 'Every webhook, with how its latest delivery went (manageSettings)', response: { 200: WebhooksResponseSchema } } },
    async (request) => webhooks.list(request.actor),
  );

  app.post(
    '/admin/webhooks',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Register a webhook: the changes it asks for are POSTed to its URL, signed as Standard Webhooks says. Its secret is answered this once (manageSettings)',
        body: WebhookInputSchema,
        response: { 201: WebhookCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(request.actor, request.body)),
  );

  app.put(
    '/admin/webhooks/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a webhook: the fields given (manageSettings). Turned on again, it hears of changes from then on',
        params: IdParams,
        headers: ConditionalHeadersSchema,
        body: WebhookUpdateSchema,
        response: { 200: WebhookSchema },
      },
    },
    async (request, reply) => {
      const changed = await webhooks.update(request.actor, request.params.id, request.body, preconditionOf(request));
      return withETag(reply, changed, changed.version);
    },
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log: nothing more is sent (manageSettings)',
        params: IdParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      ...write,
      schema: {
        tags,
        summary: 'A webhook’s latest deliveries, newest first (manageSettings)',
        params: IdParams,
        response: { 200: WebhookDeliveriesResponseSchema },
      },
    },
    async (request) => webhooks.deliveries(request.actor, request.params.id),
  );

  app.post(
    '/admin/webhooks/:id/test',
    {
      ...write,
      schema: {
        tags,
        summary: 'Send a webhook.test message now and answer how it went; a failure is retried like any delivery (manageSettings)',
        params: IdParams,
        response: { 202: WebhookTestAnswerSchema },
      },
    },
    async (request, reply) => reply.status(202).send({ delivery: await webhooks.sendTest(request.actor, request.params.id) }),
  );
};
