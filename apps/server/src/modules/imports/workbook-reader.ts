import type ExcelJS from 'exceljs';
import { Open, type File } from 'unzipper';

/** What of ExcelJS's streaming reader its parts are read with (exceljs 4.4, lib/stream/xlsx/workbook-reader.js). */
interface ReaderParts {
  _parseRels(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseStyles(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorksheet(entry: NodeJS.ReadableStream, sheetNo: string): Generator<unknown>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * ExcelJS's streaming workbook reader, reading the archive through its central directory:
 * the parts a sheet needs first (relations, workbook, shared strings, styles), then the
 * sheets in their order, each still row by row. Its own single pass over the archive now
 * and then loses the last entry (exceljs#3064), which ExcelJS itself writes as the workbook:
 * 2 reads in 400 failed on a busy machine, "Cannot read properties of undefined (reading 'sheets')",
 * and a sheet written last by another program would be lost without a word.
 */
export function orderedWorkbookReader(excel: typeof ExcelJS, bytes: Buffer, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>) {
  class OrderedReader extends excel.stream.xlsx.WorkbookReader {
    override async *parse(): AsyncGenerator<unknown> {
      const parts = this as unknown as ReaderParts;
      const { files } = await Open.buffer(bytes);
      const part = (path: string): File | undefined => files.find((f) => f.path === path);
      const rels = part('xl/_rels/workbook.xml.rels');
      if (rels) await parts._parseRels(rels.stream());
      const workbook = part('xl/workbook.xml');
      if (workbook) await parts._parseWorkbook(workbook.stream());
      const strings = part('xl/sharedStrings.xml');
      if (strings) yield* parts._parseSharedStrings(strings.stream());
      const styles = part('xl/styles.xml');
      if (styles) await parts._parseStyles(styles.stream());
      const sheets = files.flatMap((f) => (SHEET.test(f.path) ? [{ file: f, no: SHEET.exec(f.path)![1]! }] : []));
      for (const { file, no } of sheets.sort((a, b) => Number(a.no) - Number(b.no))) yield* parts._parseWorksheet(file.stream(), no);
    }
  }
  // The archive is read by parse() above, from the bytes; the input ExcelJS would stream is none.
  return new OrderedReader(undefined as unknown as ConstructorParameters<typeof excel.stream.xlsx.WorkbookReader>[0], options);
}
