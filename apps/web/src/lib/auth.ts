import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasGlobalPermission, type AuthUser, type AuthUserResponse, type GlobalPermission } from '@observatory/shared';
import { api, ApiError, hasAccessToken, onSessionChange, refreshSession } from './api-client';
import { deviceUser, noteDeviceUser } from './device-user';
import { appConfigKeys, authKeys, isUnder } from './query-keys';

/** The app's configuration does not change with the session. */
export const keptAcrossSessions = (queryKey: readonly unknown[]) => isUnder(queryKey, appConfigKeys.all);

/** How often the server is asked again who is signed in while the device's note stands in and the browser says it is online. */
const ASK_AGAIN_OFFLINE_MS = 10_000;

/** Whether the user shown is the device's note, not the server's word (there was no network). */
let userFromDevice = false;

/** Who is signed in: restored through the refresh cookie on the first load; with no network, the device's note. */
async function fetchCurrentUser(): Promise<AuthUser | null> {
  try {
    const user = !hasAccessToken() && !(await refreshSession()) ? null : (await api.get<AuthUserResponse>('/auth/user')).user;
    userFromDevice = false;
    noteDeviceUser(user);
    return user;
  } catch (error) {
    const noted = error instanceof ApiError && error.status === null ? deviceUser() : null;
    if (!noted) throw error;
    userFromDevice = true;
    return noted;
  }
}

export function useCurrentUser() {
  const client = useQueryClient();
  useEffect(
    () =>
      onSessionChange((signedIn) => {
        if (!signedIn) {
          noteDeviceUser(null);
          client.setQueryData(authKeys.user, null);
        }
        // Answers fetched as a visitor (permissions lists included) are stale once signed in.
        else void client.invalidateQueries({ predicate: (q) => !keptAcrossSessions(q.queryKey) && !isUnder(q.queryKey, authKeys.all) });
      }),
    [client],
  );
  useEffect(() => {
    // Back online: the server says again who is signed in (one question, however many ask).
    const ask = () => void (userFromDevice && client.invalidateQueries({ queryKey: authKeys.user }, { cancelRefetch: false }));
    window.addEventListener('online', ask);
    return () => window.removeEventListener('online', ask);
  }, [client]);
  const query = useQuery({
    queryKey: authKeys.user,
    queryFn: fetchCurrentUser,
    staleTime: Infinity,
    // The device's note stands in while there is no network; once the browser has one again
    // (which it may say a moment before requests get through), the server is asked until it answers.
    refetchInterval: (q) => (userFromDevice && navigator.onLine ? Math.max(ASK_AGAIN_OFFLINE_MS, (rateLimited(q.state.error) ?? 0) * 1000) : false),
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
