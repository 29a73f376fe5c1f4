import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { FileEntity } from '../file/file.entity';

/** A motorcycle model offered in the campaign (pre-registrations, purchases and test rides name one). */
@Entity('bike_model')
export class BikeModelEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  title: string;

  /** The title for a Nepali reader; null: the English one. */
  @Column({ type: 'text', nullable: true })
  title_ne: string | null;

  @Column({ type: 'int', nullable: true })
  thumbnail_id: number | null;

  @ManyToOne(() => FileEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'thumbnail_id' })
  thumbnail: FileEntity | null;

  @Column({ type: 'int', default: 0 })
  order: number;

  /** One line for the landing page's showcase. */
  @Column({ type: 'text', nullable: true })
  tagline: string | null;

  @Column({ type: 'text', nullable: true })
  tagline_ne: string | null;

  /** Whole rupees; with `price_from` it reads 'From Rs. ...'. */
  @Column({ type: 'int', nullable: true })
  price: number | null;

  @Column({ type: 'boolean', default: false })
  price_from: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
