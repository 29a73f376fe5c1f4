import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { streamXlsx } from './xlsx';

/** A Response good enough for streamXlsx: a stream that records status and headers. */
function fakeResponse() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
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
  return { res: r as unknown as Response & typeof r, chunks };
}

describe(streamXlsx.name, () => {
  it('writes nothing, not even the headers, when the first row cannot be read (the error is answered instead)', async () => {
    const { res, chunks } = fakeResponse();
    const failing: AsyncIterable<{ a: string }> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) }),
    };
    await expect(streamXlsx(res, 'X.xlsx', [{ header: 'A', value: (r: { a: string }) => r.a }], failing)).rejects.toThrow('ECONNREFUSED');
    expect(res.statusCode).toBe(0);
    expect(res.headers).toEqual({});
    expect(chunks).toHaveLength(0);
  });

  it('streams every row of an async source into a readable workbook, and closes an abandoned source', async () => {
    const { res, chunks } = fakeResponse();
    async function* rows() {
      for (let i = 1; i <= 3; i++) yield { a: `row ${i}` };
    }
    await streamXlsx(res, 'X.xlsx', [{ header: 'A', value: (r: { a: string }) => r.a }], rows());
    expect(res.headers['content-disposition']).toBe('attachment; filename="X.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as never);
    const values: string[] = [];
    wb.worksheets[0].eachRow((row) => values.push(String((row.values as unknown[])[1])));
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
    await expect(streamXlsx(second.res, 'Y.xlsx', [{ header: 'A', value: (r: { a: string }) => r.a }], breaksLater())).rejects.toThrow('connection lost');
    expect(closed).toBe(true);
  });

  it('keeps text as text and numbers as numbers, escapes markup, drops what XML cannot carry, bolds the header and sets widths', async () => {
    const { res, chunks } = fakeResponse();
    type R = { name: string; amount: number | null };
    const rows: R[] = [
      { name: 'Ram <b>&</b> "Sita"', amount: 5000 },
      { name: 'a\u0000b\uD800c 🏍️ राम', amount: null },
      { name: '=1+1', amount: 0 },
    ];
    const columns = Array.from({ length: 28 }, (_, i) => ({ header: `H${i + 1}`, width: 10 + i, value: (r: R) => (i === 1 ? r.amount : r.name) }));
    await streamXlsx(res, 'T.xlsx', columns, rows, 'Tests');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as never);
    const sheet = wb.getWorksheet('Tests')!;
    expect(sheet.getCell('A1').value).toBe('H1');
    expect(sheet.getCell('AB1').value).toBe('H28');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(12);
    expect(sheet.getCell('A2').value).toBe('Ram <b>&</b> "Sita"');
    expect(sheet.getCell('B2').value).toBe(5000);
    expect(sheet.getCell('A3').value).toBe('abc 🏍️ राम');
    expect(sheet.getCell('B3').value ?? '').toBe('');
    // A leading '=' stays text: an inline string is never a formula.
    expect(sheet.getCell('AB4').value).toBe('=1+1');
    expect(sheet.getCell('B4').value).toBe(0);
  });

  it('streams a large export into one valid archive (every row, in order)', async () => {
    const { res, chunks } = fakeResponse();
    function* many() {
      for (let i = 1; i <= 30_000; i++) yield { n: i, t: `Customer ${i} ${'x'.repeat(i % 50)}` };
    }
    await streamXlsx(res, 'Big.xlsx', [{ header: 'N', value: (r: { n: number }) => r.n }, { header: 'T', value: (r: { t: string }) => r.t }], many());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getCell('A30001').value).toBe(30_000);
    expect(sheet.getCell('B2').value).toBe('Customer 1 x');
  });
});
