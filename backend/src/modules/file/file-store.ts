import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { EntityManager } from 'typeorm';
import { FileEntity, FileKind } from './file.entity';
import { returned } from '../../common/returned';

/**
 * Upload checks and storage (DESIGN section 6), free of Nest so the demo seed can use them
 * too. A file is judged by its bytes, never its name or declared type. Images (JPEG, PNG,
 * WebP) are decoded and re-encoded by sharp: oriented by their EXIF tag, then every bit of
 * metadata is dropped (GPS, camera, comments) and a polyglot loses whatever rode along.
 */
export const MAX_IMAGE_SIDE = 4000;
export const THUMBNAIL_SIDE = 400;
/** Decoded pixels allowed in; a 30000x30000 "decompression bomb" is refused from its header. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const UPLOAD_REFUSED = 'Something went wrong! Please check the file and try again.';
export const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG or WebP).';
export const NOT_AN_IMAGE_OR_PDF = 'The file must be an image (JPEG, PNG or WebP) or a PDF.';
export const TOO_MANY_PIXELS = `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
export const UNREADABLE_IMAGE = 'The image could not be read.';

const IMAGE_FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };
const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

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

type FileTypeModule = { fileTypeFromBuffer(input: Uint8Array): Promise<{ ext: string; mime: string } | undefined> };
let fileTypeModule: Promise<FileTypeModule> | undefined;
/**
 * file-type 21 is ESM-only: loaded once, with a dynamic import. Its `./node` entry is the
 * same module with a plain `default` condition, which Jest's resolver also understands.
 */
const fileTypes = () => (fileTypeModule ??= import('file-type/node' as string) as Promise<FileTypeModule>);

/** Checks and re-encodes one upload; nothing is written. `accept` 'file' also takes a PDF. */
export async function prepareUpload(buffer: Buffer, accept: FileKind, originalName = ''): Promise<PreparedFile> {
  const detected = await (await fileTypes()).fileTypeFromBuffer(buffer);
  const name = cleanName(originalName);
  const format = detected && IMAGE_FORMATS[detected.mime];
  if (format) return prepareImage(buffer, format, name);
  if (accept === 'file' && detected?.mime === 'application/pdf') {
    return { type: 'file', mime: 'application/pdf', ext: 'pdf', data: buffer, thumbnail: null, width: null, height: null, original_name: name };
  }
  throw new FileRefusedError(accept === 'image' ? NOT_AN_IMAGE : NOT_AN_IMAGE_OR_PDF);
}

async function prepareImage(buffer: Buffer, format: 'jpeg' | 'png' | 'webp', original_name: string): Promise<PreparedFile> {
  // The header alone: sharp's own pixel limit would hide which rule refused the image.
  const meta = await sharp(buffer, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height) throw new FileRefusedError(UNREADABLE_IMAGE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new FileRefusedError(TOO_MANY_PIXELS);
  try {
    const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (format === 'jpeg') pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (format === 'png') pipeline.png();
    else pipeline.webp({ quality: 85 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { type: 'image', mime: `image/${format}`, ext: EXTENSIONS[format], data, thumbnail, width: info.width, height: info.height, original_name };
  } catch {
    throw new FileRefusedError(UNREADABLE_IMAGE);
  }
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

/** Deletes the rows of files (the caller removes them from disk after its transaction commits); answers their stored names. */
export async function deleteFileRows(em: EntityManager, ids: number[]): Promise<StoredNames[]> {
  if (!ids.length) return [];
  return returned<StoredNames>(await em.query(`DELETE FROM file WHERE id = ANY($1) RETURNING filename, thumbnail_filename`, [ids]));
}

/** Inserts the rows of written files (plain SQL, so the seed's bare EntityManager can use it). */
export async function insertFileRows(
  em: EntityManager,
  files: PreparedFile[],
  names: StoredNames[],
  createdBy: number | null,
  listed = true,
): Promise<FileEntity[]> {
  const rows: FileEntity[] = [];
  for (const [i, f] of files.entries()) {
    const [row] = await em.query(
      `INSERT INTO file (type, filename, thumbnail_filename, original_name, mime, size, width, height, created_by, listed)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING *`,
      [f.type, names[i].filename, names[i].thumbnail_filename, f.original_name, f.mime, f.data.length, f.width, f.height, createdBy, listed],
    );
    rows.push(row);
  }
  return rows;
}
