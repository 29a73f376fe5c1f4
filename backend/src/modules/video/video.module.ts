import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FileModule } from '../file/file.module';
import { VideoController } from './video.controller';
import { VideoEntity } from './video.entity';
import { VideoService } from './video.service';

@Module({ imports: [TypeOrmModule.forFeature([VideoEntity]), FileModule], controllers: [VideoController], providers: [VideoService] })
export class VideoModule {}
