import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailTopic, NotificationSettings } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { accountKeys } from './keys';

/** The subscription an unsubscribe link is for (UnsubscribeResponseSchema). */
export interface Subscription {
  topic: MailTopic;
  subscribed: boolean;
  /** Whose subscription: the person's name. */
  name: string | null;
}
type UnsubscribeResponse = { subscription: Subscription };

const SETTINGS_PATH = '/auth/user/notifications';

/** GET auth/user/notifications: which e-mails the signed-in user receives. */
export function useNotificationSettings() {
  return useQuery({ queryKey: accountKeys.notifications, queryFn: () => api.get<NotificationSettings>(SETTINGS_PATH), retry: false });
}

/** PUT auth/user/notifications: the answer is the settings as stored. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) => api.put<NotificationSettings>(SETTINGS_PATH, settings),
    onSuccess: (saved) => client.setQueryData(accountKeys.notifications, saved),
  });
}

const unsubscribePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

/** GET unsubscribe/{token}: what the link is for (it changes nothing: mail scanners follow links). */
export function useSubscription(token: string) {
  return useQuery({
    queryKey: accountKeys.subscription(token),
    queryFn: () => api.get<UnsubscribeResponse>(unsubscribePath(token)).then((r) => r.subscription),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** POST unsubscribe/{token}: one click, as a mail client's List-Unsubscribe-Post would. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeResponse>(unsubscribePath(token), { 'List-Unsubscribe': 'One-Click' }).then((r) => r.subscription),
    onSuccess: (subscription) => {
      client.setQueryData(accountKeys.subscription(token), subscription);
      void client.invalidateQueries({ queryKey: accountKeys.notifications });
    },
  });
}
