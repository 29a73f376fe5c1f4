import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermissions } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { RoleRepository } from '../../repositories/role.repository';

@ApiTags('users')
@Controller('role')
export class RoleController {
  constructor(private readonly roles: RoleRepository) {}

  @Get()
  @RequirePermissions(Permission.ReadUser)
  async list() {
    const data = await this.roles.all();
    return { data, recordsTotal: data.length, recordsFiltered: data.length };
  }
}
