import type { Lang } from '@campaign/domain';
import { Column, CreateDateColumn, DeleteDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BikeModelEntity } from '../bike-model/bike-model.entity';
import { BranchEntity } from '../branch/branch.entity';
import { FileEntity } from '../file/file.entity';

export type PreregistrationStatus = 'pending' | 'verified' | 'purchased';

/**
 * A pre-registration (enquiry): made on the public site (branch_id null) or by a branch's
 * staff (branch_id = theirs). Verified by a one-time code, which runs the draw once.
 * The code columns are never selected unless asked for (`addSelect`).
 */
@Entity('preregistration')
export class PreregistrationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  /** 10 digits, 9[678]XXXXXXXX. */
  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true })
  citizenship_no: string | null;

  @Column({ type: 'int', nullable: true })
  bike_model_id: number | null;

  @ManyToOne(() => BikeModelEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'bike_model_id' })
  bike_model?: BikeModelEntity | null;

  /** The branch whose staff created it; null for the public site. */
  @Column({ type: 'int', nullable: true })
  branch_id: number | null;

  @ManyToOne(() => BranchEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity | null;

  @Column({ type: 'int', nullable: true })
  nearest_branch_id: number | null;

  @ManyToOne(() => BranchEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'nearest_branch_id' })
  nearest_branch: BranchEntity | null;

  /** COALESCE(branch_id, nearest_branch_id), computed by the database: the branch whose staff own it. */
  @Column({ type: 'int', nullable: true, insert: false, update: false, select: false })
  owner_branch_id: number | null;

  @Column({ type: 'text', nullable: true })
  source: string | null;

  @Column({ type: 'text', nullable: true })
  roadie: string | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'boolean', default: false })
  shared: boolean;

  @Column({ type: 'int', nullable: true })
  screenshot_id: number | null;

  @ManyToOne(() => FileEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'screenshot_id' })
  screenshot: FileEntity | null;

  @Column({ type: 'boolean', default: true })
  send_sms: boolean;

  @Column({ type: 'text', nullable: true })
  utm_source: string | null;

  /** The traffic source (referrer.id) the visitor came through; null when none, or their own link. */
  @Column({ type: 'int', nullable: true })
  referrer_id: number | null;

  /** The language the visitor used ('en' or 'ne'): their code and prize SMS go out in it. */
  @Column({ type: 'text', default: 'en' })
  lang: Lang;

  /** The personal code of the record's share link (`?utm_source=ref-<code>`), made by the database. */
  @Column({ type: 'text', insert: false, update: false })
  share_code: string;

  /** The seed the browser sent for the draw (docs/fairness.md); the draw records the one it used. */
  @Column({ type: 'text', nullable: true })
  client_seed: string | null;

  /** The current one-time code: shown to staff with send-sms only, never public, never logged. */
  @Column({ type: 'text', nullable: true, select: false })
  code: string | null;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  code_expires_at: Date | null;

  @Column({ type: 'int', default: 0, select: false })
  code_attempts: number;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  code_sent_at: Date | null;

  /** Codes made for the record on `codes_day` (a Nepal day), sent or not (OneTimeCodes.refuseOverRecordCap). */
  @Column({ type: 'int', default: 0, select: false })
  codes_today: number;

  @Column({ type: 'date', nullable: true, select: false })
  codes_day: string | null;

  @Column({ type: 'boolean', default: false })
  is_verified: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  verified_at: Date | null;

  @Column({ type: 'text', default: 'pending' })
  status: PreregistrationStatus;

  @Column({ type: 'boolean', default: false })
  purchased: boolean;

  /**
   * Saved from the public form with a citizenship number another live record holds (issue #32):
   * the public is never told, its verification draws nothing, and its branch's staff see why
   * (the message and a link to that record). A staff save releases it once the number is free.
   */
  @Column({ type: 'boolean', default: false })
  held: boolean;

  /** The pre-registration prize (rupees), set by the draw at verification. */
  @Column({ type: 'int', nullable: true })
  prize: number | null;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  /** When the visitor agreed to the terms (a public enquiry), and which terms (privacy migration). */
  @Column({ type: 'timestamptz', nullable: true })
  consent_at: Date | null;

  @Column({ type: 'text', nullable: true })
  terms_version: string | null;

  /** When the personal fields were erased (on request or by retention): the phone is then null. */
  @Column({ type: 'timestamptz', nullable: true })
  erased_at: Date | null;

  /** An erased record's keyed hashes of its phone and citizenship number (erased-identity.ts); never answered. */
  @Column({ type: 'text', nullable: true, select: false })
  erased_phone_key: string | null;

  @Column({ type: 'text', nullable: true, select: false })
  erased_citizenship_key: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  @DeleteDateColumn({ type: 'timestamptz', select: false })
  deleted_at: Date | null;
}
