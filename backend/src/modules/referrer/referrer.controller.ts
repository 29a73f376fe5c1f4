import { Body, Controller, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { DateRangeQuery } from '../../common/paging/table-query';
import { UpdateReferrerDto } from './dto/update-referrer.dto';
import { ReferrerService } from './referrer.service';

@ApiTags('referrers')
@Controller('referrer')
export class ReferrerController {
  constructor(private readonly referrers: ReferrerService) {}

  @StaffGet('', 'Referrer report (paging protocol): title, referrals_count, test_rides_count within from/to', Permission.ReadRegistration)
  @ApiQuery({ name: 'from', required: false, description: "Nepal time: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', or ISO with offset" })
  @ApiQuery({ name: 'to', required: false, description: 'Exclusive; a bare day includes that whole day' })
  table(@CurrentUser() actor: AuthUser, @Query() query: DateRangeQuery) {
    return this.referrers.table(actor, query);
  }

  @Post(':id')
  @HttpCode(200)
  // Referrers are shared by every branch: only head office renames them; branch users read them.
  @RequirePermissions(Permission.UpdateRegistration, { headOfficeOnly: true })
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'Rename a referrer (its utm_source stays); head office only' })
  async update(@Param('id') id: string, @Body() dto: UpdateReferrerDto) {
    return { data: await this.referrers.update(id, dto), message: 'Referrer updated successfully.' };
  }
}
