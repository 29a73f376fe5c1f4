import { Module } from '@nestjs/common';
import { FileModule } from '../file/file.module';
import { SettingModule } from '../setting/setting.module';
import { SitePageController } from './site-page.controller';
import { SitePage } from './site-page';

/** The public site's branded page, its share picture and the brand's scaled pictures (SitePage), drawn from the settings. */
@Module({ imports: [SettingModule, FileModule], controllers: [SitePageController], providers: [SitePage], exports: [SitePage] })
export class SitePageModule {}
