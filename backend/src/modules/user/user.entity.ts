import { Column, CreateDateColumn, DeleteDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BranchEntity } from '../branch/branch.entity';
import { RoleEntity } from '../role/role.entity';

export enum Sex {
  Male = 'MALE',
  Female = 'FEMALE',
  Others = 'OTHERS',
}

/** A staff member: head office when branch_id is null, otherwise a dealer-branch user. */
@Entity('user')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  first_name: string;

  @Column({ type: 'text' })
  last_name: string;

  @Column({ type: 'text', generatedType: 'STORED', asExpression: `first_name || ' ' || last_name`, insert: false, update: false })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', default: Sex.Male })
  sex: Sex;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ type: 'text', select: false })
  password: string;

  /** Bumped by a password change; tokens carrying an older version are refused. */
  @Column({ type: 'int', default: 0, select: false })
  token_version: number;

  @Column({ type: 'int', nullable: true })
  branch_id: number | null;

  @ManyToOne(() => BranchEntity, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'branch_id' })
  branch: BranchEntity | null;

  @Column({ type: 'int' })
  role_id: number;

  @ManyToOne(() => RoleEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id' })
  role: RoleEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  @DeleteDateColumn({ type: 'timestamptz', select: false })
  deleted_at: Date | null;
}
