import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { returned } from '../common/returned';
import { FileEntity, FileKind } from '../modules/file/file.entity';
import type { PreparedFile, StoredNames } from '../modules/file/file-store';
import { Db } from './db';

/** Inserts the rows of written files, on `em` (plain SQL, so the seed's bare EntityManager can use it too). */
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
      [
        f.type,
        names[i].filename,
        names[i].thumbnail_filename,
        f.original_name,
        f.mime,
        f.data.length,
        f.width,
        f.height,
        createdBy,
        listed,
      ],
    );
    rows.push(row);
  }
  return rows;
}

/**
 * The stored files' table (file: the uploads, the catalogue's pictures, the enquiries'
 * screenshots): every statement that names it, on the caller's transaction when one is open
 * (db.ts). The files on disk are the file module's (file-store.ts).
 */
@Injectable()
export class FileRepository {
  constructor(private readonly db: Db) {}

  private get files() {
    return this.db.em.getRepository(FileEntity);
  }

  /** Inserts the rows of written files (insertFileRows). */
  insert(files: PreparedFile[], names: StoredNames[], createdBy: number | null, listed = true): Promise<FileEntity[]> {
    return insertFileRows(this.db.em, files, names, createdBy, listed);
  }

  /** Deletes the rows of files (the caller removes them from disk after its transaction commits); answers their stored names. */
  async deleteRows(ids: number[]): Promise<StoredNames[]> {
    if (!ids.length) return [];
    return returned<StoredNames>(await this.db.query(`DELETE FROM file WHERE id = ANY($1) RETURNING filename, thumbnail_filename`, [ids]));
  }

  /** Deletes one file's row. */
  async delete(id: number): Promise<void> {
    await this.files.delete({ id });
  }

  /** Whether `id` is an image the picker lists. */
  isListedImage(id: number): Promise<boolean> {
    return this.files.existsBy({ id, type: 'image', listed: true });
  }

  /** The newest listed files (images only when `type` is image), at most `limit`. */
  listed(type: FileKind | undefined, limit: number): Promise<FileEntity[]> {
    return this.files.find({
      where: type === 'image' ? { type: 'image', listed: true } : { listed: true },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** The files of `ids`. */
  byIds(ids: number[]): Promise<FileEntity[]> {
    return this.files.findBy({ id: In(ids) });
  }
}
