/**
 * XLSX (one sheet) written as it streams: exceljs's WorkbookWriter, a row committed as
 * soon as it is added, a chunk of rows at a time, waiting while the reader is behind, so
 * a whole collection goes out in constant memory.
 *
 * Cells keep their kind: a number is a number, true/false a boolean, a date a date (UTC,
 * shown as yyyy-mm-dd hh:mm:ss), an object or array its JSON text, empty stays empty; a
 * line break in text is a line feed.
 * Text is always a text cell, which a spreadsheet never runs as a formula: the formula
 * guard needs no ' here and adds none, so "=1+1" is written and read back as "=1+1" with
 * formulaGuard on or off.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exportValue } from './csv.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's own limit on a sheet's name (and no : \ / ? * [ ]). */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * A value as an XLSX cell holds it. A line break in text is written as a line feed, the
 * one Excel uses in a cell (XML reads a bare CR or CR LF as LF anyway, so saying so is
 * better than leaving it to the reader); other control characters have no place in XML.
 */
function xlsxValue(value: unknown): ExcelJS.CellValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const written = exportValue(value);
  return typeof written === 'string' ? written.replace(/\r\n?/g, '\n') : written;
}

/** Once the reader has taken what is waiting, or has gone (the download broken off). */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.on('drain', done).on('close', done);
  });

/**
 * The header row, then each chunk's rows, as an XLSX file's bytes. An error of the source
 * ends the stream with that error (the download breaks off rather than looking whole).
 */
export function xlsxStream(name: string, header: string[], chunks: AsyncIterable<unknown[][]> | Iterable<unknown[][]>): Readable {
  const out = new PassThrough();
  const write = async () => {
    const { default: excel } = await import('exceljs'); // loaded on first use: a third of a second off every start
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
    const head = sheet.addRow(header);
    head.font = { bold: true };
    head.commit();
    for await (const rows of chunks) {
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(xlsxValue));
        cells.forEach((cell, i) => {
          if (cell instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
        });
        row.commit();
      }
      if (out.writableNeedDrain) await drained(out);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
