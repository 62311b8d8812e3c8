import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasGlobalPermission, type AuthUser, type AuthUserResponse, type GlobalPermission, type LoginInput, type TokenResponse } from '@observatory/shared';
import { paths } from '../config/paths';
import { api, ApiError, hasAccessToken, noteSession, onSessionChange, refreshSession, setAccessToken } from './api-client';
import { removeUserDrafts } from './drafts';
import { appConfigKeys, authKeys, isUnder } from './query-keys';

/** The app's configuration does not change with the session. */
const keptAcrossSessions = (queryKey: readonly unknown[]) => isUnder(queryKey, appConfigKeys.all);

/** Who is signed in: restored through the refresh cookie on the first load. */
async function fetchCurrentUser(): Promise<AuthUser | null> {
  if (!hasAccessToken() && !(await refreshSession())) return null;
  return (await api.get<AuthUserResponse>('/auth/user')).user;
}

export function useCurrentUser() {
  const client = useQueryClient();
  useEffect(
    () =>
      onSessionChange((signedIn) => {
        if (!signedIn) client.setQueryData(authKeys.user, null);
        // Answers fetched as a visitor (permissions lists included) are stale once signed in.
        else void client.invalidateQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) && !isUnder(q.queryKey, authKeys.all) });
      }),
    [client],
  );
  const query = useQuery({
    queryKey: authKeys.user,
    queryFn: fetchCurrentUser,
    staleTime: Infinity,
    // Too many refreshes: ask again once the server's wait is over; the session is not ended.
    retry: (failures, error) => rateLimited(error) !== null && failures < 5,
    retryDelay: (_, error) => (rateLimited(error) ?? 5) * 1000,
  });
  // While waiting out a 429, the error to show (Too Many Requests with the wait), not a sign-out.
  const limited = rateLimited(query.failureReason);
  return { user: query.data ?? null, isLoading: query.isPending, error: limited !== null ? query.failureReason : query.error };
}

/** The seconds a rate-limited answer asks to wait, or null for any other outcome. */
function rateLimited(error: unknown): number | null {
  return error instanceof ApiError && error.status === 429 ? (error.retryAfter ?? 5) : null;
}

export function useHasPermission(permission: GlobalPermission): boolean {
  return hasGlobalPermission(useCurrentUser().user, permission);
}

/** Sign in, then fetch GET auth/user at once, then go home. */
export function useLogin() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const token = await api.post<TokenResponse>('/auth/login', input);
      noteSession(true);
      setAccessToken(token.access_token);
      const { user } = await api.get<AuthUserResponse>('/auth/user');
      return user;
    },
    onSuccess: async (user) => {
      await client.resetQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) });
      client.setQueryData(authKeys.user, user);
      await navigate(paths.home);
    },
  });
}

/** Sign out, forget every cached answer and the user's drafts, go to /. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (options: { everywhere?: boolean } = {}) => api.post(options.everywhere ? '/auth/logout-all' : '/auth/logout'),
    onSettled: async () => {
      const leaving = client.getQueryData<AuthUser | null>(authKeys.user)?.username;
      noteSession(false);
      setAccessToken(null);
      // Away from the signed-in screen first: its queries, forgotten while it is still shown,
      // would be asked again at once, without a token (401s after "Sign out everywhere").
      await navigate(paths.home);
      client.removeQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) });
      client.setQueryData(authKeys.user, null);
      // After the editors have gone (without a token they write no draft): nothing the user wrote stays.
      if (leaving) removeUserDrafts(leaving);
    },
  });
}
