import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { SMS_TYPES } from '@campaign/domain';
import { BranchEntity } from '../branch/branch.entity';
import { UserEntity } from '../user/user.entity';

export type SmsType = (typeof SMS_TYPES)[number];

/**
 * One bulk send from the SMS screen: the text, who it went to (its messages are the
 * `sms_outbox` rows with this batch_id) and the sender. `branch_id` is the sender's
 * branch (null for head office): branch staff list only their branch's batches.
 */
@Entity('sms_batch')
export class SmsBatchEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  type: SmsType;

  @Column({ type: 'text' })
  text: string;

  /** SMS per recipient (smsSegments). */
  @Column({ type: 'int' })
  segments: number;

  @Column({ type: 'int', default: 0 })
  recipients_count: number;

  @Column({ type: 'int', nullable: true })
  branch_id: number | null;

  @ManyToOne(() => BranchEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity | null;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator: UserEntity | null;

  /** Hash of the type, the chosen recipients and the text: the duplicate-send guard. */
  @Column({ type: 'text', select: false })
  fingerprint: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
