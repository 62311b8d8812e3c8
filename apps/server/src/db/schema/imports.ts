import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.js';

/**
 * An uploaded spreadsheet, decoded on the server: its file (in storage, to read another
 * sheet), its columns and, in import_records, its records. Kept in the database so any
 * server process can preview or commit it; what was imported and by whom stays listed.
 */
export const importSessions = pgTable(
  'import_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    size: integer().notNull(),
    /** csv, tsv or xlsx. */
    format: text().notNull(),
    sheets: jsonb().$type<string[]>().notNull().default([]),
    sheet: text(),
    columns: jsonb().$type<{ index: number; header: string }[]>().notNull(),
    records: integer().notNull(),
    /** What it was imported as (objects, object_rels, observations), with which options and what it did: set by a commit. */
    kind: text(),
    options: jsonb(),
    stats: jsonb(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.createdAt)],
);

/** A session's records in file order: `position` 0 is the row after the header. */
export const importRecords = pgTable(
  'import_records',
  {
    sessionId: uuid()
      .notNull()
      .references(() => importSessions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    cells: jsonb().$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.position] })],
);
