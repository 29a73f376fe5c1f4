import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigService } from '../../config/config.module';
import { MULTIPART_LIMITS } from '../../common/http/request-budget';
import { FileController } from './file.controller';
import { FileEntity } from './file.entity';
import { FileService } from './file.service';

/**
 * Files and the multipart limits every upload route shares (memory storage: nothing
 * reaches the disk before its bytes are checked). Importing this module gives a
 * controller's FileInterceptor the same limits: 5 MB a file (413 beyond), 10 files, and
 * the request budget's caps on fields (413 with the cap's message).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([FileEntity]),
    MulterModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        limits: { ...MULTIPART_LIMITS, fileSize: config.get('files').maxBytes, files: 10 },
        defParamCharset: 'utf8',
      }),
    }),
  ],
  controllers: [FileController],
  providers: [FileService],
  exports: [FileService, MulterModule, TypeOrmModule],
})
export class FileModule {}
