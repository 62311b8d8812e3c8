import { createHmac, randomBytes } from 'node:crypto';

/** A new Standard Webhooks signing secret: whsec_ and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The Standard Webhooks headers of a message (https://www.standardwebhooks.com/): its id,
 * the time in Unix seconds, and `v1,` + base64 HMAC-SHA256 of "id.timestamp.body" keyed
 * with the secret's bytes.
 */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
