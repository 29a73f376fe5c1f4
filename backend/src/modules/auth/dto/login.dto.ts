import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { CodeDigits } from '../../../common/http/transforms';
import { WithCaptcha } from '../../captcha/captcha.decorator';

/** The captcha field is the sign-in's second step for an account with no phone on file, when a captcha is configured. */
export class LoginDto extends WithCaptcha {
  @ApiProperty({ example: 'admin@example.com' })
  @IsString({ message: 'The email field is required.' })
  @MaxLength(255)
  email: string;

  @ApiProperty({ example: 'Admin@2082' })
  @IsString({ message: 'The password field is required.' })
  @MaxLength(255)
  password: string;

  @ApiProperty({ required: false })
  @IsOptional()
  @Transform(({ value }) => value === true || value === 'true' || value === 1 || value === '1' || value === 'on')
  @IsBoolean()
  remember_me?: boolean;

  @ApiProperty({ required: false, description: 'The sign-in code sent by SMS, when the previous answer asked for it (step_up: sms)' })
  @IsOptional()
  @CodeDigits()
  @IsString({ message: 'The code must be text.' })
  @MaxLength(20)
  code?: string;
}
