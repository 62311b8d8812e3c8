import { accountKeys as shared, authKeys } from '../../lib/query-keys';

/** My Account's keys: the account (shared with lib/my-person), its API keys, its sessions, its e-mail settings, an unsubscribe link's subscription. */
export const accountKeys = {
  ...shared,
  apiKeys: (username: string) => ['apikeys', username] as const,
  sessions: ['auth', 'sessions'] as const,
  notifications: authKeys.notifications,
  subscription: (token: string) => ['unsubscribe', token] as const,
};
