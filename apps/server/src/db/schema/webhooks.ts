import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, versioned } from './people.js';

/** Receivers of the change feed (modules/webhooks): where to POST, what to tell, as whom. */
export const webhooks = pgTable('webhooks', {
  id: uuid().primaryKey().defaultRandom(),
  url: text().notNull(),
  description: text().notNull().default(''),
  events: jsonb().$type<string[]>().notNull(),
  kinds: jsonb().$type<string[]>().notNull(),
  /** Whose view the deliveries carry; null: a visitor's. */
  ownerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  active: boolean().notNull().default(true),
  /** The Standard Webhooks secret (whsec_…), sealed (lib/secret-box.ts). */
  secret: text().notNull(),
  /** The change feed's cursor up to which changes were queued for it. */
  cursor: text().notNull(),
  ...versioned,
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What is to be sent, and how it went. A row names the change (its feed cursor, kind, id and
 * operation); the body is made when it is sent, so it carries what the webhook's reader may
 * see then.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The message id, sent as webhook-id on every attempt. */
    id: text().primaryKey(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** The change as the feed listed it when queued (cursor, op, kind, id); null for a test. */
    change: jsonb().$type<{ cursor: string; op: string; kind: string; id: string } | null>(),
    status: text().$type<'pending' | 'delivered' | 'retrying' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    error: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'retrying')`),
  ],
);
