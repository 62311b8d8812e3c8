import { QueryClient } from '@tanstack/react-query';
import { retryDelay, retryServerFaults } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // With no network a query still asks once: the API client answers from what is kept
      // on this device, or says it is not available offline (rather than wait unseen).
      networkMode: 'offlineFirst',
      staleTime: 30_000,
      retry: retryServerFaults,
      retryDelay,
      refetchOnWindowFocus: false,
    },
  },
});
