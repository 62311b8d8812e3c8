import { z } from 'zod';
import { CHANGE_KINDS } from './harvest.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

/** What a webhook may be told of: the change feed's operations. */
export const WEBHOOK_EVENTS = ['create', 'update', 'delete'] as const;

/** The most webhooks a catalogue keeps (each is polled and delivered to). */
export const WEBHOOKS_MAX = 50;

/** How many of a webhook's latest deliveries its log shows. */
export const WEBHOOK_LOG_SIZE = 50;

const WebhookFields = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'Give the receiver’s http or https address' })
    .max(2000)
    .describe('Where deliveries are POSTed. Redirects are not followed; private, loopback and link-local addresses are refused (unless WEBHOOK_ALLOW_PRIVATE)'),
  description: z.string().trim().max(200).default('').describe('What it is for, in the log'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length).describe('Which operations it is told of'),
  kinds: z.array(z.enum(CHANGE_KINDS)).min(1, 'Choose at least one kind').max(CHANGE_KINDS.length).describe('Of which kinds of resource'),
  owner: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .default(null)
    .describe('A username: deliveries carry what that user may see when they are sent; none: what a visitor may see'),
  active: z.boolean().default(true).describe('false: nothing is sent (changes meanwhile are not kept for it)'),
});

/** POST admin/webhooks. */
export const WebhookInputSchema = WebhookFields;
export type WebhookInput = z.input<typeof WebhookInputSchema>;

/** PUT admin/webhooks/{id}: the fields given change. */
export const WebhookUpdateSchema = WebhookFields.partial().extend({ version: BodyVersionSchema });

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  kinds: z.array(z.enum(CHANGE_KINDS)),
  owner: z.object({ username: z.string(), name: z.string() }).nullable().describe('Whose view deliveries carry (null: a visitor’s)'),
  active: z.boolean(),
  version: VersionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z
    .object({ status: z.enum(['delivered', 'retrying', 'failed']), at: z.string() })
    .nullable()
    .describe('How the latest finished attempt went'),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhooksResponseSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhooksResponse = z.infer<typeof WebhooksResponseSchema>;

/** POST admin/webhooks: the webhook and its signing secret, shown this once. */
export const WebhookCreatedSchema = z.object({
  webhook: WebhookSchema,
  secret: z.string().describe('whsec_…: the Standard Webhooks signing secret. Shown only now; it cannot be read again'),
});
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string().describe('The message id, sent as webhook-id (the same on every retry)'),
  type: z.string().describe('project.update, object.delete… or webhook.test'),
  status: z.enum(['pending', 'delivered', 'retrying', 'failed']).describe('failed: given up (a day of retries), or refused before sending'),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable().describe('The receiver’s HTTP status at the last attempt'),
  error: z.string().nullable().describe('Why the last attempt failed, when it did'),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema).describe(`The latest ${WEBHOOK_LOG_SIZE}, newest first`),
});
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;

/** POST admin/webhooks/{id}/test: how the test message went. */
export const WebhookTestAnswerSchema = z.object({ delivery: WebhookDeliverySchema });
