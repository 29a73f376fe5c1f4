import type { Response } from 'express';
import type * as ExcelJSTypes from 'exceljs';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null | undefined;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
  }
  sheet.commit();
  await workbook.commit();
}
