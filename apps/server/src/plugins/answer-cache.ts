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
/** Response headers that are the request's own (its id, timing, CORS, security policy), not the answer's: set afresh on a kept one. */
const OWN_HEADERS =
  /^(x-request-id|server-timing|access-control-.*|content-security-policy|set-cookie|content-length|date|connection|keep-alive|transfer-encoding)$/;
/** A longer address (with its Accept) is not kept: made-up parameters do not push the useful answers out. */
const MAX_KEY_LENGTH = 2048;

/** A request saying `Cache-Control: no-cache` (a reload, a monitor, the bench's CPU figures) is answered afresh and leaves the kept answer as it is. */
const asksAfresh = (request: FastifyRequest) => /\bno-cache\b/i.test(`${request.headers['cache-control'] ?? ''} ${request.headers.pragma ?? ''}`);

interface Kept {
  writes: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The bytes an answer holds: its body, its headers and its key. */
const sizeOf = (key: string, kept: Kept) =>
  kept.body.byteLength + Buffer.byteLength(key) + Object.entries(kept.headers).reduce((n, [name, value]) => n + name.length + Buffer.byteLength(value), 0);

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
    bytes -= sizeOf(key, entry);
    kept.delete(key);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.actor || !request.routeOptions.config.answerCache || asksAfresh(request)) return;
    const key = `${request.url}\n${request.headers.accept ?? ''}`;
    if (key.length > MAX_KEY_LENGTH) return;
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
    if (reply.hasHeader('set-cookie')) return payload;
    // A copy: a buffer may be a view on a larger one (a vector tile's encoder's).
    const body = Buffer.from(payload);
    if (body.byteLength > MAX_BYTES / 8) return payload;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (!OWN_HEADERS.test(name) && value !== undefined) headers[name] = String(value);
    const entry = { writes: started.writes, headers, body };
    forget(started.key);
    kept.set(started.key, entry);
    bytes += sizeOf(started.key, entry);
    for (const [key] of kept) {
      if (kept.size <= MAX_ANSWERS && bytes <= MAX_BYTES) break;
      forget(key);
    }
    return payload;
  });
}

export default fp(answerCachePlugin, { name: 'answer-cache' });
