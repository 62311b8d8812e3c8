import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again (webhooks' signing secrets), stored encrypted with
 * AES-256-GCM: a copy of the database alone does not reveal them when the key is configured
 * apart (WEBHOOK_SECRET_KEY, docs/harvestable.md "Webhooks").
 */
export function createSecretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/** The key: WEBHOOK_SECRET_KEY's SHA-256 when set, else one derived from the token signing secret for this purpose alone. */
export function secretBoxKey(configured: string | null, tokenSecret: string): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  return createHmac('sha256', tokenSecret).update('observatory stored secrets v1').digest();
}
