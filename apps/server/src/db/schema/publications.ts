import type { PublicationExtra } from '@observatory/shared';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people, versioned } from './people.js';
import { projects } from './projects.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A publication of the catalogue. `searchText` (its title, authors and abstract as plain
 * words) is kept by the service; the database keeps its words for full-text search. A DOI
 * is stored bare (10.1234/abc) and is unique whatever its letters' case. `createdBy` is the
 * person who added it: they may edit and delete it.
 */
export const publications = pgTable(
  'publications',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    type: text().notNull().default('article'),
    title: text().notNull(),
    year: integer(),
    venue: text(),
    volume: text(),
    issue: text(),
    pages: text(),
    doi: text(),
    url: text(),
    abstract: text(),
    keywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The citation key it came with (BibTeX's), kept for export. */
    citationKey: text(),
    /**
     * The bibliographic fields the catalogue has no column for (urldate, issn, editor,
     * note...), by format, as they came in: written back out in the same format, and
     * mapped across formats where CSL has the field. See docs/publications.md.
     */
    extra: jsonb().$type<PublicationExtra>().notNull().default({}),
    searchText: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
    createdBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...versioned,
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_doi_unique').on(sql`lower(${t.doi})`),
    index('publications_search_idx').using('gin', t.searchVector),
    index().on(t.year),
    index().on(t.createdBy),
  ],
);

/**
 * The authors of a publication, in order: a name as written, perhaps linked to a person.
 * A link is a suggestion until the person (or managePublications) confirms it.
 */
export const publicationAuthors = pgTable(
  'publication_authors',
  {
    publicationId: uuid()
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    personId: uuid().references(() => people.id, { onDelete: 'set null' }),
    confirmed: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.position] }), index().on(t.personId)],
);

/** The projects a publication belongs to. */
export const projectPublications = pgTable(
  'project_publications',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    publicationId: uuid()
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.publicationId] }), index().on(t.publicationId)],
);
