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

/** GET admin/status: what the server runs on, for the admin index. */
export const AdminStatusSchema = z.object({
  database: z.object({
    kind: z.enum(['embedded', 'server']).describe('embedded: PGlite in the data directory; server: a PostgreSQL server (DATABASE_URL)'),
    version: z.string().describe('PostgreSQL'),
    postgis: z.string().nullable(),
    sizeBytes: z.number().int().describe('pg_database_size of the catalogue'),
  }),
  migration: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
  storage: z.object({
    kind: z.enum(['directory', 's3']),
    /** Stored files with a record: uploads and the spreadsheets kept for imports (orphaned bytes are under Assets → stray files). */
    files: z.number().int(),
    bytes: z.number().int(),
  }),
  uptimeSeconds: z.number().int(),
  startedAt: z.string(),
  node: z.string().describe('The Node.js version'),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;
