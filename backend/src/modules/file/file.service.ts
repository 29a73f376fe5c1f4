import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FieldErrors, UnprocessableError } from '../../common/http/errors';
import { ConfigService } from '../../config/config.module';
import { FileRepository } from '../../repositories/file.repository';
import { FileEntity, FileKind } from './file.entity';
import {
  FileRefusedError,
  MAX_INPUT_PIXELS,
  prepareUpload,
  PreparedFile,
  PUBLIC_INPUT_PIXELS,
  removeFiles,
  UPLOAD_REFUSED,
  UploadRules,
  writeFiles,
} from './file-store';
import { Upload } from './upload';

/** How many files the picker lists (newest first). */
export const FILE_LIST_LIMIT = 500;

/** An image field of a record: a new upload, an uploaded file's id, null (remove) or undefined (keep). */
export interface ImageChoice {
  id: number | null | undefined;
  /** Set when the request carried a new file; discard it if the record's write fails. */
  stored?: FileEntity;
}

/**
 * The one place files are stored. Other domains call `storeImage` (the pre-registration
 * screenshot) or `imageFor` (a record's image field) instead of touching sharp or the disk.
 * `storeImage` keeps a record's own attachment out of the shared picker (every signed-in
 * user of every branch opens it); uploads and catalogue images are listed.
 */
@Injectable()
export class FileService {
  private readonly dir: string;
  private readonly maxBytes: number;

  constructor(
    private readonly files: FileRepository,
    private readonly dataSource: DataSource,
    config: ConfigService,
  ) {
    this.dir = config.get('files').uploadDir;
    this.maxBytes = config.get('files').maxBytes;
  }

  /**
   * What an upload may cost, by who sends it: a file with no staff author (the public
   * enquiry's screenshot) has the public pixel limit and waits in the public's line of image
   * work; a staff user's has the staff limit and waits in that user's own line (file-store.ts,
   * imageJobs). Either way the stored re-encoding is at most the upload cap.
   */
  private rules(createdBy: number | null): UploadRules {
    return createdBy === null
      ? { maxPixels: PUBLIC_INPUT_PIXELS, maxBytes: this.maxBytes, owner: 'public' }
      : { maxPixels: MAX_INPUT_PIXELS, maxBytes: this.maxBytes, owner: `user:${createdBy}` };
  }

  /** Checks, re-encodes and stores one image; a refusal is a 422 under `field`. Unlisted unless `listed`. */
  async storeImage(buffer: Buffer, opts: { field?: string; originalName?: string; createdBy?: number | null; listed?: boolean } = {}): Promise<FileEntity> {
    const field = opts.field ?? 'file';
    let prepared: PreparedFile;
    try {
      prepared = await prepareUpload(buffer, 'image', opts.originalName, this.rules(opts.createdBy ?? null));
    } catch (e) {
      throw refusal(e, field);
    }
    return (await this.persist([prepared], opts.createdBy ?? null, opts.listed ?? false))[0];
  }

  /** POST /upload: every file is checked before any is stored; all or nothing. One file at a time, each taking its turn in the user's line. */
  async storeUploads(accept: FileKind, uploads: Upload[], createdBy: number | null): Promise<FileEntity[]> {
    const errors: FieldErrors = {};
    const prepared: PreparedFile[] = [];
    const rules = this.rules(createdBy);
    for (const [i, u] of uploads.entries()) {
      try {
        prepared.push(await prepareUpload(u.buffer, accept, u.originalname, rules));
      } catch (e) {
        if (!(e instanceof FileRefusedError)) throw e;
        errors[`files.${i}`] = [e.message];
      }
    }
    if (Object.keys(errors).length) throw new UnprocessableError(errors, UPLOAD_REFUSED);
    return this.persist(prepared, createdBy);
  }

  /**
   * Resolves a record's image field `name` from the request: a new upload (multipart file
   * `name`) wins; otherwise `${name}_id` or `name` (the id of an uploaded image, checked),
   * null to remove, absent to keep. Errors come under the field the client used.
   */
  async imageFor(
    name: string,
    body: { [key: string]: unknown },
    upload: Upload | undefined,
    createdBy: number | null,
  ): Promise<ImageChoice> {
    if (upload) {
      const stored = await this.storeImage(upload.buffer, { field: name, originalName: upload.originalname, createdBy, listed: true });
      return { id: stored.id, stored };
    }
    const field = body[`${name}_id`] !== undefined ? `${name}_id` : name;
    const id = body[field] as number | null | undefined;
    if (id === undefined || id === null) return { id };
    if (!(await this.files.isListedImage(id))) throw new UnprocessableError({ [field]: [`The selected ${name} is invalid.`] });
    return { id };
  }

  /** Removes a file stored for a write that then failed. */
  async discard(file: FileEntity | undefined): Promise<void> {
    if (!file) return;
    await this.files.delete(file.id).catch(() => undefined);
    await removeFiles(this.dir, [file]);
  }

  list(type: FileKind | undefined): Promise<FileEntity[]> {
    // The image picker shows images; the file picker shows every file.
    return this.files.listed(type, FILE_LIST_LIMIT);
  }

  async findByIds(ids: Array<number | null | undefined>): Promise<Map<number, FileEntity>> {
    const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
    if (!wanted.length) return new Map();
    return new Map((await this.files.byIds(wanted)).map((f) => [f.id, f]));
  }

  private async persist(prepared: PreparedFile[], createdBy: number | null, listed = true): Promise<FileEntity[]> {
    const names = await writeFiles(this.dir, prepared);
    try {
      return await this.dataSource.transaction(() => this.files.insert(prepared, names, createdBy, listed));
    } catch (e) {
      await removeFiles(this.dir, names);
      throw e;
    }
  }
}

function refusal(e: unknown, field: string): unknown {
  return e instanceof FileRefusedError ? new UnprocessableError({ [field]: [e.message] }, UPLOAD_REFUSED) : e;
}
