import { createHash, randomUUID, type Hash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT, IDEMPOTENCY_TTL_H } from '@observatory/shared';
import { operationOf } from '../authz/key-scopes.js';
import type { Actor } from '../authz/policy.js';
import { rowsOf, type Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError, invalidField } from '../lib/errors.js';

/**
 * `Idempotency-Key` on a POST (docs/api.md "Idempotency-Key"): a create carried out once,
 * however often it is sent. The first request under a key claims it (a row of
 * idempotency_keys, its own statement, before the route runs); its answer is kept when it
 * is sent; the same key and request again within IDEMPOTENCY_TTL_H hours answer that answer
 * again, with `Idempotent-Replayed: true`, and run nothing.
 *
 * - Keys are the caller's: a user signed in, or an API key (each key its own). A visitor's
 *   key is ignored: a visitor is nobody in particular (an address is shared behind a proxy
 *   or NAT), so a scope of theirs could hand one person's answer to another.
 * - The same key for another request (another method, path or body) answers 422; while the
 *   first is still running, 409. Neither runs anything.
 * - A 5xx (and a 429) answer is not kept: the key is free again, so a retry runs. Other
 *   answers, 4xx included, are kept and replayed: the request would fail the same way.
 * - An answer holding a secret (SECRET_ANSWERS), a streamed one or one larger than
 *   MAX_KEPT_BYTES is not kept: only its status is, and the same key again answers 409
 *   saying it was carried out.
 * - The body is hashed as its bytes came (SHA-256, with the method and the URL); a
 *   multipart upload is read in full first (to a temporary file the route then reads), its
 *   boundary left out of the hash: a client sending the same form again picks another.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const FIELD = `headers.${IDEMPOTENCY_HEADER}`;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Operations whose answers hold a secret (a token, an API key, a reset link): only their status is kept. */
export const SECRET_ANSWERS: ReadonlySet<string> = new Set([
  'POST /auth/login',
  'POST /auth/refresh',
  'POST /users/{id}/reset',
  'POST /users/{id}/apikeys',
  'POST /admin/webhooks',
]);

/** The headers a replay answers again beside its status and body. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'];
/** Answers larger than this keep their status only. */
export const MAX_KEPT_BYTES = 4 * 1024 * 1024;
/** Statuses that free the key again rather than be kept: a retry may do better. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;
/** Expired keys are swept on a process's first claim, then on a claim at most this often. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

const TTL = sql`make_interval(hours => ${IDEMPOTENCY_TTL_H})`;

interface Claim {
  caller: string;
  key: string;
  secret: boolean;
}

/** What a request under a key carries from hook to hook. */
interface State {
  /** The hash of the method, URL and body bytes, as they came (JSON and forms: hashed on their way to the parser). */
  hash?: Hash;
  /** The key this request claimed, until its answer is kept. */
  claim?: Claim;
}
const states = new WeakMap<FastifyRequest, State>();
const stateOf = (request: FastifyRequest): State => {
  let state = states.get(request);
  if (!state) states.set(request, (state = {}));
  return state;
};

/** Whose keys a request's are: a user's, or one API key's; null for a visitor. */
export function callerOf(actor: Actor | null): string | null {
  if (!actor) return null;
  return actor.key ? `key:${actor.key.id}` : `user:${actor.userId}`;
}

