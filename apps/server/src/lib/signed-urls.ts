import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed download URL works. */
export const SIGNED_URL_TTL_SECONDS = 300;

/** What a signature covers: the resource, who asked for it (null: a visitor), and when it stops working. */
export interface SignedClaim {
  /** The resource the URL opens, e.g. "files/<version id>". */
  path: string;
  /** The user the URL was made for; the server checks at download time that they may still see it. */
  userId: string | null;
  /** Unix time in seconds. */
  expires: number;
}

export type Verdict = 'valid' | 'expired' | 'invalid';

/** A signature as a URL's query carries it (`?expires=&user=&signature=`). */
export interface SignedQuery {
  expires?: string | undefined;
  user?: string | undefined;
  signature?: string | undefined;
}

/**
 * Signs short-lived URLs with HMAC-SHA256. The key is derived from the server's secret
 * for this one purpose, so a URL signature can never stand in for an access token.
 */
export function createUrlSigner(serverSecret: string, options: { ttlSeconds?: number; now?: () => number } = {}) {
  const key = createHmac('sha256', serverSecret).update('observatory signed urls v1').digest();
  const ttl = options.ttlSeconds ?? SIGNED_URL_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  // Newlines cannot occur in a path or a uuid, so the three fields cannot run into each other.
  const mac = (c: SignedClaim) =>
    createHmac('sha256', key)
      .update(`${c.path}\n${c.userId ?? ''}\n${c.expires}`)
      .digest();

  return {
    ttlSeconds: ttl,

    /** A claim valid for the next `ttl` seconds and its signature (base64url). */
    sign(path: string, userId: string | null): SignedClaim & { signature: string } {
      const claim = { path, userId, expires: nowSeconds() + ttl };
      return { ...claim, signature: mac(claim).toString('base64url') };
    },

    /** The query string that signs `path` for `userId`, and when it stops working. */
    signQuery(path: string, userId: string | null): { query: string; expires: number } {
      const signed = this.sign(path, userId);
      const query = new URLSearchParams({ expires: String(signed.expires), ...(signed.userId ? { user: signed.userId } : {}), signature: signed.signature });
      return { query: query.toString(), expires: signed.expires };
    },

    /** Checks a URL's query for `path`: the verdict, and the claim it makes when well formed. */
    verifyQuery(path: string, query: SignedQuery): { verdict: Verdict; claim: SignedClaim | null } {
      const expires = /^\d{1,12}$/.test(query.expires ?? '') ? Number(query.expires) : null;
      if (expires === null || !query.signature) return { verdict: 'invalid', claim: null };
      const claim = { path, userId: query.user ?? null, expires };
      return { verdict: this.verify(claim, query.signature), claim };
    },

    /** Constant-time: a wrong signature of the right length takes as long as a right one. */
    verify(claim: SignedClaim, signature: string): Verdict {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(claim);
      // base64url decoding skips junk characters: insist on the canonical spelling too.
      if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return 'invalid';
      return claim.expires < nowSeconds() ? 'expired' : 'valid';
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
