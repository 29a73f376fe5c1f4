import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { FileKind } from '../file.entity';

const KINDS: FileKind[] = ['image', 'file'];

export class UploadFilesDto {
  @ApiProperty({ enum: KINDS, required: false, default: 'image', description: "'image': JPEG, PNG or WebP; 'file': also PDF" })
  @IsOptional()
  @IsIn(KINDS, { message: 'The type must be image or file.' })
  type?: FileKind;
}

export class ListFilesDto {
  @ApiProperty({ enum: KINDS, required: false })
  @IsOptional()
  @IsIn(KINDS, { message: 'The type must be image or file.' })
  type?: FileKind;
}
