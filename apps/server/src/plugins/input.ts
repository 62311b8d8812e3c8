import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, invalidField } from '../lib/errors.js';

/** JSON nested deeper than this is refused before any route reads it. */
export const MAX_JSON_DEPTH = 64;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Body fields that name a thing by id: `id`, `teamId`, `institutionIds`… */
const REFERENCE_FIELD = /^(id|.+Id|.+Ids)$/;
/** A caller's own data, kept as sent whatever its field names: metadata, documents, GeoJSON properties. */
const FREE_FORM = new Set(['metadata', 'doc', 'bio', 'properties']);

/** Text PostgreSQL cannot store (NUL) or that is not text at all (half of a surrogate pair). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (s: string) => s.includes('\u0000') || UNPAIRED_SURROGATE.test(s);

const fieldPath = (where: string, path: (string | number)[]) => [where, ...path].join('.');

/**
 * Checks and normalises what every request brings, once, before any route's schema sees
 * it: a NUL or an unpaired surrogate anywhere in the path, the query or a JSON body (keys
 * included) is a 400 naming the field; JSON nested beyond MAX_JSON_DEPTH is a 400; ids
 * are lower-cased UUIDs (in the path and the query, and in body fields named as
 * references), so that an id typed in capitals finds, stores and answers the same row.
 */
function checkInput(request: FastifyRequest) {
  request.params = walk('params', request.params, () => true) as typeof request.params;
  request.query = walk('query', request.query, () => true) as typeof request.query;
  if (request.body !== null && typeof request.body === 'object' && !request.isMultipart()) {
    request.body = walk('body', request.body);
  }
}

/** Walks a JSON value without recursion (a hostile body may be deep); answers it with ids normalised. */
export function walk(where: string, root: unknown, isReference: (key: string) => boolean = (key) => REFERENCE_FIELD.test(key)): unknown {
  const stack: { value: unknown; path: (string | number)[]; set: (v: unknown) => void; reference: boolean; free: boolean }[] = [];
  let result = root;
  stack.push({ value: root, path: [], set: (v) => (result = v), reference: false, free: false });
  while (stack.length) {
    const { value, path, set, reference, free } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) throw invalidField(fieldPath(where, path), 'Contains a character that cannot be stored (a NUL or half of a surrogate pair)');
      if (reference && UUID.test(value) && value !== value.toLowerCase()) set(value.toLowerCase());
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) throw invalidField(fieldPath(where, path), `Nested more than ${MAX_JSON_DEPTH} levels deep`);
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i], set: (v) => (value[i] = v), reference, free }));
      continue;
    }
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (unstorable(key))
        throw invalidField(fieldPath(where, path), 'A field name contains a character that cannot be stored (a NUL or half of a surrogate pair)');
      const inFreeForm = free || (where === 'body' && FREE_FORM.has(key));
      stack.push({ value: object[key], path: [...path, key], set: (v) => (object[key] = v), reference: !inFreeForm && isReference(key), free: inFreeForm });
    }
  }
  return result;
}

/** The charset a content type declares, lower-cased, or null. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

async function inputPlugin(app: FastifyInstance) {
  // JSON is UTF-8 (RFC 8259): another declared charset is a 415, bytes that are not UTF-8 a
  // 400, instead of text stored with replacement characters. Text is not JSON: no parser
  // for text/plain, so it is answered 415 like any other type a route does not take. An
  // empty body is no body, whatever its type says: a route that needs one says so (400
  // naming body), one that needs none (PUT …/members/{person}) takes it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', `Send JSON as UTF-8, not ${charset}`), undefined);
      return;
    }
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(invalidField('body', 'The body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => checkInput(request));
}

export default fp(inputPlugin, { name: 'input' });
