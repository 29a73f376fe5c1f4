import { Lang } from '@campaign/domain';
import { VisitorLang } from '../../common/i18n/public-messages';
import { Body, Controller, Get, HttpCode, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/decorators';
import { NoStore } from '../../common/http/no-store';
import { Throttle } from '@nestjs/throttler';
import { PUBLIC_LIMITS } from '../../common/rate-limit/public-limits';
import { Captcha } from '../captcha/captcha.decorator';
import type { Upload } from '../file/upload';
import { CreateEnquiryDto } from './dto/create-enquiry.dto';
import { VerifyCodeDto } from './dto/verify-code.dto';
import { EnquiryService } from './enquiry.service';
import { VerificationService } from './verification.service';

/**
 * The public side of pre-registration (/enquiry). Answers carry only the slug, the name,
 * the masked phone, the verified flag and the prize; never another person's data, nor
 * whether a phone or a citizenship number is registered (EnquiryService.createPublic).
 */
@ApiTags('enquiry (public)')
@Controller('enquiry')
export class EnquiryController {
  constructor(
    private readonly enquiries: EnquiryService,
    private readonly verification: VerificationService,
  ) {}

  @Post()
  @Public()
  @NoStore()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.enquiry)
  @UseInterceptors(FileInterceptor('screenshot'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Public pre-registration (captcha when configured); sends the code by SMS' })
  async create(@Captcha() _captcha: true, @Body() dto: CreateEnquiryDto, @VisitorLang() lang: Lang, @UploadedFile() screenshot?: Upload) {
    const data = await this.enquiries.createPublic(dto, screenshot, lang);
    return { data, message: `Thank you for registering. We have sent a 6-digit code to ${data.phone}.` };
  }

  @Get(':slug')
  @Public()
  @NoStore()
  @ApiOperation({ summary: 'Public read: slug, name, masked phone, is_verified, prize' })
  async findOne(@Param('slug') slug: string) {
    return { data: await this.enquiries.findPublic(slug) };
  }

  @Post(':slug/verify')
  @Public()
  @NoStore()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.verify)
  @ApiOperation({ summary: 'Check the code; on success verifies and draws the prize in one transaction (the answer is the record the code opened)' })
  async verify(@Param('slug') slug: string, @Body() dto: VerifyCodeDto) {
    // A pending claim's right code opens the phone's existing record (issue #32): the answer is that record.
    const opened = await this.verification.verify(slug, dto.code);
    return this.enquiries.verifiedAnswer(opened.slug, opened.already);
  }

  @Post(':slug/resend')
  @Public()
  @NoStore()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.resend)
  @ApiOperation({ summary: 'Send a new code (60 s between codes, 5 per phone per Nepal day)' })
  async resend(@Param('slug') slug: string) {
    const phone = await this.verification.resend(slug);
    return { message: `A new code has been sent to ${phone}.` };
  }
}
