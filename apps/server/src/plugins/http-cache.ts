import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT } from '@observatory/shared';

/**
 * HTTP caching of the API's reads (docs/api.md "Caching"): every GET answered 200 with a
 * body carries a strong ETag of that body, and `If-None-Match` naming it answers 304 with
 * none. A versioned resource's tag keeps its version in front (`"3.<hash>"`), so a write may
 * name it in If-Match; the hash covers what the version does not (children that do not bump
 * it, the reader's permissions). Answers are stored only to be revalidated: `no-cache` for a
 * visitor's, `private, no-cache` for a signed-in caller's, so an object turned members-only
 * is never served from a shared cache; `Vary: Authorization` keeps callers apart.
 */
async function httpCachePlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!cacheable(request, reply)) return payload;
    vary(reply, 'Authorization');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : 'no-cache');
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (body === null || reply.statusCode !== 200) return payload;
    const tag = tagOf(body, reply.getHeader('etag'));
    if (tag === null) return payload;
    reply.header('etag', tag);
    if (!namedBy(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  });
}

const cacheable = (request: FastifyRequest, reply: FastifyReply) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith(`${API_ROOT}/`) && reply.statusCode < 300;

/** The body's tag: a version's tag set by the route gets the hash after it; another tag of the route's own (a file's SHA-256) stays. */
function tagOf(body: string | Buffer, routeTag: unknown): string | null {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  if (routeTag === undefined) return `"${hash}"`;
  const version = /^"(\d+)"$/.exec(String(routeTag));
  return version ? `"${version[1]}.${hash}"` : null;
}

/** Whether If-None-Match names `tag` (or is `*`): compared weakly, as RFC 9110 asks of a GET. */
function namedBy(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/** Adds a field to Vary, keeping what compression and CORS put there. */
export function vary(reply: FastifyReply, field: string) {
  const current = String(reply.getHeader('vary') ?? '');
  if (new RegExp(`(^|,)\\s*${field}\\s*(,|$)`, 'i').test(current)) return;
  reply.header('vary', current ? `${current}, ${field}` : field);
}

export default fp(httpCachePlugin, { name: 'http-cache' });
