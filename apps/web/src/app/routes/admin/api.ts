import { useQuery } from '@tanstack/react-query';
import type { AdminSummary, OutboxResponse } from '@observatory/shared';
import { api } from '../../../lib/api-client';

export function useAdminSummary() {
  return useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: () => api.get<AdminSummary>('/admin/summary'),
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: () => api.get<OutboxResponse>('/admin/outbox'),
    enabled,
  });
}
