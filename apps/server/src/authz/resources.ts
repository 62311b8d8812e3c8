import type { GlobalPermission, ResourceAction } from '@observatory/shared';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  assets,
  datastreams,
  fileVersions,
  insightComments,
  insights,
  institutions,
  notes,
  objectProjects,
  objects,
  pages,
  people,
  photos,
  projectFiles,
  projects,
  projectSlugs,
  projectUpdates,
  publicationAuthors,
  sensors,
  publications,
  teams,
  users,
} from '../db/schema/index.js';

/**
 * The resource registry: one descriptor per kind of thing the API shows. The policy
 * (policy.ts) decides for one row from a descriptor's facts; visibility.ts builds the
 * same decision as SQL for lists; lookup.ts finds a row by any of its keys. A new kind
 * is one descriptor here plus its rows in the policy and list-equals-detail tests.
 */
export type Kind =
  | 'project'
  | 'update'
  | 'object'
  | 'team'
  | 'person'
  | 'user'
  | 'institution'
  | 'note'
  | 'photo'
  | 'asset'
  | 'file'
  | 'version'
  | 'insight'
  | 'comment'
  | 'publication'
  | 'page'
  | 'sensor'
  | 'datastream';

export type Visibility = 'public' | 'signed-in' | 'members';

export interface Descriptor {
  /** In messages: "Project not found". */
  what: string;
  table: PgTable;
  id: AnyPgColumn;
  /** What a UUID in a path may name, when not only the id (a user by their person's id, or their own). */
  uuidKeys?: AnyPgColumn[];
  /** Another key a path may name a row by (a slug, a name, a username). */
  key?: AnyPgColumn;
  /** The key is stored in lower case and matched so (usernames). */
  keyLowercase?: boolean;
  /** A row's number within its parent (a file's version 3). */
  number?: AnyPgColumn;
  /** Former slugs that still lead to the row. */
  formerKeys?: { table: PgTable; key: AnyPgColumn; id: AnyPgColumn };
  /** The row is found inside a parent (an update inside its project) and is seen as the parent is. */
  parent?: { kind: Kind; column: AnyPgColumn };
  /**
   * A row whose parent is gone (a photo of a deleted object) is seen by its owner and by
   * holders of this permission only. Absent: such a row is seen by the parent kind's managers.
   */
  orphans?: GlobalPermission;
  /** Who may see it: a column of public | signed-in | members, or one rule for every row. Absent: as its parent, or public. */
  visibility?: AnyPgColumn | Visibility;
  /**
   * Where the roles that apply to a row are held: the row itself (a project, a team), a
   * link table (an object's projects), or a column of the row (an insight's team).
   */
  targets?: 'self' | { table: PgTable; of: AnyPgColumn; target: AnyPgColumn } | { column: AnyPgColumn };
  /** Who owns a row: an account or a person (an author). */
  owner?: { user?: AnyPgColumn; person?: AnyPgColumn };
  /**
   * People who hold some of an owner's rights through a link table (a publication's
   * confirmed authors): the rows of `table` whose `of` is the row, `person` theirs and
   * `confirmed` true grant `actions`.
   */
  coOwners?: { table: PgTable; of: AnyPgColumn; person: AnyPgColumn; confirmed: AnyPgColumn; actions: readonly ResourceAction[] };
  /** The global permission that lets an administrator do anything to this kind. */
  manager?: GlobalPermission;
  /** What owning a row grants (default: everything but managing members). */
  ownerActions?: readonly ResourceAction[];
  /**
   * The actions this kind has, each granted by a policy action (a note can be deleted by
   * whoever may edit it). Default: every resource action, granted by itself.
   */
  actions?: Partial<Record<ResourceAction, ResourceAction>>;
}

/** Notes and photos: seen with their object, changed and removed by their author or the object's editors. */
const CHANGED_BY_EDITORS = { view: 'view', edit: 'edit', delete: 'edit' } as const;

