import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/decorators';
import { NoStore } from '../../common/http/no-store';
import { Throttle } from '@nestjs/throttler';
import { PUBLIC_LIMITS } from '../../common/rate-limit/public-limits';
import { Captcha } from '../captcha/captcha.decorator';
import { ReturnRequestDto, ReturnVerifyDto } from './dto/enquiry-return.dto';
import { EnquiryReturnService, RETURN_SENT } from './enquiry-return.service';
import { EnquiryService } from './enquiry.service';

/**
 * The visitor's way back to a pre-registration by phone + code (enquiry-return.service.ts).
 * Registered in the module before EnquiryController, so /enquiry/return/verify is this
 * route and never /enquiry/{slug}/verify with the slug "return".
 */
@ApiTags('enquiry (public)')
@Controller('enquiry/return')
export class EnquiryReturnController {
  constructor(
    private readonly returns: EnquiryReturnService,
    private readonly enquiries: EnquiryService,
  ) {}

  @Post()
  @Public()
  @NoStore()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.enquiry)
  @ApiOperation({ summary: 'Send a fresh code to a registered phone; the same answer whether or not it is registered' })
  async request(@Captcha() _captcha: true, @Body() dto: ReturnRequestDto) {
    await this.returns.requestCode(dto.phone);
    return { message: RETURN_SENT };
  }

  @Post('verify')
  @Public()
  @NoStore()
  @HttpCode(200)
  @Throttle(PUBLIC_LIMITS.verify)
  @ApiOperation({ summary: 'Phone + code: a right code opens the record (verifies and draws when not yet verified)' })
  async verify(@Body() dto: ReturnVerifyDto) {
    const { slug, already } = await this.returns.verify(dto.phone, dto.code);
    return this.enquiries.verifiedAnswer(slug, already);
  }
}
