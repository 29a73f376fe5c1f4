import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendJson, ServedFromMemory } from '../../common/http/cached-json';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, RequirePermissions } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { VideoQuery } from './dto/video-query.dto';
import { CreateVideoDto } from './dto/create-video.dto';
import { UpdateVideoDto } from './dto/update-video.dto';
import { VideoService } from './video.service';
import { Upload } from '../file/upload';

@ApiTags('videos')
@Controller()
export class VideoController {
  constructor(private readonly videos: VideoService) {}

  @Public()
  @Get('videos')
  @ServedFromMemory((c: VideoController) => c.videos.publicAnswer)
  @ApiOperation({ summary: 'Winner videos: { data: [{ id, title, url, amount, thumbnail }] }, biggest prizes first (cached, ETag)' })
  async publicList(@Res() res: Response) {
    sendJson(res, await this.videos.publicAnswer.get());
  }

  @Get('video')
  @RequirePermissions(Permission.ReadVideo)
  @ApiQuery({ name: 'amount', required: false, description: 'Only videos of this prize amount' })
  @ApiOperation({ summary: 'Video table (paging protocol): title, registration_id, amount' })
  table(@Query() query: VideoQuery) {
    return this.videos.table(query);
  }

  @Get('video/:id')
  @RequirePermissions(Permission.ReadVideo)
  async findOne(@Param('id') id: string) {
    return { data: await this.videos.findOne(id) };
  }

  @Post('video')
  @HttpCode(200)
  @RequirePermissions(Permission.CreateVideo)
  @UseInterceptors(FileInterceptor('thumbnail'))
  @ApiConsumes('application/json', 'multipart/form-data')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateVideoDto, @UploadedFile() thumbnail?: Upload) {
    return { data: await this.videos.create(user, dto, thumbnail), message: 'Video created successfully.' };
  }

  @Post('video/:id')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateVideo)
  @UseInterceptors(FileInterceptor('thumbnail'))
  @ApiConsumes('application/json', 'multipart/form-data')
  async update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateVideoDto, @UploadedFile() thumbnail?: Upload) {
    return { data: await this.videos.update(user, id, dto, thumbnail), message: 'Video updated successfully.' };
  }

  @Delete('video/:id')
  @RequirePermissions(Permission.UpdateVideo)
  async remove(@Param('id') id: string) {
    await this.videos.remove(id);
    return { message: 'Video deleted successfully.' };
  }
}
