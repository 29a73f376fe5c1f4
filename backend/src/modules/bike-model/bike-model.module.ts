import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FileModule } from '../file/file.module';
import { BikeModelController } from './bike-model.controller';
import { BikeModelEntity } from './bike-model.entity';
import { BikeModelService } from './bike-model.service';

@Module({
  imports: [TypeOrmModule.forFeature([BikeModelEntity]), FileModule],
  controllers: [BikeModelController],
  providers: [BikeModelService],
  exports: [TypeOrmModule, BikeModelService],
})
export class BikeModelModule {}
