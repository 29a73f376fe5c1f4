import type { Response } from 'express';
import { escapeXml } from '../xml';
import { ZipStream } from './zip-stream';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  /** A number becomes a number cell; anything else is text (dates are formatted by the caller, in Nepal time). */
  value: (row: T) => string | number | null | undefined;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows of sheet XML gathered before they go to the zip: one deflate call per ~64 KB. */
const CHUNK_BYTES = 64 * 1024;

/** Excel's limit on one cell's text. */
const CELL_MAX = 32_767;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts of a one-sheet workbook besides the sheet. Style 1 is the bold header. */
const PARTS = (sheetName: string): Array<[string, string]> => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  ['_rels/.rels', `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
  ['xl/workbook.xml', `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

/** A column's letters: 0 -> A, 25 -> Z, 26 -> AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row; cells carry their references (some readers need them). Style 1 is bold. */
function rowXml(line: number, letters: string[], values: Array<string | number | null | undefined>, style = ''): string {
  let xml = `<row r="${line}">`;
  values.forEach((value, i) => {
    const ref = ` r="${letters[i]}${line}"${style}`;
    if (typeof value === 'number' && Number.isFinite(value)) xml += `<c${ref}><v>${value}</v></c>`;
    else {
      const text = value === null || value === undefined ? '' : String(value).slice(0, CELL_MAX);
      xml += `<c${ref} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
    }
  });
  return `${xml}</row>`;
}

/**
 * Streams rows as an .xlsx download: the sheet's XML is written row by row into a ZIP that
 * goes straight to the client, waiting whenever the client (a phone on a slow network, or
 * the deflate) has not taken the last chunk yet. Memory stays at a chunk of rows and a
 * deflate window whatever the export's size. `rows` may be an array or an async iterable
 * (a cursor over a big table). A client that goes away stops the reading.
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
  const zip = new ZipStream(res);
  try {
    for (const [name, content] of PARTS(sheetName)) await zip.file(name, content);
    const sheet = await zip.entry('xl/worksheets/sheet1.xml');
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`).join('');
    const letters = columns.map((_, i) => columnName(i));
    let line = 1;
    let chunk = `${XML}<worksheet xmlns="${NS}"><cols>${cols}</cols><sheetData>${rowXml(line, letters, columns.map((c) => c.header), ' s="1"')}`;
    while (!next.done) {
      const row = next.value as T;
      chunk += rowXml(++line, letters, columns.map((c) => c.value(row)));
      if (chunk.length >= CHUNK_BYTES) {
        await sheet.write(chunk);
        chunk = '';
        // The client went away: stop reading (the finally below closes the cursor).
        if (zip.closed) return;
      }
      next = await iterator.next();
    }
    await sheet.write(`${chunk}</sheetData></worksheet>`);
    await sheet.end();
    await zip.finish();
  } finally {
    // An abandoned cursor gives its connection back (cursorRows closes in its finally).
    if (!next.done) await iterator.return?.();
  }
  res.end();
}