/** The key a request sends, checked; undefined without one. */
function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (key.length === 0) throw invalidField(FIELD, 'Give a key of 1 to 255 characters (a UUID, say)');
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw invalidField(FIELD, `At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  if (!PRINTABLE_ASCII.test(key)) throw invalidField(FIELD, 'Only printable ASCII characters');
  return key;
}

const isApiPost = (request: FastifyRequest) => request.method === 'POST' && request.url.startsWith(`${API_ROOT}/`);

const startHash = (request: FastifyRequest) => createHash('sha256').update(`${request.method} ${request.url}\n`);

/** The boundary a multipart body's content type names, or null. */
function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]!) : null;
}

/** Feeds `hash` the bytes written to it, each occurrence of `boundary` left out (however the chunks cut it). */
function withoutBoundary(hash: Hash, boundary: string) {
  const needle = Buffer.from(boundary, 'latin1');
  let carry = Buffer.alloc(0);
  return {
    update(chunk: Buffer) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (let at = buf.indexOf(needle, start); at !== -1; at = buf.indexOf(needle, start)) {
        hash.update(buf.subarray(start, at));
        start = at + needle.length;
      }
      const keep = Math.max(start, buf.length - (needle.length - 1));
      hash.update(buf.subarray(start, keep));
      carry = Buffer.from(buf.subarray(keep));
    },
    end() {
      hash.update(carry);
    },
  };
}

/**
 * The request as its route reads it, with its body from `body`: headers, socket, URL from
 * the request that came; reading, piping and stream events from `body`.
 */
function withBody(raw: IncomingMessage, body: Readable): IncomingMessage {
  return new Proxy(raw, {
    get(target, prop) {
      if (prop in Readable.prototype) {
        const value = Reflect.get(body, prop, body) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(body) : value;
      }
      return Reflect.get(target, prop, target) as unknown;
    },
  });
}

/**
 * Reads a multipart body in full, hashing it (its boundary left out) into `hash`, to a
 * temporary file that the route then reads instead: the hash must be known before the
 * route runs. The file is unlinked once open (the open stream keeps its bytes).
 */
async function spoolMultipart(request: FastifyRequest, hash: Hash, maxBytes: number): Promise<void> {
  const boundary = boundaryOf(request.headers['content-type']);
  const feed = boundary ? withoutBoundary(hash, boundary) : { update: (chunk: Buffer) => void hash.update(chunk), end: () => {} };
  const file = path.join(os.tmpdir(), `observatory-upload-${randomUUID()}`);
  const raw = request.raw;
  const out = fs.createWriteStream(file, { mode: 0o600 });
  try {
    await new Promise<void>((resolve, reject) => {
      let size = 0;
      const stop = (err: unknown) => {
        raw.off('data', onData).off('end', onEnd).off('error', stop).off('close', onClose);
        out.destroy();
        reject(err);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        // The rest is left unread: Node discards it once the answer has gone.
        if (size > maxBytes)
          return stop(
            new AppError('PAYLOAD_TOO_LARGE', `The upload is larger than the limit of ${maxBytes} bytes`, {
              details: [{ field: 'file', message: 'Too large' }],
            }),
          );
        feed.update(chunk);
        if (!out.write(chunk)) {
          raw.pause();
          out.once('drain', () => raw.resume());
        }
      };
      const onEnd = () => {
        raw.off('close', onClose);
        feed.end();
        out.end(() => resolve());
      };
      const onClose = () => {
        if (!raw.readableEnded)
          stop(new AppError('VALIDATION_FAILED', 'The upload ended before its end', { details: [{ field: 'file', message: 'Incomplete' }] }));
      };
      raw.on('data', onData).once('end', onEnd).once('error', stop).once('close', onClose);
      out.once('error', stop);
    });
    const body = fs.createReadStream(file);
    await new Promise<void>((resolve, reject) => body.once('open', () => resolve()).once('error', reject));
    request.raw = withBody(raw, body);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** The key's row as a claim finds it taken. */
interface Taken {
  method: string;
  path: string;
  bodyHash: string;
  status: number | null;
  headers: Record<string, string> | null;
  response: string | null;
}

function idempotencyStore(db: Database) {
  let swept = 0;
  return {
    /**
     * Takes the key for this request, in its own statement (an expired row of the key is
     * taken over): null when taken, else the row that holds it.
     */
    async claim(row: { caller: string; key: string; method: string; path: string; bodyHash: string }): Promise<Taken | null> {
      if (Date.now() - swept > SWEEP_EVERY_MS) {
        swept = Date.now();
        await db.use((d) => d.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${TTL}`)));
      }
      // A key freed (a 5xx) between the insert and the read is tried again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db.use((d) =>
          d.execute(sql`
            insert into ${idempotencyKeys} as k (caller, key, method, path, body_hash)
            values (${row.caller}, ${row.key}, ${row.method}, ${row.path}, ${row.bodyHash})
            on conflict (caller, key) do update set
              method = excluded.method, path = excluded.path, body_hash = excluded.body_hash,
              status = null, headers = null, response = null, created_at = now()
              where k.created_at < now() - ${TTL}
            returning 1 as claimed`),
        );
        if (rowsOf(inserted).length > 0) return null;
        const [taken] = await db.use((d) =>
          d
            .select({
              method: idempotencyKeys.method,
              path: idempotencyKeys.path,
              bodyHash: idempotencyKeys.bodyHash,
              status: idempotencyKeys.status,
              headers: idempotencyKeys.headers,
              response: idempotencyKeys.response,
            })
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.caller, row.caller), eq(idempotencyKeys.key, row.key))),
        );
        if (taken) return taken;
      }
      throw new AppError('CONFLICT', 'This Idempotency-Key is being used by another request just now; send it again in a moment', {
        details: [{ field: FIELD, message: 'In use' }],
      });
    },
    /** Keeps the answer (status only, when `response` is null). */
    async keep(claim: Claim, answer: { status: number; headers: Record<string, string> | null; response: string | null }) {
      await db.use((d) =>
        d
          .update(idempotencyKeys)
          .set(answer)
          .where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key))),
      );
    },
    /** Frees the key: a retry runs the request again. */
    async release(claim: Claim) {
      await db.use((d) => d.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key))));
    },
  };
}

