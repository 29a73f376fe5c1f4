import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RequirePermissions } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { RoleEntity } from './role.entity';

@ApiTags('users')
@Controller('role')
export class RoleController {
  constructor(@InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>) {}

  @Get()
  @RequirePermissions(Permission.ReadUser)
  async list() {
    const data = await this.roles.find({ order: { id: 'ASC' } });
    return { data, recordsTotal: data.length, recordsFiltered: data.length };
  }
}
