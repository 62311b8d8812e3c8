import { QueryClient } from '@tanstack/react-query';
import { retryServerFaults } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: retryServerFaults,
      refetchOnWindowFocus: false,
    },
  },
});
