import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A traffic source (the `utm_source` of a campaign link), made the first time the value is seen. */
@Entity('referrer')
export class ReferrerEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Staff-editable label; starts as the utm_source value. */
  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', unique: true })
  utm_source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
