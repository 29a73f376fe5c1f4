import { ApiProperty } from '@nestjs/swagger';
import { RequiredText } from '../../../common/http/required-text';
import { Trim } from '../../../common/http/transforms';
import { ImageIdField } from '../../file/image-field';

export class CreateBikeModelDto {
  @ApiProperty({ example: 'Everest 150 Sport' })
  @Trim() @RequiredText('title', 100)
  title: string;

  /** Or send the image itself as the multipart file `thumbnail`. */
  @ImageIdField('thumbnail') thumbnail_id?: number | null;

  /** The served `{ id, ... }` object or an id; null removes the image. */
  @ImageIdField('thumbnail') thumbnail?: number | null;
}
