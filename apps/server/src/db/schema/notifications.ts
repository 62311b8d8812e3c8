import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { insights } from './insights.js';
import { assets, people } from './people.js';

/**
 * An image uploaded for a comment on an insight (POST insights/{id}/comment-photos): it
 * belongs to that insight from the upload on, so it is served as the insight is seen
 * (signed URLs when not everyone may see it), and one comment at most shows it. When the
 * insight is deleted the row stays with no insight, and the image is served to managers
 * only (never to everyone, as an image nothing holds would be).
 */
export const insightCommentPhotos = pgTable(
  'insight_comment_photos',
  {
    assetId: uuid()
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    insightId: uuid().references(() => insights.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.insightId)],
);

/** A person's choice about one topic of mail (MAIL_TOPICS); no row: subscribed. */
export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    subscribed: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.topic] })],
);

/**
 * The unsubscribe links mailed, one per message: only the SHA-256 of the random token
 * (256 bits) is kept, with the one person and the one topic it unsubscribes from.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text().primaryKey(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.personId)],
);
