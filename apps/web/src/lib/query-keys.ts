import type { QueryKey } from '@tanstack/react-query';

/**
 * The query keys more than one part of the web reads or invalidates: lib/, components/,
 * app/ and two features or more. One answer cached under one key serves every screen that
 * asks for it, and an invalidation by a family's root reaches every key below it; so a key
 * shared by two places is written once, here. A feature's own keys live in its `keys.ts`,
 * which extends the family it shares from here; Site Admin's in app/query-keys.ts. Query
 * keys are never written inline (eslint-rules/query-key-factories.js).
 *
 * Some families have two roots, as their keys always had: the lists under the plural
 * (`['projects']`) and the details under the singular (`['project', slug]`). A write
 * invalidates the lists; a detail still shown after a deletion is left alone (asked
 * again, it would answer 404).
 */

/** Whether a query's key is `root` or below it (a predicate's test, as invalidateQueries matches a key). */
export const isUnder = (queryKey: QueryKey, root: QueryKey) => root.every((part, i) => queryKey[i] === part);

/** The session: excluded from what a change of session invalidates (lib/auth). */
export const authKeys = {
  all: ['auth'] as const,
  /** Who is signed in (null for a visitor). */
  user: ['auth', 'user'] as const,
  /** The e-mails the signed-in user receives. */
  notifications: ['auth', 'notifications'] as const,
};

/** A user's account (GET users/{username}): My Account and the signed-in user's person (lib/my-person) share it. */
export const accountKeys = {
  detail: (username: string) => ['account', username] as const,
};

/** Each datastream's latest observation (GET latest-values): the object page and the map's popup share an object's. */
export const latestValueKeys = {
  all: ['latest-values'] as const,
  ofObject: (name: string) => ['latest-values', 'object', name] as const,
};

/** GET app/config: loaded once, kept across sessions. */
export const appConfigKeys = { all: ['app-config'] as const };

/** An asset (GET assets/{id}): the asset pages and the images of documents share it. */
export const assetKeys = {
  detail: (id: string) => ['asset', id] as const,
};

/** People: lists and the picker's search under 'people', profiles under 'person'. */
export const peopleKeys = {
  all: ['people'] as const,
  search: (q: string) => ['people', 'search', q] as const,
  /** Every profile: a write that names people (a project, a publication, an invitation) invalidates them. */
  details: ['person'] as const,
  detail: (slug: string) => ['person', slug] as const,
};

/** Partner institutions: the one list (with categories) every screen and picker shares, and their pages. */
export const institutionKeys = {
  all: ['institutions'] as const,
  details: ['institution'] as const,
  detail: (slug: string) => ['institution', slug] as const,
};

/** Teams: every team (the picker), the signed-in user's (teams, insights), and their pages. */
export const teamKeys = {
  all: ['teams'] as const,
  list: ['teams', 'all'] as const,
  mine: ['teams', 'mine'] as const,
  details: ['team'] as const,
  detail: (slug: string) => ['team', slug] as const,
};

/** What an object's page shows beside the object, under the object's name. */
export const objectPageKeys = {
  all: (name: string) => ['object-page', name] as const,
  children: (name: string, id: string) => ['object-page', name, 'children', id] as const,
  notes: (name: string) => ['object-page', name, 'notes'] as const,
  photos: (name: string) => ['object-page', name, 'photos'] as const,
  photoPage: (name: string, page: number) => ['object-page', name, 'photos', page] as const,
};

/** Objects: the catalogue's pages (its screen and a project's Data tab share them), searches, counts, and one object. */
export const objectKeys = {
  all: ['objects'] as const,
  /** A page of the catalogue: `query` is its filters as a query string. */
  list: (query: string, page: number) => ['objects', query, page] as const,
  search: (q: string) => ['objects', 'search', q] as const,
  /** A person's or an institution's objects. */
  of: (of: { person: string } | { institution: string }, page: number) => ['objects', 'of', of, page] as const,
  count: (type: string) => ['objects', 'count', { type }] as const,
  admin: (q: string, page: number) => ['objects', 'admin', { q, p: page }] as const,
  detail: (name: string) => ['object', name] as const,
  page: objectPageKeys,
};

