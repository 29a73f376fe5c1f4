import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('audit_log')
export class AuditLogEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'text' })
  user_email: string;

  @Column({ type: 'int', nullable: true })
  branch_id: number | null;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  resource: string;

  @Column({ type: 'text', nullable: true })
  record_key: string | null;

  @Column({ type: 'jsonb' })
  fields: Record<string, unknown>;

  @Column({ type: 'int' })
  status: number;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
