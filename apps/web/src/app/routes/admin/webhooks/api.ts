import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookCreated, WebhookDeliveriesResponse, WebhookDelivery, WebhookInput, WebhooksResponse } from '@observatory/shared';
import { api, type Conditional } from '../../../../lib/api-client';
import { conflictOf } from '../../../../lib/versions';
import { adminKeys } from '../../../query-keys';

export type { Webhook, WebhookDelivery };

const webhookPath = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

export function useWebhooks() {
  return useQuery({ queryKey: adminKeys.webhooks, queryFn: () => api.get<WebhooksResponse>('/admin/webhooks').then((r) => r.webhooks) });
}

/** How often an open log asks again while a delivery waits to be sent or retried. */
const WAITING_POLL_MS = 5000;

/** A webhook's delivery log, newest first, asked for while `enabled` (its log open). */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(id),
    queryFn: () => api.get<WebhookDeliveriesResponse>(`${webhookPath(id)}/deliveries`).then((r) => r.deliveries),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending' || d.status === 'retrying') ? WAITING_POLL_MS : false),
  });
}

/**
 * A write, after which the list (and the logs under it) is fetched again; one refused as
 * changed meanwhile (412) fetches it too, for the conflict dialog to compare.
 */
function useWebhookWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: adminKeys.webhooks });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.webhooks }),
  });
}

/** Adds a webhook: the answer holds its signing secret, which is never given again. */
export const useCreateWebhook = () => useWebhookWrite((input: WebhookInput) => api.post<WebhookCreated>('/admin/webhooks', input));

/** A change based on the version its form started from (`conditional`: its If-Match); the answer is the webhook. */
export const useUpdateWebhook = () =>
  useWebhookWrite(({ id, conditional, ...change }: WebhookInput & { id: string; conditional?: Conditional }) =>
    api.put<Webhook>(webhookPath(id), change, conditional),
  );

export const useDeleteWebhook = () => useWebhookWrite(({ id, version }: { id: string; version?: number }) => api.del(webhookPath(id), { version }));

/** Sends a webhook.test event at once; the answer is its delivery, as the log then shows it. */
export const useTestWebhook = () => useWebhookWrite((id: string) => api.post<{ delivery: WebhookDelivery }>(`${webhookPath(id)}/test`).then((r) => r.delivery));
