import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Metric } from '@observatory/shared';
import { api, ApiError } from './api-client';
import { metricKeys } from './query-keys';

/**
 * Metrics loaded by name (`GET data/metrics/{name}`), one entry per name in the query
 * cache. A failed load stores an error entry for that metric (spec section 5), beside the
 * others and without touching them: whatever refers to the metric shows the error where
 * the metric would be.
 */
export type MetricEntry = { name: string; metric: Metric; error?: undefined } | { name: string; error: string; metric?: undefined };

const metricPath = (name: string) => `/data/metrics/${encodeURIComponent(name)}`;

/** Why a load failed, in the server's words when it gave any ("Metric not found"). */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.errorText ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The entry for one name: the metric, or the error entry when the load failed. */
export async function loadMetric(name: string): Promise<MetricEntry> {
  try {
    const { metric } = await api.get<{ metric: Metric }>(metricPath(name));
    return { name, metric };
  } catch (error) {
    return { name, error: failureText(error) };
  }
}

/** How long an entry is trusted: a metric for minutes, an error entry not at all (the next screen asks again). */
const ENTRY_STALE_MS = 5 * 60_000;

export const metricQuery = (name: string) =>
  queryOptions({
    queryKey: metricKeys.entry(name),
    queryFn: () => loadMetric(name),
    staleTime: (query) => (query.state.data?.error === undefined ? ENTRY_STALE_MS : 0),
  });

/** One metric's entry; undefined while it loads. Screens showing the same metric share one load. */
export function useMetric(name: string): MetricEntry | undefined {
  return useQuery(metricQuery(name)).data;
}

/** Stores the metrics of a list just loaded as their entries, so showing them asks for nothing more. */
export function storeMetrics(client: QueryClient, metrics: readonly Metric[]): void {
  for (const metric of metrics) client.setQueryData(metricKeys.entry(metric.name), { name: metric.name, metric });
}

/** Every metric (`GET data/metrics`), in the server's order; each is stored as its entry too. */
export const metricsQuery = () =>
  queryOptions({
    queryKey: metricKeys.list,
    queryFn: async ({ client, signal }) => {
      const { metrics } = await api.get<{ metrics: Metric[] }>('/data/metrics', undefined, signal);
      storeMetrics(client, metrics);
      return metrics;
    },
  });
export const useMetrics = () => useQuery(metricsQuery());
