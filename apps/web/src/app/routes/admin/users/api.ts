import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationResponse, ResetLinkResponse, RoleAssignmentsResponse, RolesResponse, UsersResponse } from '@observatory/shared';
import type { UserDetail } from '../../../../features/account/api';
import { api } from '../../../../lib/api-client';
import { peopleKeys } from '../../../../lib/query-keys';
import { adminKeys } from '../../../query-keys';

export type { UserDetail };
const userPath = (key: string) => `/users/${encodeURIComponent(key)}`;

export function useUsers(q: string, p: number) {
  return useQuery({
    queryKey: adminKeys.userList(q, p),
    queryFn: ({ signal }) => api.page<UsersResponse>('/users', { q: q || undefined, p }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(key: string) {
  return useQuery({ queryKey: adminKeys.user(key), queryFn: () => api.get<UserDetail>(userPath(key)) });
}

/** After a change the user's page and the user list refetch. */
function useUserWrite<I, O>(key: string, mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.user(key) });
      void client.invalidateQueries({ queryKey: adminKeys.users });
    },
  });
}

export const useUpdateAccount = (key: string) =>
  useUserWrite(key, (input: { email?: string | null; username?: string; disabled?: boolean; currentPassword?: string }) =>
    api.put<UserDetail>(userPath(key), input),
  );

export const useResetLink = (key: string) => useUserWrite(key, () => api.post<ResetLinkResponse>(`${userPath(key)}/reset`));

export function useRoles() {
  return useQuery({ queryKey: adminKeys.roles, queryFn: () => api.get<RolesResponse>('/roles').then((r) => r.roles) });
}

/** Give or take away a role, globally (target "global") or on a team or project. */
export function useRoleChange(key: string, personId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, role, target }: { action: 'add' | 'remove'; role: string; target: string }) => {
      const path = `/users/${personId}/roles/${target}/${encodeURIComponent(role)}`;
      return action === 'add' ? api.put<RoleAssignmentsResponse>(path) : api.del<RoleAssignmentsResponse>(path);
    },
    onSuccess: ({ roles }) => client.setQueryData<UserDetail>(adminKeys.user(key), (old) => old && { ...old, roles }),
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; username: string; email: string | null; password: string }) => api.post<UserDetail>('/users', input),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name?: string; personId?: string }) => api.post<InvitationResponse>('/invitations', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.outbox });
      void client.invalidateQueries({ queryKey: peopleKeys.details });
    },
  });
}
