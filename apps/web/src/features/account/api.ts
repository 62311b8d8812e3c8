import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeysResponse, TokenResponse, UserDetail, UserSessionsResponse } from '@observatory/shared';
import { api, ApiError, setAccessToken } from '../../lib/api-client';
import { accountKeys } from './keys';

export type { UserDetail };
export type CreatedApiKey = ApiKeyCreated;

const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** A 403 or 404 here shows the error screen (the route's boundary), not an inline message. */
export function useAccount(username: string) {
  return useQuery({
    queryKey: accountKeys.detail(username),
    queryFn: () => api.get<UserDetail>(userPath(username)),
    throwOnError: (error) => error instanceof ApiError && (error.status === 403 || error.status === 404),
  });
}

export function useUpdateEmail(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string | null; currentPassword: string }) => api.put<UserDetail>(userPath(username), input),
    onSuccess: (detail) => client.setQueryData(accountKeys.detail(username), detail),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.put<TokenResponse>('/auth/password', input),
    // Every session has ended; this browser goes on in a new one, with the token answered (and a new refresh cookie).
    onSuccess: (token) => {
      setAccessToken(token.access_token);
      return client.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: () => api.get<UserSessionsResponse>('/auth/sessions').then((r) => r.sessions) });
}

/** Signs another of the user's sessions out (this one signs out through useLogout). */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`/auth/sessions/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useApiKeys(username: string) {
  return useQuery({
    queryKey: accountKeys.apiKeys(username),
    queryFn: () => api.get<ApiKeysResponse>(`${userPath(username)}/apikeys`).then((r) => r.apikeys),
  });
}

export function useCreateApiKey(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { comment: string; expires: string | null; permissions: string[] }) => api.post<CreatedApiKey>(`${userPath(username)}/apikeys`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.apiKeys(username) }),
  });
}

export function useRevokeApiKey(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`${userPath(username)}/apikeys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.apiKeys(username) }),
  });
}
