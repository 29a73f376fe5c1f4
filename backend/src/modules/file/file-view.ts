import type { ImageRef } from '@campaign/domain';
import { FileEntity } from './file.entity';

export const UPLOADS_URL = '/uploads/';

type StoredNames = Pick<FileEntity, 'id' | 'filename' | 'thumbnail_filename'>;

/** How a record's image field is served: `thumbnail: { id, url, thumbnail } | null`. */
export function imageRef(file: StoredNames | null | undefined): ImageRef | null {
  if (!file) return null;
  const url = UPLOADS_URL + file.filename;
  return { id: file.id, url, thumbnail: file.thumbnail_filename ? UPLOADS_URL + file.thumbnail_filename : url };
}

/** A file in the picker (GET /file, POST /upload). */
export function fileView(file: FileEntity) {
  return {
    id: file.id,
    filename: file.original_name || file.filename,
    url: UPLOADS_URL + file.filename,
    thumbnail: file.thumbnail_filename ? UPLOADS_URL + file.thumbnail_filename : null,
    type: file.type,
    created_at: file.created_at,
  };
}
