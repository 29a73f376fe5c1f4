import { ApiPropertyOptional } from '@nestjs/swagger';
import { TableQuery, WholeNumberFilter } from '../../../common/paging/table-query';

/** The winner-video table's filter: one prize amount. */
export class VideoQuery extends TableQuery {
  @ApiPropertyOptional({ description: 'Prize amount in rupees' })
  @WholeNumberFilter('The amount must be a whole number.')
  amount?: number;
}
