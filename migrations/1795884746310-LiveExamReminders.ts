import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LiveExamReminders1795884746310 implements MigrationInterface {
  name = 'LiveExamReminders1795884746310';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "live_exam_reminder" ("userId" uuid NOT NULL, "testId" uuid NOT NULL, "channel" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "live_exam_reminder_channel" CHECK ("channel" IN ('SMS', 'EMAIL')), CONSTRAINT "PK_ca8dd16f665b7bacbcbe4717743" PRIMARY KEY ("userId", "testId"))`,
    );
    await queryRunner.query(`CREATE INDEX "live_exam_reminder_test" ON "live_exam_reminder"  ("testId") `);
    await queryRunner.query(
      `CREATE TABLE "live_exam_notice" ("userId" uuid NOT NULL, "testId" uuid NOT NULL, "moment" text NOT NULL, "sentAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "live_exam_notice_moment" CHECK ("moment" IN ('HOUR_BEFORE', 'TEN_MINUTES_BEFORE', 'RESULT')), CONSTRAINT "PK_769284e849ef76a696d8d7cd218" PRIMARY KEY ("userId", "testId", "moment"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "live_exam_notice"`);
    await queryRunner.query(`DROP INDEX "public"."live_exam_reminder_test"`);
    await queryRunner.query(`DROP TABLE "live_exam_reminder"`);
  }
}
