import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthUser } from '../../common/auth/auth-user';
import { BearerToken, CurrentUser, Public, RequirePermissions } from '../../common/auth/decorators';
import { Throttle } from '@nestjs/throttler';
import { NoStore } from '../../common/http/no-store';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @Throttle({ short: { limit: 30, ttl: 60_000 } })
  // The answer carries a token and the user's name: no browser or proxy keeps it.
  @NoStore()
  @ApiOperation({
    summary: 'Sign in with email and password; answers access_token and user, and sets the browser’s device cookie',
    description:
      'After many failed sign-ins to the account, a browser without its device cookie is answered 401 { message, step_up: "sms" | "captcha" }: ' +
      'send the password again with `code` (the code sent by SMS) or `g-recaptcha-response`.',
  })
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { answer, device } = await this.auth.login(dto, req.ip ?? 'unknown', req.headers.cookie);
    res.cookie(device.name, device.value, device.options);
    return answer;
  }

  @RequirePermissions()
  @Post('me')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the token and answers the signed-in user' })
  async me(@CurrentUser() user: AuthUser) {
    return { user: await this.auth.sessionUser(user.id) };
  }

  @RequirePermissions()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs out: this token is refused from now on, on every instance' })
  // The token comes through its own decorator, not @Req(): the route reads no body, so a body with fields is refused like on every body-less route.
  async logout(@BearerToken() token: string) {
    await this.auth.logout(token);
    return { message: 'Signed out.' };
  }

  @RequirePermissions()
  @Post('password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes one’s own password; older tokens stop working' })
  async changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    await this.auth.changePassword(user, dto);
    return { message: 'Password changed. Please sign in again.' };
  }
}
