import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendJson, ServedFromMemory } from '../../common/http/cached-json';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { TableQuery } from '../../common/paging/table-query';
import { BikeModelService } from './bike-model.service';
import { CreateBikeModelDto } from './dto/create-bike-model.dto';
import { UpdateBikeModelDto } from './dto/update-bike-model.dto';
import { Upload } from '../file/upload';

@ApiTags('bike models')
@Controller()
export class BikeModelController {
  constructor(private readonly models: BikeModelService) {}

  @Public()
  @Get('bike-models')
  @ServedFromMemory((c: BikeModelController) => c.models.publicAnswer)
  @ApiOperation({ summary: 'Models for the public forms: { data: [{ id, title, thumbnail }] } (cached, ETag)' })
  async publicList(@Res() res: Response) {
    sendJson(res, await this.models.publicAnswer.get());
  }

  @StaffGet('bike-model', 'Bike model table (paging protocol); with ?all: { data: { data: [{ id, title }] } }', Permission.ReadBikeModel)
  async table(@Query() query: TableQuery) {
    if (query.all !== undefined) return { data: { data: await this.models.all() } };
    return this.models.table(query);
  }

  @Get('bike-model/:slug')
  @RequirePermissions(Permission.ReadBikeModel)
  async findOne(@Param('slug') slug: string) {
    return { data: await this.models.findOne(slug) };
  }

  @Post('bike-model')
  @HttpCode(200)
  @RequirePermissions(Permission.CreateBikeModel)
  @UseInterceptors(FileInterceptor('thumbnail'))
  @ApiConsumes('application/json', 'multipart/form-data')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateBikeModelDto, @UploadedFile() thumbnail?: Upload) {
    return { data: await this.models.create(user, dto, thumbnail), message: 'Bike model created successfully.' };
  }

  @Post('bike-model/:slug')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateBikeModel)
  @UseInterceptors(FileInterceptor('thumbnail'))
  @ApiConsumes('application/json', 'multipart/form-data')
  async update(@CurrentUser() user: AuthUser, @Param('slug') slug: string, @Body() dto: UpdateBikeModelDto, @UploadedFile() thumbnail?: Upload) {
    return { data: await this.models.update(user, slug, dto, thumbnail), message: 'Bike model updated successfully.' };
  }

  @Delete('bike-model/:slug')
  @RequirePermissions(Permission.UpdateBikeModel)
  async remove(@Param('slug') slug: string) {
    await this.models.remove(slug);
    return { message: 'Bike model deleted successfully.' };
  }
}
