import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NodeInput, NodeOutline, NodeResponse, NodeType, CatalogueNode } from '@observatory/shared';
import { api, type Conditional } from '../../lib/api-client';
import { nodeKeys } from '../../lib/query-keys';
import { conflictOf } from '../../lib/versions';

const nodeUrl = (path: string) => `/data/node/${path}`;

export const nodeQuery = (path: string) => queryOptions({ queryKey: nodeKeys.node(path), queryFn: () => api.get<NodeResponse>(nodeUrl(path)) });
export const rootsQuery = () =>
  queryOptions({ queryKey: nodeKeys.roots, queryFn: () => api.get<{ children: CatalogueNode[] }>('/data/node').then((r) => r.children) });
export const outlineQuery = () =>
  queryOptions({ queryKey: nodeKeys.outline, queryFn: () => api.get<{ nodes: NodeOutline }>('/data/nodes').then((r) => r.nodes) });
export const nodeTypesQuery = () =>
  queryOptions({ queryKey: nodeKeys.types, queryFn: () => api.get<{ nodetypes: NodeType[] }>('/data/nodetypes').then((r) => r.nodetypes) });

/** A node by path; the empty path (the root) is no node and is not asked for. */
export const useNode = (path: string) => useQuery({ ...nodeQuery(path), enabled: path !== '' });
export const useRoots = () => useQuery(rootsQuery());
export const useOutline = () => useQuery(outlineQuery());
export const useNodeTypes = () => useQuery(nodeTypesQuery());

/**
 * A write to the tree; every node query is stale after it (paths below a moved node change
 * too). A write to the node at `path` refused as changed meanwhile (412) asks for it again:
 * the conflict dialog compares the current version.
 */
function useNodeWrite<I>(mutationFn: (input: I) => Promise<NodeResponse | void>, path?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (path && conflictOf(error)) void client.invalidateQueries({ queryKey: nodeKeys.node(path) });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: nodeKeys.all, refetchType: 'none' }),
  });
}

export const useCreateNode = () => useNodeWrite((input: NodeInput) => api.post<NodeResponse>('/data/node', input));
/** A change based on a version of the node (If-Match). */
export const useUpdateNode = (path: string) =>
  useNodeWrite(({ conditional, ...input }: NodeInput & { conditional?: Conditional }) => api.put<NodeResponse>(nodeUrl(path), input, conditional), path);
/** A delete of the version shown. */
export const useDeleteNode = (path: string) => useNodeWrite((version?: number) => api.del(nodeUrl(path), { version }), path);
