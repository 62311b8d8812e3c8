import { z } from 'zod';
import { AuditEntrySchema } from './users.js';

/** GET admin/summary: counts of what the reader may see, by kind, and the newest audit entries. */
export const AdminSummarySchema = z.object({ counts: z.record(z.string(), z.number().int()), audit: z.array(AuditEntrySchema) });
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

/** GET admin/outbox: a page of the mail kept in the outbox, newest first. */
export const OutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.uuid(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      headers: z.record(z.string(), z.string()).describe('Headers beyond to, from and subject (List-Unsubscribe...)'),
      transport: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
