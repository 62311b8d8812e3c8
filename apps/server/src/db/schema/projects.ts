import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ProseMirrorDoc } from '@observatory/shared';
import { assets, institutions, people, teams, versioned } from './people.js';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    summary: text(),
    status: text().notNull().default('active'),
    visibility: text().notNull().default('public'),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    archived: boolean().notNull().default(false),
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    doc: jsonb().$type<ProseMirrorDoc>(),
    /** Title, summary and the documentation's text: what full-text search reads. */
    searchText: text().notNull().default(''),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    index('projects_search_idx').using('gin', sql`to_tsvector('english', ${t.searchText})`),
    index('projects_title_idx').on(sql`lower(${t.title})`),
    index().on(t.teamId),
  ],
);

/** Slugs a project had before: their addresses keep working. */
export const projectSlugs = pgTable('project_slugs', {
  slug: text().primaryKey(),
  projectId: uuid()
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const projectContributors = pgTable(
  'project_contributors',
  {
    id: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    title: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [unique().on(t.projectId, t.personId), index().on(t.personId)],
);

export const projectInstitutions = pgTable(
  'project_institutions',
  {
    id: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    role: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [unique().on(t.projectId, t.institutionId), index().on(t.institutionId)],
);

export const projectUpdates = pgTable(
  'project_updates',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    doc: jsonb().$type<ProseMirrorDoc>(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    ...versioned,
    ...timestamps,
  },
  (t) => [unique().on(t.projectId, t.slug), index().on(t.projectId, t.publishedAt)],
);

/** Every saved version of a document (a project's documentation, an update's text): who and when. */
export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What the document belongs to (DocumentOwner): "project", "update", "object", "insight", "page" or "bio" (a person's). */
    ownerType: text().notNull(),
    ownerId: uuid().notNull(),
    doc: jsonb().$type<ProseMirrorDoc>(),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerType, t.ownerId, t.createdAt)],
);

/**
 * The images (asset ids) a document names, in its current text (`current`) or only in older
 * revisions: what holds an image, read by asset when the image is served and counted as a
 * use. Kept by the documents module with every revision saved.
 */
export const documentImages = pgTable(
  'document_images',
  {
    ownerType: text().notNull(),
    ownerId: uuid().notNull(),
    assetId: uuid().notNull(),
    current: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerType, t.ownerId, t.assetId] }), index().on(t.assetId)],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** The highest version number ever given: a deleted version's number is never reused. */
    lastVersion: integer().notNull().default(1),
    ...versioned,
    ...timestamps,
  },
  (t) => [index().on(t.projectId)],
);

/** A file's versions, numbered from 1; the bytes are an asset in the storage. */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    fileId: uuid()
      .notNull()
      .references(() => projectFiles.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    assetId: uuid()
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    authorId: uuid().references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.fileId, t.version), index().on(t.assetId)],
);
