import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
