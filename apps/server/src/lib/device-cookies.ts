import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known after a successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 86_400;

/**
 * Device cookies (OWASP's defence against lockout abuse): a browser that signed in to an
 * account before carries a signed note of it, and keeps its own allowance of failures for
 * that account however many strangers fail on it elsewhere. The value is a random nonce
 * and an HMAC of the account and nonce; the key is derived from the server's secret for
 * this purpose only, so every process sharing the secret recognises the cookie.
 */
export function createDeviceCookies(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('observatory device cookies v1').digest();
  const mac = (account: string, nonce: string) => createHmac('sha256', key).update(`${account}\n${nonce}`).digest();

  return {
    /** A new cookie value for a browser that has just signed in to `account` (lower-cased login). */
    issue(account: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${mac(account, nonce).toString('base64url')}`;
    },

    /** The cookie's nonce when it was issued for `account`, else null. */
    verify(value: string | undefined, account: string): string | null {
      const [nonce, signature, ...rest] = (value ?? '').split('.');
      if (!nonce || !signature || rest.length) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(account, nonce);
      if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return null;
      return nonce;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
