import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferrerController } from './referrer.controller';
import { ReferrerEntity } from './referrer.entity';
import { ReferrerService } from './referrer.service';

/** Traffic sources and the referrer report. Exports ReferrerService.ensure for other domains. */
@Module({
  imports: [TypeOrmModule.forFeature([ReferrerEntity])],
  controllers: [ReferrerController],
  providers: [ReferrerService],
  exports: [ReferrerService],
})
export class ReferrerModule {}
