import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishingSetting } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { appConfigKeys } from '../../../../lib/query-keys';
import { adminKeys } from '../../../query-keys';

export function usePublishing() {
  return useQuery({ queryKey: adminKeys.publishing, queryFn: () => api.get<PublishingSetting>('/admin/publishing') });
}

/** Saves the setting; this tab's footer then loads the configuration again. */
export function usePutPublishing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setting: PublishingSetting) => api.put<PublishingSetting>('/admin/publishing', setting),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.publishing, saved);
      return client.invalidateQueries({ queryKey: appConfigKeys.all });
    },
  });
}
