import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  GeoObjectsResponse,
  MetadataSchema,
  MetadataSchemaInput,
  MetadataSchemaResponse,
  ObjectType,
  ObjectTypeInput,
  ObjectTypeResponse,
  SchemaImpact,
} from '@observatory/shared';
import { api, type Conditional } from '../../../../lib/api-client';
import { storeMetrics } from '../../../../lib/metrics';
import { metadataSchemaPath, metadataSchemaQuery, metadataSchemasQuery } from '../../../../lib/metadata-schemas';
import { objectTypesQuery } from '../../../../lib/object-types';
import { metadataSchemaKeys, objectKeys, objectTypeKeys } from '../../../../lib/query-keys';
import { nodeTypesQuery } from '../../../../features/nodes/api';
import { conflictOf } from '../../../../lib/versions';

/** Site Admin's object types, metadata schemas and objects: their queries and changes. */

export { useObjectTypes } from '../../../../lib/object-types';

/** The types as the server has them now: Site Admin's list asks again on each visit (another administrator may have changed them). */
export const useCurrentObjectTypes = () => useQuery({ ...objectTypesQuery(), staleTime: 0 });

// ---------------------------------------------------------------- metrics (read only here)

/** Every metric, to pick from (each stored as its entry too, so a MetricName shows it without asking). */
export { useMetrics } from '../../../../lib/metrics';

// ---------------------------------------------------------------- object types

const typePath = (slug: string) => `/data/objtypes/${encodeURIComponent(slug)}`;

export function useObjectType(slug: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: objectTypeKeys.detail(slug),
    queryFn: async () => {
      const { objtype } = await api.get<ObjectTypeResponse>(typePath(slug));
      storeMetrics(client, Object.values(objtype.metrics));
      return objtype;
    },
  });
}

/** How many objects (that the reader sees) are of each type: one page of one row each, for its count. */
export function useObjectCounts(slugs: string[]) {
  const counts = useQueries({
    queries: slugs.map((slug) => ({
      queryKey: objectKeys.count(slug),
      queryFn: () => api.page<GeoObjectsResponse>('/data/obj', { type: slug, limit: 1 }).then((r) => r.pagination?.count ?? r.data.objects.length),
      staleTime: 30_000,
    })),
  });
  return new Map(slugs.map((slug, i) => [slug, counts[i]?.data]));
}

/**
 * A change of the schema reaches every screen that shows types: the shared list and each
 * type (the object forms, the catalogue, the map), and the schemas' "used by".
 */
function refreshSchema(client: QueryClient) {
  void client.invalidateQueries({ queryKey: objectTypeKeys.all });
  void client.invalidateQueries({ queryKey: metadataSchemaKeys.all });
}

export function useCreateObjectType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ObjectTypeInput) => api.post<ObjectTypeResponse>('/data/objtypes', input).then((r) => r.objtype),
    onSuccess: () => refreshSchema(client),
  });
}

/** Saves a type based on a version of it (If-Match); changed meanwhile (412), the type is asked for again for the conflict dialog. */
export function useSaveObjectType(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: ObjectTypeInput & { conditional?: Conditional }) =>
      api.put<ObjectTypeResponse>(typePath(slug), input, conditional).then((r) => r.objtype),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: objectTypeKeys.detail(slug), exact: true });
    },
    onSuccess: (saved: ObjectType) => {
      client.setQueryData(objectTypeKeys.detail(saved.slug), saved);
      if (saved.slug !== slug) client.removeQueries({ queryKey: objectTypeKeys.detail(slug), exact: true });
      refreshSchema(client);
    },
  });
}

/**
 * Deletes the version shown. The deleted type's own query is only marked stale: asked
 * again while its page still shows, it would answer 404.
 */
export function useDeleteObjectType(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) => api.del(typePath(slug), { version }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: objectTypeKeys.detail(slug), exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: objectTypeKeys.all, exact: true });
      void client.invalidateQueries({ queryKey: metadataSchemaKeys.all });
    },
  });
}

// ---------------------------------------------------------------- metadata schemas

export type SchemaDetail = MetadataSchemaResponse;

/** The node types, for what uses each schema (the node pages and their admin screens share the query). */
export const useNodeTypes = () => useQuery(nodeTypesQuery());

export const useSchemas = () => useQuery(metadataSchemasQuery());

export const useSchema = (slug: string) => useQuery(metadataSchemaQuery(slug));

export function useCreateSchema() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MetadataSchemaInput) => api.post<MetadataSchema>('/data/schema', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: metadataSchemaKeys.list }),
  });
}

/** What saving would do: nothing is saved. */
export const useCheckSchema = (slug: string) =>
  useMutation({ mutationFn: (schema: Record<string, unknown>) => api.post<SchemaImpact>(`${metadataSchemaPath(slug)}/check`, { schema }) });

/**
 * A new version, based on the version the editor started from (If-Match); the types embed
 * their schemas, so they are asked for again too. Changed meanwhile (412), the schema is
 * asked for again for the conflict dialog.
 */
export function useSaveSchema(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: { title: string; schema: Record<string, unknown>; conditional?: Conditional }) =>
      api.put<MetadataSchema>(metadataSchemaPath(slug), input, conditional),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: metadataSchemaKeys.detail(slug) });
    },
    onSuccess: (saved) => {
      client.setQueryData<SchemaDetail>(metadataSchemaKeys.detail(slug), (old) => old && { ...old, schema: saved });
      refreshSchema(client);
    },
  });
}

/** Deletes the schema, every version of it, when the one shown is still the current one. */
export function useDeleteSchema(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) => api.del(metadataSchemaPath(slug), { version }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: metadataSchemaKeys.detail(slug), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: metadataSchemaKeys.list });
    },
  });
}

// ---------------------------------------------------------------- objects

/** A page of every object the reader sees (an administrator: all), searched by name and title. */
export const useAdminObjects = (q: string, page: number) =>
  useQuery({
    queryKey: objectKeys.admin(q, page),
    queryFn: ({ signal }) => api.page<GeoObjectsResponse>('/data/obj', { q: q || undefined, p: page }, signal),
    placeholderData: keepPreviousData,
  });
