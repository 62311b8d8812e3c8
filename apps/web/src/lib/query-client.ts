import { QueryClient } from '@tanstack/react-query';
import { retryDelay, retryServerFaults } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: retryServerFaults,
      retryDelay,
      refetchOnWindowFocus: false,
    },
  },
});
