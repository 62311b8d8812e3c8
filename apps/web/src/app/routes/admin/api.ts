import { useQuery } from '@tanstack/react-query';
import type { AdminStatus, AdminSummary, OutboxResponse } from '@observatory/shared';
import { api } from '../../../lib/api-client';

export function useAdminSummary() {
  return useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: () => api.get<AdminSummary>('/admin/summary'),
  });
}

export function useAdminStatus() {
  return useQuery({
    queryKey: ['admin', 'status'],
    queryFn: () => api.get<AdminStatus>('/admin/status'),
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: () => api.get<OutboxResponse>('/admin/outbox'),
    enabled,
  });
}
