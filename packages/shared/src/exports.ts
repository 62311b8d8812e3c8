/**
 * The options every table export (CSV or XLSX) takes in its query, the same everywhere:
 * objects, the sandbox's result, a data table's observations.
 */
import { z } from 'zod';

export const TABLE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];

/** Spread into an export's (strict) query schema. */
export const ExportOptionsShape = {
  formulaGuard: z
    .enum(['on', 'off'])
    .default('on')
    .describe(
      "on: in CSV a text starting with = + - @, a tab or a carriage return is written with a ' before it, so a spreadsheet shows it rather than running it as a formula (the objects import takes it off again); off: every text as it is, for scripts (R, Python). XLSX writes text as text cells, never formulas, either way",
    ),
  bom: z
    .enum(['0', '1'])
    .default('0')
    .describe('1: the CSV starts with a UTF-8 byte-order mark, so Excel reads accents and other non-ASCII text right (no effect on XLSX)'),
};

/** The format of an export offered as CSV or XLSX. */
export const TableExportFormatSchema = z.enum(TABLE_EXPORT_FORMATS);

export interface ExportOptions {
  formulaGuard: boolean;
  bom: boolean;
}

/** The query's options as the writers take them; absent ones are the defaults (guard on, no BOM). */
export const exportOptionsOf = (query: { formulaGuard?: 'on' | 'off'; bom?: '0' | '1' }): ExportOptions => ({
  formulaGuard: query.formulaGuard !== 'off',
  bom: query.bom === '1',
});
