import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { StatsAnswer } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { ConfigService } from '../../config/config.module';
import { StatsService } from './stats.service';

@ApiTags('registrations')
@Controller('stats')
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly config: ConfigService,
  ) {}

  @StaffGet('', 'Dashboard counts: sales, pre-registrations and test rides, today and yesterday in Nepal time', Permission.ReadRegistration)
  async get(@CurrentUser() user: AuthUser): Promise<{ data: StatsAnswer }> {
    const data = await this.stats.stats(user);
    // The Super Admin (who holds the settings) is told on the dashboard when the forms run without a captcha on purpose.
    if (!user.permissions.includes(Permission.UpdateSettings)) return { data };
    return { data: { ...data, captcha_off: this.config.get('captcha').offOnPurpose } };
  }
}
