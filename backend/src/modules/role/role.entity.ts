import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Permission } from '../../common/auth/permission.enum';

@Entity('role')
export class RoleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  title: string;

  /** True for roles whose users have no branch (head office). */
  @Column({ type: 'boolean', default: false })
  head_office: boolean;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions: Permission[];
}
