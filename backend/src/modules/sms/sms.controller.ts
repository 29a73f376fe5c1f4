import { Body, Controller, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { smsSegments } from '@campaign/domain';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { TableQuery } from '../../common/paging/table-query';
import { CreateSmsDto } from './dto/create-sms.dto';
import { PreviewSmsDto } from './dto/preview-sms.dto';
import { SmsBatchService } from './sms-batch.service';

/** The success toast of a bulk send. */
export const queuedMessage = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'} queued.`;

@ApiTags('sms')
@Controller('sms')
export class SmsController {
  constructor(private readonly batches: SmsBatchService) {}

  @Post()
  @HttpCode(200)
  @RequirePermissions(Permission.SendSms)
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({
    summary: 'Bulk SMS: queues one message per recipient (deduplicated by phone) and answers at once; the worker delivers them',
  })
  async send(@CurrentUser() user: AuthUser, @Body() dto: CreateSmsDto) {
    const data = await this.batches.send(user, dto);
    return { data, message: queuedMessage(data.recipients_count) };
  }

  @Post('recipients')
  @HttpCode(200)
  @RequirePermissions(Permission.SendSms)
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'What POST /sms would reach, for the confirm step: recipients_count (different phones) and segments; nothing is queued' })
  async recipients(@CurrentUser() user: AuthUser, @Body() dto: CreateSmsDto) {
    return { data: await this.batches.count(user, dto) };
  }

  @Post('preview')
  @HttpCode(200)
  @RequirePermissions(Permission.SendSms)
  @UseInterceptors(NoFilesInterceptor())
  @ApiOperation({ summary: 'How many SMS a text takes: GSM-7 160 (153 per part), Unicode/Nepali 70 (67 per part)' })
  preview(@Body() dto: PreviewSmsDto) {
    return { data: smsSegments(dto.text) };
  }

  @StaffGet('', 'Bulk SMS batches (paging protocol) with their queued, sent and failed counts', Permission.SendSms)
  table(@CurrentUser() user: AuthUser, @Query() query: TableQuery) {
    return this.batches.table(user, query);
  }

  @StaffGet(':id', 'One bulk SMS batch with its counts', Permission.SendSms)
  async findOne(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { data: await this.batches.findOne(user, id) };
  }
}
