import { ApiPropertyOptional } from '@nestjs/swagger';
import { ALLOCATION_TYPES, AllocationType } from '@campaign/domain';
import { DateRangeQuery, OneOfFilter, QueryFilter, WholeNumberFilter } from '../../../common/paging/table-query';
import { isCalendarDate } from '../../../common/time';

/** The prize scheme table's filters; `from`/`to` pick the days (Nepal) the allocations are for. */
export class AllocationQuery extends DateRangeQuery {
  @ApiPropertyOptional({ enum: ALLOCATION_TYPES })
  @OneOfFilter(ALLOCATION_TYPES, 'The selected type is invalid.')
  type?: AllocationType;

  @ApiPropertyOptional({ description: "Branch id, or 'public' for the public stock (no branch)" })
  @WholeNumberFilter('The selected branch is invalid.', ['public'])
  branch?: number | 'public';

  @ApiPropertyOptional({ description: 'The day, YYYY-MM-DD' })
  @QueryFilter('The date must be a date (YYYY-MM-DD).', (v) => (typeof v === 'string' ? v.trim() : v), (v) => typeof v === 'string' && isCalendarDate(v))
  date?: string;

  @ApiPropertyOptional({ description: 'Amount in rupees' })
  @WholeNumberFilter('The amount must be a whole number of rupees.')
  amount?: number;
}

/** GET /allocation/day: the day the scheme form asks about (none: just the first open day). */
export class AllocationDayQuery {
  @ApiPropertyOptional({ description: 'The day, YYYY-MM-DD' })
  @QueryFilter('The date must be a date (YYYY-MM-DD).', (v) => (typeof v === 'string' ? v.trim() : v), (v) => typeof v === 'string' && isCalendarDate(v))
  date?: string;
}
