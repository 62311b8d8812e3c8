import { queryOptions } from '@tanstack/react-query';
import type { MetadataSchema, MetadataSchemaResponse } from '@observatory/shared';
import { api } from './api-client';

/**
 * The metadata schemas (`GET data/schema`, `GET data/schema/{slug}`): one list and one
 * detail per schema, every key under `metadataSchemasKey`, so a change to any schema or
 * to what uses one refreshes them all.
 */
export const metadataSchemasKey = ['data', 'schema'] as const;
export const metadataSchemaPath = (slug: string) => `/data/schema/${encodeURIComponent(slug)}`;

export const metadataSchemasQuery = () =>
  queryOptions({ queryKey: [...metadataSchemasKey, 'list'], queryFn: () => api.get<{ schemas: MetadataSchema[] }>('/data/schema').then((r) => r.schemas) });

export const metadataSchemaKey = (slug: string) => [...metadataSchemasKey, 'one', slug] as const;
export const metadataSchemaQuery = (slug: string) =>
  queryOptions({ queryKey: metadataSchemaKey(slug), queryFn: () => api.get<MetadataSchemaResponse>(metadataSchemaPath(slug)) });
