import { SetMetadata } from '@nestjs/common';

export const AUDIT_EXPORT_KEY = 'audit:export';

/** Marks a GET route that exports personal data: every call is written to the audit trail. */
export const AuditExport = () => SetMetadata(AUDIT_EXPORT_KEY, true);
