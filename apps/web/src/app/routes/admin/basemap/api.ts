import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BasemapSetting, BasemapState } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { appConfigKeys } from '../../../../lib/query-keys';
import { adminKeys } from '../../../query-keys';

export function useBasemap(enabled = true) {
  return useQuery({ queryKey: adminKeys.basemap, queryFn: () => api.get<BasemapState>('/admin/basemap'), enabled });
}

/** Saves the choice; this tab's maps and privacy page then load the configuration again. */
export function usePutBasemap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setting: BasemapSetting) => api.put<BasemapState>('/admin/basemap', setting),
    onSuccess: (state) => {
      client.setQueryData(adminKeys.basemap, state);
      return client.invalidateQueries({ queryKey: appConfigKeys.all });
    },
  });
}
