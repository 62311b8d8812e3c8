import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A high-entropy random secret (refresh tokens, reset and invitation codes, API keys). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored as SHA-256: they carry 256 bits of entropy, so a fast hash suffices. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function sameSecret(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
