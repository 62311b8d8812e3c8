import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ProseMirrorDoc } from '@observatory/shared';
import { assets } from './assets';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    ...timestamps,
  },
  (t) => [index().on(t.categoryId)],
);

export const people = pgTable(
  'people',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    email: text(),
    orcid: text(),
    bio: jsonb().$type<ProseMirrorDoc>(),
    photoId: uuid().references(() => assets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('people_name_idx').on(sql`lower(${t.name})`)],
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
  ...timestamps,
});
