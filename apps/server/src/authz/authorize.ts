import type { Permission } from '@observatory/shared';
import { AppError } from '../lib/errors.js';
import { can, type Actor, type Resource } from './policy.js';

/** A write or a sign-in-only read without a valid token: 401, before any lookup. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this');
  return actor;
}

/**
 * Throws the status rule of the API: cannot see it -> 404; can see it but not
 * act -> 403 (401 for a visitor).
 */
export function authorize(actor: Actor | null, action: Permission, resource?: Resource, what = 'Resource'): void {
  if (can(actor, action, resource)) return;
  if (resource && !can(actor, 'view', resource)) throw new AppError('NOT_FOUND', `${what} not found`);
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this');
  throw new AppError('FORBIDDEN', 'You are not allowed to do this');
}

export { can, isPublic, ownsOrManages, permissionsFor, seesUnconfirmedLink, type Actor, type Resource } from './policy.js';
