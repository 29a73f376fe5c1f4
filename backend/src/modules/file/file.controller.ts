import { Body, Controller, HttpCode, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { UnprocessableError } from '../../common/http/errors';
import { ListFilesDto, UploadFilesDto } from './dto/upload-files.dto';
import { fileView } from './file-view';
import { FileService } from './file.service';
import { Upload } from './upload';

const FILE_FIELDS = new Set(['files[]', 'files']);

@ApiTags('files')
@Controller()
export class FileController {
  constructor(private readonly files: FileService) {}

  @StaffGet('file', 'Files for the picker, newest first (type=image: images only; type=file: every file)', )
  async list(@Query() query: ListFilesDto) {
    return { data: (await this.files.list(query.type)).map(fileView) };
  }

  @Post('upload')
  @HttpCode(200)
  @RequirePermissions()
  @UseInterceptors(AnyFilesInterceptor())
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload files[]: checked by their bytes, images re-encoded with a thumbnail' })
  async upload(@CurrentUser() user: AuthUser, @Body() dto: UploadFilesDto, @UploadedFiles() uploads: Upload[] = []) {
    const stray = uploads.find((u) => !FILE_FIELDS.has(u.fieldname));
    if (stray) throw new UnprocessableError({ [stray.fieldname]: [`The ${stray.fieldname} field is not allowed.`] });
    if (!uploads.length) throw new UnprocessableError({ files: ['Please choose a file to upload.'] });
    const stored = await this.files.storeUploads(dto.type ?? 'image', uploads, user.id);
    return { data: stored.map(fileView), message: stored.length === 1 ? 'File uploaded successfully.' : 'Files uploaded successfully.' };
  }
}
