import { Module } from '@nestjs/common';
import { FileModule } from '../file/file.module';
import { SettingController } from './setting.controller';
import { SettingService } from './setting.service';

/** Import this module and inject SettingService to read settings (base prizes, SMS templates, support phones). */
@Module({ imports: [FileModule], controllers: [SettingController], providers: [SettingService], exports: [SettingService] })
export class SettingModule {}
