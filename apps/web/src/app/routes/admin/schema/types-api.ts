import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  GeoObjectsResponse,
  MetadataSchema,
  MetadataSchemaInput,
  NodeType,
  ObjectType,
  ObjectTypeInput,
  ObjectTypeResponse,
  SchemaImpact,
} from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { storeMetrics } from '../../../../lib/metrics';
import { objectTypesKey, objectTypesQuery } from '../../../../lib/object-types';

/** Site Admin's object types, metadata schemas and objects: their queries and changes. */

export { useObjectTypes } from '../../../../lib/object-types';

/** The types as the server has them now: Site Admin's list asks again on each visit (another administrator may have changed them). */
export const useCurrentObjectTypes = () => useQuery({ ...objectTypesQuery(), staleTime: 0 });

// ---------------------------------------------------------------- metrics (read only here)

/** Every metric, to pick from (each stored as its entry too, so a MetricName shows it without asking). */
export { useMetrics } from '../../../../lib/metrics';

// ---------------------------------------------------------------- object types

const typePath = (slug: string) => `/data/objtypes/${encodeURIComponent(slug)}`;
/** Under the types' key: a change of any type refreshes it with the list every screen shares. */
const typeKey = (slug: string) => [...objectTypesKey, slug] as const;

export function useObjectType(slug: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: typeKey(slug),
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
      queryKey: ['objects', 'count', { type: slug }],
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
  void client.invalidateQueries({ queryKey: objectTypesKey });
  void client.invalidateQueries({ queryKey: schemasKey });
}

export function useCreateObjectType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ObjectTypeInput) => api.post<ObjectTypeResponse>('/data/objtypes', input).then((r) => r.objtype),
    onSuccess: () => refreshSchema(client),
  });
}

export function useSaveObjectType(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ObjectTypeInput) => api.put<ObjectTypeResponse>(typePath(slug), input).then((r) => r.objtype),
    onSuccess: (saved: ObjectType) => {
      client.setQueryData(typeKey(saved.slug), saved);
      if (saved.slug !== slug) client.removeQueries({ queryKey: typeKey(slug), exact: true });
      refreshSchema(client);
    },
  });
}

/** The deleted type's own query is only marked stale: asked again while its page still shows, it would answer 404. */
export function useDeleteObjectType(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.del(typePath(slug)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: typeKey(slug), exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: objectTypesKey, exact: true });
      void client.invalidateQueries({ queryKey: schemasKey });
    },
  });
}

// ---------------------------------------------------------------- metadata schemas

export interface SchemaUsage {
  kind: string;
  slug: string;
  name: string;
}
export interface SchemaDetail {
  schema: MetadataSchema;
  usedBy: SchemaUsage[];
}

const schemasKey = ['data', 'schema'] as const;
const schemaListKey = [...schemasKey, 'list'] as const;
const schemaKey = (slug: string) => [...schemasKey, 'one', slug] as const;
const schemaPath = (slug: string) => `/data/schema/${encodeURIComponent(slug)}`;

/** The node types, for what uses each schema (the node types' own screens share the query). */
export const useNodeTypes = () => useQuery({ queryKey: ['nodetypes'], queryFn: () => api.get<{ nodetypes: NodeType[] }>('/data/nodetypes').then((r) => r.nodetypes) });

export const useSchemas = () => useQuery({ queryKey: schemaListKey, queryFn: () => api.get<{ schemas: MetadataSchema[] }>('/data/schema').then((r) => r.schemas) });

export const useSchema = (slug: string) => useQuery({ queryKey: schemaKey(slug), queryFn: () => api.get<SchemaDetail>(schemaPath(slug)) });

export function useCreateSchema() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MetadataSchemaInput) => api.post<MetadataSchema>('/data/schema', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: schemaListKey }),
  });
}

/** What saving would do: nothing is saved. */
export const useCheckSchema = (slug: string) => useMutation({ mutationFn: (schema: Record<string, unknown>) => api.post<SchemaImpact>(`${schemaPath(slug)}/check`, { schema }) });

/** A new version; the types embed their schemas, so they are asked for again too. */
export function useSaveSchema(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; schema: Record<string, unknown> }) => api.put<MetadataSchema>(schemaPath(slug), input),
    onSuccess: (saved) => {
      client.setQueryData<SchemaDetail>(schemaKey(slug), (old) => old && { ...old, schema: saved });
      refreshSchema(client);
    },
  });
}

export function useDeleteSchema(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.del(schemaPath(slug)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: schemaKey(slug), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: schemaListKey });
    },
  });
}

// ---------------------------------------------------------------- objects

/** A page of every object the reader sees (an administrator: all), searched by name and title. */
export const useAdminObjects = (q: string, page: number) =>
  useQuery({
    queryKey: ['objects', 'admin', { q, p: page }],
    queryFn: ({ signal }) => api.page<GeoObjectsResponse>('/data/obj', { q: q || undefined, p: page }, signal),
    placeholderData: keepPreviousData,
  });
