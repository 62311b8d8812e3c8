import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A visitor's answer may be kept and answered again until the next write (plugins/answer-cache.ts). */
    answerCache?: boolean;
  }
}

/** Answers kept at most, and their bytes at most; the least recently used go first. */
const MAX_ANSWERS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;
/** The response headers a kept answer carries again (the rest are the request's own: timing, id, CORS). */
const KEPT_HEADERS = /^(content-type|content-disposition|etag|link|pagination-.*)$/;

interface Kept {
  writes: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/**
 * Visitors' answers of the routes that opt in (`config.answerCache`) are kept in memory and
 * answered again, with no query, until anything is written to the database: a repeated
 * read of a public list or map tile costs no database time. On the embedded database only,
 * where this process is the only writer, so its write generation (Database.writes) changes
 * on every write there is. A signed-in caller's answer is never kept nor served from here.
 * Kept answers go through the same ETag, If-None-Match and compression as fresh ones.
 */
async function answerCachePlugin(app: FastifyInstance, options: { enabled: boolean }) {
  if (!options.enabled) return;
  const { database } = app;
  const kept = new Map<string, Kept>();
  let bytes = 0;
  /** The write generation a request began under: an answer is kept only if nothing was written meanwhile. */
  const begun = new WeakMap<FastifyRequest, { key: string; writes: number }>();

  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    kept.delete(key);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.actor || !request.routeOptions.config.answerCache) return;
    const key = `${request.url}\n${request.headers.accept ?? ''}`;
    const writes = database.writes;
    const hit = kept.get(key);
    if (hit && hit.writes === writes) {
      // Most recently used last: the oldest goes first.
      kept.delete(key);
      kept.set(key, hit);
      return reply.headers(hit.headers).send(hit.body);
    }
    forget(key);
    begun.set(request, { key, writes });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const started = begun.get(request);
    if (!started || reply.statusCode !== 200 || database.writes !== started.writes) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('set-cookie') || payload.length > MAX_BYTES / 8) return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (KEPT_HEADERS.test(name) && value !== undefined) headers[name] = String(value);
    forget(started.key);
    kept.set(started.key, { writes: started.writes, headers, body: payload });
    bytes += payload.length;
    for (const [key] of kept) {
      if (kept.size <= MAX_ANSWERS && bytes <= MAX_BYTES) break;
      forget(key);
    }
    return payload;
  });
}

export default fp(answerCachePlugin, { name: 'answer-cache' });
