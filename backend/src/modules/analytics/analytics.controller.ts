import { Controller, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { AnalyticsService } from './analytics.service';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @StaffGet('', 'Campaign analytics per Nepal day and per branch, sources and prizes (branch staff: their branch)', Permission.SendSms)
  @ApiQuery({ name: 'from', required: false, description: "First Nepal day, 'YYYY-MM-DD' (default: 29 days before `to`)" })
  @ApiQuery({ name: 'to', required: false, description: "Last Nepal day, 'YYYY-MM-DD', included (default: today)" })
  async get(@CurrentUser() user: AuthUser, @Query('from') from?: unknown, @Query('to') to?: unknown) {
    return { data: await this.analytics.analytics(user, { from, to }) };
  }
}
