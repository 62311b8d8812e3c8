import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT, PAGINATION_HEADERS } from '@observatory/shared';
import { AppError } from '../lib/errors.js';
import { vary } from './http-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the sign-in cookies (refresh, device): it answers no CORS headers, and a
     * request a browser marks as sent from another site is refused, so no page elsewhere acts
     * with this browser's session.
     */
    sameOriginOnly?: boolean;
  }
}

/** What a page on another site may read of an answer beside the simple headers. */
export const CORS_EXPOSED_HEADERS = [...Object.values(PAGINATION_HEADERS), 'Link', 'ETag', 'Retry-After', 'Content-Disposition'];
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key', 'Overwrite-Of'];
/** How long a browser keeps a preflight's answer: 2 hours, the most Chromium honours. */
export const CORS_MAX_AGE_S = 7200;

const inApi = (url: string) => url.startsWith(`${API_ROOT}/`);
const pathOf = (url: string) => url.split('?', 1)[0]!;

/**
 * CORS for the API (docs/api.md "Cross-origin use"): any site reads it without credentials
 * (Access-Control-Allow-Origin: *); the origins of CORS_ORIGINS get their own origin echoed
 * with credentials. Writes from elsewhere need a Bearer token or API key: the sign-in plugin
 * reads nothing else, and the cookie routes (sameOriginOnly) answer other sites no CORS at all.
 * The web app's pages outside the API get no CORS headers.
 */
async function corsPlugin(app: FastifyInstance) {
  const credentialed = new Set(app.config.cors.credentialedOrigins);
  /** The cookie routes' paths, for a preflight, which matches no route of its own. */
  const sameOriginPaths = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.sameOriginOnly) sameOriginPaths.add(route.url);
  });

  const sameOriginOnly = (request: FastifyRequest) => request.routeOptions.config?.sameOriginOnly || sameOriginPaths.has(pathOf(request.url));

  function allowOrigin(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin && credentialed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    } else {
      reply.header('access-control-allow-origin', '*');
    }
    vary(reply, 'Origin');
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!inApi(request.url)) return;
    if (sameOriginOnly(request)) {
      // Sec-Fetch-Site: a browser's own word on where the request comes from. SameSite=Strict
      // cookies already stay home from other sites; this also keeps out a sibling subdomain's page.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw new AppError('FORBIDDEN', 'Sign in on this site itself');
      return;
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      allowOrigin(request, reply);
      reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS.join(', '));
      reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '));
      reply.header('access-control-max-age', String(CORS_MAX_AGE_S));
      return reply.status(204).send();
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (!inApi(request.url) || sameOriginOnly(request) || request.method === 'OPTIONS') return;
    allowOrigin(request, reply);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
  });
}

export default fp(corsPlugin, { name: 'cors' });
