import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { TableQuery } from '../../common/paging/table-query';
import { CreateUserDto } from './dto/create-user.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserService } from './user.service';

@ApiTags('users')
@Controller('user')
export class UserController {
  constructor(private readonly users: UserService) {}

  @StaffGet('', 'Staff users table (paging protocol)', Permission.ReadUser)
  table(@CurrentUser() actor: AuthUser, @Query() query: TableQuery) {
    return this.users.table(actor, query);
  }

  @Get(':id')
  @RequirePermissions(Permission.ReadUser)
  async findOne(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return { data: await this.users.findOne(actor, id) };
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(Permission.CreateUser)
  async create(@CurrentUser() actor: AuthUser, @Body() dto: CreateUserDto) {
    return { data: await this.users.create(actor, dto), message: 'User created successfully.' };
  }

  @Post(':id')
  @HttpCode(200)
  @RequirePermissions(Permission.UpdateUser)
  async update(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdateUserDto) {
    return { data: await this.users.update(actor, id, dto), message: 'User updated successfully.' };
  }

  @Delete(':id')
  @RequirePermissions(Permission.UpdateUser)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    await this.users.remove(actor, id);
    return { message: 'User deleted successfully.' };
  }
}
