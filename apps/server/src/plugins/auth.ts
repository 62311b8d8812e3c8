import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, API_ROOT } from '@observatory/shared';
import { assertKeyScoped, checkKeyScope, operationOf } from '../authz/key-scopes.js';
import type { Actor } from '../authz/policy.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (or API key owner) this request acts for; null for a visitor. */
    actor: Actor | null;
    /** The session an access token names (null for a visitor or an API key). */
    sessionId: string | null;
  }
}

/**
 * Reads `Authorization: Bearer <access token | API key>`. A token that is present but
 * invalid or expired answers 401 at once, so the web refreshes and retries. A request
 * made with an API key is held to the key's scope for its operation (authz/key-scopes.ts).
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) assertKeyScoped(operationOf(method, route.url, API_ROOT));
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new AppError('UNAUTHENTICATED', 'Send the token as "Authorization: Bearer <token>"');
    }
    const { services } = app;
    const actor = token.startsWith(API_KEY_PREFIX) ? await services.apiKeys.actorForKey(token) : await verifyAccessToken(request, token);
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Your session has expired or the token is invalid; please sign in again');
    request.actor = actor;
    checkKeyScope(actor, operationOf(request.method, request.routeOptions.url ?? '', API_ROOT));
  });

  /** The token's user, while its session goes on (read in the same statement as the user, so an ended session is refused at once). */
  async function verifyAccessToken(request: FastifyRequest, token: string): Promise<Actor | null> {
    const verified = await app.services.tokens.verify(token);
    if (!verified) return null;
    request.sessionId = verified.sessionId;
    return app.services.users.actorFor(verified.userId, { session: verified.sessionId });
  }
}

export default fp(authPlugin, { name: 'auth' });

/** Route hook for sign-in-only calls: 401 before any lookup. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this');
}

/** Route hook for account security calls (password, sessions): a person, not an API key. */
export async function signedInInPerson(request: FastifyRequest): Promise<void> {
  await signedIn(request);
  if (request.actor!.key) throw new AppError('FORBIDDEN', 'An API key cannot do this; sign in with your password');
}
