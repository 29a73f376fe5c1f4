import { Lang } from '@campaign/domain';
import { VisitorLang } from '../../common/i18n/public-messages';
import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { TestRideQuery } from './dto/test-ride-query.dto';
import { Throttle } from '@nestjs/throttler';
import { PUBLIC_LIMITS } from '../../common/rate-limit/public-limits';
import { AuditExport } from '../audit/audit.decorator';
import { Captcha } from '../captcha/captcha.decorator';
import { CreateTestRideDto } from './dto/create-test-ride.dto';
import { TestRideService } from './test-ride.service';

const FROM = { name: 'from', required: false, description: "Nepal time: 'YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD', or ISO with offset" };
const TO = { name: 'to', required: false, description: 'Exclusive instant; a bare day includes that whole day' };

/** Test rides and bike bookings: the public dialog stores them, any staff user reviews them (branch staff: their branch's). */
@ApiTags('test rides')
@Controller('test-ride')
export class TestRideController {
  constructor(private readonly rides: TestRideService) {}

  @Post()
  @Public()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.testRide)
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: "Book a test ride or a bike (public dialog 'Book a Rides')" })
  async create(@Captcha() _captcha: true, @Body() dto: CreateTestRideDto, @Ip() ip: string, @VisitorLang() lang: Lang) {
    return { data: await this.rides.create(dto, ip, lang), message: 'Thank You for Test Ride Booking.' };
  }

  @StaffGet('', 'Test rides table (paging protocol), within from/to', )
  @ApiQuery(FROM)
  @ApiQuery(TO)
  table(@CurrentUser() actor: AuthUser, @Query() query: TestRideQuery) {
    return this.rides.table(actor, query);
  }

  @Get('download')
  @RequirePermissions()
  @AuditExport()
  @ApiOperation({ summary: 'TestRides.xlsx: the table for the same filters and search' })
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiQuery(FROM)
  @ApiQuery(TO)
  download(@CurrentUser() actor: AuthUser, @Query() query: TestRideQuery, @Res() res: Response) {
    return this.rides.download(actor, query, res);
  }

  @Get(':slug')
  @RequirePermissions()
  async findOne(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    return { data: await this.rides.findOne(actor, slug) };
  }

  @Delete(':slug')
  @RequirePermissions()
  async remove(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    await this.rides.remove(actor, slug);
    return { message: 'Test ride deleted successfully.' };
  }
}
