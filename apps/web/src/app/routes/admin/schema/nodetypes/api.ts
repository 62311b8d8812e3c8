import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetadataSchema, NodeType } from '@observatory/shared';
import { api } from '../../../../../lib/api-client';

export interface NodeTypeDetail {
  nodetype: NodeType;
  nodes: number;
}
export interface NodeTypeInput {
  slug?: string;
  name: string;
  schema: string | null;
}

const url = (slug: string) => `/data/nodetypes/${encodeURIComponent(slug)}`;

export const useNodeTypeList = () => useQuery({ queryKey: ['nodetypes'], queryFn: () => api.get<{ nodetypes: NodeType[] }>('/data/nodetypes').then((r) => r.nodetypes) });
export const useNodeType = (slug: string) => useQuery({ queryKey: ['nodetype', slug], queryFn: () => api.get<NodeTypeDetail>(url(slug)) });
/** The metadata schemas a node type may follow. */
export const useSchemaChoices = () => useQuery({ queryKey: ['admin', 'schemas'], queryFn: () => api.get<{ schemas: MetadataSchema[] }>('/data/schema').then((r) => r.schemas) });

/** A write to node types: the list and the pages refetch (a deleted type's page only goes stale: asked again it would be a 404). */
function useNodeTypeWrite<I, O>(mutationFn: (input: I) => Promise<O>, deletes = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['nodetypes'] });
      void client.invalidateQueries({ queryKey: ['nodetype'], ...(deletes ? { refetchType: 'none' as const } : {}) });
      void client.invalidateQueries({ queryKey: ['nodes'], refetchType: 'none' });
    },
  });
}

export const useCreateNodeType = () => useNodeTypeWrite((input: NodeTypeInput) => api.post<NodeTypeDetail>('/data/nodetypes', input));
export const useUpdateNodeType = (slug: string) => useNodeTypeWrite((input: NodeTypeInput) => api.put<NodeTypeDetail>(url(slug), input));
export const useDeleteNodeType = (slug: string) => useNodeTypeWrite(() => api.del(url(slug)), true);
