import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Public, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { ExportColumn, streamWorkbook } from '../../common/export/workbook';
import { AuditExport } from '../audit/audit.decorator';
import { sendJson, ServedFromMemory } from '../../common/http/cached-json';
import { TableQuery } from '../../common/paging/table-query';
import { BranchService, BranchView } from './branch.service';
import { CreateBranchDto } from './dto/create-branch.dto';
import { UpdateBranchDto } from './dto/update-branch.dto';

const EXPORT_COLUMNS: ExportColumn<BranchView>[] = [
  { header: 'Title', width: 28, value: (b) => b.title },
  { header: 'State', value: (b) => b.state },
  { header: 'District', value: (b) => b.district },
  { header: 'City', width: 30, value: (b) => b.city },
  { header: 'Location', width: 24, value: (b) => b.location },
  { header: 'Email', width: 30, value: (b) => b.email },
  { header: 'Phone', value: (b) => b.phone },
  { header: 'Mobile', value: (b) => b.mobile },
  { header: 'Total Sales', value: (b) => b.registrations_count },
];

@ApiTags('branches')
@Controller()
export class BranchController {
  constructor(private readonly branches: BranchService) {}

  @Public()
  @Get('branches')
  @ServedFromMemory((c: BranchController) => c.branches.publicAnswer)
  @ApiOperation({ summary: 'Showrooms for the public site: { data: { data: [{ id, title, state, district, city, location, order }] } } (cached, ETag)' })
  async publicList(@Res() res: Response) {
    sendJson(res, await this.branches.publicAnswer.get());
  }

  @StaffGet('branch', 'Branch table (paging protocol), with registrations_count and the allocation counts', Permission.ReadBranch)
  table(@CurrentUser() user: AuthUser, @Query() query: TableQuery) {
    return this.branches.table(user, query);
  }

  @Get('branch/export')
  @RequirePermissions(Permission.ReadBranch)
  @AuditExport()
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'Branches.xlsx: the table (same search and scoping), every row' })
  async export(@CurrentUser() user: AuthUser, @Query() query: TableQuery, @Res() res: Response) {
    const { data } = await this.branches.table(user, { ...query, start: 0, length: -1 });
    await streamWorkbook(res, { filename: 'Branches.xlsx', sheetName: 'Branches', columns: EXPORT_COLUMNS, rows: data });
  }

  @StaffGet('branch-stats', 'Per branch: preregistrations, sales, test_rides, prizes_awarded', Permission.ReadBranch)
  async stats(@CurrentUser() user: AuthUser) {
    return { data: await this.branches.stats(user) };
  }

  @Get('branch/:slug')
  @RequirePermissions(Permission.ReadBranch)
  async findOne(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    return { data: await this.branches.findOne(user, slug) };
  }

  @Post('branch')
  @HttpCode(200)
  @RequirePermissions(Permission.CreateBranch, { headOfficeOnly: true })
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('application/json', 'multipart/form-data')
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateBranchDto) {
    return { data: await this.branches.create(user, dto), message: 'Branch created successfully.' };
  }

  @Post('branch/:slug')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateBranch)
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('application/json', 'multipart/form-data')
  async update(@CurrentUser() user: AuthUser, @Param('slug') slug: string, @Body() dto: UpdateBranchDto) {
    return { data: await this.branches.update(user, slug, dto), message: 'Branch updated successfully.' };
  }

  @Delete('branch/:slug')
  @RequirePermissions(Permission.UpdateBranch)
  async remove(@CurrentUser() user: AuthUser, @Param('slug') slug: string) {
    await this.branches.remove(user, slug);
    return { message: 'Branch deleted successfully.' };
  }
}
