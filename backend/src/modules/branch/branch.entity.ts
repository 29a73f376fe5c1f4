import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A dealer branch (showroom). Branch-owned tables carry its id as branch_id. */
@Entity('branch')
export class BranchEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  title: string;

  /** The title for a Nepali reader; null: the English one. */
  @Column({ type: 'text', nullable: true })
  title_ne: string | null;

  @Column({ type: 'text', default: '' })
  state: string;

  @Column({ type: 'text', default: '' })
  district: string;

  @Column({ type: 'text', default: '' })
  city: string;

  @Column({ type: 'text', default: '' })
  location: string;

  @Column({ type: 'text', nullable: true })
  location_ne: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  mobile: string | null;

  @Column({ type: 'int', default: 0 })
  order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
