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
});
