import { Column, CreateDateColumn, DeleteDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BOOKING_TYPES, type Lang } from '@campaign/domain';
import { BikeModelEntity } from '../bike-model/bike-model.entity';
import { BranchEntity } from '../branch/branch.entity';
import { ReferrerEntity } from '../referrer/referrer.entity';

/** TESTRIDE or BOOKING (a bike booking). */
export type TestRideType = (typeof BOOKING_TYPES)[number];

/** A test ride or bike booking asked for on the public site; owned by the chosen branch. */
@Entity('test_ride')
export class TestRideEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** 10 digits. */
  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text' })
  district: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'int' })
  branch_id: number;

  @ManyToOne(() => BranchEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity;

  @Column({ type: 'int' })
  bike_model_id: number;

  @ManyToOne(() => BikeModelEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'bike_model_id' })
  bike_model: BikeModelEntity;

  @Column({ type: 'text', default: 'TESTRIDE' })
  type: TestRideType;

  @Column({ type: 'text', nullable: true })
  utm_source: string | null;

  @Column({ type: 'int', nullable: true })
  referrer_id: number | null;

  @ManyToOne(() => ReferrerEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'referrer_id' })
  referrer: ReferrerEntity | null;

  /** The sender's address, kept for abuse review; never returned. */
  @Column({ type: 'inet', nullable: true, select: false })
  ip: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @DeleteDateColumn({ type: 'timestamptz', select: false })
  deleted_at: Date | null;

  /** The language the visitor booked in ('en' or 'ne'): the customer's SMS goes out in it. */
  @Column({ type: 'text', default: 'en' })
  lang: Lang;
}
