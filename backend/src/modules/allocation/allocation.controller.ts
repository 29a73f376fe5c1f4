import { Body, Controller, Delete, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequirePermissions, StaffGet, StaffPost } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { AllocationDayQuery, AllocationQuery } from './dto/allocation-query.dto';
import { AllocationService } from './allocation.service';
import { CreateAllocationDto } from './dto/create-allocation.dto';

@ApiTags('allocations')
@Controller('allocation')
export class AllocationController {
  constructor(private readonly allocations: AllocationService) {}

  @StaffGet('', 'Prize scheme table (paging protocol); filters type, branch (an id, or public), date, from, to (Nepal days)', Permission.ManageAllocation)
  table(@CurrentUser() actor: AuthUser, @Query() query: AllocationQuery) {
    return this.allocations.table(actor, query);
  }

  @StaffGet('day', 'The scheme form\'s date: the first day that can still change, and why a chosen day cannot', Permission.ManageAllocation)
  async day(@Query() query: AllocationDayQuery) {
    return { data: await this.allocations.day(query.date) };
  }

  @StaffPost('', 'Create an allocation (a stock of prizes for one Nepal day)', Permission.ManageAllocation)
  async create(@CurrentUser() actor: AuthUser, @Body() dto: CreateAllocationDto) {
    return { data: await this.allocations.create(actor, dto), message: 'Allocation created successfully.' };
  }

  @Delete(':id')
  @RequirePermissions(Permission.ManageAllocation)
  @ApiOperation({ summary: 'Delete an allocation (409 once any of its prizes was awarded)' })
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    await this.allocations.remove(actor, id);
    return { message: 'Allocation deleted successfully.' };
  }
}