export interface IdempotencyOptions {
  /** The largest multipart body read to hash it (the largest upload any route takes, and its form). */
  maxUploadBytes: number;
}

async function idempotencyPlugin(app: FastifyInstance, options: IdempotencyOptions) {
  const store = idempotencyStore(app.database);

  // A secret answer named here that no route has is a typo: it would be kept.
  const operations = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) operations.add(operationOf(method, route.url, API_ROOT) ?? '');
  });
  app.addHook('onReady', async () => {
    const missing = [...SECRET_ANSWERS].filter((op) => !operations.has(op));
    if (missing.length) throw new Error(`plugins/idempotency.ts names operations no route has: ${missing.join(', ')}`);
  });

  const honoured = (request: FastifyRequest) => isApiPost(request) && request.headers[IDEMPOTENCY_HEADER] !== undefined && !!request.actor;

  // The body's bytes as they come, on their way to its parser (multipart is read by its route instead: see preHandler).
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!honoured(request) || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const hash = startHash(request);
    stateOf(request).hash = hash;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    payload.on('error', (err) => tap.destroy(err));
    return payload.pipe(tap);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!isApiPost(request)) return;
    const key = keyOf(request);
    const caller = callerOf(request.actor);
    if (key === undefined || !caller) return;
    const state = stateOf(request);
    let hash = state.hash;
    if (!hash) {
      hash = startHash(request);
      if (request.isMultipart()) await spoolMultipart(request, hash, options.maxUploadBytes);
    }
    const bodyHash = hash.digest('hex');
    const route = request.routeOptions.url ?? request.url;
    const taken = await store.claim({ caller, key, method: request.method, path: route, bodyHash });
    if (!taken) {
      state.claim = { caller, key, secret: SECRET_ANSWERS.has(operationOf(request.method, route, API_ROOT) ?? '') };
      return;
    }
    if (taken.method !== request.method || taken.path !== route || taken.bodyHash !== bodyHash) {
      throw new AppError(
        'UNPROCESSABLE',
        `This Idempotency-Key was used for another request (${taken.method} ${taken.path}, or another body) in the last ${IDEMPOTENCY_TTL_H} hours: nothing was done. Use a new key for a new request`,
        { details: [{ field: FIELD, message: 'Used for another request' }] },
      );
    }
    if (taken.status === null) {
      throw new AppError('CONFLICT', 'The request with this Idempotency-Key is still being carried out: nothing more was done. Wait for its answer', {
        details: [{ field: FIELD, message: 'Still in progress' }],
      });
    }
    if (taken.response === null) {
      throw new AppError(
        'CONFLICT',
        `The request with this Idempotency-Key was carried out already (it answered ${taken.status}); its answer was not kept (it held a secret, or was streamed or too large), and nothing more was done. Use a new key to do it again`,
        { details: [{ field: FIELD, message: 'Already carried out' }] },
      );
    }
    return replay(reply, taken);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    const claim = state?.claim;
    if (!claim) return payload;
    delete state.claim;
    const status = reply.statusCode;
    try {
      if (retryable(status)) {
        await store.release(claim);
        return payload;
      }
      const body = payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : null;
      const kept = !claim.secret && body !== null && Buffer.byteLength(body) <= MAX_KEPT_BYTES;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      await store.keep(claim, { status, headers: kept ? headers : null, response: kept ? body : null });
    } catch (err) {
      // The answer goes out all the same; the key stays claimed until it expires.
      request.log.error({ err }, 'Could not keep the answer of an Idempotency-Key');
    }
    return payload;
  });

  // A claimed request whose answer never went through onSend (a hijacked reply): its key is freed.
  app.addHook('onResponse', async (request) => {
    const state = states.get(request);
    const claim = state?.claim;
    if (!claim) return;
    delete state.claim;
    await store.release(claim).catch((err: unknown) => request.log.error({ err }, 'Could not free an Idempotency-Key'));
  });
}

