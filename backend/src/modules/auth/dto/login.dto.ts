import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';

export class LoginDto {
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
}
