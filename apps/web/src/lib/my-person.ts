import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@observatory/shared';
import { api } from './api-client';
import { useCurrentUser } from './auth';
import { accountKeys } from './query-keys';

/**
 * The signed-in user's person (GET users/{username}): whose author links they confirm,
 * whose photos /me lists. Under the account's own key: the same answer, asked once.
 */
export function useMyPerson() {
  const { user } = useCurrentUser();
  const username = user?.username ?? '';
  return useQuery({
    enabled: username !== '',
    queryKey: accountKeys.detail(username),
    queryFn: () => api.get<UserDetail>(`/users/${encodeURIComponent(username)}`),
    select: (detail) => detail.person,
    staleTime: 5 * 60_000,
  });
}
