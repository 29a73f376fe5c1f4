import { Global, Module } from '@nestjs/common';
import { AllocationRepository } from './allocation.repository';
import { AuditLogRepository } from './audit-log.repository';
import { BikeModelRepository } from './bike-model.repository';
import { BranchRepository } from './branch.repository';
import { Db } from './db';
import { DrawDayRepository } from './draw-day.repository';
import { EnquiryClaimRepository } from './enquiry-claim.repository';
import { FileRepository } from './file.repository';
import { DrawRepository } from './draw.repository';
import { PreregistrationRepository } from './preregistration.repository';
import { ReferrerRepository } from './referrer.repository';
import { RegistrationRepository } from './registration.repository';
import { RevokedTokenRepository } from './revoked-token.repository';
import { RoleRepository } from './role.repository';
import { SettingRepository } from './setting.repository';
import { SigninCodeRepository } from './signin-code.repository';
import { SmsBatchRepository } from './sms-batch.repository';
import { SmsOutboxRepository } from './sms-outbox.repository';
import { TestRideRepository } from './test-ride.repository';
import { UserRepository } from './user.repository';
import { VideoRepository } from './video.repository';

/**
 * The floor below every module (docs/architecture.md, "The floors"): one repository per
 * table, each holding all of that table's SQL. Global, so any service may use any
 * repository without importing the owning module (no module loop); a repository imports no
 * module's service, and no other repository but DrawRepository's two (the prizes the records hold).
 */
export const REPOSITORIES = [Db, AllocationRepository, AuditLogRepository, BikeModelRepository, BranchRepository, DrawRepository, DrawDayRepository, EnquiryClaimRepository, FileRepository, PreregistrationRepository, ReferrerRepository, RegistrationRepository, RevokedTokenRepository, RoleRepository, SettingRepository, SigninCodeRepository, SmsBatchRepository, SmsOutboxRepository, TestRideRepository, UserRepository, VideoRepository];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
