import { DynamicModule, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MulterModule } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { ConfigService } from '../../config/config.module';
import { multipartLimits, multipartStream, readAsAnonymous, signedByStaff } from '../../common/http/request-budget';
import { FileController } from './file.controller';
import { FileEntity } from './file.entity';
import { FileService } from './file.service';
import { publicPictureStorage } from './public-picture-storage';

/**
 * The multipart limits of every route that reads a multipart form (memory storage: nothing
 * reaches the disk before its bytes are checked), global so that a route whose module does
 * not import this one (a test ride's NoFilesInterceptor) has them too. Chosen per request
 * (common/http/request-budget.ts, multipartLimits): staff get the request budget's caps on
 * fields, 10 files of 5 MB; anyone else a few short fields and one picture of 5 MB, refused
 * (413 with the cap's message) as the bytes arrive, and a refused form is not read further
 * (multipartStream); a public picture over its pixel limit is refused from its header, its
 * rest unread (publicPictureStorage). Staff are told apart as for a JSON body
 * (a token this server signed) and, as the form is read after the guard, also by the guard
 * having accepted the token: a revoked token reads a public form with the anonymous limits.
 */
const MULTIPART_OPTIONS: DynamicModule = {
  ...MulterModule.registerAsync({
    inject: [ConfigService, JwtService],
    useFactory: (config: ConfigService, jwt: JwtService) => {
      const signed = signedByStaff((token) => jwt.verify(token));
      const isStaff = (req: Request) => signed(req) && !!(req as Request & { user?: unknown }).user;
      // streamHandler is multer 2.5's; @nestjs/platform-express's MulterOptions type predates it.
      return { limits: multipartLimits(isStaff, config.get('files').maxBytes), defParamCharset: 'utf8', streamHandler: multipartStream, storage: publicPictureStorage(readAsAnonymous) } as MulterOptions;
    },
  }),
  global: true,
};

/** Files: the picker's uploads and every record's picture go through FileService. */
@Module({
  imports: [TypeOrmModule.forFeature([FileEntity]), MULTIPART_OPTIONS],
  controllers: [FileController],
  providers: [FileService],
  exports: [FileService, MulterModule, TypeOrmModule],
})
export class FileModule {}
