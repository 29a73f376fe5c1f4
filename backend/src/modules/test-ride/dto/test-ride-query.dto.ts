import { ApiPropertyOptional } from '@nestjs/swagger';
import { DateRangeQuery, WholeNumberFilter } from '../../../common/paging/table-query';

/** The test-ride table's and download's filters: from/to (Nepal time) and, for head office, the branch. */
export class TestRideQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'Branch id (head office only; a branch user sees their branch)' })
  @WholeNumberFilter('The selected branch is invalid.')
  branch?: number;
}
