import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet, StaffPost } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { AuditExport } from '../audit/audit.decorator';
import type { Upload } from '../file/upload';
import { CreatePreregistrationDto } from './dto/create-preregistration.dto';
import { UpdatePreregistrationDto } from './dto/update-preregistration.dto';
import { VerifyCodeDto } from './dto/verify-code.dto';
import { PreregistrationQuery } from './dto/preregistration-query.dto';
import { PreregistrationRecordsService } from './preregistration-records.service';
import { VerificationService } from './verification.service';

/** Staff screens of pre-registrations; branch staff only ever see their own branch's. */
@ApiTags('pre-registrations')
@Controller('preregistration')
export class PreregistrationController {
  constructor(
    private readonly preregistrations: PreregistrationRecordsService,
    private readonly verification: VerificationService,
  ) {}

  @StaffGet('', 'Table (paging protocol); filters phone, bike_model, branch, from, to, prize', Permission.ReadRegistration)
  table(@CurrentUser() actor: AuthUser, @Query() query: PreregistrationQuery) {
    return this.preregistrations.table(actor, query);
  }

  @Get('download')
  @RequirePermissions(Permission.ReadRegistration)
  @AuditExport()
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'Preregistrations.xlsx with the table’s filters and scope' })
  download(@CurrentUser() actor: AuthUser, @Query() query: PreregistrationQuery, @Res() res: Response) {
    return this.preregistrations.download(actor, query, res);
  }

  @StaffGet(':slug', 'One pre-registration; the code only with send-sms', Permission.ReadRegistration)
  async findOne(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    return { data: await this.preregistrations.findForStaff(actor, slug) };
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(Permission.CreatePreregistration, {
    branchUsersOnly: true,
    message: 'Only branch users can create pre-registrations: head office can view, edit and verify them.',
  })
  @UseInterceptors(FileInterceptor('screenshot'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Create (branch staff only, tied to their branch); send_sms sends the code' })
  async create(@CurrentUser() actor: AuthUser, @Body() dto: CreatePreregistrationDto, @UploadedFile() screenshot?: Upload) {
    const data = await this.preregistrations.createStaff(actor, dto, screenshot);
    return { data, message: data.send_sms ? 'Pre-registration saved and the code sent by SMS.' : 'Pre-registration saved.' };
  }

  @Post(':slug')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateRegistration)
  @UseInterceptors(FileInterceptor('screenshot'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Update the changed fields; the phone is fixed once verified' })
  async update(@CurrentUser() actor: AuthUser, @Param('slug') slug: string, @Body() dto: UpdatePreregistrationDto, @UploadedFile() screenshot?: Upload) {
    return { data: await this.preregistrations.update(actor, slug, dto, screenshot), message: 'Pre-registration updated successfully.' };
  }

  @Delete(':slug')
  @RequirePermissions(Permission.DeleteRegistration)
  @ApiOperation({ summary: 'Soft delete (409 once purchased)' })
  async remove(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    await this.preregistrations.remove(actor, slug);
    return { message: 'Pre-registration deleted successfully.' };
  }

  @StaffPost(':slug/verify', 'Staff verification with the code the customer received; runs the draw', Permission.ReadRegistration)
  async verify(@CurrentUser() actor: AuthUser, @Param('slug') slug: string, @Body() dto: VerifyCodeDto) {
    const { already } = await this.verification.verify(slug, dto.code, actor);
    return {
      data: await this.preregistrations.findForStaff(actor, slug),
      message: already ? 'This pre-registration is already verified.' : 'Pre-registration verified.',
    };
  }

  @StaffPost(':slug/resend', 'Send a new code (60 s between codes, 5 per phone per Nepal day)', Permission.ReadRegistration)
  async resend(@CurrentUser() actor: AuthUser, @Param('slug') slug: string) {
    const phone = await this.verification.resend(slug, actor);
    return { message: `A new code has been sent to ${phone}.` };
  }
}
