import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferrerCounters } from './referrer-counters';
import { ReferrerController } from './referrer.controller';
import { ReferrerEntity } from './referrer.entity';
import { ReferrerService } from './referrer.service';
import { ShareLinks } from './share-links';

/** Traffic sources and the referrer report. Exports ReferrerService.ensure for other domains. */
@Module({
  imports: [TypeOrmModule.forFeature([ReferrerEntity])],
  controllers: [ReferrerController],
  providers: [ReferrerService, ReferrerCounters, ShareLinks],
  exports: [ReferrerService, ReferrerCounters, ShareLinks],
})
export class ReferrerModule {}
