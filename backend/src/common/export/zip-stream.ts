import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Bit 3: sizes and CRC follow the data (a data descriptor); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** Waits until `out` takes more, or is gone (a client that left must not hang the export). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed || !out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * A ZIP archive written straight to a stream, one deflated entry after another, honouring the
 * stream's backpressure: what waits in memory is one deflate window and the caller's last chunk.
 * Enough for an .xlsx (no ZIP64: an archive stays under 4 GiB).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Entry[] = [];

  constructor(private readonly out: Writable) {}

  get closed(): boolean {
    return this.out.destroyed;
  }

  private async put(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.out.destroyed) return;
    this.out.write(chunk);
    await drained(this.out);
  }

  /**
   * Opens an entry; `write` it chunk by chunk (awaiting each) and `end` it before the next.
   */
  async entry(name: string): Promise<{ write: (chunk: string) => Promise<void>; end: () => Promise<void> }> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    writeDosTime(header, 10);
    // CRC and sizes (14-25) stay 0: the data descriptor after the data holds them.
    header.writeUInt16LE(entry.name.length, 26);
    await this.put(Buffer.concat([header, entry.name]));
    const deflate = createDeflateRaw({ level: 6 });
    const pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.put(chunk);
      }
    })();
    return {
      write: async (text: string) => {
        const chunk = Buffer.from(text, 'utf8');
        entry.crc = crc32(chunk, entry.crc);
        entry.size += chunk.length;
        if (!deflate.write(chunk)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
      },
      end: async () => {
        deflate.end();
        await pump;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.put(descriptor);
        this.entries.push(entry);
      },
    };
  }

  /** One whole entry from a string. */
  async file(name: string, content: string): Promise<void> {
    const entry = await this.entry(name);
    await entry.write(content);
    await entry.end();
  }

  /** Writes the central directory; the archive is complete (the stream is not ended). */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      writeDosTime(record, 12);
      record.writeUInt32LE(e.crc >>> 0, 16);
      record.writeUInt32LE(e.compressed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
  }
}

/** The MS-DOS time and date of now (UTC), as ZIP headers carry them. */
function writeDosTime(buf: Buffer, at: number): void {
  const d = new Date();
  buf.writeUInt16LE((d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2), at);
  buf.writeUInt16LE(((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(), at + 2);
}
