import { Global, Module } from '@nestjs/common';
import { SettingModule } from '../../modules/setting/setting.module';
import { SeedService } from './seed.service';

@Global()
// The seed writes the settings: their cached values are let go after it (SettingService.invalidate).
@Module({ imports: [SettingModule], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