/**
 * Whether a query's answer may show an object that changed: every key whose root starts
 * with `obj` or `map` (the object, the catalogue, an object's page, the types, and the
 * map's data and search).
 */
export const showsObjects = (queryKey: QueryKey) => typeof queryKey[0] === 'string' && /^(obj|map)/.test(queryKey[0]);

/** Projects: the catalogue and its searches under 'projects', one project under 'project', and what a project catalogues. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (query: string, page: number) => ['projects', 'list', query, page] as const,
  search: (q: string) => ['projects', 'search', q] as const,
  admin: (q: string, page: number) => ['projects', 'admin', { q, p: page }] as const,
  /** The projects an object may be put in: any (searched) for a manager, else the user's own. */
  editable: (manager: boolean, q: string) => ['projects', 'editable', manager, manager ? q : ''] as const,
  details: ['project'] as const,
  detail: (slug: string) => ['project', slug] as const,
  /** Its data tables (Site Admin's catalogue tab and the observation import). */
  dataTables: (project: string) => ['project-datatables', project] as const,
  objectTypes: (id: string) => ['project-objtypes', id] as const,
};

/** Publications: lists under 'pubs', one publication under 'pub', its citations under 'pub-citation'. */
export const publicationKeys = {
  all: ['pubs'] as const,
  search: (q: string) => ['pubs', 'search', q] as const,
  details: ['pub'] as const,
  detail: (key: string) => ['pub', key] as const,
  citations: ['pub-citation'] as const,
};

/** Documentation pages: every query under 'pages'; the page at a path is also the privacy statement's. */
export const pageKeys = {
  all: ['pages'] as const,
  at: (path: string) => ['pages', 'at', path] as const,
};

/** The schema's data: units, metrics and metadata schemas under 'data', object types under 'objtypes'. */
export const unitKeys = {
  /** The list, loaded once and kept for the visit (lib/units). */
  all: ['data', 'units'] as const,
};

export const metricKeys = {
  /** Every metric's entry (lib/metrics), and one. */
  entries: ['data', 'metric'] as const,
  entry: (name: string) => ['data', 'metric', name] as const,
  list: ['data', 'metrics'] as const,
};

/** Every key under the root, so a change to any schema, or to what uses one, refreshes them all. */
export const metadataSchemaKeys = {
  all: ['data', 'schema'] as const,
  list: ['data', 'schema', 'list'] as const,
  detail: (slug: string) => ['data', 'schema', 'one', slug] as const,
};

/** The object types: the one list every screen shares, and each type under it (a change of one refreshes the list). */
export const objectTypeKeys = {
  all: ['objtypes'] as const,
  detail: (slug: string) => ['objtypes', slug] as const,
};

/** The node tree: every node query under 'nodes' (a write refreshes them all); the node types apart. */
export const nodeKeys = {
  all: ['nodes'] as const,
  node: (path: string) => ['nodes', 'node', path] as const,
  roots: ['nodes', 'roots'] as const,
  outline: ['nodes', 'outline'] as const,
  types: ['nodetypes'] as const,
};

/** What the signed-in user recorded on this device and not yet sent (lib/outbox): read from IndexedDB. */
export const outboxKeys = {
  all: ['outbox'] as const,
  /** `waiting`: the device's flag that the user has a queue; read again when it changes. */
  list: (username: string, waiting: boolean) => ['outbox', username, waiting] as const,
  /** The server's version now of what a queued edit changes (its address), for the decision. */
  current: (path: string) => ['outbox', 'current', path] as const,
};

/** What the signed-in user kept on this device (lib/kept): read from IndexedDB, not the server. */
export const keptKeys = {
  all: ['kept'] as const,
  list: (username: string) => ['kept', username] as const,
  /** What the browser says of the site's storage (used, allowed, persistent). */
  storage: ['kept', 'storage'] as const,
};
