import { Body, Controller, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { DateRangeQuery } from '../../common/paging/table-query';
import { CreateReferrerDto } from './dto/create-referrer.dto';
import { UpdateReferrerDto } from './dto/update-referrer.dto';
import { ReferrerService } from './referrer.service';

@ApiTags('referrers')
@Controller('referrer')
export class ReferrerController {
  constructor(private readonly referrers: ReferrerService) {}

  @StaffGet(
    '',
    'Referrer report (paging protocol): title, referrals_count, preregistrations_count (verified, one per phone), test_rides_count within from/to; the "other" row (utm_source other) counts every unknown source and lists them (values, values_count)',
    Permission.ReadRegistration,
  )
  @ApiQuery({ name: 'from', required: false, description: "Nepal time: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', or ISO with offset" })
  @ApiQuery({ name: 'to', required: false, description: 'Exclusive; a bare day includes that whole day' })
  table(@CurrentUser() actor: AuthUser, @Query() query: DateRangeQuery) {
    return this.referrers.table(actor, query);
  }

  @Post()
  @HttpCode(200)
  // The report's known sources are shared by every branch: head office adds them. Any other
  // utm_source a visitor brings counts under the report's "other" row (referrer.service.ts).
  @RequirePermissions(Permission.UpdateRegistration, { headOfficeOnly: true })
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'Add a traffic source (utm_source and title) to the referrer report; head office only' })
  async create(@Body() dto: CreateReferrerDto) {
    return { data: await this.referrers.create(dto), message: 'Referrer created successfully.' };
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
