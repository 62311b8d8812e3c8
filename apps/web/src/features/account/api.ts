import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeysResponse, TokenResponse, UserDetail } from '@observatory/shared';
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
    mutationFn: (email: string | null) => api.put<UserDetail>(userPath(username), { email }),
    onSuccess: (detail) => client.setQueryData(accountKeys.detail(username), detail),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.put<TokenResponse>('/auth/password', input),
    // Every other session has ended; this one goes on with the token answered.
    onSuccess: (token) => setAccessToken(token.access_token),
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