export const RESOURCES: Record<Kind, Descriptor> = {
  project: {
    what: 'Project',
    table: projects,
    id: projects.id,
    key: projects.slug,
    formerKeys: { table: projectSlugs, key: projectSlugs.slug, id: projectSlugs.projectId },
    visibility: projects.visibility,
    targets: 'self',
    manager: 'manageProjects',
  },
  // Updates, files and versions are changed by the project's editors: its permissions are theirs.
  update: {
    what: 'Update',
    table: projectUpdates,
    id: projectUpdates.id,
    key: projectUpdates.slug,
    parent: { kind: 'project', column: projectUpdates.projectId },
  },
  file: { what: 'File', table: projectFiles, id: projectFiles.id, parent: { kind: 'project', column: projectFiles.projectId } },
  version: { what: 'Version', table: fileVersions, id: fileVersions.id, number: fileVersions.version, parent: { kind: 'file', column: fileVersions.fileId } },
  object: {
    what: 'Object',
    table: objects,
    id: objects.id,
    key: objects.name,
    visibility: objects.visibility,
    targets: { table: objectProjects, of: objectProjects.objectId, target: objectProjects.projectId },
    manager: 'manageProjects',
  },
  note: {
    what: 'Note',
    table: notes,
    id: notes.id,
    parent: { kind: 'object', column: notes.objectId },
    owner: { person: notes.authorId },
    ownerActions: ['view', 'edit'],
    actions: CHANGED_BY_EDITORS,
  },
  // A photo outlives its object (the object's deletion leaves it without one): then it is its uploader's and manageAssets'.
  photo: {
    what: 'Photo',
    table: photos,
    id: photos.id,
    parent: { kind: 'object', column: photos.objectId },
    orphans: 'manageAssets',
    owner: { person: photos.authorId },
    ownerActions: ['view', 'edit'],
    actions: CHANGED_BY_EDITORS,
  },
  team: { what: 'Team', table: teams, id: teams.id, key: teams.slug, targets: 'self', manager: 'manageTeams' },
  person: {
    what: 'Person',
    table: people,
    id: people.id,
    key: people.slug,
    owner: { person: people.id },
    manager: 'managePeople',
    ownerActions: ['view', 'edit'],
  },
  // Users are keyed by their person's id (or their username): /users/{personId}.
  user: {
    what: 'User',
    table: users,
    id: users.id,
    uuidKeys: [users.personId, users.id],
    key: users.username,
    keyLowercase: true,
    visibility: 'members',
    owner: { user: users.id },
    manager: 'manageUsers',
    ownerActions: ['view', 'edit'],
  },
  institution: { what: 'Institution', table: institutions, id: institutions.id, key: institutions.slug, manager: 'manageInstitutions' },
  asset: { what: 'Asset', table: assets, id: assets.id, owner: { user: assets.ownerId }, manager: 'manageAssets' },
  // Members-only insights are their team's (no team: their author's); its editors may delete them too.
  insight: {
    what: 'Insight',
    table: insights,
    id: insights.id,
    number: insights.num,
    visibility: insights.visibility,
    targets: { column: insights.teamId },
    owner: { person: insights.authorId },
    manager: 'manageInsights',
    actions: { view: 'view', edit: 'edit', delete: 'edit', comment: 'view' },
  },
  // Publications are public; their creator may edit and delete them, their confirmed authors edit them.
  publication: {
    what: 'Publication',
    table: publications,
    id: publications.id,
    key: publications.slug,
    owner: { person: publications.createdBy },
    coOwners: {
      table: publicationAuthors,
      of: publicationAuthors.publicationId,
      person: publicationAuthors.personId,
      confirmed: publicationAuthors.confirmed,
      actions: ['view', 'edit'],
    },
    manager: 'managePublications',
    actions: { view: 'view', edit: 'edit', delete: 'delete' },
  },
  // Documentation pages: a draft is members-only with no members (managePages alone sees it); published ones are public.
  page: {
    what: 'Page',
    table: pages,
    id: pages.id,
    key: pages.path,
    visibility: pages.visibility,
    manager: 'managePages',
    actions: { view: 'view', edit: 'edit', delete: 'delete' },
  },
  // A project's sensors and datastreams (SensorThings, modules/sensorthings) are its editors' like its data tables.
  sensor: { what: 'Sensor', table: sensors, id: sensors.id, parent: { kind: 'project', column: sensors.projectId } },
  // Its values are seen only where its object is seen too: readers AND the object's visibility to this (modules/sensorthings/entities.ts).
  datastream: { what: 'Datastream', table: datastreams, id: datastreams.id, parent: { kind: 'project', column: datastreams.projectId } },
  comment: {
    what: 'Comment',
    table: insightComments,
    id: insightComments.id,
    parent: { kind: 'insight', column: insightComments.insightId },
    owner: { person: insightComments.authorId },
    ownerActions: ['view', 'edit'],
    actions: CHANGED_BY_EDITORS,
  },
};

/** The policy's facts of a kind, without its tables. */
export const managerOf = (kind: Kind): GlobalPermission | undefined =>
  RESOURCES[kind].manager ?? (RESOURCES[kind].parent ? managerOf(RESOURCES[kind].parent!.kind) : undefined);
