import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProseMirrorDoc } from '@observatory/shared';
import { people, versioned } from './people.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A documentation page, addressed by its path under /doc (`guide/map`): its parent is the
 * page at the path without its last segment, and `position` orders it among its siblings.
 * A draft is seen only by managePages holders: `visibility` is derived from `draft` for
 * the resource registry (members-only with no members). `searchText` (title and text as
 * plain words) is kept by the service for full-text search.
 */
export const pages = pgTable(
  'pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    path: text().notNull(),
    title: text().notNull(),
    doc: jsonb().$type<ProseMirrorDoc>(),
    position: integer().notNull().default(0),
    draft: boolean().notNull().default(false),
    visibility: text()
      .notNull()
      .generatedAlwaysAs(sql`case when draft then 'members' else 'public' end`),
    searchText: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || to_tsvector('english', search_text)`),
    updatedBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: versioned.version,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_path_unique').on(t.path), index('pages_search_idx').using('gin', t.searchVector)],
);

/**
 * A short address, /s/{slug}, that redirects to a target: an http(s) URL or a path of this
 * site. The slug is unique whatever its letters' case; each redirect counts a hit.
 */
export const shortlinks = pgTable(
  'shortlinks',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    target: text().notNull(),
    hits: integer().notNull().default(0),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortlinks_slug_unique').on(sql`lower(${t.slug})`)],
);
