import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Metric, MetricChangeSchema, MetricInputSchema, MetricNameSchema, MetricResponseSchema, MetricsResponseSchema } from '@observatory/shared';
import type { FastifyReply } from 'fastify';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { signedIn } from '../../../plugins/auth.js';

const NameParams = z.object({ name: MetricNameSchema });

/** Metrics: what is measured, in which unit: read by everyone, changed with manageSchema. */
export const metricRoutes: FastifyPluginAsyncZod = async (app) => {
  const { metrics } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };
  /** A metric's answer, with its version as the ETag. */
  const tagged = async (reply: FastifyReply, metric: Promise<Metric>) => {
    const answer = { metric: await metric };
    return withETag(reply, answer, answer.metric.version);
  };

  app.get('/data/metrics', { schema: { tags, summary: 'Every metric', response: { 200: MetricsResponseSchema } } }, async () => ({
    metrics: await metrics.listMetrics(),
  }));
  app.get(
    '/data/metrics/:name',
    { schema: { tags, summary: 'A metric by name', params: NameParams, response: { 200: MetricResponseSchema } } },
    async (request, reply) => tagged(reply, metrics.getMetric(request.params.name)),
  );
  app.post(
    '/data/metrics',
    { ...write, schema: { tags, summary: 'Create a metric (manageSchema)', body: MetricInputSchema, response: { 201: MetricResponseSchema } } },
    async (request, reply) => reply.status(201).send(await tagged(reply, metrics.createMetric(request.actor, request.body))),
  );
  app.put(
    '/data/metrics/:name',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a metric (manageSchema)',
        params: NameParams,
        headers: ConditionalHeadersSchema,
        body: MetricChangeSchema,
        response: { 200: MetricResponseSchema },
      },
    },
    async (request, reply) => tagged(reply, metrics.updateMetric(request.actor, request.params.name, request.body, preconditionOf(request))),
  );
  app.delete(
    '/data/metrics/:name',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a metric no object type measures (manageSchema)',
        params: NameParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await metrics.deleteMetric(request.actor, request.params.name, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
