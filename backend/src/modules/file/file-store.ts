import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { FileKind } from './file.entity';
import { FairQueue } from '../../common/fair-queue';

/**
 * Upload checks and storage (docs/security.md, "Uploads"), free of Nest so the demo seed can use them
 * too. A file is judged by its bytes, never its name or declared type. Images (JPEG, PNG,
 * WebP) are decoded and re-encoded by sharp: oriented by their EXIF tag, then every bit of
 * metadata is dropped (GPS, camera, comments) and a polyglot loses whatever rode along.
 *
 * Image work is bounded (docs/security.md): a pixel limit read from the header before any
 * decoding (the public's screenshot 13 MP, staff media 50 MP); one job at a time in the
 * process (imageJobs), each on one libvips thread, so image work holds at most one of
 * libuv's four worker threads and password hashing (argon2) and file reads never queue
 * behind it; and a stored re-encoding never larger than the upload cap.
 */
export const MAX_IMAGE_SIDE = 4000;
export const THUMBNAIL_SIDE = 400;
/** Decoded pixels allowed in from staff; a 30000x30000 "decompression bomb" is refused from its header. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Decoded pixels allowed in from the public (the enquiry's social-share screenshot): a phone's
 * screenshot is 1-4 MP and a 12 MP phone photo (4032 x 3024 = 12.2 MP) still passes.
 */
export const PUBLIC_INPUT_PIXELS = 13_000_000;
/** The upload cap (config files.maxBytes): a stored re-encoding is never larger. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_REFUSED = 'Something went wrong! Please check the file and try again.';
export const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG or WebP).';
export const NOT_AN_IMAGE_OR_PDF = 'The file must be an image (JPEG, PNG or WebP) or a PDF.';
export const tooManyPixels = (limit: number) => `The image is too large: at most ${limit / 1_000_000} megapixels.`;
export const TOO_MANY_PIXELS = tooManyPixels(MAX_INPUT_PIXELS);
export const tooLargeEncoded = (maxBytes: number) =>
  `The image is too large to store even when made smaller (at most ${Math.floor(maxBytes / 1024 / 1024)} MB). Please send a smaller picture.`;
export const UNREADABLE_IMAGE = 'The image could not be read.';

const IMAGE_FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/**
 * libvips' threads per image: one. sharp's default is one per CPU core for every image, so
 * a few large images took every core; one job at a time on one thread leaves the rest to
 * requests. Process-wide: the page's scaled pictures (site-page/site-page.ts) too.
 */
sharp.concurrency(1);

/** The process's one line of image work (uploads; exported for other image work to join). */
export const imageJobs = new FairQueue();

/** A refused upload; the message is shown under the file's field. */
export class FileRefusedError extends Error {}

export interface PreparedFile {
  type: FileKind;
  mime: string;
  ext: string;
  data: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
  original_name: string;
}

/** Who sent an upload and what it may cost: the pixel limit, the stored size cap, and its line in imageJobs. */
export interface UploadRules {
  maxPixels: number;
  maxBytes: number;
  owner: string;
}

/** Staff media's rules (the seed's too); the public's screenshot passes PUBLIC_INPUT_PIXELS. */
const STAFF_RULES: UploadRules = { maxPixels: MAX_INPUT_PIXELS, maxBytes: DEFAULT_MAX_BYTES, owner: 'system' };

type FileTypeModule = { fileTypeFromBuffer(input: Uint8Array): Promise<{ ext: string; mime: string } | undefined> };
let fileTypeModule: Promise<FileTypeModule> | undefined;
/**
 * file-type 21 is ESM-only: loaded once, with a dynamic import. Its `./node` entry is the
 * same module with a plain `default` condition, which Jest's resolver also understands.
 */
const fileTypes = () => (fileTypeModule ??= import('file-type/node' as string) as Promise<FileTypeModule>);

