import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestValue, LatestValuesResponse } from '@observatory/shared';
import { api } from './api-client';
import { latestValueKeys } from './query-keys';
import { retryServerFaults } from './errors';

/** The most series an object's list shows; more are counted. */
export const OBJECT_LATEST_LIMIT = 50;

/** The query of an object's latest values (a keep of the object claims its address). */
export const objectLatestParams = (name: string) => ({ object: name, limit: OBJECT_LATEST_LIMIT });

/** An object's datastreams' latest values, with how many there are. */
export const fetchObjectLatest = (name: string) =>
  api
    .page<LatestValuesResponse>('/latest-values', objectLatestParams(name))
    .then((r) => ({ values: r.data.values, total: r.pagination?.count ?? r.data.values.length }));

export const objectLatestQuery = (name: string) =>
  queryOptions({ queryKey: latestValueKeys.ofObject(name), queryFn: () => fetchObjectLatest(name), retry: retryServerFaults });
export const useObjectLatest = (name: string) => useQuery(objectLatestQuery(name));

/** A value as a person reads it: numbers in English digits (grouped from 10,000), booleans as yes and no. */
export function valueText(v: Pick<LatestValue, 'value' | 'metric'>): string {
  const value =
    typeof v.value === 'number'
      ? v.value.toLocaleString('en', { maximumFractionDigits: 6, useGrouping: Math.abs(v.value) >= 10_000 })
      : typeof v.value === 'boolean'
        ? v.value
          ? 'yes'
          : 'no'
        : v.value;
  return v.metric.unit && typeof v.value === 'number' ? `${value} ${v.metric.unit}` : value;
}
