import { useQuery } from '@tanstack/react-query';
import type { AuditEntrySchema } from '@observatory/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export function useAdminSummary() {
  return useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: () => api.get<{ counts: Record<string, number>; audit: AuditEntry[] }>('/admin/summary'),
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'outbox'],
    queryFn: () => api.get<{ messages: { id: string; to: string; subject: string; createdAt: string }[] }>('/admin/outbox'),
    enabled,
  });
}
