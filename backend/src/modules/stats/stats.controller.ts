import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { StatsService } from './stats.service';

@ApiTags('registrations')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  @RequirePermissions(Permission.ReadRegistration)
  @ApiOperation({ summary: 'Dashboard counts: sales, pre-registrations and test rides, today and yesterday in Nepal time' })
  async get(@CurrentUser() user: AuthUser) {
    return { data: await this.stats.stats(user) };
  }
}
