import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AuthUser, AuthUserResponse, LoginInput, TokenResponse } from '@observatory/shared';
import { paths } from '../config/paths';
import { api, noteSession, setAccessToken } from './api-client';
import { keptAcrossSessions } from './auth';
import { forgetKept, noteDeviceUser, noteSignIn } from './device-user';
import { removeUserDrafts } from './drafts';
import { authKeys } from './query-keys';

// Signing in and out, apart from who is signed in (auth.ts): only the screens that do either
// load this, and with it the mutations' code, not a first visit.

/** Sign in, then fetch GET auth/user at once, then go home. */
export function useLogin() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const token = await api.post<TokenResponse>('/auth/login', input);
      noteSession(true);
      noteSignIn(input.remember ?? false);
      // Whoever was noted before is not who signs in now, even if the next question finds no network.
      noteDeviceUser(null);
      setAccessToken(token.access_token);
      const { user } = await api.get<AuthUserResponse>('/auth/user');
      return user;
    },
    onSuccess: async (user) => {
      await client.resetQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) });
      noteDeviceUser(user);
      client.setQueryData(authKeys.user, user);
      await navigate(paths.home);
    },
  });
}

/** Sign out, forget every cached answer and the user's drafts, go to /. With no network, the same on this device at once. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Not paused until the network is back: a sign-out on a shared tablet must leave nothing noted.
    networkMode: 'always',
    mutationFn: (options: { everywhere?: boolean } = {}) => api.post(options.everywhere ? '/auth/logout-all' : '/auth/logout'),
    onSettled: async () => {
      const leaving = client.getQueryData<AuthUser | null>(authKeys.user)?.username;
      noteSession(false);
      noteDeviceUser(null);
      setAccessToken(null);
      // Away from the signed-in screen first: its queries, forgotten while it is still shown,
      // would be asked again at once, without a token (401s after "Sign out everywhere").
      await navigate(paths.home);
      client.removeQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) });
      client.setQueryData(authKeys.user, null);
      // After the editors have gone (without a token they write no draft): nothing the user wrote stays,
      // nor anything they kept on this device.
      if (leaving) {
        removeUserDrafts(leaving);
        await forgetKept(leaving);
      }
    },
  });
}
