import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet, StaffPost } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { TableQuery } from '../../common/paging/table-query';
import { Throttle } from '@nestjs/throttler';
import { AuditExport } from '../audit/audit.decorator';
import { CouponCodeDto } from './dto/coupon-code.dto';
import { RegistrationQuery } from './dto/registration-query.dto';
import { CreateRegistrationDto } from './dto/create-registration.dto';
import { SearchRegistrationDto } from './dto/search-registration.dto';
import { UpdateRegistrationDto } from './dto/update-registration.dto';
import { CouponService } from './coupon.service';
import { PurchaseService } from './purchase.service';
import { RegistrationRecordsService } from './registration-records.service';
import { FullListParam } from '../../common/http/user-requests';

@ApiTags('registrations')
@Controller('registration')
export class RegistrationController {
  constructor(
    private readonly registrations: RegistrationRecordsService,
    private readonly purchases: PurchaseService,
    private readonly coupons: CouponService,
  ) {}

  @StaffGet('', 'Registered table (paging protocol); with ?all every row of the filters: { data: { data: [{ id, name, phone, slug }] } }', Permission.ReadRegistration)
  @FullListParam('all')
  async table(@CurrentUser() user: AuthUser, @Query() query: RegistrationQuery) {
    if (query.all !== undefined) return { data: { data: await this.registrations.all(user, query) } };
    return this.registrations.table(user, query);
  }

  @StaffGet('deleted', 'Soft-deleted registrations (paging protocol)', Permission.DeleteRegistration)
  deleted(@CurrentUser() user: AuthUser, @Query() query: TableQuery) {
    return this.registrations.deletedTable(user, query);
  }

  @Get('download')
  @RequirePermissions(Permission.ReadRegistration)
  @AuditExport()
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'Registrations.xlsx: the table’s rows for the same filters, streamed' })
  download(@CurrentUser() user: AuthUser, @Query() query: RegistrationQuery, @Res() res: Response) {
    return this.registrations.download(user, query, res);
  }

  @StaffPost('search', 'Up to 20 registrations matching q (name, phone, bill no): the referring-registration picker', Permission.ReadRegistration)
  async search(@CurrentUser() user: AuthUser, @Body() dto: SearchRegistrationDto) {
    return { data: await this.registrations.search(user, dto.q) };
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(Permission.CreateRegistration, {
    branchUsersOnly: true,
    message: 'Only branch users can create a registration: sign in with a branch account.',
  })
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'Converts a verified pre-registration into a purchase and runs the purchase draw (branch staff only)' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateRegistrationDto) {
    return { data: await this.purchases.create(user, dto), message: 'Registration created successfully.' };
  }

  @StaffGet(':slug', 'One registration with its pre-registration, coupon and total prize', Permission.ReadRegistration)
  async findOne(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    return { data: await this.registrations.findOne(user, slug) };
  }

  @Post(':slug')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateRegistration)
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'Updates a registration (the phone stays read-only)' })
  async update(@CurrentUser() user: AuthUser, @Param('slug') slug: string, @Body() dto: UpdateRegistrationDto) {
    return { data: await this.registrations.update(user, slug, dto), message: 'Registration updated successfully.' };
  }

  @Delete(':slug')
  @RequirePermissions(Permission.DeleteRegistration)
  @ApiOperation({ summary: 'Soft-deletes a registration' })
  async remove(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    await this.registrations.remove(user, slug);
    return { message: 'Registration deleted successfully.' };
  }

  @StaffPost(':slug/restore', 'Restores a soft-deleted registration', Permission.DeleteRegistration)
  async restore(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    return { data: await this.registrations.restore(user, slug), message: 'Registration restored successfully.' };
  }

  @Post(':slug/verify')
  @HttpCode(200)
  @RequirePermissions(Permission.ReadRegistration)
  @Throttle({ short: { limit: 30, ttl: 60_000 } })
  @ApiOperation({ summary: 'Confirms the coupon code the customer received (key hand-over); 5 wrong tries need a new code' })
  async verify(@CurrentUser() user: AuthUser, @Param('slug') slug: string, @Body() dto: CouponCodeDto) {
    return { data: await this.coupons.verify(user, slug, dto.code), message: 'Coupon code verified.' };
  }

  @Post(':slug/reset')
  @HttpCode(200)
  @RequirePermissions(Permission.ReadRegistration)
  @Throttle({ short: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: 'Sends a new coupon code by SMS (60 s between sends, 5 a day)' })
  async reset(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    return { data: await this.coupons.reset(user, slug), message: 'A new code has been sent to the customer.' };
  }

  @Post(':slug/notify')
  @HttpCode(200)
  @RequirePermissions(Permission.ReadRegistration)
  @Throttle({ short: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: 'Sends the coupon SMS again (60 s between sends, 5 a day)' })
  async notify(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    return { data: await this.coupons.notify(user, slug), message: 'The coupon SMS has been sent again.' };
  }
}
