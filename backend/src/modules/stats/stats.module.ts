import { Module } from '@nestjs/common';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** GET /stats: the dashboard's stat cards, each asked of its table's repository or the module that owns it. */
@Module({ controllers: [StatsController], providers: [StatsService] })
export class StatsModule {}
