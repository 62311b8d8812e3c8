/**
 * Imports from spreadsheets: a file uploaded once becomes an import session (decoded on
 * the server), which previews and commits read by its id.
 */
import { z } from 'zod';

export const ImportColumnSchema = z.object({ index: z.number().int(), header: z.string().describe('The header cell, or "Column N" when it is empty') });
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

/** The records a session's answer shows of its file. */
export const IMPORT_SAMPLE_RECORDS = 5;

export const ImportSessionSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int().describe('Bytes uploaded'),
  format: z.enum(['csv', 'tsv', 'xlsx']),
  sheets: z.array(z.string()).describe('A workbook’s sheets, in order (none for text)'),
  sheet: z.string().nullable(),
  columns: z.array(ImportColumnSchema),
  records: z.number().int().describe('Rows after the header'),
  sample: z.array(z.array(z.string())).describe(`The first ${IMPORT_SAMPLE_RECORDS} records`),
  kind: z.string().nullable().describe('What it was imported as, once committed'),
  stats: z.record(z.string(), z.number()).nullable().describe('What its commit did'),
  createdBy: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
});
export type ImportSession = z.infer<typeof ImportSessionSchema>;
export const ImportSessionResponseSchema = z.object({ session: ImportSessionSchema });
export const ImportSessionsResponseSchema = z.object({ sessions: z.array(ImportSessionSchema.omit({ sample: true, columns: true })) });
export const ImportSheetInputSchema = z.object({ sheet: z.string().min(1).max(200) });
export const ImportRecordsResponseSchema = z.object({
  records: z.array(z.object({ row: z.number().int().describe('The row in the file (the header is row 1)'), cells: z.array(z.string()) })),
});
