import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { NormalizeNewlines } from './create-sms.dto';

/** POST /sms/preview: the text being typed (may be empty). */
export class PreviewSmsDto {
  @ApiProperty({ example: 'नमस्ते! Dashain offer at Everest Moto.' })
  @NormalizeNewlines()
  @IsString({ message: 'The text field is required.' })
  @MaxLength(5000, { message: 'The text may not be greater than 5000 characters.' })
  text: string;
}
