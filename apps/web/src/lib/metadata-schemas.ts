import { queryOptions } from '@tanstack/react-query';
import type { MetadataSchema, MetadataSchemaResponse } from '@observatory/shared';
import { api } from './api-client';
import { metadataSchemaKeys } from './query-keys';

/**
 * The metadata schemas (`GET data/schema`, `GET data/schema/{slug}`): one list and one
 * detail per schema, every key under `metadataSchemaKeys.all`, so a change to any schema or
 * to what uses one refreshes them all.
 */
export const metadataSchemaPath = (slug: string) => `/data/schema/${encodeURIComponent(slug)}`;

export const metadataSchemasQuery = () =>
  queryOptions({ queryKey: metadataSchemaKeys.list, queryFn: () => api.get<{ schemas: MetadataSchema[] }>('/data/schema').then((r) => r.schemas) });

export const metadataSchemaQuery = (slug: string) =>
  queryOptions({ queryKey: metadataSchemaKeys.detail(slug), queryFn: () => api.get<MetadataSchemaResponse>(metadataSchemaPath(slug)) });