/** The kept answer again: its status, body and the headers that matter. */
function replay(reply: FastifyReply, taken: Taken) {
  reply.status(taken.status!);
  reply.headers({ ...taken.headers, 'idempotent-replayed': 'true' });
  return reply.send(taken.response === '' ? undefined : taken.response);
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });

type Operation = { parameters?: unknown[]; responses?: Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>> };
type Document = { paths?: Record<string, Record<string, unknown> | undefined> };

/**
 * Declares the header on every POST of the OpenAPI document, with the 409 and 422 it may
 * answer and the replay's `Idempotent-Replayed` on each success.
 */
export function withIdempotencyKeys<T extends object>(output: T): T {
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  for (const [route, item] of Object.entries((output as Document).paths ?? {})) {
    const operation = item?.post as Operation | undefined;
    if (!operation) continue;
    const secret = SECRET_ANSWERS.has(`POST ${route.startsWith(API_ROOT) ? route.slice(API_ROOT.length) : route}`);
    const replays = secret
      ? 'Its answer holds a secret, so only its status is kept: the same key again answers 409.'
      : `The same key and request again within ${IDEMPOTENCY_TTL_H} hours answer the first answer again (status, body, Content-Type, Location, ETag), with \`Idempotent-Replayed: true\`, and do nothing.`;
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: IDEMPOTENCY_HEADER,
        required: false,
        description: `Carries the request out once per key (a UUID, say; of the caller: a signed-in user or an API key, a visitor's is ignored). ${replays} The key for another request answers 422, and while its first request runs 409.`,
        schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
      },
    ];
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (secret || !/^2/.test(status)) continue;
      response.headers = {
        ...response.headers,
        'idempotent-replayed': {
          description: 'true when this is the kept answer of an earlier request with the same Idempotency-Key',
          schema: { type: 'string', enum: ['true'] },
        },
      };
    }
    operation.responses = {
      ...operation.responses,
      '409': {
        description: 'The request with this Idempotency-Key is still running, or was carried out and its answer not kept (or another conflict)',
        content: error,
      },
      '422': { description: 'This Idempotency-Key was used for another request (another method, path or body): nothing was done', content: error },
    };
  }
  return output;
}
