import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../lib/auth';
import { useDelayedFlag } from '../lib/use-delayed';
import { ErrorScreen } from '../components/ErrorScreen';
import { toErrorView } from '../lib/errors';

const LOGIN_REQUIRED = { status: 401, heading: 'Login Required', message: '', code: null };

/** Routes marked "requiring sign-in": the 401 screen for a visitor. */
export function RequireSignIn({ children }: { children?: React.ReactNode }) {
  const { user, isLoading, error } = useCurrentUser();
  const showSpinner = useDelayedFlag(isLoading);
  // Restoring the session failed (too many refreshes, a server fault): say so, not "Login Required".
  if (error) return <ErrorScreen error={toErrorView(error)} />;
  if (isLoading)
    return showSpinner ? (
      <Center p="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    ) : null;
  if (!user) return <ErrorScreen error={LOGIN_REQUIRED} />;
  return children ?? <Outlet />;
}
