import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A code's two budgets of wrong tries and a record's codes a day (issue 32):
 * - `code_attempts` stays the link's budget (the code's verify page, staff's verify);
 *   `return_tries` is the way back by phone's (POST /enquiry/return/verify), so a stranger
 *   who knows a phone spends only this one and never locks the owner's SMS link. Both
 *   start again with each new code; neither ever goes past 5 (OTP in @campaign/domain).
 * - `codes_day`/`codes_today`: the codes made for the record in its Nepal day, sent or not,
 *   to whichever phone (a staff phone change too); at most 5 (OneTimeCodes.countIssued).
 */
export class CodeBudgets1795550100000 implements MigrationInterface {
  name = 'CodeBudgets1795550100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE preregistration
         ADD COLUMN return_tries int NOT NULL DEFAULT 0 CHECK (return_tries BETWEEN 0 AND 5),
         ADD COLUMN codes_day date,
         ADD COLUMN codes_today int NOT NULL DEFAULT 0 CHECK (codes_today >= 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE preregistration DROP COLUMN return_tries, DROP COLUMN codes_day, DROP COLUMN codes_today`);
  }
}
