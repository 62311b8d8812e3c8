// Which module owns each table of apps/server/src/db/schema, and the few reads of another
// module's tables that are allowed (eslint-rules/table-owners.js holds them).
//
// A module writes only its own tables; another module's data comes through that module's
// service. The exceptions below are reads inside one statement, where a service call per row
// would cost a round trip each (a detail answers in at most two: docs/architecture.md); the
// lint refuses any insert, update or delete of a table read this way. At most ten, each with
// its reason.

/** module -> its tables (the lint fails on a table no module owns). */
export const TABLE_OWNERS = {
  apikeys: ['apiKeys'],
  assets: ['assets'],
  auth: ['refreshTokens', 'passwordResets'],
  datatables: ['dataTables', 'dataTableMetrics', 'observations', 'observationReviews', 'projectObjectTypes', 'datastreams', 'sensors'],
  documents: ['documentRevisions', 'documentImages'],
  imports: ['importSessions', 'importRecords'],
  insights: ['insights', 'insightObjects', 'insightComments', 'insightCommentPhotos'],
  institutions: ['institutions', 'institutionCategories'],
  invitations: ['invitations'],
  notifications: ['mailSubscriptions', 'unsubscribeTokens'],
  objects: ['objects', 'objectTypeLinks', 'objectProjects', 'objectPeople', 'objectInstitutions', 'notes', 'photos', 'mapCells', 'mapPoints'],
  pages: ['pages'],
  people: ['people', 'affiliations'],
  projects: ['projects', 'projectSlugs', 'projectContributors', 'projectInstitutions', 'projectUpdates', 'projectFiles', 'fileVersions'],
  publications: ['publications', 'publicationAuthors', 'projectPublications'],
  roles: ['roles', 'roleAssignments'],
  schema: [
    'units',
    'metrics',
    'metadataSchemas',
    'metadataSchemaVersions',
    'objectTypes',
    'objectTypeMetrics',
    'objectTypeSchemas',
    'objectTypeParents',
    'nodeTypes',
    'nodes',
  ],
  shortlinks: ['shortlinks'],
  // The audit log, the outbox, the rate limits and the idempotency keys are written by lib/ and plugins/ (audit.ts, mail.ts, rate-limiter.ts, idempotency.ts) for every module.
  system: ['settings', 'auditLog', 'outbox', 'rateLimits', 'idempotencyKeys'],
  teams: ['teams'],
  users: ['users', 'userSessions', 'emailChanges'],
  webhooks: ['webhooks', 'webhookDeliveries'],
};

/** Read-only uses of others' tables: `readers` are modules ('*': any). */
export const SHARED_READS = [
  {
    tables: ['people', 'affiliations', 'users'],
    readers: '*',
    reason: 'Who made or holds a row (an author, uploader, member, contributor) is shown by name, slug and photo, read in the statement that reads the row',
  },
  {
    tables: ['projects', 'institutions', 'teams'],
    readers: '*',
    reason: 'What a row links to (its projects, institutions, team) is answered with their names in the same statement, filtered by visibleTo',
  },
  {
    tables: ['assets'],
    readers: '*',
    reason: 'An image is answered with the row that shows it (its versions and size come from its asset record)',
  },
  {
    tables: ['objects', 'objectTypeLinks', 'objectProjects', 'objectTypes'],
    readers: ['assets', 'datatables', 'imports', 'insights', 'objects', 'ogc', 'photo-search', 'sandbox', 'schema', 'sensorthings'],
    reason:
      'The catalogue filtered and joined by type and project inside one statement: objects with their types, measurements, imports, insights, photos, the sandbox, schema impact checks, the OGC API’s extents and filters, SensorThings’ Things and features',
  },
  {
    tables: ['metrics', 'units', 'dataTables', 'dataTableMetrics', 'observations', 'datastreams', 'sensors'],
    readers: ['datatables', 'sandbox', 'schema', 'sensorthings'],
    reason:
      'Measurements read where they are charted and checked: the sandbox query, a metric’s use by data tables before it changes, SensorThings’ entity sets and their filters and expansions, one statement per page',
  },
  {
    tables: ['photos', 'insights', 'insightComments', 'insightCommentPhotos'],
    readers: ['assets', 'photo-search'],
    reason: 'The photo search reads object photos and comment images in one statement; an image is signed when what holds it is not public',
  },
  {
    tables: ['documentImages', 'fileVersions', 'projectFiles', 'projectUpdates', 'pages', 'importSessions'],
    readers: ['assets'],
    reason:
      'Where a stored file is used or recorded is one statement over every column naming an asset or a storage key (usages, the unused filter, the stray sweep)',
  },
  {
    tables: ['invitations'],
    readers: ['users'],
    reason: 'An account is answered with its person’s latest invitation; invitations create accounts, so they cannot be asked back',
  },
  {
    tables: '*',
    readers: ['system'],
    reason:
      'Recent changes name every audited row from its own table in one statement (shown when the reader may see it), the status counts stored files, and the sitemap lists every page a visitor may read',
  },
  {
    tables: ['publications', 'publicationAuthors', 'projectPublications', 'projectContributors', 'auditLog'],
    readers: ['oai', 'sensorthings'],
    reason:
      'OAI-PMH harvests every publication and project a visitor may read, with the tombstones of those deleted or hidden from the audit log, a page of records and their metadata in one statement each (keyset by datestamp over all of them); SensorThings’ HistoricalLocations are the geometries the audit log kept for the objects the reader may see, paged in one statement',
  },
];
