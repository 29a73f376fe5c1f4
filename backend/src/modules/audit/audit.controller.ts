import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { StaffGet } from '../../common/auth/decorators';
import { Permission } from '../../common/auth/permission.enum';
import { ALL_ROWS_MAX, paginate, GrowingTableSpec } from '../../common/paging/paging';
import { AuditQuery } from './dto/audit-query.dto';
import { auditSummary } from './audit-words';
import { parseDateRange, rangeCondition } from '../../common/paging/date-range';
import { ConfigService } from '../../config/config.module';
import { AuditLogRepository } from '../../repositories/audit-log.repository';

const AUDIT_TABLE: GrowingTableSpec = {
  orderable: { created_at: 'a.created_at', user_email: 'a.user_email', action: 'a.action', resource: 'a.resource' },
  searchable: ['a.user_email', 'a.action', 'a.record_key'],
  defaultOrder: ['created_at', 'DESC'],
  tieBreaker: 'a.id',
  // Every staff write adds a row: it grows with the campaign.
  allRowsUpTo: ALL_ROWS_MAX,
};

/** The audit trail, read-only, for head office (no route edits or deletes it). */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(
    private readonly trail: AuditLogRepository,
    private readonly config: ConfigService,
  ) {}

  @StaffGet('', 'Audit trail table; filters user (email), resource, from, to (Nepal time)', Permission.ReadUser, { headOfficeOnly: true })
  table(@Query() query: AuditQuery) {
    const tz = this.config.get('app').campaignTz;
    const qb = this.trail.table();
    if (query.user) qb.andWhere('a.user_email = :user', { user: query.user.toLowerCase() });
    if (query.resource) qb.andWhere('a.resource = :resource', { resource: query.resource });
    const range = rangeCondition('a.created_at', parseDateRange(query, tz));
    qb.andWhere(range.sql, range.params);
    return paginate(qb, query, AUDIT_TABLE, (rows) => rows.map((r) => ({ ...r, summary: auditSummary(r.action) })));
  }
}
