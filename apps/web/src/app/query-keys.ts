import type { ObservationSort } from '@observatory/shared';

/**
 * The query keys of the screens app/ holds itself: Site Admin's and a project's data
 * tables (the keys they share with features are in lib/query-keys.ts).
 */

/** Site Admin: every key under 'admin' (its asset list too, features/assets/keys.ts). */
export const adminKeys = {
  summary: ['admin', 'summary'] as const,
  status: ['admin', 'status'] as const,
  outbox: ['admin', 'outbox'] as const,
  basemap: ['admin', 'basemap'] as const,
  publishing: ['admin', 'publishing'] as const,
  /** Every page of the user list. */
  users: ['admin', 'users'] as const,
  userList: (q: string, p: number) => ['admin', 'users', { q, p }] as const,
  user: (key: string) => ['admin', 'user', key] as const,
  roles: ['admin', 'roles'] as const,
  /** Every role's page, and one. */
  roleDetails: ['admin', 'role'] as const,
  role: (slug: string) => ['admin', 'role', slug] as const,
  shortlinks: ['admin', 'shortlinks'] as const,
  /** The webhooks, and under them each one's delivery log. */
  webhooks: ['admin', 'webhooks'] as const,
  webhookDeliveries: (id: string) => ['admin', 'webhooks', id, 'deliveries'] as const,
  /** Every metric's page, and one (the metric entries are lib/metrics's). */
  metricDetails: ['admin', 'metric'] as const,
  metric: (name: string) => ['admin', 'metric', name] as const,
  /** Every unit's page (with the metrics measured in it), and one. */
  unitDetails: ['admin', 'unit'] as const,
  unit: (code: string) => ['admin', 'unit', code] as const,
  nodeType: (slug: string) => ['nodetype', slug] as const,
  unitConversion: (asked: { value: number; from: string; to: string } | null) => ['data', 'unit-conversion', asked] as const,
};

/** Imports: the sessions (an uploaded file each) and the previews of each session. */
export const importKeys = {
  sessions: ['import-sessions'] as const,
  sessionList: ['import-sessions', 'list'] as const,
  session: (id: string) => ['import-sessions', 'one', id] as const,
  /** Every preview of every session. */
  allPreviews: ['import-preview'] as const,
  /** Every preview of a session: an option changed forgets them all. */
  previews: (session: string) => ['import-preview', session] as const,
  preview: (session: string, kind: string, options: string, show: string, page: number) => ['import-preview', session, kind, options, show, page] as const,
};

/** The filter of a table's Data tab as query parameters (what is not set left out). */
type TableParams = Record<string, string>;

/** A project's data table as its Data tab shows it, by the table's id. */
export const dataTableKeys = {
  /** Everything read of one table: what a review changes. */
  all: (id: string) => ['datatable', id] as const,
  summary: (id: string, filter: TableParams) => ['datatable', id, 'summary', filter] as const,
  chart: (id: string, filter: TableParams, width: number) => ['datatable', id, 'chart', filter, width] as const,
  observations: (id: string, filter: TableParams, sort: ObservationSort, page: number) => ['datatable', id, 'observations', filter, sort, page] as const,
};
