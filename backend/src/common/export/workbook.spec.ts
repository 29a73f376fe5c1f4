import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { ExportColumn, streamWorkbook } from './workbook';

/** A Response good enough for streamWorkbook: a stream that records status and headers. */
function fakeResponse(opts: { read?: boolean; highWaterMark?: number } = {}) {
  const stream = new PassThrough({ highWaterMark: opts.highWaterMark });
  const chunks: Buffer[] = [];
  const read = () => stream.on('data', (c: Buffer) => chunks.push(c));
  if (opts.read !== false) read();
  const r = Object.assign(stream, {
    statusCode: 0,
    headers: {} as Record<string, string>,
    status(code: number) {
      r.statusCode = code;
      return r;
    },
    setHeader(k: string, v: string) {
      r.headers[k.toLowerCase()] = v;
    },
  });
  const ended = new Promise<void>((resolve) => stream.on('end', () => resolve()));
  return { res: r as unknown as Response & typeof r, chunks, read, ended };
}

async function workbookOf(chunks: Buffer[]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  return wb;
}

const textColumn: ExportColumn<{ a: string }>[] = [{ header: 'A', value: (r) => r.a }];

describe(streamWorkbook.name, () => {
  it('writes nothing, not even the headers, when the first row cannot be read (the error is answered instead)', async () => {
    const { res, chunks } = fakeResponse();
    const failing: AsyncIterable<{ a: string }> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) }),
    };
    await expect(streamWorkbook(res, { filename: 'X.xlsx', sheetName: 'X', columns: textColumn, rows: failing })).rejects.toThrow('ECONNREFUSED');
    expect(res.statusCode).toBe(0);
    expect(res.headers).toEqual({});
    expect(chunks).toHaveLength(0);
  });

  it('streams every row of an async source into a readable workbook, and closes a source that fails later', async () => {
    const { res, chunks, ended } = fakeResponse();
    async function* rows() {
      for (let i = 1; i <= 3; i++) yield { a: `row ${i}` };
    }
    await streamWorkbook(res, { filename: 'X.xlsx', sheetName: 'X', columns: textColumn, rows: rows() });
    await ended;
    expect(res.statusCode).toBe(200);
    expect(res.headers).toEqual({
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="X.xlsx"',
      'cache-control': 'no-store',
    });
    const values: string[] = [];
    (await workbookOf(chunks)).worksheets[0].eachRow((row) => values.push(String((row.values as unknown[])[1])));
    expect(values).toEqual(['A', 'row 1', 'row 2', 'row 3']);

    let closed = false;
    async function* breaksLater() {
      try {
        yield { a: 'one' };
        throw new Error('connection lost');
      } finally {
        closed = true;
      }
    }
    const second = fakeResponse();
    await expect(streamWorkbook(second.res, { filename: 'Y.xlsx', sheetName: 'Y', columns: textColumn, rows: breaksLater() })).rejects.toThrow('connection lost');
    expect(closed).toBe(true);
  });

  it('writes numbers as numbers, instants as date cells in the campaign zone, formula-looking text as text; bolds the header and sets widths', async () => {
    const { res, chunks, ended } = fakeResponse();
    type R = { name: string; amount: number | null; at: Date | null };
    const rows: R[] = [
      { name: 'Ram <b>&</b> "Sita"', amount: 5000, at: new Date('2026-11-10T18:16:00Z') },
      { name: 'a\u0000b\uD800c 🏍️ राम', amount: null, at: null },
      { name: '=HYPERLINK("http://x.example","click")', amount: 0, at: new Date('2026-01-01T00:00:00Z') },
      { name: '+977 98', amount: -5, at: null },
      { name: '@SUM(A1)', amount: 1.5, at: null },
      { name: '-1+2', amount: 7, at: null },
    ];
    const columns: ExportColumn<R>[] = Array.from({ length: 28 }, (_, i) => ({
      header: `H${i + 1}`,
      width: 10 + i,
      value: (r: R) => (i === 1 ? r.amount : i === 2 ? r.at : r.name),
    }));
    await streamWorkbook(res, { filename: 'T.xlsx', sheetName: 'Tests', columns, rows, tz: 'Asia/Kathmandu' });
    await ended;
    const sheet = (await workbookOf(chunks)).getWorksheet('Tests')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getCell('A1').value).toBe('H1');
    expect(sheet.getCell('AB1').value).toBe('H28');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.getColumn(3).width).toBe(12);
    expect(sheet.getCell('A2').value).toBe('Ram <b>&</b> "Sita"');
    expect(sheet.getCell('B2').value).toBe(5000);
    // 18:16 UTC is 00:01 the next day in Kathmandu (+05:45): the cell is a date reading that.
    expect(sheet.getCell('C2').value).toEqual(new Date('2026-11-11T00:01:00Z'));
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getCell('C4').value).toEqual(new Date('2026-01-01T05:45:00Z'));
    expect(sheet.getCell('A3').value).toBe('abc 🏍️ राम');
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toBeNull();
    // Text starting with =, +, - or @ is a text cell formatted as Text: never a formula.
    for (const [ref, text] of [
      ['AB4', '=HYPERLINK("http://x.example","click")'],
      ['A5', '+977 98'],
      ['A6', '@SUM(A1)'],
      ['A7', '-1+2'],
    ]) {
      const cell = sheet.getCell(ref);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    expect(sheet.getCell('B4').value).toBe(0);
    expect(sheet.getCell('B5').value).toBe(-5);
    expect(sheet.getCell('B6').value).toBe(1.5);
  });

  it('waits for a slow client before reading more rows, and stops reading when the client goes away', async () => {
    const { res, read, chunks, ended } = fakeResponse({ read: false, highWaterMark: 16 * 1024 });
    let pulled = 0;
    let closed = false;
    async function* many() {
      try {
        for (let i = 1; i <= 20_000; i++) {
          pulled = i;
          yield { a: `Customer ${i} ${'x'.repeat(40)} ${Math.random()}` };
        }
      } finally {
        closed = true;
      }
    }
    const done = streamWorkbook(res, { filename: 'S.xlsx', sheetName: 'S', columns: textColumn, rows: many() });
    // Nobody reads: the writer stops with a few rows sent, not the whole table.
    let whileStalled = -1;
    for (let i = 0; i < 40 && pulled !== whileStalled; i++) {
      whileStalled = pulled;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(pulled).toBe(whileStalled);
    expect(whileStalled).toBeGreaterThan(0);
    expect(whileStalled).toBeLessThan(5_000);
    read();
    await done;
    await ended;
    expect(pulled).toBe(20_000);
    expect((await workbookOf(chunks)).worksheets[0].rowCount).toBe(20_001);
    expect(closed).toBe(true);

    // The client leaves mid-file: the source is closed early and the call ends.
    const gone = fakeResponse({ read: false, highWaterMark: 16 * 1024 });
    pulled = 0;
    closed = false;
    const cut = streamWorkbook(gone.res, { filename: 'G.xlsx', sheetName: 'G', columns: textColumn, rows: many() });
    await new Promise((r) => setTimeout(r, 200));
    gone.res.destroy();
    await cut;
    expect(closed).toBe(true);
    expect(pulled).toBeLessThan(20_000);
  });

  it('streams a large export into one valid workbook (every row, in order)', async () => {
    const { res, chunks, ended } = fakeResponse();
    function* many() {
      for (let i = 1; i <= 30_000; i++) yield { n: i, t: `Customer ${i} ${'x'.repeat(i % 50)}` };
    }
    const columns: ExportColumn<{ n: number; t: string }>[] = [
      { header: 'N', value: (r) => r.n },
      { header: 'T', value: (r) => r.t },
    ];
    await streamWorkbook(res, { filename: 'Big.xlsx', sheetName: 'Big', columns, rows: many() });
    await ended;
    const sheet = (await workbookOf(chunks)).worksheets[0];
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getCell('A30001').value).toBe(30_000);
    expect(sheet.getCell('B2').value).toBe('Customer 1 x');
  });
});
