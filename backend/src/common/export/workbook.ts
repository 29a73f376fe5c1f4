import type { Writable } from 'node:stream';
import type { Response } from 'express';
import type { Cell, stream as ExcelStream, Style } from 'exceljs';
import { xmlText } from '../xml';
import { adToBs } from '@campaign/domain';
import { campaignDay, DEFAULT_TZ, tzOffsetMinutes } from '../time';

/** A cell's value: numbers stay numbers, a Date is an instant shown as the campaign's wall-clock time, anything else is text. */
export type ExportValue = string | number | Date | null | undefined;

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => ExportValue;
  /** A date column: the sheet adds '<header> (BS)' after it, the Bikram Sambat day of each date in the campaign's zone. */
  date?: true;
}

/** The columns as the sheet has them: each date column followed by its BS day. */
export function withBsDays<T>(columns: ExportColumn<T>[], tz: string): ExportColumn<T>[] {
  const bsDay = perQuarterHour((at) => adToBs(campaignDay(at, tz)) ?? null);
  return columns.flatMap((c) =>
    c.date
      ? [
          c,
          {
            header: `${c.header.replace(/ \(Nepal time\)$/, '')} (BS)`,
            width: 14,
            value: (row: T) => {
              const at = c.value(row);
              return at instanceof Date ? bsDay(at) : null;
            },
          },
        ]
      : [c],
  );
}

export interface WorkbookDownload<T> {
  /** The download's file name (Content-Disposition). */
  filename: string;
  sheetName: string;
  columns: ExportColumn<T>[];
  /** An array, or an async iterable such as a cursor over a big table. */
  rows: Iterable<T> | AsyncIterable<T>;
  /** The zone a date cell shows its instant in (CAMPAIGN_TZ). */
  tz?: string;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's limit on one cell's text. */
const CELL_MAX = 32_767;

/** Date cells show day and minute, as the admin's tables do. */
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** What Excel (and other sheet programs) would take for a formula when the cell is edited. */
const FORMULA_LIKE = /^[=+\-@]/;

/*
 * Every cell gets one of three shared style objects: exceljs looks a style up by the object
 * before rendering it to XML, so shared objects cost one lookup a cell (a style object per cell,
 * its default, tripled the export's time).
 */
const PLAIN: Partial<Style> = Object.freeze({});
const DATE: Partial<Style> = Object.freeze({ numFmt: DATE_FORMAT });
/** Formatted as Text: what Excel keeps as text even when the cell is edited. */
const TEXT: Partial<Style> = Object.freeze({ numFmt: '@' });

function styleOf(value: unknown): Partial<Style> {
  if (value instanceof Date) return DATE;
  if (typeof value === 'string' && FORMULA_LIKE.test(value)) return TEXT;
  return PLAIN;
}

/** Zone offsets change at most at quarter hours: what depends on the zone is worked out once per quarter hour of data, not per row. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** `fn` of an instant, computed once per quarter hour it falls in (a Nepal day starts on a quarter hour too). */
function perQuarterHour<R>(fn: (at: Date) => R): (at: Date) => R {
  const seen = new Map<number, R>();
  return (at) => {
    const bucket = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    if (!seen.has(bucket)) seen.set(bucket, fn(at));
    return seen.get(bucket)!;
  };
}

/**
 * An Excel date has no zone: it is a wall-clock time. The instant is shifted by the zone's offset
 * so the cell reads as the campaign's clock ('2026-11-11 00:01' in Kathmandu), whatever the
 * server's own zone.
 */
function wallClock(tz: string) {
  const offset = perQuarterHour((at) => tzOffsetMinutes(at, tz));
  return (at: Date): Date => new Date(at.getTime() + offset(at) * 60_000);
}

/** The sheet's part of the zip as exceljs writes it: 64 KB batches handed to the deflate in `pipes`. */
interface SheetStream {
  /** Streams of the readable-stream package, whose older versions only expose the buffer's length as `_writableState.length`. */
  pipes: Array<Writable & { _writableState?: { length: number } }>;
  buffers: unknown[];
}

/** One uncompressed batch of sheet XML (exceljs's own batch size). */
const BATCH_BYTES = 64 * 1024;

/** Resolves on `event` from `stream`, or when the answer is gone (a client that left must not hang the export). */
function until(stream: Writable, event: string, res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off(event, done);
      res.off('close', done);
      resolve();
    };
    stream.on(event, done);
    res.on('close', done);
  });
}

