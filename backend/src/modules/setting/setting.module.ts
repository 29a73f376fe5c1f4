import { Module } from '@nestjs/common';
import { FileModule } from '../file/file.module';
import { SettingController } from './setting.controller';
import { SettingService } from './setting.service';
import { SitePage } from './site-page';

/** Import this module and inject SettingService to read settings (base prizes, SMS templates, support phones); SitePage makes the public site's branded page. */
@Module({ imports: [FileModule], controllers: [SettingController], providers: [SettingService, SitePage], exports: [SettingService, SitePage] })
export class SettingModule {}
