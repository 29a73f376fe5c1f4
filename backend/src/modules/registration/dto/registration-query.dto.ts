import { ApiPropertyOptional } from '@nestjs/swagger';
import { PAYMENT_MODES, PaymentMode } from '@campaign/domain';
import { DateRangeQuery, FlagFilter, WholeNumberFilter, OneOfFilter } from '../../../common/paging/table-query';

/**
 * The filters of the registration table, its print view and its download (docs/decisions.md, "Typed table queries").
 * An empty value or 'all' means no filter; anything else invalid answers 422 under the field.
 */
export class RegistrationQuery extends DateRangeQuery {
  @ApiPropertyOptional({ enum: PAYMENT_MODES })
  @OneOfFilter(PAYMENT_MODES, 'The selected payment mode is invalid.')
  payment_mode?: PaymentMode;

  @ApiPropertyOptional({ description: 'Bike model id' })
  @WholeNumberFilter('The selected bike model is invalid.')
  bike_model?: number;

  @ApiPropertyOptional({ description: 'Branch id (head office only; ignored for branch staff)' })
  @WholeNumberFilter('The selected branch is invalid.')
  branch?: number;

  @ApiPropertyOptional({ description: 'Total prize: pre-registration prize + purchase coupon' })
  @WholeNumberFilter('The prize must be a whole number of rupees.')
  prize?: number;

  @ApiPropertyOptional({ description: 'Pre-registration prize (Register Prize)' })
  @WholeNumberFilter('The pre prize must be a whole number of rupees.')
  pre_prize?: number;

  @ApiPropertyOptional({ description: 'Purchase coupon amount (Buy Prize)' })
  @WholeNumberFilter('The post prize must be a whole number of rupees.')
  post_prize?: number;

  @ApiPropertyOptional({ description: "'1' key-handover post shared, '0' not shared" })
  @FlagFilter('The shared filter must be 1 or 0.', 'shared', 'not shared')
  shared?: boolean;
}
