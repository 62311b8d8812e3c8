import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.js';

/** Small key/value settings the server makes itself (e.g. its token signing secret). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull(),
});

/** Rate-limit windows shared by every server process on one database server (lib/rate-limiter.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.resetAt)],
);

/** Mail that was sent, or, with no SMTP server configured, only stored here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    /** Headers beyond to, from and subject (List-Unsubscribe...). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    transport: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);

/** A PostgreSQL 64-bit transaction id (xid8), read as its decimal text. */
const transactionId = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The order of entries within their transaction. */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The writing transaction: the change feed lists an entry once every transaction begun before it has ended (modules/system/changes.ts). */
    txid: transactionId()
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  // Deletions are looked up by what they named: a page of a deleted resource answers 410 (modules/system/deletions.ts).
  (t) => [
    index().on(t.createdAt),
    index('audit_log_feed_idx').on(t.txid, t.seq),
    index('audit_log_deletions_idx')
      .on(t.action)
      .where(sql`action like '%.delete'`),
    // An object's geometries over time, its SensorThings HistoricalLocations (modules/sensorthings/entities.ts).
    index('audit_log_locations_idx')
      .on(t.targetId, t.createdAt, t.seq)
      .where(sql`action in ('object.create', 'object.update') and after ? 'geo'`),
  ],
);

/**
 * Creates carried out under an `Idempotency-Key` (plugins/idempotency.ts), per caller (a
 * user or an API key), kept IDEMPOTENCY_TTL_H hours: the same key and body answer the
 * stored answer again. `response` stays null while the first request runs, and for calls
 * whose answers hold secrets (only their status is kept).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text().notNull(),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** SHA-256 of the method, the URL and the body's bytes (a multipart upload's too, its boundary left out). */
    bodyHash: text().notNull(),
    status: integer(),
    headers: jsonb().$type<Record<string, string>>(),
    response: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index().on(t.createdAt)],
);