/** Checks and re-encodes one upload; nothing is written. `accept` 'file' also takes a PDF. */
export async function prepareUpload(buffer: Buffer, accept: FileKind, originalName = '', rules: Partial<UploadRules> = {}): Promise<PreparedFile> {
  const detected = await (await fileTypes()).fileTypeFromBuffer(buffer);
  const name = cleanName(originalName);
  const format = detected && IMAGE_FORMATS[detected.mime];
  if (format) {
    const r = { ...STAFF_RULES, ...rules };
    return imageJobs.run(r.owner, () => prepareImage(buffer, format, name, r));
  }
  if (accept === 'file' && detected?.mime === 'application/pdf') {
    return { type: 'file', mime: 'application/pdf', ext: 'pdf', data: buffer, thumbnail: null, width: null, height: null, original_name: name };
  }
  throw new FileRefusedError(accept === 'image' ? NOT_AN_IMAGE : NOT_AN_IMAGE_OR_PDF);
}

/**
 * The re-encodings tried in turn until one fits the upload cap: the first is the stored
 * picture as before; the next are smaller and, for JPEG and WebP, of lower quality (a PNG
 * is reduced to a palette). None fits: refused.
 */
const ENCODINGS = [
  { side: MAX_IMAGE_SIDE, quality: 85, palette: false },
  { side: 3000, quality: 75, palette: true },
  { side: 2000, quality: 65, palette: true },
] as const;

async function prepareImage(buffer: Buffer, format: 'jpeg' | 'png' | 'webp', original_name: string, rules: UploadRules): Promise<PreparedFile> {
  // The header alone: sharp's own pixel limit would hide which rule refused the image.
  const meta = await sharp(buffer, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height) throw new FileRefusedError(UNREADABLE_IMAGE);
  if (meta.width * meta.height > rules.maxPixels) throw new FileRefusedError(tooManyPixels(rules.maxPixels));
  let encoded: { data: Buffer; info: { width: number; height: number } } | undefined;
  try {
    for (const attempt of ENCODINGS) {
      const pipeline = sharp(buffer, { limitInputPixels: rules.maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: attempt.side, height: attempt.side, fit: 'inside', withoutEnlargement: true });
      if (format === 'jpeg') pipeline.jpeg({ quality: attempt.quality, mozjpeg: true });
      else if (format === 'png') pipeline.png(attempt.palette ? { compressionLevel: 9, palette: true } : {});
      else pipeline.webp({ quality: attempt.quality });
      encoded = await pipeline.toBuffer({ resolveWithObject: true });
      if (encoded.data.length <= rules.maxBytes) break;
    }
  } catch {
    throw new FileRefusedError(UNREADABLE_IMAGE);
  }
  if (!encoded || encoded.data.length > rules.maxBytes) throw new FileRefusedError(tooLargeEncoded(rules.maxBytes));
  const { data, info } = encoded;
  let thumbnail: Buffer;
  try {
    thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new FileRefusedError(UNREADABLE_IMAGE);
  }
  return { type: 'image', mime: `image/${format}`, ext: EXTENSIONS[format], data, thumbnail, width: info.width, height: info.height, original_name };
}

/** The client's name, for display only: no path, no control characters, at most 200 characters. */
function cleanName(name: string): string {
  return (
    basename(name.replace(/\\/g, '/'))
      // eslint-disable-next-line no-control-regex -- removing the control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200)
  );
}

export interface StoredNames {
  filename: string;
  thumbnail_filename: string | null;
}

/** Writes prepared files under random names; on failure removes what it wrote. */
export async function writeFiles(dir: string, files: PreparedFile[]): Promise<StoredNames[]> {
  await mkdir(dir, { recursive: true });
  const out: StoredNames[] = [];
  try {
    for (const f of files) {
      const base = randomBytes(16).toString('hex');
      const names: StoredNames = { filename: `${base}.${f.ext}`, thumbnail_filename: f.thumbnail ? `${base}-thumb.webp` : null };
      out.push(names);
      await writeFile(join(dir, names.filename), f.data, { flag: 'wx' });
      if (f.thumbnail) await writeFile(join(dir, names.thumbnail_filename!), f.thumbnail, { flag: 'wx' });
    }
    return out;
  } catch (e) {
    await removeFiles(dir, out);
    throw e;
  }
}

export async function removeFiles(dir: string, names: StoredNames[]): Promise<void> {
  const all = names.flatMap((n) => [n.filename, n.thumbnail_filename]).filter((n): n is string => !!n);
  await Promise.all(all.map((n) => unlink(join(dir, n)).catch(() => undefined)));
}
