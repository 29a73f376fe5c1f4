import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'The current password field is required.' })
  current_password: string;

  @ApiProperty({ minLength: 8 })
  @IsString({ message: 'The password field is required.' })
  @MinLength(8, { message: 'The password must be at least 8 characters.' })
  @MaxLength(128)
  password: string;

  @ApiProperty()
  @IsString({ message: 'The password confirmation field is required.' })
  password_confirmation: string;
}
