import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

export interface Message {
  to: string;
  subject: string;
  text: string;
  /** Headers beyond to, from and subject (List-Unsubscribe...); the outbox keeps them too. */
  headers?: Record<string, string>;
}

/**
 * Sends mail through SMTP_URL when configured. Every message is also kept in the
 * outbox table; without SMTP the outbox (readable by administrators) and the
 * console log are where it goes.
 */
export function createMailer(options: { smtpUrl: string | null; from: string }, db: Database, log: FastifyBaseLogger) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message: Message): Promise<void> {
      await db.use((d) => d.insert(outbox).values({ ...message, headers: message.headers ?? {}, transport: transport ? 'smtp' : 'outbox' }));
      if (transport) {
        await transport.sendMail({ from: options.from, ...message });
      } else {
        log.info({ mail: message }, `Mail to ${message.to} kept in the outbox (no SMTP_URL): ${message.subject}`);
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
