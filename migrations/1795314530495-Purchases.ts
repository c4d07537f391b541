import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Purchases1795314530495 implements MigrationInterface {
  name = 'Purchases1795314530495';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."payment_status" AS ENUM('PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'REFUNDED')`);
    await queryRunner.query(
      `CREATE TABLE "payment" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "studentId" uuid NOT NULL, "courseId" uuid NOT NULL, "provider" text NOT NULL, "providerRef" text, "amountCents" integer NOT NULL, "currency" text NOT NULL DEFAULT 'usd', "status" "public"."payment_status" NOT NULL, "idempotencyKey" text NOT NULL, "billingDetails" jsonb, "failureMessage" text, "transactionRef" text, "refundedCents" integer NOT NULL DEFAULT '0', "legacyEnrollRecordedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fcaec7df5adf9cac408c686b2ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a68d0bce25cfd4ad94553a7426" ON "payment"  ("providerRef") WHERE "providerRef" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_3af0086da18f32ac05a52e5639" ON "payment"  ("status") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_0c15152447734f98ae91cb945c" ON "payment"  ("idempotencyKey") `);
    await queryRunner.query(`CREATE INDEX "payment_student_course" ON "payment"  ("studentId", "courseId") `);
    await queryRunner.query(
      `CREATE TABLE "enrollment" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "studentId" uuid NOT NULL, "courseId" uuid NOT NULL, "paymentId" uuid, "courseName" text NOT NULL, "courseDescription" text NOT NULL, "courseImage" text, "email" text NOT NULL, "transactionID" text, "transactionAmount" numeric(10,2), "billingDetails" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revokedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7e200c699fa93865cdcdd025885" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5ce702e71b98cc1bb37b81e83d" ON "enrollment"  ("studentId") `);
    await queryRunner.query(`CREATE INDEX "IDX_d1a599a7740b4f4bd1120850f0" ON "enrollment"  ("courseId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "enrollment_active_student_course" ON "enrollment"  ("studentId", "courseId") WHERE "revokedAt" IS NULL`);
    await queryRunner.query(`CREATE TYPE "public"."refund_case" AS ENUM('COURSE_CANCELLED', 'LEARNER_CANCELLED', 'SCHEDULE_ISSUE')`);
    await queryRunner.query(
      `CREATE TABLE "refund" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "paymentId" uuid NOT NULL, "enrollmentId" uuid NOT NULL, "refundCase" "public"."refund_case" NOT NULL, "percent" smallint NOT NULL, "amountCents" integer NOT NULL, "providerRef" text NOT NULL, "adminId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f1cefa2e60d99b206c46c1116e5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_1c6932a756108788a361e7d440" ON "refund"  ("paymentId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_18c2c9adb0fe6b580f9f47818a" ON "refund"  ("enrollmentId") `);
    await queryRunner.query(
      `CREATE TABLE "test_mode_payment" ("id" text NOT NULL, "amountCents" integer NOT NULL, "currency" text NOT NULL, "status" text NOT NULL, "clientSecret" text NOT NULL, "paymentMethod" text, "failureMessage" text, "transactionRef" text, "refundedCents" integer NOT NULL DEFAULT '0', "metadata" jsonb NOT NULL DEFAULT '{}', "createKey" text NOT NULL, "confirmKey" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_3941523932976c5eb9ae87c27b7" UNIQUE ("createKey"), CONSTRAINT "PK_6424e7e59a787148fcc1c53fcb1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "course" ADD "startsAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_f2af0d65275b237384bb70a468d" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment" ADD CONSTRAINT "FK_8d275ad939d187e347da0108d47" FOREIGN KEY ("courseId") REFERENCES "course"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "enrollment" ADD CONSTRAINT "FK_5ce702e71b98cc1bb37b81e83d8" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "enrollment" ADD CONSTRAINT "FK_d1a599a7740b4f4bd1120850f04" FOREIGN KEY ("courseId") REFERENCES "course"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "enrollment" ADD CONSTRAINT "FK_8baeb38584c5bb2e151f0433ac2" FOREIGN KEY ("paymentId") REFERENCES "payment"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "enrollment" DROP CONSTRAINT "FK_8baeb38584c5bb2e151f0433ac2"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP CONSTRAINT "FK_d1a599a7740b4f4bd1120850f04"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP CONSTRAINT "FK_5ce702e71b98cc1bb37b81e83d8"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_8d275ad939d187e347da0108d47"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP CONSTRAINT "FK_f2af0d65275b237384bb70a468d"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "startsAt"`);
    await queryRunner.query(`DROP TABLE "test_mode_payment"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_18c2c9adb0fe6b580f9f47818a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1c6932a756108788a361e7d440"`);
    await queryRunner.query(`DROP TABLE "refund"`);
    await queryRunner.query(`DROP TYPE "public"."refund_case"`);
    await queryRunner.query(`DROP INDEX "public"."enrollment_active_student_course"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d1a599a7740b4f4bd1120850f0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5ce702e71b98cc1bb37b81e83d"`);
    await queryRunner.query(`DROP TABLE "enrollment"`);
    await queryRunner.query(`DROP INDEX "public"."payment_student_course"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0c15152447734f98ae91cb945c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3af0086da18f32ac05a52e5639"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a68d0bce25cfd4ad94553a7426"`);
    await queryRunner.query(`DROP TABLE "payment"`);
    await queryRunner.query(`DROP TYPE "public"."payment_status"`);
  }
}
