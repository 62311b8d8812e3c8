import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject, type To } from 'react-router';
import { guardedHistory, type History } from '../lib/navigation';
import { authKeys } from '../lib/query-keys';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Who is signed in, as the session query holds it (the fields the screens read). */
export interface TestUser {
  username: string;
  permissions: string[];
  super: boolean;
}

/** A signed-in user with these site permissions. */
export const signedIn = (username: string, permissions: string[] = []): TestUser => ({ username, permissions, super: false });

export interface ScreenOptions {
  /** The address the router starts at. */
  path: string;
  /** The screens' routes; any other address shows "elsewhere". */
  routes: RouteObject[];
  /** Who is signed in, or null for a visitor: the session is known at once, never asked for. */
  user: TestUser | null;
  /** Show the notifications the screens raise (off: their texts would double the page's). */
  notifications?: boolean;
  /** A cache prepared by the test (its answers already in); otherwise a new one that retries nothing. */
  client?: QueryClient;
}

/**
 * Renders screens as the app does: Mantine with its modals, the query cache and a router at
 * `path`. The test stubs `fetch` itself: it is the fake server.
 */
export function renderScreen({
  path,
  routes,
  user,
  notifications = false,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
}: ScreenOptions) {
  client.setQueryData(authKeys.user, user);
  // The app's own history (guarded: unsaved changes), in memory.
  const history = guardedHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }) as History);
  /** Where the screens are, and a way to go elsewhere as a link or Back would. */
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: (to: To | number) => (typeof to === 'number' ? history.go(to) : history.push(to)),
  };
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ModalsProvider>
          {notifications ? <Notifications /> : null}
          <HistoryRouter history={history}>
            <Routes routes={[...routes, { path: '*', element: <p>elsewhere</p> }]} />
          </HistoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client, user: userEvent.setup() };
}
