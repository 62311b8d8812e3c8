import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChartResponse, DataLevel, DataTableSummaryResponse, ObservationSort, ObservationsResponseSchema, QualityFlag } from '@observatory/shared';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/download';
import { spreadsheetAccept, spreadsheetDownload, type SpreadsheetKey } from '../../../../lib/spreadsheet-downloads';
import { slugFromTitle } from '../../../../lib/slug';
import { dataTableKeys } from '../../../query-keys';

/** What the Data tab narrows a table to; the chart also needs a metric. */
export interface TableFilter {
  object?: string | undefined;
  metric?: string | undefined;
  /** ISO 8601: from (inclusive) and to (exclusive). */
  from?: string | undefined;
  to?: string | undefined;
  flag?: QualityFlag | undefined;
  level?: DataLevel | undefined;
}

type Observations = z.infer<typeof ObservationsResponseSchema>;
/** Rows a page of the table shows. */
export const ROWS_PER_PAGE = 25;

const tablePath = (slug: string, id: string) => `/projects/${encodeURIComponent(slug)}/datatables/${id}`;
/** Where a span's review is sent (ReviewSpan). */
export const reviewPath = (slug: string, id: string) => `${tablePath(slug, id)}/review`;
/** The filter as query parameters, leaving out what is not set. */
const params = (filter: TableFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const summaryQuery = (slug: string, id: string, filter: TableFilter) =>
  queryOptions({
    queryKey: dataTableKeys.summary(id, params(filter)),
    queryFn: () => api.get<DataTableSummaryResponse>(`${tablePath(slug, id)}/summary`, params(filter)),
    placeholderData: keepPreviousData,
  });

/** A chart `width` buckets across: the server sends about two points a bucket however long the series. */
export const chartQuery = (slug: string, id: string, filter: TableFilter & { metric: string }, width: number) =>
  queryOptions({
    queryKey: dataTableKeys.chart(id, params(filter), width),
    queryFn: () => api.get<ChartResponse>(`${tablePath(slug, id)}/chart`, { ...params(filter), width }),
    placeholderData: keepPreviousData,
  });

export const observationsQuery = (slug: string, id: string, filter: TableFilter, sort: ObservationSort, page: number) =>
  queryOptions({
    queryKey: dataTableKeys.observations(id, params(filter), sort, page),
    queryFn: () => api.page<Observations>(`${tablePath(slug, id)}/observations`, { ...params(filter), sort, p: page, limit: ROWS_PER_PAGE }),
    placeholderData: keepPreviousData,
  });

/**
 * Every observation the filter finds, as CSV (for Excel: with a byte-order mark) or XLSX,
 * with the reader's session (members-only objects included when they may see them).
 */
export async function downloadObservations(slug: string, table: { id: string; title: string }, filter: TableFilter, key: SpreadsheetKey): Promise<void> {
  const { format, extension, bom } = spreadsheetDownload(key);
  const blob = await api.blob(
    `${tablePath(slug, table.id)}/observations.${format}`,
    { ...params(filter), ...(bom ? { bom: '1' } : {}) },
    spreadsheetAccept(key),
  );
  saveFile(blob, `${slug}-${slugFromTitle(table.title) || 'data'}.${extension}`);
}
