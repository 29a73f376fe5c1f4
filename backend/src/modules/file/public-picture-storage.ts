import type { Request } from 'express';
import { imageSize } from 'image-size';
import multer, { type StorageEngine } from 'multer';
import { UnprocessableError } from '../../common/http/errors';
import { PUBLIC_INPUT_PIXELS, tooManyPixels, UPLOAD_REFUSED } from './file-store';

/**
 * Bytes of a public picture within which its header is asked for its size in pixels: a JPEG's
 * size can follow up to 64 KB of EXIF, a PNG's and a WebP's are in their first bytes. A
 * picture whose size these bytes do not tell is checked when it has all arrived, as before.
 */
const PROBE_BYTES = 128 * 1024;
/**
 * The header is asked as the first bytes arrive, and again each time this many more have come
 * until it tells: most pictures tell in their first read, so a picture over the limit is
 * refused after one read, not 128 KB (each refused picture's bytes were most of the garbage
 * the main thread collected under a flood of them); the step keeps a picture sent in tiny
 * pieces from being joined and read again at every piece.
 */
const PROBE_STEP = 16 * 1024;

/**
 * width x height from an image's first bytes (0 when they do not tell: the full check decides),
 * read by image-size, which walks the format's headers in JavaScript. sharp's metadata on the
 * same bytes cost the main thread about 0.5 ms a picture and a turn of the thread pool the
 * password hashes share: 40-megapixel JPEGs sent four at once moved staff sign-ins to 1.4 to
 * 1.7 times their quiet time (#32's hostile bench; docs/decisions.md).
 */
function pixelsOf(head: Buffer): number {
  try {
    const { width, height } = imageSize(head);
    return width && height ? width * height : 0;
  } catch {
    return 0;
  }
}

/**
 * multer's memory storage, and for a form read with the anonymous limits (the public
 * enquiry's screenshot) a look at the picture's header as its first bytes arrive (up to 128 KB):
 * one over the public's pixel limit is refused there (422 under its field, the words of the
 * full check in file-store.ts), so the rest of it is never read (common/http/request-budget.ts,
 * multipartStream). A 40-megapixel JPEG of 4.4 MB was read whole before its 422, four at once
 * taking the CPU from staff's sign-ins (issue #32's hostile bench).
 */
export function publicPictureStorage(readAsAnonymous: (req: Request) => boolean): StorageEngine {
  const memory = multer.memoryStorage();
  return {
    _handleFile(req, file, cb) {
      if (!readAsAnonymous(req)) return memory._handleFile(req, file, cb);
      const chunks: Buffer[] = [];
      let size = 0;
      let probed = false;
      let askedAt = 0;
      let settled = false;
      const settle = (error: Error | null, info?: Partial<Express.Multer.File>) => {
        if (settled) return;
        settled = true;
        cb(error, info);
      };
      const refused = () => new UnprocessableError({ [file.fieldname]: [tooManyPixels(PUBLIC_INPUT_PIXELS)] }, UPLOAD_REFUSED);
      const { stream } = file;
      const onData = (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (probed || (askedAt && size - askedAt < PROBE_STEP && size < PROBE_BYTES)) return;
        askedAt = size;
        const pixels = pixelsOf(chunks.length === 1 ? chunk : Buffer.concat(chunks));
        if (pixels || size >= PROBE_BYTES) probed = true;
        if (pixels <= PUBLIC_INPUT_PIXELS) return;
        // Refused: the rest is never read (the form's answer closes the connection, multipartStream).
        stream.pause();
        stream.off('data', onData);
        chunks.length = 0;
        settle(refused());
      };
      stream.on('data', onData);
      stream.on('end', () => settle(null, { buffer: Buffer.concat(chunks), size }));
      stream.on('error', (e: Error) => settle(e));
    },
    _removeFile(req, file, cb) {
      memory._removeFile(req, file, cb);
    },
  };
}
