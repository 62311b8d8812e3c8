import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ModalHost } from '../components/modal-host';
import { useLatch } from '../lib/use-latch';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { browserHistory } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

const NotificationStack = lazy(() => import('../components/NotificationStack'));

/** The notifications' stack, loaded with the first notification: a first visit loads none of it. */
function NotificationHost() {
  const wanted = useLatch(useNotifications().notifications.length > 0);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  ) : null;
}

export function App() {
  const [history] = useState(browserHistory);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
        <ModalHost />
        <NotificationHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
