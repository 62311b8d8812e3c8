import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A stored version of an asset other than the original, e.g. a 96 px WebP thumbnail. */
export interface AssetVariant {
  key: string;
  mediaType: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/**
 * An uploaded file: the original under `storageKey`, derived versions (thumbnails) in
 * `variants` by name. The bytes live in the storage (a directory or S3), never here.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    storageKey: text().notNull().unique(),
    /** As the uploader named it: for display only, never part of a path or key. */
    fileName: text(),
    mediaType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    width: integer(),
    height: integer(),
    variants: jsonb().$type<Record<string, AssetVariant>>().notNull().default({}),
    // Annotated: users -> people -> assets -> users is a cycle type inference cannot follow.
    ownerId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId)],
);
