import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer } from './lib/mail';
import { createPasswordHasher } from './lib/passwords';
import { RateLimiter } from './lib/rate-limiter';
import { createUrlSigner } from './lib/signed-urls';
import { createStorage } from './lib/storage';
import { createApiKeysService } from './modules/apikeys/service';
import { createFileAssets } from './modules/assets/files';
import { createAssetsService } from './modules/assets/service';
import { createAuthService } from './modules/auth/service';
import { createAccessTokens } from './modules/auth/tokens';
import { createInstitutionsService } from './modules/institutions/service';
import { createInvitationsService } from './modules/invitations/service';
import { createPeopleService } from './modules/people/service';
import { createRolesService } from './modules/roles/service';
import { createTeamsService } from './modules/teams/service';
import { createProjectFilesService } from './modules/projects/files';
import { createProjectsService } from './modules/projects/service';
import { createMemberships } from './modules/roles/members';
import { createObjectTypesService } from './modules/objects/types';
import { createObjectsService } from './modules/objects/service';
import { createNotesService } from './modules/objects/notes';
import { createPhotosService } from './modules/objects/photos';
import { createMetadataValidator } from './lib/metadata';
import { createUsersService } from './modules/users/service';

/** Wires every service once; routes reach them through `app.services`. */
export function createServices(config: Config, db: Database, log: FastifyBaseLogger, tokenSecret: string) {
  const hasher = createPasswordHasher(config.argon2);
  const mailer = createMailer(config.mail, db, log);
  const tokens = createAccessTokens(tokenSecret);
  const limiter = new RateLimiter(config.rateLimit.windowMs);
  const storage = createStorage(config.storage);
  const assets = createAssetsService({ db, storage, images: config.images, log });
  const roles = createRolesService(db);
  const users = createUsersService(db, roles);
  const people = createPeopleService(db, users, assets);
  const institutions = createInstitutionsService(db, assets);
  const memberships = createMemberships({ db, roles, users, people });
  const teams = createTeamsService({ db, roles, memberships });
  const objectTypes = createObjectTypesService(db);
  const objects = createObjectsService({ db, metadata: createMetadataValidator() });
  const notes = createNotesService({ db, objects });
  const photos = createPhotosService({ db, objects, assets, storage });
  const projects = createProjectsService({ db, roles, memberships, assets });
  const projectFiles = createProjectFilesService({
    db,
    projects,
    assets,
    fileAssets: createFileAssets({ db, storage, log }),
    users,
    signer: createUrlSigner(tokenSecret),
  });
  const apiKeys = createApiKeysService(db, users);
  const auth = createAuthService({
    db,
    users,
    hasher,
    tokens,
    limiter,
    mailer,
    log,
    limits: config.rateLimit,
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
  return { hasher, mailer, tokens, limiter, storage, assets, roles, people, institutions, teams, projects, projectFiles, objectTypes, objects, notes, photos, users, apiKeys, auth, invitations };
}
export type Services = ReturnType<typeof createServices>;
