import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleDetail } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../query-keys';

export { useRoles } from '../users/api';
export type { RoleDetail };

const rolePath = (slug: string) => `/roles/${encodeURIComponent(slug)}`;

export function useRole(slug: string) {
  return useQuery({ queryKey: adminKeys.role(slug), queryFn: () => api.get<RoleDetail>(rolePath(slug)) });
}

/**
 * Create, change or delete a role; the role list and the role's page refetch. A deleted
 * role's page is only marked stale: asking for it again while it is still shown would
 * answer 404.
 */
function useRoleWrite<I, O>(mutationFn: (input: I) => Promise<O>, deletes = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.roles });
      void client.invalidateQueries({ queryKey: adminKeys.roleDetails, ...(deletes ? { refetchType: 'none' as const } : {}) });
    },
  });
}

export const useCreateRole = () => useRoleWrite((input: { name: string; slug?: string }) => api.post<Role>('/roles', input));
export const useUpdateRole = (slug: string) => useRoleWrite((input: { name?: string; permissions?: string[] }) => api.put<Role>(rolePath(slug), input));
export const useDeleteRole = (slug: string) => useRoleWrite(() => api.del(rolePath(slug)), true);
