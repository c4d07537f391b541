import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GuardianPayments1795919772694 implements MigrationInterface {
  name = 'GuardianPayments1795919772694';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "guardian_payment_request" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tokenHash" text NOT NULL, "studentId" uuid NOT NULL, "courseId" uuid NOT NULL, "guardianPhone" text NOT NULL, "amountCents" integer NOT NULL, "currency" text NOT NULL DEFAULT 'bdt', "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "paymentId" uuid, "paidAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b32e003988da20257e5404525a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_7c892a4356e1d21d67a4432fa9" ON "guardian_payment_request"  ("tokenHash") `);
    await queryRunner.query(`CREATE INDEX "guardian_payment_request_student" ON "guardian_payment_request"  ("studentId", "createdAt") `);
    await queryRunner.query(`ALTER TABLE "payment" ADD "guardianRequestId" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment" DROP COLUMN "guardianRequestId"`);
    await queryRunner.query(`DROP INDEX "public"."guardian_payment_request_student"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7c892a4356e1d21d67a4432fa9"`);
    await queryRunner.query(`DROP TABLE "guardian_payment_request"`);
  }
}
