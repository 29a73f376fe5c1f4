import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type FileKind = 'image' | 'file';

/** An uploaded file under UPLOAD_DIR, served at /uploads/<filename>. Images have a thumbnail. */
@Entity('file')
export class FileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** 'image' for JPEG/PNG/WebP (re-encoded, with a thumbnail), 'file' for documents (PDF). */
  @Column({ type: 'text' })
  type: FileKind;

  /** Server-made random name; the client's name is never used on disk. */
  @Column({ type: 'text', unique: true })
  filename: string;

  @Column({ type: 'text', nullable: true })
  thumbnail_filename: string | null;

  @Column({ type: 'text', default: '' })
  original_name: string;

  @Column({ type: 'text' })
  mime: string;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  /** In the shared picker (uploads, catalogue images); false for a record's own attachment (a pre-registration's screenshot). */
  @Column({ type: 'boolean', default: true })
  listed: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
