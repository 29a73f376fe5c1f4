import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test images made on the fly with sharp (no binary fixtures in the repository). */
export function pngBuffer(width = 64, height = 48, colour = '#c62828'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A PNG carrying EXIF (camera and a comment that must not survive the upload). */
export function pngWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#1565c0' } })
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'gps 27.7172,85.3240' } })
    .png()
    .toBuffer();
}

/** A JPEG whose EXIF says "rotate 90°": stored upright, the tag dropped. */
export function jpegRotated(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 40, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A valid 30000 x 30000 one-bit PNG of about 100 kB: decoded it would be 900 megapixels
 * (a "decompression bomb").
 */
export function pngBomb(side = 30000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Random bytes that start like a JPEG, so only the size limit can refuse them. */
export function bigJpegLike(bytes: number): Buffer {
  const buf = Buffer.alloc(bytes, 0x41);
  buf.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return buf;
}
