import { Body, Controller, Get, Patch, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SETTING_IMAGES, SettingImage } from './setting.defaults';
import { sendJson, ServedFromMemory } from '../../common/http/cached-json';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { UpdateSettingDto } from './dto/update-setting.dto';
import { SettingService } from './setting.service';
import { Upload } from '../file/upload';

@ApiTags('settings')
@Controller()
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  @Public()
  @Get('settings')
  @ServedFromMemory((c: SettingController) => c.settings.publicBody)
  @ApiOperation({ summary: 'Public settings: logo, panels, notice, captcha site key, brand, links and the option lists (cached, ETag)' })
  async publicSettings(@Res() res: Response) {
    sendJson(res, await this.settings.publicBody.get());
  }

  @StaffGet('setting', 'Every setting, for the settings form (SMS templates, base prizes, roadies too)', Permission.UpdateSettings)
  async all() {
    return { data: await this.settings.adminSettings() };
  }

  @Patch('setting')
  @RequirePermissions(Permission.UpdateSettings)
  @UseInterceptors(FileFieldsInterceptor(SETTING_IMAGES.map((name) => ({ name, maxCount: 1 }))))
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({ summary: 'Change settings (only the fields sent); rich text is sanitised' })
  async update(
    @CurrentUser() user: AuthUser,
    @Body() dto: UpdateSettingDto,
    @UploadedFiles() uploads: Partial<Record<SettingImage, Upload[]>> = {},
  ) {
    return { data: await this.settings.update(dto, uploads, user), message: 'Settings updated successfully.' };
  }
}
