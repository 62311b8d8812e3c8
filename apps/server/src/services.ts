import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './lib/mail.js';
import { createPasswordHasher } from './lib/passwords.js';
import { createDeviceCookies } from './lib/device-cookies.js';
import { databaseRateLimiter, MemoryRateLimiter } from './lib/rate-limiter.js';
import { createUrlSigner } from './lib/signed-urls.js';
import { createStorage } from './lib/storage/index.js';
import { createApiKeysService } from './modules/apikeys/index.js';
import { createFileAssets, createAssetsService, IMAGE_URL_TTL_SECONDS } from './modules/assets/index.js';
import { createAuthService, createAccessTokens } from './modules/auth/index.js';
import { createDocumentsService } from './modules/documents/index.js';
import { createInstitutionsService } from './modules/institutions/index.js';
import { createInvitationsService } from './modules/invitations/index.js';
import { createPeopleService } from './modules/people/index.js';
import { createRolesService } from './modules/roles/index.js';
import { createTeamsService } from './modules/teams/index.js';
import { createProjectFilesService, createProjectsService } from './modules/projects/index.js';
import { createInsightsService, createCommentsService } from './modules/insights/index.js';
import { createPublicationsService } from './modules/publications/index.js';
import { createPagesService } from './modules/pages/index.js';
import { createNotificationsService } from './modules/notifications/index.js';
import { createDataTablesService, createStreamsService } from './modules/datatables/index.js';
import { createObjectImport, createObservationImport, createRelationImport, createImportSessionsService } from './modules/imports/index.js';
import { createMembershipsService } from './modules/memberships/index.js';
import { createObjectsService, createMapService, createNotesService, createPhotosService } from './modules/objects/index.js';
import { createPhotoSearchService } from './modules/photo-search/index.js';
import { createSandboxService } from './modules/sandbox/index.js';
import { createSchemaService } from './modules/schema/index.js';
import { createShortlinksService } from './modules/shortlinks/index.js';
import { createMetadataValidator } from './lib/metadata.js';
import { createBasemapService, createDeletions, createPublishingService } from './modules/system/index.js';
import { createUsersService } from './modules/users/index.js';
import { createWebhooksService } from './modules/webhooks/index.js';
import { createSecretBox, secretBoxKey } from './lib/secret-box.js';

/** Past an account's ceiling of failures, one attempt from an unknown browser in this long. */
const SLOW_WINDOW_MS = 5000;

