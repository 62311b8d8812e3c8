import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer } from './lib/mail';
import { createPasswordHasher } from './lib/passwords';
import { RateLimiter } from './lib/rate-limiter';
import { createApiKeysService } from './modules/apikeys/service';
import { createAuthService } from './modules/auth/service';
import { createAccessTokens } from './modules/auth/tokens';
import { createInstitutionsService } from './modules/institutions/service';
import { createInvitationsService } from './modules/invitations/service';
import { createPeopleService } from './modules/people/service';
import { createRolesService } from './modules/roles/service';
import { createTeamsService } from './modules/teams/service';
import { createUsersService } from './modules/users/service';

/** Wires every service once; routes reach them through `app.services`. */
export function createServices(config: Config, db: Database, log: FastifyBaseLogger, tokenSecret: string) {
  const hasher = createPasswordHasher(config.argon2);
  const mailer = createMailer(config.mail, db, log);
  const tokens = createAccessTokens(tokenSecret);
  const limiter = new RateLimiter(config.rateLimit.windowMs);
  const roles = createRolesService(db);
  const users = createUsersService(db, roles);
  const people = createPeopleService(db, users);
  const institutions = createInstitutionsService(db);
  const teams = createTeamsService({ db, roles, users, people });
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
  return { hasher, mailer, tokens, limiter, roles, people, institutions, teams, users, apiKeys, auth, invitations };
}
export type Services = ReturnType<typeof createServices>;
