import { useQuery } from '@tanstack/react-query';
import type { AdminStatus, AdminSummary, OutboxResponse } from '@observatory/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../../query-keys';

export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary,
    queryFn: () => api.get<AdminSummary>('/admin/summary'),
  });
}

export function useAdminStatus() {
  return useQuery({
    queryKey: adminKeys.status,
    queryFn: () => api.get<AdminStatus>('/admin/status'),
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.outbox,
    queryFn: () => api.get<OutboxResponse>('/admin/outbox'),
    enabled,
  });
}
