import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NodeTypeInputSchema, NodeTypeResponseSchema } from '@observatory/shared';
import type { z } from 'zod';
import { nodeTypesQuery } from '../../../../../features/nodes/api';
import { api, type Conditional } from '../../../../../lib/api-client';
import { metadataSchemasQuery } from '../../../../../lib/metadata-schemas';
import { metadataSchemaKeys, nodeKeys } from '../../../../../lib/query-keys';
import { conflictOf } from '../../../../../lib/versions';
import { adminKeys } from '../../../../query-keys';

export type NodeTypeDetail = z.infer<typeof NodeTypeResponseSchema>;
type NodeTypeInput = z.input<typeof NodeTypeInputSchema>;

const url = (slug: string) => `/data/nodetypes/${encodeURIComponent(slug)}`;

export const useNodeTypeList = () => useQuery(nodeTypesQuery());
export const useNodeType = (slug: string) => useQuery({ queryKey: adminKeys.nodeType(slug), queryFn: () => api.get<NodeTypeDetail>(url(slug)) });
/** The metadata schemas a node type may follow. */
export const useSchemaChoices = () => useQuery(metadataSchemasQuery());

/**
 * A write to node types: the list, the schemas (what uses each) and the node pages are
 * stale after it. The page of the type written is answered by the write itself, under
 * its (new) address; its former address is not asked again (a 404 after a rename or delete).
 * A write refused as changed meanwhile (412) asks for the type again: the conflict dialog
 * compares the current version.
 */
function useNodeTypeWrite<I, O extends NodeTypeDetail | void>(slug: string | null, mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (slug && conflictOf(error)) void client.invalidateQueries({ queryKey: adminKeys.nodeType(slug), exact: true });
    },
    onSuccess: (saved) => {
      // The former page stays while it shows (dropping it would fetch it again): only marked stale.
      if (slug) void client.invalidateQueries({ queryKey: adminKeys.nodeType(slug), exact: true, refetchType: 'none' });
      if (saved) client.setQueryData(adminKeys.nodeType((saved as NodeTypeDetail).nodetype.slug), saved);
      void client.invalidateQueries({ queryKey: nodeKeys.types });
      void client.invalidateQueries({ queryKey: metadataSchemaKeys.all });
      void client.invalidateQueries({ queryKey: nodeKeys.all, refetchType: 'none' });
    },
  });
}

export const useCreateNodeType = () => useNodeTypeWrite(null, (input: NodeTypeInput) => api.post<NodeTypeDetail>('/data/nodetypes', input));
/** A change based on a version of the type (If-Match). */
export const useUpdateNodeType = (slug: string) =>
  useNodeTypeWrite(slug, ({ conditional, ...input }: NodeTypeInput & { conditional?: Conditional }) => api.put<NodeTypeDetail>(url(slug), input, conditional));
/** A delete of the version shown. */
export const useDeleteNodeType = (slug: string) => useNodeTypeWrite(slug, (version?: number) => api.del<void>(url(slug), { version }));
