import { PASSWORD_MIN_LENGTH } from '@observatory/shared';

/** A new password and its repetition, as every password form checks them. */
export const passwordRules = {
  password: (v: string) => (v.length >= PASSWORD_MIN_LENGTH ? null : `Use at least ${PASSWORD_MIN_LENGTH} characters`),
  confirm: (v: string, values: { password: string }) => (v === values.password ? null : 'The passwords differ'),
};
