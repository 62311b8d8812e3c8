import { PASSWORD_MIN_LENGTH } from '@observatory/shared';
import type { ZodType } from 'zod';

/** A new password and its repetition, as every password form checks them. */
export const passwordRules = {
  password: (v: string) => (v.length >= PASSWORD_MIN_LENGTH ? null : `Use at least ${PASSWORD_MIN_LENGTH} characters`),
  confirm: (v: string, values: { password: string }) => (v === values.password ? null : 'The passwords differ'),
};

/** The server's username rule (shared UsernameSchema), checked before sending. */
export const usernameRule = (v: string) =>
  /^[a-z0-9][a-z0-9._-]{1,63}$/.test(v) ? null : 'Use 2 to 64 lower-case letters, digits, dots, dashes or underscores';

export const emailRule = (v: string) => (!v.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter a valid e-mail address');

/**
 * A form rule from the shared schema the server checks with (an address, a node's path
 * segment): its first message, or `empty` (null: optional) for an empty value.
 */
export const schemaRule =
  (schema: ZodType, empty: string | null = null) =>
  (v: string) => {
    if (!v) return empty;
    const parsed = schema.safeParse(v);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not valid');
  };
