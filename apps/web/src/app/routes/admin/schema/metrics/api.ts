import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Metric, MetricInput } from '@observatory/shared';
import { api, type Conditional } from '../../../../../lib/api-client';
import { storeMetrics } from '../../../../../lib/metrics';
import { metricKeys, objectTypeKeys } from '../../../../../lib/query-keys';
import { conflictOf } from '../../../../../lib/versions';
import { adminKeys } from '../../../../query-keys';

/** Site Admin's metrics: a metric's page and its changes (the list is lib/metrics's). */

export { useMetrics } from '../../../../../lib/metrics';

const metricPath = (name: string) => `/data/metrics/${encodeURIComponent(name)}`;

/** One metric for its page: a 404 is the page's error, not an entry. */
export function useMetricDetail(name: string) {
  return useQuery({ queryKey: adminKeys.metric(name), queryFn: () => api.get<{ metric: Metric }>(metricPath(name)).then((r) => r.metric) });
}

/**
 * Everything that shows a metric: the list, the entries MetricName shows, the metric
 * pages, the unit pages (their metrics), the object types (which embed their metrics).
 * After a delete the metric's own page and entry are only marked stale: asking again
 * while they are still shown would answer 404.
 */
function refreshMetrics(client: QueryClient, deleted?: string) {
  void client.invalidateQueries({ queryKey: metricKeys.list });
  void client.invalidateQueries({ queryKey: adminKeys.unitDetails });
  void client.invalidateQueries({ queryKey: objectTypeKeys.all });
  if (deleted) {
    void client.invalidateQueries({ queryKey: metricKeys.entry(deleted), refetchType: 'none' });
    void client.invalidateQueries({ queryKey: adminKeys.metric(deleted), refetchType: 'none' });
  } else {
    void client.invalidateQueries({ queryKey: metricKeys.entries });
    void client.invalidateQueries({ queryKey: adminKeys.metricDetails });
  }
}

export function useCreateMetric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MetricInput) => api.post<{ metric: Metric }>('/data/metrics', input).then((r) => r.metric),
    onSuccess: (metric) => {
      storeMetrics(client, [metric]);
      refreshMetrics(client);
    },
  });
}

/**
 * Saves a metric based on a version of it (If-Match); a new name is a new address, where
 * the saved metric is shown at once. Changed meanwhile (412), the metric is asked for
 * again: the conflict dialog compares the current version.
 */
export function useUpdateMetric(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: MetricInput & { conditional?: Conditional }) =>
      api.put<{ metric: Metric }>(metricPath(name), input, conditional).then((r) => r.metric),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: adminKeys.metric(name) });
    },
    onSuccess: (metric) => {
      client.setQueryData(adminKeys.metric(metric.name), metric);
      storeMetrics(client, [metric]);
      refreshMetrics(client, metric.name === name ? undefined : name);
    },
  });
}

/** Deletes the version shown. */
export function useDeleteMetric(name: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (version?: number) => api.del(metricPath(name), { version }), onSuccess: () => refreshMetrics(client, name) });
}
