import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PUBLICATION_TYPES } from '@observatory/shared';

/** How long a resumption token works: a harvest of the whole catalogue takes far less. */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Longer than any token this server writes: anything longer is not one. */
const MAX_TOKEN_CHARS = 2000;

/** A record's change time to the microsecond, as the keyset compares it (PostgreSQL's precision, not JavaScript's). */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const StateSchema = z
  .object({
    verb: z.enum(['ListIdentifiers', 'ListRecords']),
    prefix: z.string().max(100),
    filter: z
      .object({
        kind: z.enum(['project', 'publication']).optional(),
        pubType: z.enum(PUBLICATION_TYPES).optional(),
        project: z.union([z.literal('*'), z.uuid()]).optional(),
      })
      .strict(),
    /** Inclusive; null: from the first record. */
    from: z.iso.datetime().nullable(),
    /** Exclusive: fixed at the first page, so the list holds still while it is harvested. */
    until: z.iso.datetime(),
    /** The last record sent: the next page starts after it, in (datestamp, id) order. */
    after: z.object({ stamp: z.string().regex(STAMP), id: z.uuid() }).strict(),
    /** Records sent before the next page. */
    cursor: z.number().int().min(0),
    /** The whole list's size, counted at the first page. */
    total: z.number().int().min(0),
  })
  .strict();
export type TokenState = z.infer<typeof StateSchema>;

const SignedSchema = z.object({ state: StateSchema, expires: z.number().int() }).strict();

export type Decoded = { state: TokenState } | { problem: 'invalid' | 'expired' };

/**
 * Resumption tokens that need no storage: the list's state, signed with HMAC-SHA256 under a
 * key derived from the server's secret for this one purpose (as lib/signed-urls.ts does), so
 * a token works on any process and after a restart, and nobody can make one up or change it.
 * `base64url(JSON).base64url(signature)`, expiring TOKEN_TTL_SECONDS after it was written.
 */
export function createTokenCodec(serverSecret: string, options: { now?: () => Date; ttlSeconds?: number } = {}) {
  const key = createHmac('sha256', serverSecret).update('observatory oai-pmh resumption tokens v1').digest();
  const ttl = options.ttlSeconds ?? TOKEN_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    /** The token of `state` and when it stops working. */
    encode(state: TokenState): { token: string; expires: Date } {
      const expires = nowSeconds() + ttl;
      const body = Buffer.from(JSON.stringify({ state, expires })).toString('base64url');
      return { token: `${body}.${mac(body).toString('base64url')}`, expires: new Date(expires * 1000) };
    },

    /** The state a token carries; `invalid` for one this server did not write as it is (made up, changed, cut), `expired` past its time. */
    decode(token: string): Decoded {
      const [body, signature, ...rest] = token.split('.');
      if (token.length > MAX_TOKEN_CHARS || !body || !signature || rest.length) return { problem: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      // Constant time; base64url decoding skips junk characters, so the spelling must be canonical too.
      if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return { problem: 'invalid' };
      const parsed = SignedSchema.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
      if (!parsed.success) return { problem: 'invalid' };
      return parsed.data.expires < nowSeconds() ? { problem: 'expired' } : { state: parsed.data.state };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