/**
 * Waits until what was committed has moved on: exceljs hands each 64 KB batch of the sheet to the
 * zip's deflate without waiting, so the wait is here: while the deflate holds more than a batch
 * (it stops taking input when the zip's output, piped to the client, is full) or the client has
 * not taken the last chunk, nothing more is read. Memory stays at a batch or two and the streams'
 * own buffers, however slow the client.
 */
async function taken(sheet: SheetStream, res: Response): Promise<void> {
  for (;;) {
    if (res.destroyed) return;
    const full = sheet.pipes.find((p) => (p._writableState?.length ?? p.writableLength) > BATCH_BYTES);
    if (full) await until(full, 'drain', res);
    else if (res.writableNeedDrain) await until(res, 'drain', res);
    // The zip has not reached the sheet yet (it writes the parts before it first): let it.
    else if (sheet.pipes.length === 0 && sheet.buffers.length > 1) await new Promise((resolve) => setImmediate(resolve));
    else return;
  }
}

/**
 * Streams rows as an .xlsx download through exceljs's streaming WorkbookWriter: each row is
 * committed (written to the zip) as soon as it is read, and the next row waits while the client
 * (a phone on a slow network) has not taken what was sent, so memory holds a few rows and the
 * deflate's buffers whatever the export's size. A bold header, the columns' widths, numbers as
 * number cells, dates as date cells in `tz`, text as text: a text that starts like a formula
 * (=, +, -, @) is a text cell formatted as Text, so it stays text even when edited.
 * A client that goes away stops the reading (the iterator is closed: a cursor gives back its
 * connection).
 */
export async function streamWorkbook<T>(res: Response, download: WorkbookDownload<T>): Promise<void> {
  const { filename, sheetName, rows } = download;
  const columns = withBsDays(download.columns, download.tz ?? DEFAULT_TZ);
  // The first row is read before anything is sent: a query that fails at once (the database
  // went away after the sign-in check) is still answered with its error (503), not a 200
  // followed by a cut-off file.
  const iterator = Symbol.asyncIterator in rows ? (rows as AsyncIterable<T>)[Symbol.asyncIterator]() : (rows as Iterable<T>)[Symbol.iterator]();
  let next = await iterator.next();
  // Loaded on the first export only: it is a large library and start-up should not pay for it.
  const { default: ExcelJS } = await import('exceljs');
  const toWallClock = wallClock(download.tz ?? DEFAULT_TZ);
  res.status(200);
  res.setHeader('Content-Type', XLSX_MIME);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  const workbook: ExcelStream.xlsx.WorkbookWriter = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  // Stops the zip writing into an answer that is closed or cut off.
  const zip = (workbook as unknown as { zip: NodeJS.ReadableStream & { abort(): void } }).zip;
  const stopZip = () => {
    zip.unpipe(res);
    zip.abort();
  };
  try {
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const stream = (sheet as unknown as { stream: SheetStream }).stream;
    while (!next.done) {
      const line = sheet.addRow(columns.map((c) => cellValue(c.value(next.value as T), toWallClock)));
      line.eachCell((cell: Cell) => {
        cell.style = styleOf(cell.value);
      });
      line.commit();
      await taken(stream, res);
      // The client went away: stop reading (the finally below closes the cursor).
      if (res.destroyed) return stopZip();
      next = await iterator.next();
    }
    sheet.commit();
    // The zip ends the answer; a client that leaves during the last bytes ends the wait too.
    await Promise.race([workbook.commit(), closed(res)]);
  } catch (e) {
    // A failure after the headers went out: the client gets a cut-off (failed) download.
    stopZip();
    throw e;
  } finally {
    // An abandoned or failed cursor gives its connection back (cursorRows closes in its finally).
    if (!next.done) await iterator.return?.();
  }
}

/** Resolves when the answer is closed (sent, or the client went away). */
function closed(res: Response): Promise<void> {
  return res.closed ? Promise.resolve() : new Promise((resolve) => res.once('close', () => resolve()));
}

/** A value as exceljs should store it: text cleaned of what XML cannot carry and cut to Excel's limit. */
function cellValue(value: ExportValue, toWallClock: (d: Date) => Date): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : toWallClock(value);
  const text = xmlText(String(value)).slice(0, CELL_MAX);
  return text === '' ? null : text;
}
