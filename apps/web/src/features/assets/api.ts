import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetDetail, AssetsResponse, StrayFiles, SweptSchema } from '@observatory/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { assetKeys } from './keys';

export type Swept = z.infer<typeof SweptSchema>;

const assetPath = (id: string) => `/assets/${encodeURIComponent(id)}`;

/** GET assets/{id}: the asset, the places it is used that the reader may see, and what they may do. */
export function useAsset(id: string) {
  return useQuery({ queryKey: assetKeys.detail(id), queryFn: ({ signal }) => api.get<AssetDetail>(assetPath(id), undefined, signal) });
}

/** GET assets (manageAssets): a page of every asset, or of the unused ones, with the totals. */
export function useAssets(page: number, unusedOnly: boolean) {
  return useQuery({
    queryKey: assetKeys.list(page, unusedOnly),
    queryFn: ({ signal }) => api.page<AssetsResponse>('/assets', { p: page, unused: unusedOnly ? 'true' : undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET assets?mine=true: a page of the signed-in user's own uploads. */
export function useMyAssets(page: number) {
  return useQuery({
    queryKey: assetKeys.mine(page),
    queryFn: ({ signal }) => api.page<AssetsResponse>('/assets', { p: page, mine: 'true' }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * DELETE assets/{id}: refused (409) while it is used, the message saying where. Either way
 * the lists refetch. Once deleted, its page is marked stale but not asked for while it still
 * shows (that answer would be a 404): a return to it asks, and then says it is not found.
 */
export function useDeleteAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<null>(assetPath(id)),
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: assetKeys.detail(id), exact: true, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: assetKeys.lists });
    },
    // Refused: it is used after all; its page and the list show where.
    onError: (_, id) => {
      void client.invalidateQueries({ queryKey: assetKeys.detail(id), exact: true });
      void client.invalidateQueries({ queryKey: assetKeys.lists });
    },
  });
}

/** GET assets/strays (manageAssets): files in storage no record names, older than an hour. */
export function useStrayFiles() {
  return useQuery({ queryKey: assetKeys.strays, queryFn: ({ signal }) => api.get<StrayFiles>('/assets/strays', undefined, signal) });
}

/** POST assets/strays/sweep: removes them; what is left is asked for again. */
export function useSweepStrays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Swept>('/assets/strays/sweep'),
    onSettled: () => client.invalidateQueries({ queryKey: assetKeys.strays }),
  });
}
