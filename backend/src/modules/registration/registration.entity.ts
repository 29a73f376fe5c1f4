import type { PaymentMode } from '@campaign/domain';
import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { BikeModelEntity } from '../bike-model/bike-model.entity';
import { BranchEntity } from '../branch/branch.entity';
import { PreregistrationEntity } from '../preregistration/preregistration.entity';
import { ReferrerEntity } from '../referrer/referrer.entity';

/**
 * A purchase (sale) made from a verified pre-registration at a branch. Creating it runs
 * the purchase draw once; its result is the coupon (coupon_amount), confirmed at key
 * hand-over with the 6-digit coupon code sent to the customer.
 */
@Entity('registration')
export class RegistrationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  /** Stored with the `B{branch_id}-` prefix. */
  @Column({ type: 'text' })
  bill_no: string;

  @Column({ type: 'int' })
  preregistration_id: number;

  @ManyToOne(() => PreregistrationEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'preregistration_id' })
  preregistration: PreregistrationEntity;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  citizenship_no: string;

  @Column({ type: 'text', nullable: true })
  pan: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Copied from the pre-registration; read-only afterwards. */
  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text', nullable: true })
  roadie: string | null;

  /** The customer shared a key-handover post. */
  @Column({ type: 'boolean', default: false })
  shared: boolean;

  @Column({ type: 'int' })
  bike_model_id: number;

  @ManyToOne(() => BikeModelEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'bike_model_id' })
  bike_model: BikeModelEntity;

  @Column({ type: 'text', nullable: true })
  engine_no: string | null;

  @Column({ type: 'text', nullable: true })
  chasis_no: string | null;

  @Column({ type: 'text', nullable: true })
  registration_no: string | null;

  @Column({ type: 'text', default: 'CASH' })
  payment_mode: PaymentMode;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'int' })
  branch_id: number;

  @ManyToOne(() => BranchEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity;

  /** The referring registration: a customer who brought this one. */
  @Column({ type: 'int', nullable: true })
  registration_id: number | null;

  @ManyToOne(() => RegistrationEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'registration_id' })
  referrer_registration: RegistrationEntity | null;

  /** The seed the staff's browser sent for the purchase draw (docs/fairness.md). */
  @Column({ type: 'text', nullable: true })
  client_seed: string | null;

  /** The traffic source (referrer.id) carried from the enquiry's utm_source. */
  @Column({ type: 'int', nullable: true })
  referred_by: number | null;

  @ManyToOne(() => ReferrerEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'referred_by' })
  referrer: ReferrerEntity | null;

  @Column({ type: 'boolean', default: true })
  send_sms: boolean;

  /** The purchase discount won by the purchase draw (whole rupees). */
  @Column({ type: 'int', nullable: true })
  coupon_amount: number | null;

  /** The pre-registration's prize, copied by a database trigger (the Register Prize filter reads it). */
  @Column({ type: 'int', nullable: true, insert: false, update: false, select: false })
  pre_prize: number | null;

  /** pre_prize + coupon_amount, computed by the database (the total prize filter reads it). */
  @Column({ type: 'int', insert: false, update: false, select: false })
  total_prize: number;

  @Column({ type: 'text', nullable: true, select: false })
  coupon_code: string | null;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  coupon_code_expires_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  coupon_code_sent_at: Date | null;

  @Column({ type: 'int', default: 0, select: false })
  coupon_attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  coupon_verified_at: Date | null;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  /** The purchase date. */
  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  @DeleteDateColumn({ type: 'timestamptz' })
  deleted_at: Date | null;
}
