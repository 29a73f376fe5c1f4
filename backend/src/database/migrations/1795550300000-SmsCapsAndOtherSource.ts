import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #32, findings 12 and 13.
 * - `sms_outbox.events`: how many events one message carries. A branch's booking notice is sent
 *   at most once per 10 minutes; the bookings made meanwhile are merged into the one queued
 *   notice, which counts them (SmsService.queueNotice). Every other message carries one event.
 *   The notice lookup (the latest notice to a phone) reads its own small index.
 * - The referrer `other`: the one report row of every traffic source the report does not know
 *   (an unknown `utm_source` is kept on its record, and counts there, instead of adding a row).
 */
export class SmsCapsAndOtherSource1795550300000 implements MigrationInterface {
  name = 'SmsCapsAndOtherSource1795550300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sms_outbox ADD COLUMN events int NOT NULL DEFAULT 1 CHECK (events >= 1)`);
    await q.query(`CREATE INDEX sms_outbox_notice_idx ON sms_outbox (phone, id DESC) WHERE kind = 'test_ride_branch'`);
    await q.query(`INSERT INTO referrer (title, utm_source) VALUES ('Other', 'other') ON CONFLICT (utm_source) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sms_outbox_notice_idx`);
    await q.query(`ALTER TABLE sms_outbox DROP COLUMN events`);
  }
}
