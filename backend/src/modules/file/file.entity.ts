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

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
