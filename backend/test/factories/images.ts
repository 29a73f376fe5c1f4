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
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 + zero pixels per row
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

/** Random bytes that start like a JPEG, so only the size limit can refuse them. */
export function bigJpegLike(bytes: number): Buffer {
  const buf = Buffer.alloc(bytes, 0x41);
  buf.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return buf;
}

/** A JPEG carrying every kind of metadata a phone adds: EXIF with GPS, XMP naming a person, an ICC profile. */
export function jpegWithAllMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: '#6a1b9a' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Phone X', ImageDescription: 'home 27.7172,85.3240' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .toBuffer();
}

/** A valid JPEG that is also an HTML page: a script in a comment segment and another after the end marker. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ef6c00' } }).jpeg().toBuffer();
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), com, html, jpeg.subarray(2), Buffer.from('<script>alert(2)</script>')]);
}

/**
 * A 30000 x 30000 RGBA PNG in 57 bytes: a valid header (3.6 GB of pixels once decoded) and an
 * empty image stream. The pixel limit must refuse it from the header, before any decoding.
 */
export function pngBombHeader(side = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(0))), pngChunk('IEND', Buffer.alloc(0))]);
}
