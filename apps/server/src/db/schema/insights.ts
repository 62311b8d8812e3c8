import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProseMirrorDoc } from '@observatory/shared';
import { objects } from './objects.js';
import { assets, people, teams, versioned } from './people.js';

/** PostgreSQL's tsvector: the words of a text, ready for full-text search. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An insight: an article by a person, perhaps for a team, with tags and linked objects.
 * Members-only insights are seen by the team's members (no team: the author alone).
 * `num` is its number in the order written (/insights/12); `searchText` is its title and
 * text as plain words, kept by the service for the full-text index.
 */
export const insights = pgTable(
  'insights',
  {
    id: uuid().primaryKey().defaultRandom(),
    num: integer().generatedAlwaysAsIdentity().notNull().unique(),
    title: text().notNull(),
    doc: jsonb().$type<ProseMirrorDoc>(),
    searchText: text().notNull().default(''),
    /**
     * The search text's words, kept by the database: ranking reads them rather than making
     * them again from the text for every match (1.5 s for 20,000 matches). The migration
     * keeps them in the row (storage main), where reading them costs least.
     */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    visibility: text().notNull().default('public'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insights_search_idx').using('gin', t.searchVector),
    index('insights_tags_idx').using('gin', t.tags),
    index().on(t.createdAt),
    index().on(t.authorId),
    index().on(t.teamId),
  ],
);

/** The objects an insight is about, in order. */
export const insightObjects = pgTable(
  'insight_objects',
  {
    insightId: uuid()
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    objectId: uuid()
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.insightId, t.objectId] }), index().on(t.objectId)],
);

/** A comment on an insight: seen with it; changed by its author or the insight's editors. */
export const insightComments = pgTable(
  'insight_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    insightId: uuid()
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    content: text().notNull(),
    photoId: uuid().references(() => assets.id, { onDelete: 'restrict' }),
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.insightId, t.timestamp), index().on(t.photoId)],
);
