import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ProseMirrorDoc } from '@observatory/shared';

// People, their accounts and the files they upload refer to each other (a person's photo is
// an asset, an asset's owner a user, a user a person): one file, so no import circle.

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * The version of an editable resource row (docs/api.md "Versions"): 1 when created, one
 * more at every write to the row or, where its editor shows them together, to what it owns
 * (lib/versions.ts); who wrote last beside it. Its detail answers it as `version` and
 * `ETag: "<version>"`; a write sending `If-Match` is refused with 412 once it has moved on.
 */
export const versioned = {
  version: integer().notNull().default(1),
  /** Who wrote last: a person (an account's or an API key's). */
  updatedBy: uuid().references((): AnyPgColumn => people.id, { onDelete: 'set null' }),
};

export const institutionCategories = pgTable('institution_categories', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  position: integer().notNull().default(0),
  ...timestamps,
});

export const institutions = pgTable(
  'institutions',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    url: text(),
    ror: text(),
    logoId: uuid().references(() => assets.id, { onDelete: 'set null' }),
    categoryId: uuid().references(() => institutionCategories.id, { onDelete: 'set null' }),
    ...versioned,
    ...timestamps,
  },
  (t) => [index().on(t.categoryId), index().on(t.logoId)],
);

export const people = pgTable(
  'people',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    email: text(),
    orcid: text(),
    /** The person asked search engines not to index them (docs/findable.md). */
    noindex: boolean().notNull().default(false),
    bio: jsonb().$type<ProseMirrorDoc>(),
    photoId: uuid().references(() => assets.id, { onDelete: 'set null' }),
    ...versioned,
    ...timestamps,
  },
  (t) => [index('people_name_idx').on(sql`lower(${t.name})`), index().on(t.photoId)],
);

export const affiliations = pgTable(
  'affiliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    title: text(),
    primary: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.personId, t.institutionId), index().on(t.institutionId)],
);

export const teams = pgTable('teams', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text(),
  ...versioned,
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    personId: uuid()
      .notNull()
      .unique()
      .references(() => people.id, { onDelete: 'cascade' }),
    username: text().notNull().unique(),
    email: text(),
    passwordHash: text(),
    super: boolean().notNull().default(false),
    disabled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

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
    // Annotated: users -> people -> assets -> users is a circle type inference cannot follow.
    ownerId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId)],
);
