import { ApiPropertyOptional } from '@nestjs/swagger';
import { parseNepalMobile } from '@campaign/domain';
import { DateRangeQuery, QueryFilter, WholeNumberFilter } from '../../../common/paging/table-query';

/** Digits of a phone being looked up: a whole Nepal mobile number, or 3 to 10 of its digits. */
export function phoneLookup(value: string): { full: string } | { digits: string } | undefined {
  const full = parseNepalMobile(value);
  if (full) return { full };
  const digits = value.replace(/\D/g, '');
  return /^[\d\s+-]+$/.test(value) && digits.length >= 3 && digits.length <= 10 ? { digits } : undefined;
}

/** The pre-registration table's and download's filters (docs/decisions.md, "Typed table queries"); invalid values answer 422 under the field. */
export class PreregistrationQuery extends DateRangeQuery {
  @ApiPropertyOptional({ description: 'A whole mobile number, or at least 3 of its digits' })
  @QueryFilter(
    'The phone must be digits (at least 3).',
    (v) => (typeof v === 'string' ? v.trim() : v),
    (v) => typeof v === 'string' && phoneLookup(v) !== undefined,
  )
  phone?: string;

  @ApiPropertyOptional({ description: 'Bike model id' })
  @WholeNumberFilter('The selected bike model is invalid.')
  bike_model?: number;

  @ApiPropertyOptional({ description: "Owner branch id, or 'public' for enquiries no branch took over" })
  @WholeNumberFilter('The selected branch is invalid.', ['public', 'none'])
  branch?: number | 'public' | 'none';

  @ApiPropertyOptional({ description: "Prize in rupees, or 'none'" })
  @WholeNumberFilter('The selected prize is invalid.', ['none'])
  prize?: number | 'none';
}