/** Wires every service once; routes reach them through `app.services`. */
export function createServices(config: Config, db: Database, log: FastifyBaseLogger, tokenSecret: string) {
  const hasher = createPasswordHasher(config.argon2);
  const mailer = createMailer(config.mail, db, log);
  const tokens = createAccessTokens(tokenSecret);
  // One process on the embedded database counts in memory; processes sharing a server share the counts.
  const rateLimiter = (windowMs: number) => (db.kind === 'server' ? databaseRateLimiter(db, windowMs) : new MemoryRateLimiter(windowMs));
  const limiter = rateLimiter(config.rateLimit.windowMs);
  const storage = createStorage(config.storage);
  const assets = createAssetsService({
    db,
    storage,
    images: config.images,
    imageConcurrency: config.imageConcurrency,
    // Image uploads per user, over every upload route together.
    uploads: { limiter: rateLimiter(config.imageRateLimit.windowMs), ...config.imageRateLimit },
    pendingUploadMinutes: config.pendingUploadMinutes,
    log,
    signer: createUrlSigner(tokenSecret, { ttlSeconds: IMAGE_URL_TTL_SECONDS }),
    // Users are wired below; asked only when a signed image is served.
    actorFor: (userId) => users.actorFor(userId),
  });
  const roles = createRolesService({ db });
  const users = createUsersService({ db, roles, hasher, mailer, publicUrl: config.publicUrl });
  const documents = createDocumentsService({ db, readableAssets: assets.readableAssets });
  const people = createPeopleService({ db, users, assets, documents });
  const institutions = createInstitutionsService({ db, assets });
  const memberships = createMembershipsService({ db, roles, users, people });
  const teams = createTeamsService({ db, roles, memberships });
  const shortlinks = createShortlinksService({ db, hosts: config.shortlinks.hosts, publicUrl: config.publicUrl });
  const metadata = createMetadataValidator();
  const schema = createSchemaService({ db, validator: metadata });
  // Visitors' sandbox queries and streamed object exports are counted a minute at a time.
  const perMinute = rateLimiter(60_000);
  const objects = createObjectsService({ db, metadata, documents, schema, limiter: perMinute });
  const map = createMapService({ db, schema });
  const notes = createNotesService({ db, objects });
  const photos = createPhotosService({ db, objects, assets, storage });
  const photoSearch = createPhotoSearchService({ db, assets });
  const sandbox = createSandboxService({ db, schema, limiter: perMinute });
  const publications = createPublicationsService({ db });
  const projects = createProjectsService({ db, roles, memberships, assets, documents });
  const insights = createInsightsService({ db, documents, assets });
  const pages = createPagesService({ db, documents });
  // Mail people may unsubscribe from, and the comments on insights that send it.
  const notifications = createNotificationsService({ db, mailer, log, publicUrl: config.publicUrl, limiter, perIp: config.rateLimit.perIp });
  const insightComments = createCommentsService({ db, insights, assets, notifications, publicUrl: config.publicUrl });
  const dataTables = createDataTablesService({ db, projects, chunkRows: config.writeChunkRows });
  const streams = createStreamsService({ db, projects, dataTables, chunkRows: config.writeChunkRows });
  const projectFiles = createProjectFilesService({
    db,
    projects,
    assets,
    fileAssets: createFileAssets({ db, storage, log }),
    users,
    signer: createUrlSigner(tokenSecret),
  });
  const importSessions = createImportSessionsService({ db, storage, limits: config.imports });
  const objectImport = createObjectImport({ db, metadata, schema, objects, log });
  const relationImport = createRelationImport({ db, objects });
  const observationImport = createObservationImport({ db, dataTables, log, chunkRows: config.writeChunkRows });
  const apiKeys = createApiKeysService({ db, users });
  const basemap = createBasemapService({ db, map: config.app.map, ownOrigin: new URL(config.publicUrl).origin, cacheMs: config.settingsCacheMs, log });
  const publishing = createPublishingService({ db, publicUrl: config.publicUrl, cacheMs: config.settingsCacheMs, log });
  const auth = createAuthService({
    db,
    users,
    hasher,
    tokens,
    limiter,
    slow: rateLimiter(SLOW_WINDOW_MS),
    devices: createDeviceCookies(tokenSecret),
    mailer,
    log,
    limits: config.rateLimit,
    sessions: config.sessions,
    publicUrl: config.publicUrl,
  });
  const invitations = createInvitationsService({
    db,
    people,
    users,
    hasher,
    mailer,
    publicUrl: config.publicUrl,
    productName: config.app.productName,
  });
  const webhooks = createWebhooksService({
    db,
    box: createSecretBox(secretBoxKey(config.webhooks.secretKey, tokenSecret)),
    publicUrl: config.publicUrl,
    allowPrivate: config.webhooks.allowPrivate,
    actorFor: (userId) => users.actorFor(userId),
    log,
  });
  return {
    basemap,
    webhooks,
    publishing,
    deletions: createDeletions(db),
    hasher,
    mailer,
    tokens,
    limiter,
    storage,
    assets,
    documents,
    roles,
    people,
    institutions,
    teams,
    projects,
    projectFiles,
    insights,
    insightComments,
    publications,
    pages,
    notifications,
    dataTables,
    streams,
    importSessions,
    objectImport,
    relationImport,
    observationImport,
    schema,
    objects,
    map,
    notes,
    photos,
    photoSearch,
    sandbox,
    users,
    apiKeys,
    auth,
    invitations,
    shortlinks,
  };
}
export type Services = ReturnType<typeof createServices>;
