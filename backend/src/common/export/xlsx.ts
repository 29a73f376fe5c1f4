import type { Response } from 'express';
import type * as ExcelJSTypes from 'exceljs';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null | undefined;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sheet XML allowed to wait for the zip. exceljs writes a committed row into the zip entry's
 * input without waiting, and rows come from the cursor far faster than they are deflated: a
 * 200,000-row export held ~140 MB of waiting XML. Every few rows the export now waits while
 * more than this is pending.
 */
const PENDING_XML_LIMIT = 256 * 1024;

/**
 * Waits while the sheet's zip entry has more than PENDING_XML_LIMIT bytes not yet deflated, or
 * the answer more than that not yet taken by a slow client (exceljs writes into it without
 * waiting either).
 */
async function zipCaughtUp(sheet: ExcelJSTypes.Worksheet, res: Response): Promise<void> {
  // exceljs 4: the sheet's stream pipes into the archiver entry's PassThrough (readable-stream 2,
  // which has no writableLength), and there is no public handle on it.
  type Pending = { writableLength?: number; _writableState?: { length?: number } };
  const entry = (sheet as unknown as { stream?: { pipes?: Pending[] } }).stream?.pipes?.[0];
  const pending = () => entry?.writableLength ?? entry?._writableState?.length ?? 0;
  while ((pending() > PENDING_XML_LIMIT || res.writableLength > PENDING_XML_LIMIT) && !res.destroyed) await new Promise((r) => setTimeout(r, 2));
}

/**
 * Streams rows as an .xlsx download (exceljs WorkbookWriter): each row is committed as it
 * comes, so a long export never holds the whole workbook in memory. `rows` may be an
 * array or an async iterable (a cursor over a big table).
 */
export async function streamXlsx<T>(
  res: Response,
  filename: string,
  columns: ExportColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
  sheetName = 'Sheet1',
): Promise<void> {
  // The first row is read before anything is sent: a query that fails at once (the database
  // went away after the sign-in check) is still answered with its error (503), not a 200
  // followed by a cut-off file.
  const iterator = Symbol.asyncIterator in rows ? (rows as AsyncIterable<T>)[Symbol.asyncIterator]() : (rows as Iterable<T>)[Symbol.iterator]();
  let next = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', XLSX_MIME);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  // Loaded on the first export, not at boot: exceljs alone was seconds of a cold start.
  const ExcelJS: typeof ExcelJSTypes = (await import('exceljs')).default;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  try {
    for (let n = 1; !next.done; n++) {
      sheet.addRow(columns.map((c) => c.value(next.value as T) ?? '')).commit();
      if (n % 250 === 0) {
        await zipCaughtUp(sheet, res);
        // The client went away: stop reading (the finally below closes the cursor).
        if (res.destroyed) return;
      }
      next = await iterator.next();
    }
  } finally {
    // An abandoned cursor gives its connection back (cursorRows closes in its finally).
    if (!next.done) await iterator.return?.();
  }
  sheet.commit();
  await workbook.commit();
}
