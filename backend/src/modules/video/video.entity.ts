import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { FileEntity } from '../file/file.entity';

/** A winner's video for the winners page. phone and citizenship_no are staff-only. */
@Entity('video')
export class VideoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  title: string;

  /** The title for a Nepali reader; null: the English one. */
  @Column({ type: 'text', nullable: true })
  title_ne: string | null;

  @Column({ type: 'text' })
  url: string;

  /** The prize won, in rupees (1000000 or 50000 in the campaign's lists). */
  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  citizenship_no: string | null;

  /** The winning registration, when known. */
  @Column({ type: 'int', nullable: true })
  registration_id: number | null;

  @Column({ type: 'int', nullable: true })
  thumbnail_id: number | null;

  @ManyToOne(() => FileEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'thumbnail_id' })
  thumbnail: FileEntity | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
