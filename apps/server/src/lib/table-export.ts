/**
 * A table (a header, then rows read a chunk at a time) as a CSV or XLSX download: the one
 * place every export route turns its rows into a file, with the query's export options.
 */
import { Readable } from 'node:stream';
import type { ExportOptions, TableExportFormat } from '@observatory/shared';
import { csvChunks } from './csv.js';
import { XLSX_TYPE, xlsxStream } from './xlsx.js';

export interface TableSource {
  /** The file's name without its extension; also the sheet's name. */
  name: string;
  header: string[];
  /** Rows, a chunk at a time, each as long as the header. */
  chunks: AsyncIterable<unknown[][]> | Iterable<unknown[][]>;
}

export interface TableFile {
  fileName: string;
  type: string;
  body: Readable;
}

export function tableFile(format: TableExportFormat, source: TableSource, options: ExportOptions): TableFile {
  if (format === 'xlsx') return { fileName: `${source.name}.xlsx`, type: XLSX_TYPE, body: xlsxStream(source.name, source.header, source.chunks) };
  return { fileName: `${source.name}.csv`, type: 'text/csv; charset=utf-8', body: Readable.from(csvChunks(source.header, source.chunks, options)) };
}
