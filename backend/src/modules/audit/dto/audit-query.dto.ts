import { ApiPropertyOptional } from '@nestjs/swagger';
import { DateRangeQuery, TextFilter } from '../../../common/paging/table-query';

/** The audit trail's filters: who (e-mail), which resource, and when (Nepal time). */
export class AuditQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'The e-mail of the user who acted' })
  @TextFilter('The user must be an e-mail address of at most 254 characters.', 254)
  user?: string;

  @ApiPropertyOptional({ description: 'The resource acted on (e.g. preregistration, allocation)' })
  @TextFilter('The resource must be a name of at most 60 characters.', 60)
  resource?: string;
}
