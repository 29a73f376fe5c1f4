import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AllocationType } from '@campaign/domain';
import { BranchEntity } from '../branch/branch.entity';

/**
 * A stock of `count` special prizes of `amount` for one Nepal day (docs/fairness.md, "3. The draw");
 * `remaining` goes down by one per prize awarded, never below 0.
 */
@Entity('allocation')
export class AllocationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  type: AllocationType;

  @Column({ type: 'int', nullable: true })
  branch_id: number | null;

  @ManyToOne(() => BranchEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity | null;

  /** YYYY-MM-DD, a Nepal day. */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'int', default: 1 })
  count: number;

  @Column({ type: 'int' })
  remaining: number;

  @Column({ type: 'int' })
  amount: number;

  /** Percent, 0-100 with two decimals. */
  @Column({ type: 'numeric', precision: 5, scale: 2, default: 0, transformer: { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  probability: number;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
